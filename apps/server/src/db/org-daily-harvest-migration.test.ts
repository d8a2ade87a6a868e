import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeDevice, makeOrganization } from '../testing/factories';
import { databaseBefore } from '../testing/migrations-before';
import type { Database } from './client';
import { rowsOf } from './rows';

// The migration that adds the fleet harvest rollup fills it from the harvest already stored: each
// organization's day is its devices' days (by their current organization) summed in whole mWh.

const TAG = /_org_daily_harvest$/;

let database: Database;
let close: () => Promise<void>;

beforeAll(async () => {
  ({ database, close } = await databaseBefore(TAG));
});
afterAll(() => close());

describe('filling the fleet harvest rollup', () => {
  it('sums the stored device-days per organization and day', async () => {
    const db = database.db;
    const a = await makeOrganization(db, { companyName: 'Before Rollup A' });
    const b = await makeOrganization(db, { companyName: 'Before Rollup B' });
    const devices = await Promise.all(
      ['RMS-FILL-1', 'RMS-FILL-2', 'RMS-FILL-3'].map((code, k) =>
        makeDevice(db, { code, organizationId: k < 2 ? a.id : b.id }),
      ),
    );
    const [d1, d2, d3] = devices.map((d) => d.id);
    const days: [number, string, number][] = [
      [d1!, '2026-03-01', 100.1234],
      [d2!, '2026-03-01', 50.5],
      [d3!, '2026-03-01', 7],
      [d1!, '2026-03-02', 0.0004],
      [d3!, '2026-03-02', 12.25],
    ];
    for (const [device, day, wh] of days)
      await db.execute(sql`
        insert into daily_harvest (device_id, day, harvest_wh, first_ts, last_ts, last_energy_wh, samples)
        values (${device}, ${day}::date, ${wh}, now(), now(), 0, 1)`);
    await database.migrate();
    const rows = await rowsOf<{ organization_id: number; day: string; wh: number }>(
      db,
      sql`select organization_id, to_char(day, 'YYYY-MM-DD') as day, sum(harvest_mwh)::float8 / 1000 as wh
          from org_daily_harvest group by 1, 2 order by 1, 2`,
    );
    expect(rows.map((r) => ({ ...r, wh: Number(r.wh) }))).toEqual([
      { organization_id: a.id, day: '2026-03-01', wh: 150.623 },
      { organization_id: a.id, day: '2026-03-02', wh: 0 },
      { organization_id: b.id, day: '2026-03-01', wh: 7 },
      { organization_id: b.id, day: '2026-03-02', wh: 12.25 },
    ]);
  });
});
