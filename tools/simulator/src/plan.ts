import type { PlanNight } from '@rms/contracts/lighting';

// The plan a device was sent by a `schedule` command (contracts/lighting.ts schedulePayload): for each
// planned night, brightness `level` % from `at` until the next step, the last step (dawn) at 0. While
// a planned night runs, the lamp follows it instead of its own dusk-to-dawn timers; outside the planned
// nights (or after an empty plan) it runs its own parameters again, as a real controller falls back to
// its stored timers when its calendar runs out.

/**
 * How far around a planned night's first and last step the plan still rules the lamp: the panel's own
 * dusk and dawn are within minutes of the plan's (suncalc), so without this margin the lamp would run
 * its own timers for those minutes (on after the plan's dawn, say).
 */
export const PLAN_MARGIN_MS = 2 * 3_600_000;

export class DevicePlan {
  /** Nights in time order, each with at least one step. */
  private nights: PlanNight[] = [];

  /** Replaces the plan (an empty list: back to the device's own behaviour). */
  set(nights: readonly PlanNight[]): void {
    this.nights = nights
      .filter((n) => n.steps.length > 0)
      .map((n) => ({ date: n.date, steps: [...n.steps].sort((a, b) => a.at - b.at) }))
      .sort((a, b) => a.steps[0]!.at - b.steps[0]!.at);
  }

  get size(): number {
    return this.nights.length;
  }

  /** The brightness the plan asks for at `t` (%), or null when no planned night covers `t`. */
  levelAt(t: number): number | null {
    // The last night starting (margin included) by `t`, found by halving: a backfill asks this at every
    // physics step of weeks of planned nights. Nights are a day apart, so only it and the one before
    // can cover `t`.
    let lo = 0;
    let hi = this.nights.length;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (this.nights[mid]!.steps[0]!.at - PLAN_MARGIN_MS <= t) lo = mid + 1;
      else hi = mid;
    }
    let covered = false;
    for (const night of this.nights.slice(Math.max(0, lo - 2), lo)) {
      const first = night.steps[0]!.at;
      const last = night.steps[night.steps.length - 1]!.at;
      if (t >= last + PLAN_MARGIN_MS) continue;
      covered = true;
      if (t < first || t >= last) continue;
      let level = 0;
      for (const s of night.steps) {
        if (s.at > t) break;
        level = s.level;
      }
      return level;
    }
    return covered ? 0 : null;
  }
}
