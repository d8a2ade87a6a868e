import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../../db/rows';
import { createTestApp, type TestApp } from '../../testing/app';
import { addDevice } from '../../testing/devices';
import { sampleRow } from '../../testing/factories';
import { variedSamples } from '../../testing/telemetry-reference';
import { dayResolver } from '../day-of';
import { writeBatch } from '../write-batch';
import { maintainTelemetryPartitions } from './maintenance';
import { packClosedDays } from './packing';
import { rollUpClosedHours } from './rollups';
import { DEFAULT_STORAGE } from './settings';
import { storedSamples } from './stored-samples';

// Closed days are packed, one row per device and UTC day: every sample reads the same afterwards, a
// sample that comes late for a packed day is still stored once, and the day under way stays rows.

const HOUR = 3_600_000;
const DAY = 86_400_000;
const TZ = 'Asia/Kolkata';
const dayOf = dayResolver(TZ);

let t: TestApp;
const db = () => t.database.db;
/** A UTC midnight four days ago: its day is kept, and over. */
const day = Math.floor(Date.now() / DAY) * DAY - 4 * DAY;
const utcName = (ms: number) =>
  `telemetry_samples_${new Date(ms).toISOString().slice(0, 10).replaceAll('-', '')}`;

/** Every stored sample of the devices, rows and packed alike, every column as text, in time order. */
async function everySample(devices: number[]) {
  const stored = storedSamples({ devices: (id) => sql`${id} = any(${sql.param(devices)}::int[])` });
  return rowsOf<Record<string, string>>(
    db(),
    sql`select s.device_id, (extract(epoch from s.ts) * 1000)::float8 as ms, s.energy_wh, s.bt_v, s.bt_ch_i,
          s.bt_dis_i, s.soc, s.pv_v, s.pv_i, s.lo_v, s.lo_i, s.mppt, s.temp, s.gsm_sig, s.brightness, s.lo_sts
        from ${stored} s order by s.device_id, s.ts`,
  );
}
const count = async (query: ReturnType<typeof sql>) =>
  Number((await rowsOf<{ n: number }>(db(), query))[0]!.n);

beforeAll(async () => {
  t = await createTestApp();
  await maintainTelemetryPartitions(db(), new Date(), DEFAULT_STORAGE);
});
afterAll(() => t.close());

describe('packing closed days', () => {
  it('packs a day one row per device and UTC day, and every sample reads the same', async () => {
    const a = await addDevice(t, 'RMS-PACK-A');
    const b = await addDevice(t, 'RMS-PACK-B');
    const samples = [
      ...variedSamples(a.id, day, day + DAY, 5 * 60_000, 3),
      ...variedSamples(b.id, day + 6 * HOUR, day + 9 * HOUR, 7 * 60_000, 4),
    ];
    await writeBatch(db(), samples, dayOf);
    const before = await everySample([a.id, b.id]);
    expect(before).toHaveLength(samples.length);

    // Not before the day is rolled up.
    const now = new Date(day + 2 * DAY);
    expect(await packClosedDays(db(), now, TZ)).toEqual([]);
    await rollUpClosedHours(db(), now, TZ, DEFAULT_STORAGE);
    expect(await packClosedDays(db(), now, TZ)).toContain(utcName(day));

    expect(await count(sql`select count(*)::int as n from ${sql.identifier(utcName(day))}`)).toBe(0);
    const days = await rowsOf<{ device_id: number; days: number; samples: number; offsets: number }>(
      db(),
      sql`select device_id, count(*)::int as days, sum(samples)::int as samples,
            sum(cardinality(offsets))::int as offsets from telemetry_sample_days
          where device_id in (${a.id}, ${b.id}) group by device_id order by device_id`,
    );
    expect(days).toEqual([
      { device_id: a.id, days: 1, samples: 288, offsets: 288 },
      { device_id: b.id, days: 1, samples: samples.length - 288, offsets: samples.length - 288 },
    ]);
    expect(await everySample([a.id, b.id])).toEqual(before);
  });

  it('stores a late sample of a packed day once, and packs it into its day at the next pass', async () => {
    const lamp = await addDevice(t, 'RMS-PACK-C');
    const samples = variedSamples(lamp.id, day + 10 * HOUR, day + 12 * HOUR, 10 * 60_000, 5);
    await writeBatch(db(), samples, dayOf);
    const now = new Date(day + 2 * DAY);
    await rollUpClosedHours(db(), now, TZ, DEFAULT_STORAGE);
    await packClosedDays(db(), now, TZ);
    const before = await everySample([lamp.id]);

    // A redelivery of a packed sample is skipped; a sample the day lacked is stored, as a row.
    const late = sampleRow(lamp.id, day + 10 * HOUR + 5 * 60_000, { btV: 13.3 });
    const result = await writeBatch(db(), [samples[3]!, late], dayOf);
    expect(result.stored).toBe(1);
    expect(await count(sql`select count(*)::int as n from ${sql.identifier(utcName(day))}`)).toBe(1);
    const [harvest] = await rowsOf<{ samples: number }>(
      db(),
      sql`select sum(samples)::int as samples from daily_harvest where device_id = ${lamp.id}`,
    );
    expect(harvest!.samples).toBe(samples.length + 1);

    await rollUpClosedHours(db(), new Date(now.getTime() + 60_000), TZ, DEFAULT_STORAGE);
    await packClosedDays(db(), new Date(now.getTime() + 60_000), TZ);
    expect(await count(sql`select count(*)::int as n from ${sql.identifier(utcName(day))}`)).toBe(0);
    const after = await everySample([lamp.id]);
    expect(after).toHaveLength(before.length + 1);
    expect(after.map((s) => Number(s.ms))).toEqual([...samples, late].map((s) => s.ts).sort((x, y) => x - y));
    // One row for the day, each offset the milliseconds after the sample before (the first: after midnight).
    const packed = await rowsOf<{ samples: number; offsets: number[] }>(
      db(),
      sql`select samples, offsets from telemetry_sample_days where device_id = ${lamp.id}`,
    );
    expect(packed).toEqual([
      {
        samples: 13,
        offsets: [10 * HOUR, 300_000, 300_000, ...Array<number>(10).fill(600_000)],
      },
    ]);
  });

  it('leaves the local day under way in rows: a UTC day is packed once the local day after it has begun', async () => {
    const lamp = await addDevice(t, 'RMS-PACK-D');
    const next = day + DAY;
    await writeBatch(db(), variedSamples(lamp.id, next + 12 * HOUR, next + 13 * HOUR, 15 * 60_000, 6), dayOf);
    const early = new Date(next + DAY + 30 * 60_000);
    const later = new Date(next + DAY + 19 * HOUR);
    await rollUpClosedHours(db(), later, TZ, DEFAULT_STORAGE);
    // 00:30 UTC the day after: the Kolkata day under way began at 18:30 UTC, within the UTC day: not yet.
    expect(await packClosedDays(db(), early, TZ)).not.toContain(utcName(next));
    // 19:00 UTC: the Kolkata day under way began after the UTC day ended.
    expect(await packClosedDays(db(), later, TZ)).toContain(utcName(next));
  });
});
