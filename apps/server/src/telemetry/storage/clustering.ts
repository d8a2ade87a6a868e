import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { rowsOf } from '../../db/rows';
import { HOUR_MONTHS, partitionsOf } from './partitions';

// The hourly rollups laid out for their reads. The maintenance writes an hour's rows for every device
// together, so one device's hours lie one a page: a year's graph read 8,760 pages for 8,760 rows. Once a
// month's partition is wholly rolled up it hardly changes again (a late sample rewrites a few rows), so
// it is rewritten once in device order (CLUSTER on its device index): a device's month then sits on a
// few dozen pages. The index keeps the mark (pg_index.indisclustered), so a month is clustered once.

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
    await db.transaction(async (tx) => {
      await tx.execute(LOCK_TIMEOUT);
      await tx.execute(sql`cluster ${sql.identifier(month.name)} using ${sql.identifier(index.name)}`);
    });
    clustered.push(month.name);
  }
  return clustered;
}
