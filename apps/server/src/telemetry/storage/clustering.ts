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
// again (a late sample rewrites a few rows), so it is rewritten once in device order into a new table
// swapped in for it (clusterClosedMonths): a device's month then sits on a dozen or two pages. The index keeps the mark (pg_index.indisclustered), so a month is rewritten once.

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
 * The swap's wait for the readers of telemetry_hourly: while it waits, new readers queue behind it, so
 * it waits no longer than this, and tries again a few times before leaving the month to the next pass.
 */
const SWAP_LOCK_TIMEOUT = sql.raw(`set local lock_timeout = '500ms'`);
const SWAP_TRIES = 5;
const SWAP_PAUSE_MS = 300;

/** Thrown (and caught) to leave a month to the next pass, the rewrite rolled back. */
class SwapTimedOut extends Error {}

/**
 * Rewrites the hourly partitions whose whole month lies before `rolledTo` and are not laid out yet, at
 * most `atMost` a pass, device by device. Answers the partitions rewritten.
 *
 * Without CLUSTER (which holds the month exclusively, readers too, for the seconds to tens of seconds
 * its rewrite takes at 10,000 devices): in one transaction the month is copied in device order into a
 * new table, with the partition's indexes and foreign key, then swapped in (DETACH the old partition,
 * ATTACH the new one, drop the old) in a moment. Readers of the month go on reading the old partition
 * while it is copied; only the swap takes telemetry_hourly exclusively, for milliseconds, and gives up
 * within SWAP_LOCK_TIMEOUT when readers hold it (tried again SWAP_TRIES times, then the next pass).
 * Writers of the table (the maintenance's rollups of late samples; the ingest never writes here) wait
 * from the start of the copy to the commit, so none of their rows is lost or copied stale: the table
 * is locked against writes (EXCLUSIVE mode lets readers in) before the copy reads the month. The new
 * partition's device index is marked clustered (pg_index.indisclustered) so a month is laid out once.
 */
export async function clusterClosedMonths(db: Db, rolledTo: Date | null, atMost = 1): Promise<string[]> {
  if (!rolledTo) return [];
  const rewritten: string[] = [];
  for (const month of await partitionsOf(db, HOUR_MONTHS)) {
    if (month.to > rolledTo || rewritten.length >= atMost) break;
    const index = await deviceIndexOf(db, month.name);
    if (!index || index.clustered) continue;
    try {
      await db.transaction((tx) => rewriteMonth(tx, month.name));
    } catch (error) {
      // Writers held the table longer than the lock timeout (55P03), or readers the swap's: the next
      // pass tries again.
      if (error instanceof SwapTimedOut || sqlStateOf(error) === '55P03') break;
      throw error;
    }
    rewritten.push(month.name);
  }
  return rewritten;
}

/** The partition's index attached to telemetry_hourly_device, and whether it is marked laid out. */
async function deviceIndexOf(db: Db, partition: string) {
  const [index] = await rowsOf<{ name: string; clustered: boolean }>(
    db,
    sql`select c.relname as name, x.indisclustered as clustered
        from pg_inherits i join pg_class c on c.oid = i.inhrelid join pg_index x on x.indexrelid = c.oid
        where i.inhparent = 'telemetry_hourly_device'::regclass and x.indrelid = ${partition}::regclass`,
  );
  return index;
}

async function rewriteMonth(tx: Db, month: string): Promise<void> {
  const old = sql.identifier(month);
  const sorted = `${month}_sorted`;
  const fresh = sql.identifier(sorted);
  await tx.execute(LOCK_TIMEOUT);
  await tx.execute(sql`lock table telemetry_hourly in exclusive mode`);
  const [bound] = await rowsOf<{ bound: string; check: string }>(
    tx,
    sql`select pg_get_expr(c.relpartbound, c.oid) as bound,
               pg_get_partition_constraintdef(c.oid) as check
        from pg_class c where c.oid = ${month}::regclass`,
  );
  const foreignKeys = await rowsOf<{ def: string }>(
    tx,
    sql`select pg_get_constraintdef(oid) as def from pg_constraint
        where conrelid = 'telemetry_hourly'::regclass and contype = 'f'`,
  );
  await tx.execute(sql`create table ${fresh} (like ${old} including all)`);
  await tx.execute(sql`insert into ${fresh} select * from ${old} order by device_id, hour`);
  // Statistics before it serves reads: without them the planner guesses a device's month a few rows
  // and scans the month's key index instead of reading the device's pages.
  await tx.execute(sql`analyze ${fresh}`);
  // The partition's own constraint and the table's foreign keys, checked now, so that ATTACH finds
  // them proven and scans nothing while it holds the table.
  await tx.execute(sql`alter table ${fresh} add constraint ${sql.identifier(`${sorted}_bound`)}
    check (${sql.raw(bound!.check)})`);
  for (const [k, fk] of foreignKeys.entries())
    await tx.execute(
      sql`alter table ${fresh} add constraint ${sql.identifier(`${sorted}_fk${k}`)} ${sql.raw(fk.def)}`,
    );
  await swap(tx, [
    sql`alter table telemetry_hourly detach partition ${old}`,
    sql`alter table telemetry_hourly attach partition ${fresh} ${sql.raw(bound!.bound)}`,
  ]);
  await tx.execute(sql`drop table ${old}`);
  await tx.execute(sql`alter table ${fresh} rename to ${old}`);
  // Its indexes named as the partition's were (…_sorted_pkey back to …_pkey).
  const indexes = await rowsOf<{ name: string }>(
    tx,
    sql`select indexname as name from pg_indexes where tablename = ${month} and indexname like ${`${sorted}%`}`,
  );
  for (const { name } of indexes)
    await tx.execute(
      sql`alter index ${sql.identifier(name)} rename to ${sql.identifier(month + name.slice(sorted.length))}`,
    );
  await tx.execute(sql`alter table ${old} drop constraint ${sql.identifier(`${sorted}_bound`)}`);
  const index = await deviceIndexOf(tx, month);
  await tx.execute(sql`alter table ${old} cluster on ${sql.identifier(index!.name)}`);
}

/** Runs the swap, waiting at most SWAP_LOCK_TIMEOUT for the table's readers, a few times over. */
async function swap(tx: Db, statements: SQL[]): Promise<void> {
  for (let attempt = 1; ; attempt++) {
    try {
      await tx.transaction(async (savepoint) => {
        await savepoint.execute(SWAP_LOCK_TIMEOUT);
        for (const statement of statements) await savepoint.execute(statement);
      });
      return;
    } catch (error) {
      if (sqlStateOf(error) !== '55P03') throw error;
      if (attempt >= SWAP_TRIES) throw new SwapTimedOut();
      await new Promise((resolve) => setTimeout(resolve, SWAP_PAUSE_MS));
    }
  }
}
