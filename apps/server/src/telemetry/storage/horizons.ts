import { addDays, today } from '../../calendar';
import type { Db } from '../../db/client';
import { rollupState } from './rollups';
import { hoursKeptSince, samplesKeptSince, type TelemetryStorageSettings } from './settings';

// What the screens may read at a given moment: samples, hourly or daily rollups. Samples are read for
// every range they still hold whole: within retention, and wherever the rollups have not reached yet
// (a day is dropped only after it is rolled up, so what is not rolled up is still there).

export interface Horizons {
  /** Every local hour before this is rolled up; null: nothing is, and every stored sample is read. */
  rolledTo: Date | null;
  /** Samples from here on are kept (epoch ms). */
  samplesSince: number;
  /** Hourly rollups from here on are kept (epoch ms). */
  hoursSince: number;
}

export async function horizonsAt(db: Db, now: Date, settings: TelemetryStorageSettings): Promise<Horizons> {
  const { rolledTo } = await rollupState(db);
  return {
    rolledTo,
    samplesSince: samplesKeptSince(settings, now.getTime()),
    hoursSince: hoursKeptSince(settings, now.getTime()),
  };
}

/** Whether every sample from `from` (epoch ms) on is still stored. */
export function samplesFrom(h: Horizons, from: number): boolean {
  return h.rolledTo === null || from >= h.samplesSince || from >= h.rolledTo.getTime();
}

/** Whether the hourly rollups from `from` on are still kept. */
export function hoursFrom(h: Horizons, from: number): boolean {
  return from >= h.hoursSince;
}

/** Which local days read what: samples from `samples` on, hourly rollups from `hours` on, days before. */
export interface DayResolutions {
  /** The first local day read from samples; null: every day is, as rows (nothing is rolled up yet). */
  samples: string | null;
  /** The first local day whose samples are all rows, never packed: the day under way. */
  rows: string;
  /** The first local day read from hourly rollups (before `samples`). */
  hours: string;
}

export function dayResolutions(h: Horizons, timeZone: string, now = new Date()): DayResolutions {
  const rows = today(timeZone, now);
  // The day holding a horizon is partly past it: the first whole day after it.
  const firstAfter = (ms: number) => addDays(today(timeZone, new Date(ms)), 1);
  const hours = firstAfter(h.hoursSince);
  if (!h.rolledTo) return { samples: null, rows, hours };
  const kept = firstAfter(h.samplesSince);
  // The day under way at `rolledTo` is not wholly rolled up: it is read from its samples.
  const rolling = today(timeZone, h.rolledTo);
  return { samples: kept < rolling ? kept : rolling, rows, hours };
}
