import type { Db } from '../../db/client';
import { clusterClosedMonths } from './clustering';
import { packClosedDays } from './packing';
import {
  HOUR_MONTHS,
  PACKED_DAYS,
  SAMPLE_DAYS,
  clearDefaultBefore,
  dropPartitionsBefore,
  ensurePartitions,
} from './partitions';
import { rollUpClosedHours, rollupState, type RollupResult } from './rollups';
import {
  PARTITIONS_AHEAD_DAYS,
  hoursKeptSince,
  samplesKeptSince,
  type TelemetryStorageSettings,
} from './settings';

// The periodic work that keeps telemetry bounded, as plain functions of (database, now, settings): the
// device link runs them as a job of the app's runner (device-link.ts, jobs/job-runner.ts: one instance
// each pass) and checks the partitions ahead at its start.

const DAY_MS = 86_400_000;

export interface PartitionsResult {
  created: string[];
  dropped: string[];
  /** Rows deleted from the default partitions for being past retention. */
  cleared: number;
}

/**
 * Creates the day partitions of every kept day and PARTITIONS_AHEAD_DAYS ahead, drops the days past
 * TELEMETRY_RETENTION_DAYS once they are rolled up, and the hourly months past
 * TELEMETRY_HOURLY_RETENTION_DAYS.
 */
export async function maintainTelemetryPartitions(
  db: Db,
  now: Date,
  settings: TelemetryStorageSettings,
): Promise<PartitionsResult> {
  const keptSince = new Date(samplesKeptSince(settings, now.getTime()));
  const created = await ensurePartitions(
    db,
    SAMPLE_DAYS,
    keptSince,
    new Date(now.getTime() + PARTITIONS_AHEAD_DAYS * DAY_MS),
  );
  created.push(...(await ensurePartitions(db, HOUR_MONTHS, now, now)));
  // A day is dropped only once its hours are rolled up: its rollups then stand in for it.
  const { rolledTo } = await rollupState(db);
  const dropBefore = rolledTo && rolledTo < keptSince ? rolledTo : keptSince;
  const dropped = rolledTo
    ? [
        ...(await dropPartitionsBefore(db, SAMPLE_DAYS, dropBefore)),
        ...(await dropPartitionsBefore(db, PACKED_DAYS, dropBefore)),
      ]
    : [];
  const hoursSince = new Date(hoursKeptSince(settings, now.getTime()));
  dropped.push(...(await dropPartitionsBefore(db, HOUR_MONTHS, hoursSince)));
  const cleared =
    (rolledTo ? await clearDefaultBefore(db, SAMPLE_DAYS, dropBefore) : 0) +
    (await clearDefaultBefore(db, HOUR_MONTHS, hoursSince));
  return { created, dropped, cleared };
}

export interface MaintenanceResult extends PartitionsResult, RollupResult {
  /** Day partitions packed (telemetry/storage/packing.ts). */
  packed: string[];
  /** Hourly month partitions rewritten in device order (telemetry/storage/clustering.ts). */
  clustered: string[];
}

/**
 * One maintenance pass: the rollups first, so that the days they finish may be dropped in the same pass,
 * then the drops, then the packing of the days that ended (and are kept), then the clustering of a
 * month of hourly rollups that ended. The device link also makes
 * the partitions when it starts, before any sample is written.
 */
export async function maintainTelemetryStorage(
  db: Db,
  now: Date,
  timeZone: string,
  settings: TelemetryStorageSettings,
  /** Asked between steps of a long catch-up: true stops it there (the server is closing). */
  stopped: () => boolean = () => false,
): Promise<MaintenanceResult> {
  const rollups = await rollUpClosedHours(db, now, timeZone, settings, stopped);
  const partitions = await maintainTelemetryPartitions(db, now, settings);
  const packed = stopped() ? [] : await packClosedDays(db, now, timeZone);
  const clustered = stopped() ? [] : await clusterClosedMonths(db, rollups.rolledTo);
  return { ...partitions, ...rollups, packed, clustered };
}
