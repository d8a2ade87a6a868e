import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HARVEST_MESSAGES } from '@rms/contracts/monitoring';
import { bearer, createTestApp, signIn, type Session, type TestApp } from '../../testing/app';
import { buildFleet, type Fleet } from '../../testing/monitoring-fleet';

// The dashboard's device panels (spec 01 §2) count only what the caller's organization sees.

let t: TestApp;
let admin: Session;
let f: Fleet;

beforeAll(async () => {
  t = await createTestApp();
  admin = await signIn(t.app);
  f = await buildFleet(t);
});
afterAll(() => t.close());

const fetchAs = (session: Session | null, url: string) =>
  t.app.inject({ method: 'GET', url: `/api/v1/${url}`, headers: session ? bearer(session) : {} });

const get = async (session: Session, url: string) => {
  const res = await fetchAs(session, url.startsWith('admin_settings/') ? url : `dashboard/${url}`);
  expect(res.statusCode).toBe(200);
  return res.json();
};
const alarmsOf = async (session: Session, query: string) =>
  (await get(session, `admin_settings/alarms/?${query}`)).results;

describe('access', () => {
  it('answers 401 without a token on every dashboard path', async () => {
    for (const url of [
      'dashboard/summary/',
      'admin_settings/dashboard_inventory/',
      'admin_settings/alarms/?page_size=5&is_today=true',
      'admin_settings/harvest_report/?start_date=2026-01-01&end_date=2026-01-31',
    ])
      expect((await fetchAs(null, url)).statusCode).toBe(401);
  });
});

describe('device summary', () => {
  it('counts the caller’s activated devices by live status', async () => {
    expect(await get(f.userA, 'summary/')).toEqual({
      total: 2,
      online: 0,
      offline: 0,
      on_error: 1,
      never_reported: 1,
    });
    expect(await get(f.userB, 'summary/')).toMatchObject({ total: 1, on_error: 1, never_reported: 0 });
    expect(await get(admin, 'summary/')).toMatchObject({ total: 3, on_error: 2, never_reported: 1 });
  });

  it('filters by project, state and city', async () => {
    expect(await get(f.userA, 'summary/?project=ring')).toMatchObject({ total: 1, on_error: 1 });
    expect(await get(f.userA, 'summary/?project=100%25')).toMatchObject({ total: 0 });
    expect(await get(f.userA, 'summary/?city=999999')).toMatchObject({ total: 0 });
  });

  it('needs only a signed-in user', async () => {
    expect(await get(f.plainA, 'summary/')).toMatchObject({ total: 2 });
  });
});

describe('inventory counts', () => {
  it('counts active STLT, pole and RMS rows in scope', async () => {
    const url = 'admin_settings/dashboard_inventory/?pagination=false';
    expect(await get(f.userA, url)).toEqual({ stlts: 1, poles: 1, rms: 2 });
    expect(await get(f.userB, url)).toEqual({ stlts: 0, poles: 0, rms: 1 });
    expect(await get(f.plainA, url)).toEqual({ stlts: 1, poles: 1, rms: 2 });
    const all = await get(admin, url);
    expect(all.rms).toBeGreaterThanOrEqual(3);
  });
});

describe('alarm tabs', () => {
  it('lists today’s, unresolved and resolved alarms of the caller’s devices only', async () => {
    const today = await alarmsOf(f.userA, 'page_size=5&is_today=true');
    expect(today).toMatchObject([
      {
        fault_type: 'Device fault (E7)',
        status: 'Unresolved',
        device_data: { id: f.lampA.id, device_id: 'RMS-MON-A1', model: 'RMS-12' },
        activation_data: { city_data: { name: expect.any(String) } },
      },
    ]);
    expect(today).toHaveLength(1);
    const resolved = await alarmsOf(f.userA, 'page_size=5&is_solve=true');
    expect(resolved.map((a: { fault_type: string }) => a.fault_type)).toEqual([
      'Battery low',
      'Device fault (E12)',
    ]);
    const b = await alarmsOf(f.userB, 'page_size=5&is_solve=false');
    expect(b).toMatchObject([{ device_data: { device_id: 'RMS-MON-B1' } }]);
    expect(b).toHaveLength(1);
    expect(await alarmsOf(admin, 'page_size=5&is_solve=false')).toHaveLength(2);
  });

  it('gives at most page_size alarms, newest first', async () => {
    const all = await alarmsOf(f.userA, 'page_size=5');
    expect(all.length).toBeGreaterThanOrEqual(3);
    expect(await alarmsOf(f.userA, 'page_size=1')).toEqual([all[0]]);
  });

  it('refuses a bad flag or a page_size over 5, naming the field', async () => {
    for (const [query, field] of [
      ['is_solve=maybe', 'is_solve'],
      ['is_today=yes', 'is_today'],
      ['page_size=6', 'page_size'],
    ] as const) {
      const res = await fetchAs(f.userA, `admin_settings/alarms/?${query}`);
      expect(res.statusCode).toBe(400);
      expect(res.json().errors).toHaveProperty(field);
    }
  });
});

describe('fleet harvest report', () => {
  const range = () => `pagination=false&start_date=${f.day.d3}&end_date=${f.day.d0}`;
  const harvest = async (session: Session) =>
    (await get(session, `admin_settings/harvest_report/?${range()}`)).map(
      (p: { harvest: number }) => p.harvest,
    );

  it('sums the harvest of the devices the caller sees per local day, never another customer’s', async () => {
    const points = await get(f.userA, `admin_settings/harvest_report/?${range()}`);
    expect(points.map((p: { date: string }) => p.date)).toEqual([f.day.d3, f.day.d2, f.day.d1, f.day.d0]);
    expect(await harvest(f.userA)).toEqual([250, 0, 200, 50]);
    expect(await harvest(f.userB)).toEqual([0, 0, 300, 0]);
    expect(await harvest(f.plainA)).toEqual([250, 0, 200, 50]);
    expect(await harvest(admin)).toEqual([250, 0, 500, 50]);
  });

  it('refuses a range ending more than 12 months after the start month, naming end_date', async () => {
    const ok = await fetchAs(
      f.userA,
      'admin_settings/harvest_report/?start_date=2026-01-15&end_date=2027-01-31',
    );
    expect(ok.statusCode).toBe(200);
    const long = await fetchAs(
      f.userA,
      'admin_settings/harvest_report/?start_date=2026-01-15&end_date=2027-02-01',
    );
    expect(long.statusCode).toBe(400);
    expect(long.json().errors.end_date).toEqual([HARVEST_MESSAGES.tooLong]);
    const missing = await fetchAs(f.userA, 'admin_settings/harvest_report/?end_date=2026-01-31');
    expect(missing.json().errors).toHaveProperty('start_date');
  });
});
