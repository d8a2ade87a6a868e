import { sql } from 'drizzle-orm';
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
    // February is under way: not clustered; January is not clustered again.
    expect(await clusteredMark('telemetry_hourly_202602')).toBe(false);
    expect(await clusterClosedMonths(db(), new Date(FEBRUARY + 86_400_000))).toEqual([]);
  });
});
