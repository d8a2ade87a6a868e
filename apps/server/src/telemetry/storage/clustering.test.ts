import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../../db/rows';
import { createTestApp, type TestApp } from '../../testing/app';
import { makeDevices, makeOrganization } from '../../testing/factories';
import { clusterClosedMonths, layOutDay } from './clustering';
import { HOUR_MONTHS, ensurePartitions } from './partitions';
import { upsertHours } from './rollups';

// A month of hourly rollups, written an hour of every device at a time as the maintenance writes them,
// is rewritten in device order once it is wholly rolled up: one device's hours then sit on a few pages
// instead of one page each (what a year's graph reads), the rows themselves unchanged.

const TZ = 'UTC';
const DEVICES = 20;
const JANUARY = Date.UTC(2026, 0, 1);
const FEBRUARY = Date.UTC(2026, 1, 1);
const MARCH = Date.UTC(2026, 2, 1);
const APRIL = Date.UTC(2026, 3, 1);

let t: TestApp;
let ids: number[];
const db = () => t.database.db;
const at = (ms: number) => sql`${new Date(ms).toISOString()}::timestamptz`;

/** The heap pages holding a device's rows of the January partition (before `until`), and their content. */
async function layout(device: number, until = FEBRUARY) {
  const [row] = await rowsOf<{ pages: number; rows: number; digest: string }>(
    db(),
    sql`select count(distinct (ctid::text::point)[0])::int as pages, count(*)::int as rows,
               md5(string_agg(h::text, ',' order by h.hour)) as digest
        from telemetry_hourly_202601 h where h.device_id = ${device} and h.hour < ${at(until)}`,
  );
  return row!;
}

async function clusteredMark(partition: string): Promise<boolean> {
  const [row] = await rowsOf<{ clustered: boolean }>(
    db(),
    sql`select bool_or(x.indisclustered) as clustered from pg_index x where x.indrelid = ${partition}::regclass`,
  );
  return row!.clustered;
}

beforeAll(async () => {
  t = await createTestApp();
  const org = await makeOrganization(db(), { companyName: 'Cluster Co' });
  ids = (
    await makeDevices(
      db(),
      Array.from({ length: DEVICES }, () => ({ organizationId: org.id })),
    )
  ).map((d) => d.id);
  await ensurePartitions(db(), HOUR_MONTHS, new Date(JANUARY), new Date(FEBRUARY));
  // A sample an hour per device for January and a day of February, an hour of the fleet per statement.
  for (let hour = JANUARY; hour < FEBRUARY + 86_400_000; hour += 3_600_000)
    await upsertHours(
      db(),
      TZ,
      sql`(select d as device_id, ${at(hour)} as ts, 70::smallint as gsm_sig, (12 + d % 7)::real as bt_v,
             1::real as bt_ch_i, 1::real as lo_i, 18::real as pv_v, (d % 5)::real as pv_i, 90::real as mppt,
             50::real as soc, 12::real as lo_v, 1::smallint as lo_sts
           from unnest(${sql.param(ids)}::int[]) d) s`,
    );
}, 300_000);
afterAll(() => t.close());

describe('hourly rollups laid out by device', () => {
  it('write a closed day again device by device, its rows the same', async () => {
    const day = JANUARY + 86_400_000;
    const before = await layout(ids[0]!, day);
    expect(before.rows).toBe(24);
    expect(before.pages).toBeGreaterThan(4);
    await layOutDay(db(), at(JANUARY), at(day));
    const after = await layout(ids[0]!, day);
    expect(after.digest).toBe(before.digest);
    expect(after.pages).toBeLessThanOrEqual(2);
    const [all] = await rowsOf<{ n: number }>(
      db(),
      sql`select count(*)::int as n from telemetry_hourly where hour >= ${at(JANUARY)} and hour < ${at(day)}`,
    );
    expect(all!.n).toBe(DEVICES * 24);
  });

  it('leave a month alone until it is wholly rolled up', async () => {
    expect(await clusterClosedMonths(db(), null)).toEqual([]);
    expect(await clusterClosedMonths(db(), new Date(FEBRUARY - 3_600_000))).toEqual([]);
    // At most `atMost` a pass.
    expect(await clusterClosedMonths(db(), new Date(FEBRUARY), 0)).toEqual([]);
  });

  it('rewrite a closed month once, a device’s hours on a few pages, its rows the same', async () => {
    const device = ids[DEVICES / 2]!;
    const before = await layout(device);
    expect(before.rows).toBe(31 * 24);
    // Written an hour of the fleet at a time: a page per few hours (20 rows of a fleet's hour).
    expect(before.pages).toBeGreaterThan(200);

    expect(await clusterClosedMonths(db(), new Date(FEBRUARY + 86_400_000))).toEqual([
      'telemetry_hourly_202601',
    ]);
    const after = await layout(device);
    expect(after.digest).toBe(before.digest);
    expect(after.pages * 10).toBeLessThan(before.pages);
    expect(await clusteredMark('telemetry_hourly_202601')).toBe(true);
    // Its indexes keep the partition's names, and it has statistics for the planner.
    const [month] = await rowsOf<{ indexes: string; analyzed: boolean }>(
      db(),
      sql`select string_agg(indexname, ',' order by indexname) as indexes,
                 (select reltuples > 0 from pg_class where relname = 'telemetry_hourly_202601') as analyzed
          from pg_indexes where tablename = 'telemetry_hourly_202601'`,
    );
    expect(month).toEqual({
      indexes: 'telemetry_hourly_202601_device_id_idx,telemetry_hourly_202601_pkey',
      analyzed: true,
    });
    // February is under way: not clustered; January is not clustered again.
    expect(await clusteredMark('telemetry_hourly_202602')).toBe(false);
    expect(await clusterClosedMonths(db(), new Date(FEBRUARY + 86_400_000))).toEqual([]);
  });

  // The rewrite copies the month while readers go on, and swaps it in within a moment; it never holds
  // the table long for readers, and a writer of the month waits for it and loses nothing.
  const february = () =>
    rowsOf<{ n: number; digest: string }>(
      db(),
      sql`select count(*)::int as n, md5(string_agg(h::text, ',' order by h.hour, h.device_id)) as digest
          from telemetry_hourly h where h.hour >= ${at(FEBRUARY)} and h.hour < ${at(MARCH)}`,
    );
  const leftovers = async () =>
    (
      await rowsOf<{ n: number }>(
        db(),
        sql`select count(*)::int as n from pg_class where relname like 'telemetry_hourly_%_sorted' and relkind = 'r'`,
      )
    )[0]!.n;

  it('leave a month to the next pass when a reader holds it past the swap’s short wait, its rows unchanged', async () => {
    const before = await february();
    expect(before[0]!.n).toBe(DEVICES * 24);
    if (t.database.kind === 'postgres') {
      const reader = new pg.Client({ connectionString: t.config.databaseUrl });
      await reader.connect();
      try {
        await reader.query('begin');
        await reader.query('select count(*) from telemetry_hourly_202602');
        // Another reader of the month meanwhile is answered (the copy locks out writers only).
        const rewriting = clusterClosedMonths(db(), new Date(MARCH));
        const other = new pg.Client({ connectionString: t.config.databaseUrl });
        await other.connect();
        const read = await other.query('select count(*)::int as n from telemetry_hourly_202602');
        await other.end();
        expect(read.rows[0].n).toBe(DEVICES * 24);
        expect(await rewriting).toEqual([]);
      } finally {
        await reader.query('rollback');
        await reader.end();
      }
      expect(await clusteredMark('telemetry_hourly_202602')).toBe(false);
      expect(await february()).toEqual(before);
      expect(await leftovers()).toBe(0);
    }
    expect(await clusterClosedMonths(db(), new Date(MARCH))).toEqual(['telemetry_hourly_202602']);
    expect(await february()).toEqual(before);
    expect(await clusteredMark('telemetry_hourly_202602')).toBe(true);
    expect(await leftovers()).toBe(0);
  });

  it('keep what a writer of the month writes while it is rewritten, and take later writes in its place', async () => {
    await ensurePartitions(db(), HOUR_MONTHS, new Date(MARCH), new Date(MARCH));
    for (let hour = MARCH; hour < MARCH + 6 * 3_600_000; hour += 3_600_000)
      await upsertHours(
        db(),
        TZ,
        sql`(select d as device_id, ${at(hour)} as ts, 70::smallint as gsm_sig, 12::real as bt_v, 1::real as bt_ch_i,
               1::real as lo_i, 18::real as pv_v, 1::real as pv_i, 90::real as mppt, 50::real as soc,
               12::real as lo_v, 1::smallint as lo_sts
             from unnest(${sql.param(ids)}::int[]) d) s`,
      );
    const device = ids[3]!;
    const samplesOf = async () =>
      (
        await rowsOf<{ samples: number }>(
          db(),
          sql`select samples from telemetry_hourly where device_id = ${device} and hour = ${at(MARCH)}`,
        )
      )[0]!.samples;
    const before = await samplesOf();
    const write = `update telemetry_hourly set samples = samples + 1000
      where device_id = ${device} and hour = '${new Date(MARCH).toISOString()}'`;
    if (t.database.kind === 'postgres') {
      const client = async () => {
        const c = new pg.Client({ connectionString: t.config.databaseUrl });
        await c.connect();
        return c;
      };
      // A reader holds the month, so the rewrite waits at its swap, the table held against writers.
      const [reader, writer] = [await client(), await client()];
      try {
        await reader.query('begin');
        await reader.query('select count(*) from telemetry_hourly_202603');
        const rewriting = clusterClosedMonths(db(), new Date(APRIL));
        for (;;) {
          const held = await writer.query(
            `select 1 from pg_locks where relation = 'telemetry_hourly'::regclass and mode = 'ExclusiveLock' and granted`,
          );
          if (held.rowCount) break;
          await new Promise((resolve) => setTimeout(resolve, 10));
        }
        const writing = writer.query(write);
        await reader.query('rollback');
        expect(await rewriting).toEqual(['telemetry_hourly_202603']);
        await writing;
      } finally {
        await reader.end();
        await writer.end();
      }
    } else {
      expect(await clusterClosedMonths(db(), new Date(APRIL))).toEqual(['telemetry_hourly_202603']);
      await db().execute(sql.raw(write));
    }
    expect(await samplesOf()).toBe(before + 1000);
    expect(await clusteredMark('telemetry_hourly_202603')).toBe(true);
  });
});
