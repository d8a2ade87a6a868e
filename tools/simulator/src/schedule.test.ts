import { describe, expect, it } from 'vitest';
import type { ProfileStep } from '@rms/contracts/lighting';
import { nightPlan } from '@rms/contracts/lighting-plan';
import type { TelemetrySample } from '@rms/contracts/telemetry';
import { SimDevice } from './device';
import { DEFAULT_CENTRE, history } from './fleet';
import { DevicePlan } from './plan';

// A device sent a plan by a `schedule` command runs its lamp by it during the planned nights, and by
// its own parameters (full for dim_1 hours, half, then 25 %) outside them or after an empty plan.

const { latitude, longitude } = DEFAULT_CENTRE;
const ZONE = 'Asia/Kolkata';
const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;
const START = Date.UTC(2026, 10, 10, 6, 30); // 12:00 IST on 10 November
const WATTS = 40;

/** Dusk 100 %, 23:00 60 %, 02:00 30 %, off at dawn. */
const STANDARD: ProfileStep[] = [
  { anchor: 'dusk', offset_min: 0, level: 100 },
  { anchor: 'clock', offset_min: 0, at: '23:00', level: 60 },
  { anchor: 'clock', offset_min: 0, at: '02:00', level: 30 },
];
const night = (day: string) => nightPlan(STANDARD, { lat: latitude, lon: longitude }, day, ZONE);

function light() {
  return new SimDevice({
    code: 'P1',
    latitude,
    longitude,
    seed: 11,
    weatherSeed: 5,
    system: 12,
    panelWp: 150,
    soc: 95,
    params: { load_regulation: WATTS },
  });
}

const power = (s: TelemetrySample) => s.lo_v * s.lo_i;
const at = (samples: TelemetrySample[], t: number) => samples.find((s) => (s.ts as number) >= t)!;

describe('the schedule command', () => {
  it('runs the lamp at 100/60/30 % of its wattage by the plan, off at dawn', () => {
    const d = light();
    d.step(START);
    const tonight = night('2026-11-10');
    const ack = d.handle({ id: 1, kind: 'schedule', payload: { plan: 'p1', nights: [tonight] } });
    expect(ack.ack).toEqual({ id: 1, ok: true });
    const samples = history(d, START, START + DAY, 5 * MINUTE);
    const { dusk, dawn } = tonight;
    const [, at23, at02] = tonight.steps.map((s) => s.at);
    const cases = [
      [dusk + 30 * MINUTE, 100],
      [at23! - 30 * MINUTE, 100],
      [at23! + 30 * MINUTE, 60],
      [at02! - 30 * MINUTE, 60],
      [at02! + 30 * MINUTE, 30],
      [dawn - 30 * MINUTE, 30],
    ] as const;
    for (const [t, level] of cases) {
      const s = at(samples, t);
      expect({ t: new Date(t).toISOString(), brightness: s.brightness, lo_sts: s.lo_sts }).toEqual({
        t: new Date(t).toISOString(),
        brightness: level,
        lo_sts: 1,
      });
      expect(power(s)).toBeCloseTo((WATTS * level) / 100, 0);
    }
    // Dark before dusk and from dawn on: off, drawing nothing, though the panel may still be dim.
    for (const t of [dusk - 20 * MINUTE, dawn, dawn + 10 * MINUTE, dawn + 3 * HOUR]) {
      expect(at(samples, t)).toMatchObject({ lo_sts: 0, brightness: 0, lo_i: 0 });
    }
    // The battery pays for what the lamp drew: 100 % costs more than 30 %.
    const drain = (from: number) => at(samples, from).soc - at(samples, from + HOUR).soc;
    expect(drain(dusk + 30 * MINUTE)).toBeGreaterThan(2 * drain(at02! + 30 * MINUTE));
  });

  it('an empty plan, or a night the plan does not cover, runs the device’s own timers', () => {
    const planned = light();
    planned.step(START);
    planned.handle({ id: 1, kind: 'schedule', payload: { plan: 'p1', nights: [night('2026-11-10')] } });
    const own = light();
    const fiveAm = Date.UTC(2026, 10, 10, 23, 30); // 05:00 IST
    const a = history(planned, START, START + 2 * DAY, 5 * MINUTE);
    const b = history(own, START, START + 2 * DAY, 5 * MINUTE);
    // The planned night at 30 %; the device's own timers give 25 % by then.
    expect(at(a, fiveAm).brightness).toBe(30);
    expect(at(b, fiveAm).brightness).toBe(25);
    // The next night is not planned: both run their own timers.
    expect(at(a, fiveAm + DAY).brightness).toBe(at(b, fiveAm + DAY).brightness);

    // An empty plan takes the device back to its own timers at once.
    const c = light();
    c.step(START);
    c.handle({ id: 1, kind: 'schedule', payload: { plan: 'p1', nights: [night('2026-11-10')] } });
    c.step(fiveAm);
    expect(c.sample().brightness).toBe(30);
    expect(c.handle({ id: 2, kind: 'schedule', payload: { plan: 'none', nights: [] } }).ack.ok).toBe(true);
    expect(c.sample().brightness).toBe(25);
  });

  it('refuses a payload that is no plan, naming the field, and keeps the plan it had', () => {
    const d = light();
    d.step(START);
    d.handle({ id: 1, kind: 'schedule', payload: { plan: 'p1', nights: [night('2026-11-10')] } });
    const bad = d.handle({
      id: 2,
      kind: 'schedule',
      payload: { plan: 'p2', nights: [{ date: '2026-11-10', steps: [{ at: 1, level: 140 }] }] },
    });
    expect(bad.ack).toMatchObject({
      id: 2,
      ok: false,
      error: expect.stringContaining('nights.0.steps.0.level'),
    });
    expect(d.handle({ id: 3, kind: 'schedule', payload: { nights: [] } }).ack).toMatchObject({
      ok: false,
      error: expect.stringContaining('plan'),
    });
    d.step(Date.UTC(2026, 10, 10, 23, 30));
    expect(d.sample().brightness).toBe(30);
  });
});

describe('a night planned dark before dawn', () => {
  it('keeps the lamp off until dawn, not back on its own timers once the light went off', () => {
    const plan = new DevicePlan();
    const place = { lat: latitude, lon: longitude };
    const early = nightPlan(
      [
        { anchor: 'dusk', offset_min: 0, level: 100 },
        { anchor: 'clock', offset_min: 0, at: '21:00', level: 0 },
      ],
      place,
      '2026-11-10',
      ZONE,
    );
    const outage = nightPlan([{ anchor: 'dusk', offset_min: 0, level: 0 }], place, '2026-11-11', ZONE);
    plan.set([early, outage]);
    // 04:00 IST, hours after the light went off and before dawn: still the plan's, and dark.
    expect(plan.levelAt(Date.UTC(2026, 10, 10, 22, 30))).toBe(0);
    // The outage night, at midnight: dark all night.
    expect(plan.levelAt(Date.UTC(2026, 10, 11, 18, 30))).toBe(0);
    expect(plan.levelAt(early.dusk + 10 * MINUTE)).toBe(100);
  });
});
