import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { rowsOf } from '../../db/rows';
import { sqlStateOf } from '../../db/sql-state';
import { HOUR_MONTHS, partitionsOf } from './partitions';

// The hourly rollups laid out for their reads. The maintenance writes an hour's rows for every device
// together, so one device's hours lay one a page: a year's graph read 8,760 pages for 8,760 rows. Two
// steps put a device's hours together. When a local day closes, its hourly rows are written again in
// device order (deleted and inserted in one statement: readers see the old rows or the new ones), so a
// device's day sits on a page or two. Once a month's partition is wholly rolled up it hardly changes
// again (a late sample rewrites a few rows), so it is rewritten once in device order (CLUSTER on its
// device index): a device's month then sits on a dozen or two pages. The index keeps the mark
// (pg_index.indisclustered), so a month is clustered once.

/** Writes the hourly rows of the local day [dayStart, dayEnd) again, each device's hours together. */
export async function layOutDay(db: Db, dayStart: SQL, dayEnd: SQL): Promise<void> {
  // The sort reads every deleted row before the first is inserted again: no key meets itself.
  await db.execute(sql`
    with gone as (delete from telemetry_hourly where hour >= ${dayStart} and hour < ${dayEnd} returning *)
    insert into telemetry_hourly select * from gone order by device_id, hour`);
}

/** See partitions.ts: a partition the maintenance cannot lock soon is left for the next pass. */
const LOCK_TIMEOUT = sql.raw(`set local lock_timeout = '5s'`);

/**
 * Clusters the hourly partitions whose whole month lies before `rolledTo` and are not clustered yet, at
 * most `atMost` a pass (a month of 10,000 devices is a few GB to rewrite; readers of that month wait
 * for it). Answers the partitions clustered.
 */
export async function clusterClosedMonths(db: Db, rolledTo: Date | null, atMost = 1): Promise<string[]> {
  if (!rolledTo) return [];
  const clustered: string[] = [];
  for (const month of await partitionsOf(db, HOUR_MONTHS)) {
    if (month.to > rolledTo || clustered.length >= atMost) break;
    const [index] = await rowsOf<{ name: string; clustered: boolean }>(
      db,
      sql`select c.relname as name, x.indisclustered as clustered
          from pg_inherits i join pg_class c on c.oid = i.inhrelid join pg_index x on x.indexrelid = c.oid
          where i.inhparent = 'telemetry_hourly_device'::regclass and x.indrelid = ${month.name}::regclass`,
    );
    if (!index || index.clustered) continue;
    try {
      await db.transaction(async (tx) => {
        await tx.execute(LOCK_TIMEOUT);
        await tx.execute(sql`cluster ${sql.identifier(month.name)} using ${sql.identifier(index.name)}`);
      });
    } catch (error) {
      // Readers held the month longer than the lock timeout (55P03): the next pass tries again.
      if (sqlStateOf(error) === '55P03') break;
      throw error;
    }
    clustered.push(month.name);
  }
  return clustered;
}
