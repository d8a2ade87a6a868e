import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeDevice, makeOrganization } from '../testing/factories';
import { databaseBefore } from '../testing/migrations-before';
import { variedSamples } from '../testing/telemetry-reference';
import { PACKED_DAYS, defaultRows, partitionsOf } from '../telemetry/storage/partitions';
import { storedSamples } from '../telemetry/storage/stored-samples';
import type { Database } from './client';
import { rowsOf } from './rows';

// The migration that packs closed days one row per device and UTC day instead of one per UTC hour:
// every packed sample reads the same after it (every column, to the millisecond), each day is one row
// per device in its day's partition, and what the hours' default partition held is in the days' one.

const TAG = /_telemetry_sample_days$/;
const HOUR = 3_600_000;
const DAY = 86_400_000;

let database: Database;

const COLUMNS =
  'device_id, ts, energy_wh, bt_v, bt_ch_i, bt_dis_i, soc, pv_v, pv_i, lo_v, lo_i, mppt, temp, gsm_sig, brightness, lo_sts';
const READINGS = ['bt_v', 'bt_ch_i', 'bt_dis_i', 'soc', 'pv_v', 'pv_i', 'lo_v', 'lo_i', 'mppt', 'temp'];
const LEVELS = ['gsm_sig', 'brightness', 'lo_sts'];

/** The packed hours as the code before the migration read them, every column as text. */
const packedHours = () =>
  rowsOf<Record<string, string>>(
    database.db,
    sql`select ${sql.raw(COLUMNS)} from (
          select p.device_id, p.hour + u.o * interval '1 millisecond' as ts, u.e as energy_wh,
            ${sql.raw(READINGS.map((r, k) => `p.readings[u.i][${k + 1}] as ${r}`).join(', '))},
            ${sql.raw(LEVELS.map((l, k) => `p.levels[u.i][${k + 1}] as ${l}`).join(', '))}
          from telemetry_sample_hours p
          cross join lateral unnest(p.offsets, p.energy_wh) with ordinality as u(o, e, i)
        ) s order by device_id, ts`,
  );

let close: () => Promise<void>;

beforeAll(async () => {
  ({ database, close } = await databaseBefore(TAG));
});
afterAll(() => close());

describe('packing by day instead of by hour', () => {
  it('converts every packed hour losslessly into one row per device and day, in its day’s partition', async () => {
    const org = await makeOrganization(database.db, { companyName: 'Before Day Packing' });
    const a = await makeDevice(database.db, { code: 'RMS-DAYS-A', organizationId: org.id });
    const b = await makeDevice(database.db, { code: 'RMS-DAYS-B', organizationId: org.id });
    const day = Math.floor(Date.now() / DAY) * DAY - 3 * DAY;
    const old = day - 30 * DAY; // a day without a partition: in the default partition
    const samples = [
      ...variedSamples(a.id, day, day + DAY, 5 * 60_000, 7),
      ...variedSamples(a.id, day + DAY, day + DAY + 2 * HOUR, 60_000, 8),
      // Odd milliseconds, the day's first and last, and readings at their types' edges.
      ...variedSamples(b.id, day + 123, day + DAY, 7 * HOUR + 4_321, 9).map((s, k) =>
        k === 1 ? { ...s, energyWh: 123_456_789.123, temp: -39.5, btV: 39.99, gsmSig: 100, loSts: 1 } : s,
      ),
      { ...variedSamples(b.id, day + DAY - 1, day + DAY, 1, 10)[0]! },
      ...variedSamples(b.id, old + 5 * HOUR, old + 6 * HOUR, 20 * 60_000, 11),
    ];
    for (const d of [day, day + DAY]) {
      const name = `telemetry_sample_hours_${new Date(d).toISOString().slice(0, 10).replaceAll('-', '')}`;
      await database.db.execute(
        sql`create table ${sql.identifier(name)} partition of telemetry_sample_hours
            for values from ('${sql.raw(new Date(d).toISOString())}') to ('${sql.raw(new Date(d + DAY).toISOString())}')`,
      );
    }
    // Packed per hour as the code before the migration packed them.
    const col = (pick: (s: (typeof samples)[number]) => number) => sql.param(samples.map(pick));
    await database.db.execute(sql`
      with s as (
        select * from unnest(${col((s) => s.deviceId)}::int[],
          ${sql.param(samples.map((s) => new Date(s.ts).toISOString()))}::timestamptz[],
          ${col((s) => s.energyWh)}::float8[], ${col((s) => s.btV)}::real[], ${col((s) => s.btChI)}::real[],
          ${col((s) => s.btDisI)}::real[], ${col((s) => s.soc)}::real[], ${col((s) => s.pvV)}::real[],
          ${col((s) => s.pvI)}::real[], ${col((s) => s.loV)}::real[], ${col((s) => s.loI)}::real[],
          ${col((s) => s.mppt)}::real[], ${col((s) => s.temp)}::real[], ${col((s) => s.gsmSig)}::smallint[],
          ${col((s) => s.brightness)}::smallint[], ${col((s) => s.loSts)}::smallint[])
          as k(${sql.raw(COLUMNS)})
      )
      insert into telemetry_sample_hours (hour, device_id, samples, energy_wh, offsets, readings, levels)
      select date_trunc('hour', ts, 'UTC'), device_id, count(*)::int, array_agg(energy_wh order by ts),
        array_agg((extract(epoch from ts - date_trunc('hour', ts, 'UTC')) * 1000)::int order by ts),
        array_agg(array[${sql.raw(READINGS.join(', '))}] order by ts),
        array_agg(array[${sql.raw(LEVELS.join(', '))}] order by ts)
      from s group by 1, 2`);
    const stored = await packedHours();
    expect(stored).toHaveLength(samples.length);

    await database.migrate();

    const after = await rowsOf<Record<string, string>>(
      database.db,
      sql`select ${sql.raw(COLUMNS)} from ${storedSamples({})} s order by device_id, ts`,
    );
    expect(after).toEqual(stored);
    const days = await rowsOf<{ day: string; device_id: number; samples: number; partition: string }>(
      database.db,
      sql`select to_char(day at time zone 'UTC', 'YYYYMMDD') as day, device_id, samples,
            tableoid::regclass::text as partition
          from telemetry_sample_days order by day, device_id`,
    );
    const name = (ms: number) => new Date(ms).toISOString().slice(0, 10).replaceAll('-', '');
    const count = (device: number, from: number) =>
      samples.filter((s) => s.deviceId === device && s.ts >= from && s.ts < from + DAY).length;
    expect(days).toEqual([
      {
        day: name(old),
        device_id: b.id,
        samples: count(b.id, old),
        partition: 'telemetry_sample_days_default',
      },
      { day: name(day), device_id: a.id, samples: 288, partition: `telemetry_sample_days_${name(day)}` },
      {
        day: name(day),
        device_id: b.id,
        samples: count(b.id, day),
        partition: `telemetry_sample_days_${name(day)}`,
      },
      {
        day: name(day + DAY),
        device_id: a.id,
        samples: 120,
        partition: `telemetry_sample_days_${name(day + DAY)}`,
      },
    ]);
    expect((await partitionsOf(database.db, PACKED_DAYS)).map((p) => p.name)).toEqual([
      `telemetry_sample_days_${name(day)}`,
      `telemetry_sample_days_${name(day + DAY)}`,
    ]);
    expect(await defaultRows(database.db, PACKED_DAYS)).toBe(1);
    const [gone] = await rowsOf<{ found: boolean }>(
      database.db,
      sql`select to_regclass('telemetry_sample_hours') is not null as found`,
    );
    expect(gone!.found).toBe(false);
  });
});
