import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../db/rows';
import { createTestApp, type TestApp } from '../testing/app';
import { dayResolver, nextMidnight } from '../telemetry/day-of';
import { storeHistory } from '../telemetry/storage/history';
import { backfill } from './backfill';
import { loadDemoDevices } from './demo-devices';
import { seedDemo } from './seed-demo';

// The demo's history older than samples are kept goes straight to what the storage keeps of old days:
// daily harvest and rollups, no samples; newer days go through the ingest as samples.

const TZ = 'Asia/Kolkata';
const DAY = 86_400_000;
let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('demo history past retention', () => {
  it('is stored as daily harvest and hourly and daily rollups, and the kept days as samples', async () => {
    const db = t.database.db;
    const seeded = await seedDemo(db, 3);
    const devices = await loadDemoDevices(db, seeded!.organizationId);
    const dayOf = dayResolver(TZ);
    const now = Date.now();
    const before = nextMidnight(now - 2 * DAY, dayOf);
    const { samples } = await backfill(t.app.deviceLink.queue, devices, {
      fromMs: now - 4 * DAY,
      toMs: now,
      history: { before, dayOf, store: (rows) => storeHistory(db, rows, dayOf, TZ) },
    });
    const n = async (query: ReturnType<typeof sql>) => Number((await rowsOf<{ n: number }>(db, query))[0]!.n);
    const iso = new Date(before).toISOString();
    const stored = await n(sql`select count(*)::int as n from telemetry_samples`);
    expect(
      await n(sql`select count(*)::int as n from telemetry_samples where ts < ${iso}::timestamptz`),
    ).toBe(0);
    const rolled = await n(
      sql`select coalesce(sum(samples), 0)::int as n from telemetry_hourly where hour < ${iso}::timestamptz`,
    );
    // Every sample of the old days is in their hours, and their days are counted and harvested.
    expect(stored + rolled).toBe(samples);
    expect(rolled).toBeGreaterThan(0);
    const oldDays = await rowsOf<{ day: string; harvest: number; counted: number; rolled: number }>(
      db,
      sql`select h.day::text as day, h.harvest_wh as harvest, h.samples as counted, d.samples as rolled
          from daily_harvest h join telemetry_daily d on d.device_id = h.device_id and d.day = h.day
          where (h.day::timestamp at time zone ${TZ}) < ${iso}::timestamptz`,
    );
    expect(oldDays.length).toBeGreaterThanOrEqual(3 * 2);
    for (const day of oldDays) expect(day.rolled).toBe(day.counted);
    expect(oldDays.some((d) => Number(d.harvest) > 0)).toBe(true);
    // The old days carry the lamp's energy and burning hours for the energy report: the lights burned
    // every night of the history.
    const lamp = await rowsOf<{ lamp_wh: number | null; lit_hours: number | null }>(
      db,
      sql`select lamp_wh, lit_hours from telemetry_daily where (day::timestamp at time zone ${TZ}) < ${iso}::timestamptz`,
    );
    expect(lamp.length).toBe(oldDays.length);
    for (const day of lamp) {
      expect(day.lamp_wh).toBeGreaterThan(0);
      expect(day.lit_hours).toBeGreaterThan(0);
    }
  });
});
