import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { rowsOf } from '../../db/rows';
import { sqlStateOf } from '../../db/sql-state';

// The partitions of telemetry_samples and telemetry_sample_days (one per UTC day,
// `telemetry_samples_YYYYMMDD`) and of telemetry_hourly (one per UTC month, `telemetry_hourly_YYYYMM`). Each table also has a default
// partition that catches a row whose range has no partition yet: creating that range's partition moves
// such rows into it (PostgreSQL refuses to create a partition while its default holds rows of the
// range). Names carry the range, so nothing here parses partition bounds.

const DAY_MS = 86_400_000;

/**
 * Creating and dropping a partition locks its parent table. A statement that waits longer gives up
 * (and the next maintenance tries again) instead of making the ingest and the screens queue behind it
 * while a long read (a CSV export) holds the table.
 */
const LOCK_TIMEOUT = sql.raw(`set local lock_timeout = '5s'`);

/**
 * Partition changes take turns across instances (a transaction-scoped advisory lock): two instances
 * starting together each make the days ahead, and two such DDL transactions lock the parent and the
 * default partition in different orders, which PostgreSQL ends as a deadlock. In turn, the second
 * finds the partition made (42P07) and goes on.
 */
const PARTITION_TURN = sql.raw('select pg_advisory_xact_lock(727001)');

export interface PartitionedTable {
  table: 'telemetry_samples' | 'telemetry_sample_days' | 'telemetry_hourly';
  /** The partition key's column. */
  key: 'ts' | 'hour' | 'day';
  /** The partition's name suffix for its range's start, and the range of the one starting at `start`. */
  suffix(start: Date): string;
  rangeOf(start: Date): { from: Date; to: Date };
  /** The start of the range holding `at`. */
  startOf(at: Date): Date;
  /** The start of a partition named with `suffix`, or null for another name. */
  parse(suffix: string): Date | null;
}

const utcDay = (at: Date) => new Date(Math.floor(at.getTime() / DAY_MS) * DAY_MS);
const utcMonth = (at: Date) => new Date(Date.UTC(at.getUTCFullYear(), at.getUTCMonth(), 1));

const byDay: Omit<PartitionedTable, 'table' | 'key'> = {
  suffix: (start) => start.toISOString().slice(0, 10).replaceAll('-', ''),
  rangeOf: (start) => ({ from: start, to: new Date(start.getTime() + DAY_MS) }),
  startOf: utcDay,
  parse: (suffix) => {
    const m = /^(\d{4})(\d{2})(\d{2})$/.exec(suffix);
    return m ? new Date(Date.UTC(+m[1]!, +m[2]! - 1, +m[3]!)) : null;
  },
};

export const SAMPLE_DAYS: PartitionedTable = { table: 'telemetry_samples', key: 'ts', ...byDay };
/** The packed samples, day by day beside the samples' days (their bounds are the same). */
export const PACKED_DAYS: PartitionedTable = { table: 'telemetry_sample_days', key: 'day', ...byDay };

export const HOUR_MONTHS: PartitionedTable = {
  table: 'telemetry_hourly',
  key: 'hour',
  suffix: (start) => start.toISOString().slice(0, 7).replace('-', ''),
  rangeOf: (start) => ({
    from: start,
    to: new Date(Date.UTC(start.getUTCFullYear(), start.getUTCMonth() + 1, 1)),
  }),
  startOf: utcMonth,
  parse: (suffix) => {
    const m = /^(\d{4})(\d{2})$/.exec(suffix);
    return m ? new Date(Date.UTC(+m[1]!, +m[2]! - 1, 1)) : null;
  },
};

export interface Partition {
  name: string;
  from: Date;
  to: Date;
}

/** The table's range partitions (not the default one), oldest first. */
export async function partitionsOf(db: Db, t: PartitionedTable): Promise<Partition[]> {
  const rows = await rowsOf<{ name: string }>(
    db,
    sql`select c.relname as name from pg_inherits i join pg_class c on c.oid = i.inhrelid
        where i.inhparent = ${t.table}::regclass`,
  );
  const found: Partition[] = [];
  for (const { name } of rows) {
    const start = t.parse(name.slice(t.table.length + 1));
    if (start) found.push({ name, ...t.rangeOf(start) });
  }
  return found.sort((a, b) => a.from.getTime() - b.from.getTime());
}

/**
 * Creates the partitions of every range from the one holding `from` to the one holding `to`, moving
 * rows the default partition holds for a range into its new partition. Answers the names created.
 */
export async function ensurePartitions(db: Db, t: PartitionedTable, from: Date, to: Date): Promise<string[]> {
  const have = new Set((await partitionsOf(db, t)).map((p) => p.name));
  const created: string[] = [];
  for (let start = t.startOf(from); start <= to; start = t.rangeOf(start).to) {
    const name = `${t.table}_${t.suffix(start)}`;
    if (have.has(name)) continue;
    if (await createPartition(db, t, name, t.rangeOf(start))) created.push(name);
  }
  return created;
}

async function createPartition(
  db: Db,
  t: PartitionedTable,
  name: string,
  range: { from: Date; to: Date },
): Promise<boolean> {
  const table = sql.identifier(t.table);
  const partition = sql.identifier(name);
  const key = sql.identifier(t.key);
  const from = sql.raw(`'${range.from.toISOString()}'`);
  const to = sql.raw(`'${range.to.toISOString()}'`);
  const defaults = sql.identifier(`${t.table}_default`);
  try {
    await db.transaction(async (tx) => {
      await tx.execute(LOCK_TIMEOUT);
      await tx.execute(PARTITION_TURN);
      const [waiting] = await rowsOf<{ any: boolean }>(
        tx,
        sql`select exists (select 1 from ${defaults} where ${key} >= ${from} and ${key} < ${to}) as any`,
      );
      if (!waiting?.any) {
        await tx.execute(
          sql`create table ${partition} partition of ${table} for values from (${from}) to (${to})`,
        );
        return;
      }
      // Rows caught by the default partition move into their range's new partition, in one transaction.
      await tx.execute(
        sql`create table ${partition} (like ${table} including defaults including constraints)`,
      );
      await tx.execute(sql`
        with moved as (delete from ${defaults} where ${key} >= ${from} and ${key} < ${to} returning *)
        insert into ${partition} select * from moved`);
      await tx.execute(
        sql`alter table ${table} attach partition ${partition} for values from (${from}) to (${to})`,
      );
    });
    return true;
  } catch (error) {
    // Another instance made it first (42P07), or a row for the range reached the default partition
    // meanwhile (23514): the next maintenance moves it.
    if (['42P07', '23514'].includes(sqlStateOf(error) ?? '')) return false;
    throw error;
  }
}

/** Drops the partitions whose whole range ends at or before `before`; answers the names dropped. */
export async function dropPartitionsBefore(db: Db, t: PartitionedTable, before: Date): Promise<string[]> {
  const dropped: string[] = [];
  for (const p of await partitionsOf(db, t)) {
    if (p.to > before) break;
    await db.transaction(async (tx) => {
      await tx.execute(LOCK_TIMEOUT);
      await tx.execute(PARTITION_TURN);
      await tx.execute(sql`drop table if exists ${sql.identifier(p.name)}`);
    });
    dropped.push(p.name);
  }
  return dropped;
}

/** Deletes what the default partition holds from before `before` (nothing is kept that old). */
export async function clearDefaultBefore(db: Db, t: PartitionedTable, before: Date): Promise<number> {
  const key = sql.identifier(t.key);
  const rows = await rowsOf<{ n: number }>(
    db,
    sql`with gone as (delete from ${sql.identifier(`${t.table}_default`)} where ${key} < ${before.toISOString()}::timestamptz returning 1)
        select count(*)::int as n from gone`,
  );
  return rows[0]?.n ?? 0;
}

/**
 * Rows the default partition holds now (0 when every row found its day): worth watching. Counted up to
 * `atMost` when given (the metrics read it at every scrape: a full default partition is not scanned).
 */
export async function defaultRows(db: Db, t: PartitionedTable, atMost?: number): Promise<number> {
  const table = sql.identifier(`${t.table}_default`);
  const rows = await rowsOf<{ n: number }>(
    db,
    atMost === undefined
      ? sql`select count(*)::int as n from ${table}`
      : sql`select count(*)::int as n from (select 1 from ${table} limit ${atMost}) r`,
  );
  return rows[0]?.n ?? 0;
}
