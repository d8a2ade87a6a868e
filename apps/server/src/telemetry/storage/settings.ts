import { MAX_SAMPLE_AGE_MS } from '@rms/contracts/telemetry';

// How long telemetry is kept (docs/operations.md "Telemetry storage"). Samples are kept
// TELEMETRY_RETENTION_DAYS, in day partitions dropped whole; hourly rollups
// TELEMETRY_HOURLY_RETENTION_DAYS, in month partitions; daily rollups and daily harvest for good.

const DAY_MS = 86_400_000;

/**
 * 45 days of samples: the device report of the previous calendar month stays sample by sample until
 * the middle of the current one, and the graphs' default week and the MPPT days always read samples.
 * At 10,000 devices reporting every minute that is about 14.4 million samples a day (see
 * docs/operations.md for the disk it takes).
 */
export const DEFAULT_RETENTION_DAYS = 45;
/** The graphs' default range (7 days) and the MPPT list read samples, so they must be kept that long. */
export const MIN_RETENTION_DAYS = 7;
/** Older samples are refused by the device link anyway (MAX_SAMPLE_AGE_MS). */
export const MAX_RETENTION_DAYS = MAX_SAMPLE_AGE_MS / DAY_MS;
/** Hourly rollups for 400 days: a year's graph (the longest range) at hourly detail, from any day. */
export const DEFAULT_HOURLY_RETENTION_DAYS = 400;
export const MAX_HOURLY_RETENTION_DAYS = 3660;
/** Day partitions made ahead of time: a week without maintenance still finds its partitions. */
export const PARTITIONS_AHEAD_DAYS = 7;

export interface TelemetryStorageSettings {
  /** Days samples are kept (TELEMETRY_RETENTION_DAYS). */
  retentionDays: number;
  /** Days hourly rollups are kept (TELEMETRY_HOURLY_RETENTION_DAYS), at least `retentionDays`. */
  hourlyRetentionDays: number;
}

export const DEFAULT_STORAGE: TelemetryStorageSettings = {
  retentionDays: DEFAULT_RETENTION_DAYS,
  hourlyRetentionDays: DEFAULT_HOURLY_RETENTION_DAYS,
};

/** The oldest instant whose samples are kept at `now`: the ingest refuses older ones. */
export function samplesKeptSince(settings: TelemetryStorageSettings, now: number): number {
  return now - settings.retentionDays * DAY_MS;
}

/** The oldest instant whose hourly rollups are kept at `now`. */
export function hoursKeptSince(settings: TelemetryStorageSettings, now: number): number {
  return now - settings.hourlyRetentionDays * DAY_MS;
}
