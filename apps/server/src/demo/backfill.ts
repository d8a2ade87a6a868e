import type { FastifyBaseLogger } from 'fastify';
import { MAX_SAMPLES_PER_MESSAGE } from '@rms/contracts/telemetry';
import { history } from '@rms/simulator/fleet';
import type { TelemetryIntake } from '../telemetry/telemetry-intake';
import { toRows, type SampleRow } from '../telemetry/sample-row';
import type { DemoDevice } from './demo-devices';

// The demo's history, written through the normal ingest (so live state, daily harvest and alarms are
// derived exactly as for real reports), day by day over the whole fleet. Old days are sampled more
// coarsely than recent ones so a first start finishes in a minute or two and the database stays small.
// Days older than the server keeps samples (TELEMETRY_RETENTION_DAYS) go to `history` instead: their
// daily harvest and rollups, what the storage would keep of them anyway.
//
// The ingest derives alarms from each delivery's newest sample, as a device reporting live delivers
// one at a time. A device with injected faults (demo-faults.ts) delivers its recent days (sampled every
// 15 minutes or finer) an hour at a time, one delivery committed before the next, so its alarms are
// raised and cleared at the hours they would have been live (a lamp dark at night, a battery low
// before dawn). So does a device whose fault list changed that day (its now-and-then fault codes); the
// other devices deliver a day at once, which is faster.

export interface BackfillOptions {
  fromMs: number;
  toMs: number;
  /** Sample period by age: what each day of history is sampled at (the default: SAMPLING). */
  sampling?: readonly Tier[];
  log?: FastifyBaseLogger;
  /** Stop early (server shutting down). */
  stopped?: () => boolean;
  /** Where samples before `before` (a local midnight) go instead of the ingest. */
  history?: HistorySink;
}

export interface HistorySink {
  before: number;
  dayOf: (epochMs: number) => string;
  /** Stores whole local days of samples (every device's, each in time order). */
  store(rows: SampleRow[]): Promise<void>;
}

const DAY_MS = 86_400_000;
const HOUR_MS = 3_600_000;
/** Deliveries by the hour for days sampled at least this often. */
const HOURLY_DELIVERY_UNTIL_MS = 15 * 60_000;

export interface Tier {
  /** Days that end less than this long before `toMs` ... */
  withinMs: number;
  /** ... are sampled this often. */
  everyMs: number;
}

/**
 * Hourly for old days, every 15 minutes for the last week, every 5 minutes (as live) for the last
 * day: about 570,000 samples for 200 devices over 90 days.
 */
export const SAMPLING: readonly Tier[] = [
  { withinMs: DAY_MS, everyMs: 5 * 60_000 },
  { withinMs: 7 * DAY_MS, everyMs: 15 * 60_000 },
  { withinMs: Infinity, everyMs: 60 * 60_000 },
];

export async function backfill(
  queue: TelemetryIntake,
  devices: DemoDevice[],
  options: BackfillOptions,
): Promise<{ samples: number }> {
  const { fromMs, toMs, sampling = SAMPLING, log, history: sink } = options;
  let samples = 0;
  // History samples wait until their local day is complete (a day spans two of the 24-hour steps).
  let held: SampleRow[] = [];
  const flush = async (untilDay: string | null) => {
    if (!sink || held.length === 0) return;
    const ready = untilDay === null ? held : held.filter((r) => sink.dayOf(r.ts) < untilDay);
    held = untilDay === null ? [] : held.filter((r) => sink.dayOf(r.ts) >= untilDay);
    await sink.store(ready);
  };
  const started = Date.now();
  const days = Math.ceil((toMs - fromMs) / DAY_MS);
  // Whole days counted back from `toMs`, so the tiers' edges fall on day edges.
  const first = toMs - Math.ceil((toMs - fromMs) / DAY_MS) * DAY_MS;
  for (let start = first, day = 1; start < toMs; start += DAY_MS, day++) {
    const end = start + DAY_MS;
    const age = toMs - end;
    const interval = (sampling.find((t) => age < t.withinMs) ?? sampling[sampling.length - 1]!).everyMs;
    const pending: Promise<void>[] = [];
    /** Faulty devices' rows by hour of the day, delivered in order after the others'. */
    const byHour = new Map<number, SampleRow[]>();
    for (let i = 0; i < devices.length; i++) {
      if (options.stopped?.()) return { samples };
      const d = devices[i]!;
      // Physics steps no finer than needed for the sampling (and never over 15 minutes).
      d.sim.maxStepMs = Math.min(interval, 15 * 60_000);
      const from = Math.max(start, fromMs, (d.lastTs ?? 0) + 1);
      const got = history(d.sim, from, end, interval, offsetOf(d.id, interval));
      // Fault lists are carried by the samples; one that changed this day is delivered by the hour.
      const faultsChanged = d.sim.takeFaultReports().length > 0;
      const byTheHour = interval <= HOURLY_DELIVERY_UNTIL_MS && (faultsChanged || d.sim.injected.length > 0);
      for (let k = 0; k < got.length; k += MAX_SAMPLES_PER_MESSAGE) {
        const parsed = toRows(d.id, got.slice(k, k + MAX_SAMPLES_PER_MESSAGE));
        if (!parsed.ok) throw new Error(`demo backfill: ${d.code}: ${parsed.reason}`);
        const old = sink ? parsed.rows.filter((r) => r.ts < sink.before) : [];
        const kept = old.length > 0 ? parsed.rows.filter((r) => r.ts >= sink!.before) : parsed.rows;
        held.push(...old);
        if (kept.length > 0 && byTheHour) {
          for (const row of kept) {
            const hour = Math.floor((row.ts - start) / HOUR_MS);
            byHour.set(hour, [...(byHour.get(hour) ?? []), row]);
          }
        } else if (kept.length > 0) pending.push(queue.submit(kept));
        samples += parsed.rows.length;
      }
      if (got.length > 0) d.lastTs = got[got.length - 1]!.ts as number;
      // Let requests in between devices: the console stays responsive while history is written.
      if (i % 20 === 19) await new Promise((r) => setImmediate(r));
    }
    for (const hour of [...byHour.keys()].sort((a, b) => a - b)) await queue.submit(byHour.get(hour)!);
    await Promise.all(pending);
    await flush(sink ? sink.dayOf(end) : null);
    if (day % 10 === 0 || day === days)
      log?.info(
        { day, days, samples, seconds: Math.round((Date.now() - started) / 1000) },
        'demo: writing history',
      );
  }
  await flush(null);
  for (const d of devices) d.sim.maxStepMs = 5 * 60_000;
  return { samples };
}

/** A device's fixed offset within the sampling period, so devices do not all report at once. */
export function offsetOf(id: number, interval: number): number {
  return ((id * 7919) % 60) * Math.floor(interval / 60);
}
