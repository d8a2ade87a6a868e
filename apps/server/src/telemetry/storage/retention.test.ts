import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { INGEST_MESSAGES } from '@rms/contracts/telemetry';
import { rowsOf } from '../../db/rows';
import { createTestApp, type TestApp } from '../../testing/app';
import { addDevice, sample, type TestDevice } from '../../testing/devices';
import { sampleRow } from '../../testing/factories';
import { dayResolver } from '../day-of';
import { writeBatch } from '../write-batch';
import { maintainTelemetryPartitions, maintainTelemetryStorage } from './maintenance';
import { HOUR_MONTHS, PACKED_DAYS, SAMPLE_DAYS, defaultRows, partitionsOf } from './partitions';
import { DEFAULT_STORAGE, PARTITIONS_AHEAD_DAYS } from './settings';

// Samples live in one partition per UTC day, made ahead of time and dropped whole once past
// TELEMETRY_RETENTION_DAYS (and rolled up); a sample with no partition for its day is never lost.

const DAY = 86_400_000;
const HOUR = 3_600_000;
const TZ = 'Asia/Kolkata';
const settings = DEFAULT_STORAGE;
const dayOf = dayResolver(TZ);
const utcDay = (ms: number) => new Date(ms).toISOString().slice(0, 10).replaceAll('-', '');

let t: TestApp;
let lamp: TestDevice;
const db = () => t.database.db;
const store = (rows: Parameters<typeof writeBatch>[1]) => writeBatch(db(), rows, dayOf);

async function count(query: ReturnType<typeof sql>): Promise<number> {
  return Number((await rowsOf<{ n: number }>(db(), query))[0]!.n);
}

beforeAll(async () => {
  t = await createTestApp({ env: { TELEMETRY_RETENTION_DAYS: String(settings.retentionDays) } });
  lamp = await addDevice(t, 'RMS-RET-1');
});
afterAll(() => t.close());

describe('day partitions', () => {
  it('exist for every kept day and a week ahead', async () => {
    const now = Date.now();
    await maintainTelemetryPartitions(db(), new Date(now), settings);
    const names = new Set((await partitionsOf(db(), SAMPLE_DAYS)).map((p) => p.name));
    for (let at = now - settings.retentionDays * DAY; at <= now + PARTITIONS_AHEAD_DAYS * DAY; at += DAY)
      expect(names).toContain(`telemetry_samples_${utcDay(at)}`);
    expect((await partitionsOf(db(), HOUR_MONTHS)).map((p) => p.name)).toContain(
      `telemetry_hourly_${new Date(now).toISOString().slice(0, 7).replace('-', '')}`,
    );
  });

  it('are dropped whole past retention, only once rolled up, and their rollups stay', async () => {
    const device = await addDevice(t, 'RMS-RET-2');
    const start = Date.parse('2026-01-10T00:00:00Z');
    await maintainTelemetryPartitions(db(), new Date(start), settings);
    await store([0, 1, 2, 3].map((h) => sampleRow(device.id, start + 6 * HOUR + h * 15 * 60_000)));
    const later = new Date(start + (settings.retentionDays + 3) * DAY);
    const partition = `telemetry_samples_${utcDay(start)}`;

    // Past retention but not rolled up yet: partitions alone drop nothing that is not rolled up.
    await db().execute(sql`update telemetry_rollup_state set rolled_to = null`);
    await maintainTelemetryPartitions(db(), later, settings);
    expect((await partitionsOf(db(), SAMPLE_DAYS)).map((p) => p.name)).toContain(partition);

    const result = await maintainTelemetryStorage(db(), later, TZ, settings);
    expect(result.dropped).toContain(partition);
    expect((await partitionsOf(db(), SAMPLE_DAYS)).map((p) => p.name)).not.toContain(partition);
    expect(await count(sql`select count(*) as n from telemetry_samples where device_id = ${device.id}`)).toBe(
      0,
    );
    expect(
      await count(sql`select sum(samples) as n from telemetry_hourly where device_id = ${device.id}`),
    ).toBe(4);
    expect(await count(sql`select samples as n from telemetry_daily where device_id = ${device.id}`)).toBe(4);
    expect(await count(sql`select samples as n from daily_harvest where device_id = ${device.id}`)).toBe(4);
  });

  it('drop a packed day with its samples’ day: one row per device until then', async () => {
    const device = await addDevice(t, 'RMS-RET-3');
    const start = Date.parse('2026-04-10T00:00:00Z');
    await maintainTelemetryPartitions(db(), new Date(start), settings);
    await store([0, 1, 2, 3].map((h) => sampleRow(device.id, start + 6 * HOUR + h * 15 * 60_000)));
    const packedRows = () =>
      count(sql`select count(*) as n from telemetry_sample_days where device_id = ${device.id}`);

    const packing = await maintainTelemetryStorage(db(), new Date(start + 3 * DAY), TZ, settings);
    expect(packing.packed).toContain(`telemetry_samples_${utcDay(start)}`);
    expect(await packedRows()).toBe(1);

    const packedDay = `telemetry_sample_days_${utcDay(start)}`;
    const result = await maintainTelemetryStorage(
      db(),
      new Date(start + (settings.retentionDays + 3) * DAY),
      TZ,
      settings,
    );
    expect(result.dropped).toContain(packedDay);
    expect((await partitionsOf(db(), PACKED_DAYS)).map((p) => p.name)).not.toContain(packedDay);
    expect(await packedRows()).toBe(0);
    expect(
      await count(sql`select sum(samples) as n from telemetry_hourly where device_id = ${device.id}`),
    ).toBe(4);
  });

  it('drops hourly months past TELEMETRY_HOURLY_RETENTION_DAYS', async () => {
    const month = Date.parse('2026-01-15T00:00:00Z');
    const names = async () => (await partitionsOf(db(), HOUR_MONTHS)).map((p) => p.name);
    expect(await names()).toContain('telemetry_hourly_202601');
    await maintainTelemetryPartitions(
      db(),
      new Date(month + (settings.hourlyRetentionDays - 1) * DAY),
      settings,
    );
    expect(await names()).toContain('telemetry_hourly_202601');
    await maintainTelemetryPartitions(
      db(),
      new Date(month + (settings.hourlyRetentionDays + 20) * DAY),
      settings,
    );
    expect(await names()).not.toContain('telemetry_hourly_202601');
  });
});

describe('samples without a partition', () => {
  it('never fail their batch: they wait in the default partition and move into their day when it is made', async () => {
    const now = Date.now();
    await maintainTelemetryPartitions(db(), new Date(now), settings);
    // A day no partition covers yet (three weeks ahead: the ingest itself refuses such a sample, the
    // store must not lose the batch when one gets this far), in the same batch as a usual one.
    const far = now + 21 * DAY;
    const result = await store([sampleRow(lamp.id, now - 60_000), sampleRow(lamp.id, far)]);
    expect(result.stored).toBe(2);
    expect(await defaultRows(db(), SAMPLE_DAYS)).toBe(1);

    await maintainTelemetryPartitions(db(), new Date(now + 15 * DAY), settings);
    expect(await defaultRows(db(), SAMPLE_DAYS)).toBe(0);
    const [row] = await rowsOf<{ partition: string }>(
      db(),
      sql`select tableoid::regclass::text as partition from telemetry_samples
          where device_id = ${lamp.id} and ts = ${new Date(far).toISOString()}::timestamptz`,
    );
    expect(row?.partition).toBe(`telemetry_samples_${utcDay(far)}`);
  });

  it('are refused past retention, with the reason, and the rest of the device’s reports go on', async () => {
    const basic = {
      authorization: `Basic ${Buffer.from(`${lamp.code}:${lamp.key}`).toString('base64')}`,
    };
    const post = (payload: unknown) =>
      t.app.inject({
        method: 'POST',
        url: '/api/v1/ingest/telemetry/',
        headers: basic,
        payload: payload as object,
      });
    const old = await post([sample(Date.now() - (settings.retentionDays + 1) * DAY)]);
    expect(old.statusCode).toBe(400);
    const reason = INGEST_MESSAGES.beyondRetention(settings.retentionDays);
    expect(reason).toBe('ts: older than the 45 days of samples the server keeps');
    expect(old.json()).toMatchObject({ detail: reason });
    const kept = await post([sample(Date.now() - (settings.retentionDays - 1) * DAY)]);
    expect(kept.statusCode).toBe(200);
    expect(await count(sql`select count as n from device_rejects where device_id = ${lamp.id}`)).toBe(1);
  });
});
