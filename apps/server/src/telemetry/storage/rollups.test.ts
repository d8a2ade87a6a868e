import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays, today } from '../../calendar';
import { POINT_READINGS } from '../../db/schema/telemetry';
import { rowsOf } from '../../db/rows';
import { createTestApp, type TestApp } from '../../testing/app';
import { addDevice } from '../../testing/devices';
import { sampleRow } from '../../testing/factories';
import {
  KOLKATA_OFFSET,
  extremesOf,
  groupBy,
  localHourStart,
  variedSamples,
  type Series,
} from '../../testing/telemetry-reference';
import { dayResolver } from '../day-of';
import type { SampleRow } from '../sample-row';
import { writeBatch } from '../write-batch';
import { rollUpClosedHours, rollupState } from './rollups';
import { DEFAULT_STORAGE } from './settings';
import { extremeOf, summaryRead } from './summaries';

// Hourly and daily rollups: made for closed hours and days, equal to the aggregates of the samples they
// summarise (checked against a reference computed here), caught up after a stop, the same when made
// again, and corrected when a sample comes late for an hour already rolled up.

const HOUR = 3_600_000;
const MINUTE = 60_000;
const TZ = 'Asia/Kolkata';
const dayOf = dayResolver(TZ);
const settings = DEFAULT_STORAGE;
const f32 = Math.fround;

let t: TestApp;
const db = () => t.database.db;
/** Local midnight of the day `n` days from the base day (20 days ago: well within retention). */
let base: string;
const midnight = (n: number) => Date.parse(`${addDays(base, n)}T00:00:00Z`) - KOLKATA_OFFSET;
const store = (rows: SampleRow[]) => writeBatch(db(), rows, dayOf);
const rollUp = (now: number) => rollUpClosedHours(db(), new Date(now), TZ, settings);

type Row = Record<string, number | string>;
const EXTREME_SIDES = [
  ['pv_power', 'low'],
  ['pv_power', 'high'],
  ['bt_v', 'low'],
  ['bt_v', 'high'],
  ['load_power', 'low'],
  ['load_power', 'high'],
] as const;

/** The rollup rows of a device, extremes followed to where they are held, their times as epoch ms. */
async function rollupRows(table: 'telemetry_hourly' | 'telemetry_daily', device: number): Promise<Row[]> {
  const key =
    table === 'telemetry_hourly'
      ? sql`(extract(epoch from t.hour) * 1000)::float8 as hour_ms, t.samples`
      : sql`t.day::text as day_text, t.samples, t.hours, t.harvest_samples`;
  const times = sql.join(
    EXTREME_SIDES.map(
      ([s, e]) =>
        sql`(extract(epoch from ${extremeOf('t', `${s}_${e}`, 'ts')}) * 1000)::float8 as ${sql.identifier(`${s}_${e}_ms`)}`,
    ),
    sql`, `,
  );
  return rowsOf<Row>(
    db(),
    sql`select ${key}, ${summaryRead('t')}, ${times} from ${sql.identifier(table)} t where t.device_id = ${device} order by 1`,
  );
}

const READING_OF: Record<(typeof POINT_READINGS)[number], keyof SampleRow> = {
  lo_i: 'loI',
  bt_v: 'btV',
  lo_v: 'loV',
  bt_ch_i: 'btChI',
  pv_i: 'pvI',
  pv_v: 'pvV',
};

/** A rollup row holds the samples' count, means, and each series' lowest and highest sample exactly. */
function expectSummary(row: Row, samples: SampleRow[]) {
  expect(Number(row.samples)).toBe(samples.length);
  const mean = (pick: (r: SampleRow) => number) =>
    samples.reduce((a, r) => a + f32(pick(r)), 0) / samples.length;
  expect(Number(row.bt_v_mean)).toBeCloseTo(
    mean((r) => r.btV),
    4,
  );
  expect(Number(row.pv_i_mean)).toBeCloseTo(
    mean((r) => r.pvI),
    4,
  );
  expect(Number(row.gsm_sig_mean)).toBeCloseTo(
    mean((r) => r.gsmSig),
    3,
  );
  for (const [series, side] of EXTREME_SIDES) {
    const want = extremesOf(samples, series as Series)[side];
    expect(Number(row[`${series}_${side}_ms`]), `${series} ${side}`).toBe(want.ts);
    for (const reading of POINT_READINGS)
      expect(f32(Number(row[`${series}_${side}_${reading}`]))).toBe(f32(want[READING_OF[reading]] as number));
  }
}

/** Checks every hourly row of the device against its samples, and answers the rows. */
async function expectHours(device: number, samples: SampleRow[]) {
  const rows = await rollupRows('telemetry_hourly', device);
  const hours = groupBy(samples, (r) => localHourStart(r.ts));
  expect(rows.map((r) => Number(r.hour_ms))).toEqual([...hours.keys()]);
  for (const row of rows) expectSummary(row, hours.get(Number(row.hour_ms))!);
  return rows;
}

beforeAll(async () => {
  t = await createTestApp();
  base = addDays(today(TZ), -20);
});
afterAll(() => t.close());

describe('rollups', () => {
  it('summarise each closed hour and day exactly as the samples do', async () => {
    const lamp = await addDevice(t, 'RMS-ROLL-1');
    // Every 5 minutes from 04:00 to 20:00: night and day, zero sun (ties at 0) and changing readings.
    const samples = variedSamples(lamp.id, midnight(0) + 4 * HOUR, midnight(0) + 20 * HOUR, 5 * MINUTE, 7);
    await store(samples);
    const result = await rollUp(midnight(1) + HOUR);
    expect(result.rolledTo?.getTime()).toBe(midnight(1));
    await expectHours(lamp.id, samples);
    const [day] = await rollupRows('telemetry_daily', lamp.id);
    expect(day).toMatchObject({ day_text: base, hours: 16, harvest_samples: samples.length });
    expectSummary(day!, samples);
  });

  it("keep each hour's mean lamp power and lit share, and each day's lamp energy and burning hours", async () => {
    const lamp = await addDevice(t, 'RMS-ROLL-LAMP');
    // A night and a morning, every 5 minutes; the lamp is on while it draws more than 0.5 A.
    const samples = variedSamples(lamp.id, midnight(0), midnight(0) + 8 * HOUR, 5 * MINUTE, 11).map((r) => ({
      ...r,
      loSts: r.loI > 0.5 ? 1 : 0,
    }));
    await store(samples);
    await rollUp(midnight(1) + HOUR);
    const hours = groupBy(samples, (r) => localHourStart(r.ts));
    const want = [...hours.values()].map((hour) => ({
      power: hour.reduce((a, r) => a + f32(r.loV) * f32(r.loI), 0) / hour.length,
      lit: hour.filter((r) => r.loSts === 1).length / hour.length,
    }));
    const rows = await rowsOf<{ load_power_mean: number; lit_share: number }>(
      db(),
      sql`select load_power_mean, lit_share from telemetry_hourly where device_id = ${lamp.id} order by hour`,
    );
    expect(rows).toHaveLength(8);
    rows.forEach((row, i) => {
      expect(row.load_power_mean).toBeCloseTo(want[i]!.power, 3);
      expect(row.lit_share).toBeCloseTo(want[i]!.lit, 5);
    });
    expect(want.some((h) => h.lit > 0 && h.lit < 1)).toBe(true);
    const [day] = await rowsOf<{ lamp_wh: number; lit_hours: number }>(
      db(),
      sql`select lamp_wh, lit_hours from telemetry_daily where device_id = ${lamp.id}`,
    );
    expect(day!.lamp_wh).toBeCloseTo(
      want.reduce((a, h) => a + h.power, 0),
      2,
    );
    expect(day!.lit_hours).toBeCloseTo(
      want.reduce((a, h) => a + h.lit, 0),
      4,
    );
  });

  it('catch up the hours and days missed while stopped, and come out the same when made again', async () => {
    const lamp = await addDevice(t, 'RMS-ROLL-2');
    const samples = variedSamples(lamp.id, midnight(1), midnight(4), 10 * MINUTE, 3);
    await store(samples);
    // A pass in the middle of the second day, then nothing until the fourth.
    await rollUp(midnight(2) + 12 * HOUR);
    expect((await rollupState(db())).rolledTo?.getTime()).toBe(midnight(2) + 11 * HOUR);
    expect(await rollupRows('telemetry_daily', lamp.id)).toHaveLength(1);
    await rollUp(midnight(4) + HOUR);
    expect((await rollupState(db())).rolledTo?.getTime()).toBe(midnight(4));
    const hours = await expectHours(lamp.id, samples);
    expect(hours).toHaveLength(72);
    const days = await rollupRows('telemetry_daily', lamp.id);
    expect(days.map((d) => d.day_text)).toEqual([addDays(base, 1), addDays(base, 2), addDays(base, 3)]);
    for (const day of days)
      expectSummary(
        day,
        samples.filter((s) => dayOf(s.ts) === day.day_text),
      );

    // Again, as after a restart that finds the same hours: the same rows, nothing moved.
    await db().execute(
      sql`update telemetry_rollup_state set rolled_to = ${new Date(midnight(1)).toISOString()}::timestamptz`,
    );
    await rollUp(midnight(4) + HOUR);
    expect(await rollupRows('telemetry_hourly', lamp.id)).toEqual(hours);
    expect(await rollupRows('telemetry_daily', lamp.id)).toEqual(days);
  });

  it('are made again when a sample comes late for an hour already rolled up, on a closed day and today', async () => {
    const lamp = await addDevice(t, 'RMS-ROLL-3');
    const samples = variedSamples(lamp.id, midnight(5), midnight(6) + 20 * HOUR, 15 * MINUTE, 11);
    await store(samples);
    const now = midnight(6) + 20 * HOUR;
    await rollUp(now);
    // Hours up to 19:00 of the second day are rolled up (the 19:00 hour is not closed 10 minutes yet).
    expect((await rollupState(db())).rolledTo?.getTime()).toBe(midnight(6) + 19 * HOUR);

    // A late sample on the closed day, the day's new solar peak; another in a rolled-up hour of today.
    const lateClosed = sampleRow(lamp.id, midnight(5) + 12 * HOUR + 7 * MINUTE, { pvV: 30, pvI: 20 });
    const lateToday = sampleRow(lamp.id, midnight(6) + 3 * HOUR + 7 * MINUTE, { btV: 30 });
    await store([lateClosed]);
    await store([lateToday]);
    const result = await rollUp(now + MINUTE);
    expect(result.corrected).toBe(2);
    const all = [...samples, lateClosed, lateToday].sort((a, b) => a.ts - b.ts);
    const rolled = all.filter((s) => s.ts < midnight(6) + 19 * HOUR);
    await expectHours(lamp.id, rolled);
    const [closedDay] = await rollupRows('telemetry_daily', lamp.id);
    expect(closedDay).toMatchObject({ day_text: addDays(base, 5), harvest_samples: 97 });
    expectSummary(
      closedDay!,
      all.filter((s) => dayOf(s.ts) === addDays(base, 5)),
    );
    expect(Number(closedDay!.pv_power_high_ms)).toBe(lateClosed.ts);

    // Nothing late since: the next pass changes nothing.
    expect((await rollUp(now + 2 * MINUTE)).corrected).toBe(0);
  });

  it('are made again for a late sample of the day holding the retention horizon, from the hours it holds whole', async () => {
    const lamp = await addDevice(t, 'RMS-ROLL-4');
    const samples = variedSamples(lamp.id, midnight(8), midnight(10), 30 * MINUTE, 13);
    await store(samples);
    const now = midnight(10) + 12 * HOUR + MINUTE;
    await rollUp(now);
    // Samples kept 2 days: the horizon lies at 12:01 of day 8, whose earlier samples may be gone.
    const edge = { ...settings, retentionDays: 2 };
    const late = sampleRow(lamp.id, midnight(8) + 15 * HOUR + 7 * MINUTE, { pvV: 30, pvI: 20 });
    await store([late]);
    const result = await rollUpClosedHours(db(), new Date(now + MINUTE), TZ, edge);
    expect(result.corrected).toBe(1);
    const all = [...samples, late].sort((a, b) => a.ts - b.ts);
    await expectHours(lamp.id, all);
    const [day] = await rollupRows('telemetry_daily', lamp.id);
    expect(day).toMatchObject({ day_text: addDays(base, 8), harvest_samples: 49 });
    expectSummary(
      day!,
      all.filter((s) => dayOf(s.ts) === addDays(base, 8)),
    );
    expect(Number(day!.pv_power_high_ms)).toBe(late.ts);
    expect((await rollUpClosedHours(db(), new Date(now + 2 * MINUTE), TZ, edge)).corrected).toBe(0);
  });
});
