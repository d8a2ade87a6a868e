import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { GraphKind, GraphPoint, ReportRow } from '@rms/contracts/monitoring';
import { addDays, today } from '../../calendar';
import { rowsOf } from '../../db/rows';
import { bearer, createTestApp, type Session, type TestApp } from '../../testing/app';
import { addDevice, type TestDevice } from '../../testing/devices';
import { makeActivation, makeOrganization } from '../../testing/factories';
import {
  KOLKATA_OFFSET,
  asFloat32,
  groupBy,
  localHourStart,
  pointOf,
  reducedGraph,
  variedSamples,
} from '../../testing/telemetry-reference';
import { addUser } from '../../testing/users';
import { dayResolver } from '../../telemetry/day-of';
import type { SampleRow } from '../../telemetry/sample-row';
import { maintainTelemetryStorage } from '../../telemetry/storage/maintenance';
import { rollupState } from '../../telemetry/storage/rollups';
import { writeBatch } from '../../telemetry/write-batch';

// Graphs and the device report over ranges longer than their samples are kept, or long enough to be
// drawn from whole hours: answered from the hourly and daily rollups, in the same shape, with the very
// samples the samples themselves would give (checked against a reference computed from them here), and
// unchanged where the samples are read. Samples are kept 7 days here, hourly rollups 10.

const HOUR = 3_600_000;
const DAY = 86_400_000;
const TZ = 'Asia/Kolkata';
const CODES = ['GRAPH_VIEW', 'DEVICE_REPORT'];
const dayOf = dayResolver(TZ);

let t: TestApp;
let viewer: Session;
let lamp: TestDevice;
let samples: SampleRow[];
let now: number;
let d0: string;
const midnight = (day: string) => Date.parse(`${day}T00:00:00Z`) - KOLKATA_OFFSET;

const get = async <T>(url: string): Promise<T> => {
  const res = await t.app.inject({ method: 'GET', url: `/api/v1/${url}`, headers: bearer(viewer) });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<T>();
};
const graph = (kind: GraphKind, start: string, end: string, points = 1000) =>
  get<GraphPoint[]>(
    `monitoring/graph/${kind}/?device=${lamp.id}&start_date=${start}&end_date=${end}&points=${points}`,
  );

/** The samples' reduction over buckets of `per` hours (or days) counted from the range's first day. */
function reference(kind: GraphKind, start: string, end: string, unit: 'hour' | 'day', per: number) {
  const from = midnight(start);
  const inRange = samples.filter((s) => s.ts >= from && s.ts < midnight(addDays(end, 1)));
  const bucketOf = (s: SampleRow) =>
    unit === 'hour'
      ? Math.floor((s.ts - from) / HOUR / per)
      : Math.floor((Date.parse(`${dayOf(s.ts)}T00:00:00Z`) - Date.parse(`${start}T00:00:00Z`)) / DAY / per);
  return reducedGraph(inRange, kind, bucketOf);
}

let before: { week: GraphPoint[]; weekByDay: GraphPoint[]; twoDays: GraphPoint[]; report: unknown };

beforeAll(async () => {
  t = await createTestApp({
    env: { TELEMETRY_RETENTION_DAYS: '7', TELEMETRY_HOURLY_RETENTION_DAYS: '10' },
  });
  const org = await makeOrganization(t.database.db, { companyName: 'Long Range Co', permissions: CODES });
  lamp = await addDevice(t, 'RMS-LONG-1', org.id);
  await makeActivation(t.database.db, { name: 'Long Road', deviceId: lamp.id, organizationId: org.id });
  viewer = await addUser(t, org.id, 'viewer@long-range.example', CODES);
  now = Date.now();
  d0 = today(TZ);
  // 30 days of 15-minute samples up to an hour ago, stored as the ingest stores them (a device's
  // backfill older than retention would be refused; the history is what was stored over the month).
  samples = variedSamples(lamp.id, midnight(addDays(d0, -30)), now - HOUR, 15 * 60_000, 5);
  for (let i = 0; i < samples.length; i += 1000)
    await writeBatch(t.database.db, samples.slice(i, i + 1000), dayOf);
  before = {
    week: await graph('power', addDays(d0, -6), d0, 100),
    weekByDay: await graph('power', addDays(d0, -6), d0, 70),
    twoDays: await graph('battery', addDays(d0, -1), d0),
    report: await get(`monitoring/device_report/?created_at__gte=${addDays(d0, -3)}&page_size=50&page=2`),
  };
  // The maintenance: every closed hour rolled up, the days past 7 dropped with their samples.
  await maintainTelemetryStorage(t.database.db, new Date(now), TZ, t.app.config.telemetry);
}, 180_000);
afterAll(() => t.close());

describe('graphs over long ranges', () => {
  it('read the samples as before where they are kept and each bucket is under an hour', async () => {
    const twoDays = await graph('battery', addDays(d0, -1), d0);
    expect(twoDays).toEqual(before.twoDays);
    const stored = samples.filter((s) => s.ts >= midnight(addDays(d0, -1)));
    expect(twoDays.map(asFloat32)).toEqual(stored.map(pointOf));
  });

  it('reduce kept samples in buckets under an hour to each bucket’s lowest and highest sample', async () => {
    // 2 packed days, 192 samples, in 50 buckets of 57.6 minutes: read from the samples, reduced.
    const start = addDays(d0, -2);
    const end = addDays(d0, -1);
    const from = midnight(start);
    const width = (midnight(addDays(end, 1)) - from) / 50;
    for (const kind of ['power', 'battery', 'load'] as const) {
      const points = await graph(kind, start, end, 100);
      const inRange = samples.filter((s) => s.ts >= from && s.ts < midnight(addDays(end, 1)));
      expect(inRange.length).toBeGreaterThan(100);
      expect(points.map(asFloat32)).toEqual(
        reducedGraph(inRange, kind, (s) => Math.floor((s.ts - from) / width)),
      );
    }
  });

  it('draw kept days in whole hours from the rollups and the newest samples, as the samples would', async () => {
    // 7 days in 50 buckets: 4 hours each, over 3.36; the hours not rolled up yet are summarised from the samples.
    const week = await graph('power', addDays(d0, -6), d0, 100);
    expect(week).toEqual(before.week);
    expect(week.map(asFloat32)).toEqual(reference('power', addDays(d0, -6), d0, 'hour', 4));
  });

  it('draw buckets of 4 hours or more in whole days, from the daily rollups and the newest hours', async () => {
    // 7 days in 35 buckets: 4.8 hours each, so one day a bucket (of 7), today from its hours and samples.
    const week = await graph('power', addDays(d0, -6), d0, 70);
    expect(week).toEqual(before.weekByDay);
    expect(week.length).toBeLessThanOrEqual(14);
    expect(week.map(asFloat32)).toEqual(reference('power', addDays(d0, -6), d0, 'day', 1));
  });

  it('draw days whose samples are gone from the hourly rollups, as the samples did', async () => {
    const start = addDays(d0, -9);
    const end = addDays(d0, -1);
    // The range's first days had samples, no longer stored.
    expect(samples.some((s) => s.ts < midnight(start) + DAY)).toBe(true);
    const [gone] = await rowsOf<{ n: number }>(
      t.database.db,
      sql`select count(*)::int as n from telemetry_samples where ts < ${new Date(midnight(start) + DAY).toISOString()}::timestamptz`,
    );
    expect(gone!.n).toBe(0);
    const points = await graph('battery', start, end, 200);
    // 9 days, 100 buckets: 3 hours each (2.16 rounded up).
    expect(points.length).toBeGreaterThan(100);
    expect(points.map(asFloat32)).toEqual(reference('battery', start, end, 'hour', 3));
  });

  it('draw ranges before the hourly rollups kept from the daily ones, whole days per bucket', async () => {
    const start = addDays(d0, -29);
    const end = addDays(d0, -1);
    const points = await graph('load', start, end, 20);
    // 29 days, 10 buckets: 3 days each.
    expect(points.map(asFloat32)).toEqual(reference('load', start, end, 'day', 3));
    const solar = await graph('solar', start, end, 200);
    expect(solar.map(asFloat32)).toEqual(reference('solar', start, end, 'day', 1));
  });
});

describe('the device report over long ranges', () => {
  it('pages samples, then one row per hour, then one per day, newest first, and counts them all', async () => {
    const { rolledTo } = await rollupState(t.database.db);
    const firstSampleDay = [addDays(today(TZ, new Date(now - 7 * DAY)), 1), today(TZ, rolledTo!)].sort()[0]!;
    const firstHourDay = addDays(today(TZ, new Date(now - 10 * DAY)), 1);
    const kept = samples.filter((s) => dayOf(s.ts) >= firstSampleDay);
    const hourly = groupBy(
      samples.filter((s) => dayOf(s.ts) < firstSampleDay && dayOf(s.ts) >= firstHourDay),
      (s) => localHourStart(s.ts),
    );
    const daily = groupBy(
      samples.filter((s) => dayOf(s.ts) < firstHourDay),
      (s) => dayOf(s.ts),
    );
    const total = kept.length + hourly.size + daily.size;

    const first = await get<{ results: ReportRow[]; count: number }>('monitoring/device_report/?page_size=5');
    expect(first.count).toBe(total);
    expect(first.results.map((r) => r.created_at)).toEqual(
      kept
        .slice(-5)
        .reverse()
        .map((s) => new Date(s.ts).toISOString()),
    );

    // The page where the samples end and the hours begin.
    const size = 100;
    const page = Math.floor(kept.length / size) + 1;
    const across = await get<{ results: ReportRow[] }>(
      `monitoring/device_report/?page_size=${size}&page=${page}`,
    );
    const hourRows = across.results.slice(kept.length % size, (kept.length % size) + hourly.size);
    const newestHour = [...hourly.keys()].at(-1)!;
    expect(hourRows[0]).toMatchObject({
      created_at: new Date(newestHour).toISOString(),
      RMS_ID: 'RMS-LONG-1',
      gsm_sig: Math.round(mean(hourly.get(newestHour)!, (s) => s.gsmSig)),
    });
    expect(hourRows[0]!.bt_v).toBeCloseTo(
      mean(hourly.get(newestHour)!, (s) => s.btV),
      4,
    );
    expect(hourRows.map((r) => r.created_at)).toEqual(
      [...hourly.keys()]
        .reverse()
        .slice(0, hourRows.length)
        .map((h) => new Date(h).toISOString()),
    );

    const lastPage = Math.ceil(total / size);
    const end = await get<{ results: ReportRow[]; next: number | null }>(
      `monitoring/device_report/?page_size=${size}&page=${lastPage}`,
    );
    expect(end.next).toBeNull();
    const oldest = [...daily.keys()][0]!;
    expect(end.results.at(-1)).toMatchObject({ created_at: new Date(midnight(oldest)).toISOString() });
    expect(end.results.at(-1)!.SOC).toBeCloseTo(
      mean(daily.get(oldest)!, (s) => s.soc),
      3,
    );
  });

  it('answers kept days sample by sample, as before the rollups and the packing', async () => {
    // The days before today are packed now (one row per device and UTC day).
    const [packed] = await rowsOf<{ n: number; days: number }>(
      t.database.db,
      sql`select count(*)::int as n, count(distinct day)::int as days from telemetry_sample_days`,
    );
    expect(packed!.days).toBeGreaterThanOrEqual(5);
    expect(packed!.n).toBe(packed!.days);
    expect(
      await get(`monitoring/device_report/?created_at__gte=${addDays(d0, -3)}&page_size=50&page=2`),
    ).toEqual(before.report);
  });

  it('exports every row of a long range to CSV, in the report’s order', async () => {
    const page = await get<{ count: number }>('monitoring/device_report/');
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/v1/monitoring/device_report/?export_csv=true',
      headers: bearer(viewer),
    });
    expect(res.statusCode).toBe(200);
    const file = await t.app.inject({ method: 'GET', url: res.json<{ report_path: string }>().report_path });
    const lines = file.body.split('\r\n').filter(Boolean);
    expect(lines).toHaveLength(page.count + 1);
    // The oldest line is the first day's daily row, at its local midnight.
    expect(lines.at(-1)).toMatch(
      new RegExp(`^${addDays(d0, -30).split('-').reverse().join('/')} 12:00 am,RMS-LONG-1,`),
    );
  });
});

function mean(rows: SampleRow[], pick: (s: SampleRow) => number): number {
  return rows.reduce((a, s) => a + Math.fround(pick(s)), 0) / rows.length;
}
