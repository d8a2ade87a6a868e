import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { HARVEST_MESSAGES, harvestPoint } from '@rms/contracts/monitoring';
import { bearer, createTestApp, signIn, type Session, type TestApp } from '../../testing/app';
import { buildFleet, type Fleet } from '../../testing/monitoring-fleet';

// Device analysis, the alarms view and energy harvest (spec 02 §2–§5): every figure comes from samples
// sent through ingest, and a customer never receives another customer's device data.

let t: TestApp;
let admin: Session;
let f: Fleet;

beforeAll(async () => {
  t = await createTestApp();
  admin = await signIn(t.app);
  f = await buildFleet(t);
});
afterAll(() => t.close());

const get = (session: Session, url: string) =>
  t.app.inject({ method: 'GET', url: `/api/v1/${url}`, headers: bearer(session) });
const iso = (ms: number) => new Date(ms).toISOString();

describe('live report', () => {
  it('answers the newest sample, the activation, the parameters and today’s load times', async () => {
    const res = await get(f.userA, `monitoring/live_report/?device=${f.lampA.id}`);
    expect(res.statusCode).toBe(200);
    const r = res.json();
    expect(r).toMatchObject({
      status: 'On Error',
      stlt_id: 'STLT-A1',
      pole_id: 'POLE-A1',
      rms_id: 'RMS-MON-A1',
      panel_id: 'PNL-1',
      battery_id: 'BAT-1',
      signal_strength: 65,
      telecom: 'Airtel',
      device_phone: null,
      total_energy: 1600,
      last_update: iso(f.at(f.day.d0, '00:00:03')),
      brightness_lvl: 40,
      full_brightness_hour: 5,
      half_brightness_hour: 6,
      load_voltage: 12,
      load_current: 1.5,
      load_on_time: iso(f.at(f.day.d0, '00:00:01')),
      load_off_time: iso(f.at(f.day.d0, '00:00:02')),
      voltage: 12.6,
      charging_current: 1.5,
      discharging_current: 0.4,
      state_of_charge: 55,
      pv_voltage: 18,
      pv_current: 2.5,
      mppt_efficiency: 80,
    });
    expect(r.load_power).toBeCloseTo(18);
    expect(r.pv_power).toBeCloseTo(45);
  });

  it('is all nulls but the RMS ID for an activated device that never reported', async () => {
    const r = (await get(f.userA, `monitoring/live_report/?device=${f.quietA.id}`)).json();
    expect(r).toMatchObject({ status: null, rms_id: 'RMS-MON-A2', stlt_id: null, last_update: null });
    expect(r).toMatchObject({ load_power: null, pv_power: null, load_on_time: null, total_energy: null });
  });

  it('is 404 for another organization’s device', async () => {
    expect((await get(f.userB, `monitoring/live_report/?device=${f.lampA.id}`)).statusCode).toBe(404);
    expect((await get(f.userA, `monitoring/live_report/?device=${f.lampB.id}`)).statusCode).toBe(404);
    expect((await get(admin, `monitoring/live_report/?device=${f.lampB.id}`)).statusCode).toBe(200);
  });
});

describe('MPPT efficiency', () => {
  it('averages daytime samples per local day over the last 7 days, oldest first', async () => {
    const res = await get(f.userA, `monitoring/mppt_efficiency/?device=${f.lampA.id}`);
    expect(res.statusCode).toBe(200);
    const days = res.json<{ date: string; mppt: number | null }[]>();
    expect(days).toHaveLength(7);
    expect(days[6]).toEqual({ date: f.day.d0, mppt: 70 });
    expect(days.slice(3)).toEqual([
      { date: f.day.d3, mppt: 92 },
      { date: f.day.d2, mppt: null },
      { date: f.day.d1, mppt: 80 },
      { date: f.day.d0, mppt: 70 },
    ]);
    expect(days.slice(0, 3).every((d) => d.mppt === null)).toBe(true);
    expect((await get(f.userB, `monitoring/mppt_efficiency/?device=${f.lampA.id}`)).statusCode).toBe(404);
  });
});

describe('alarm status of a device', () => {
  it('lists its alarms newest first with labels, times and status', async () => {
    const res = await get(f.userA, `monitoring/alarm_status/?device=${f.lampA.id}`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual([
      {
        id: expect.any(Number),
        fault_type: 'Device fault (E7)',
        fault_time: iso(f.at(f.day.d0, '00:00:03')),
        resolution_time: null,
        status: 'Unresolved',
        kind: 'fault',
        severity: 'major',
        acknowledged_at: null,
      },
      {
        id: expect.any(Number),
        fault_type: 'Battery low',
        fault_time: iso(f.at(f.day.d1, '12:00:00')),
        resolution_time: iso(f.at(f.day.d0, '00:00:03')),
        status: 'Resolved',
        kind: 'battery_low',
        severity: 'minor',
        acknowledged_at: null,
      },
      {
        id: expect.any(Number),
        fault_type: 'Device fault (E12)',
        fault_time: expect.any(String),
        resolution_time: iso(f.at(f.day.d1, '12:00:00')),
        status: 'Resolved',
        kind: 'fault',
        severity: 'major',
        acknowledged_at: null,
      },
    ]);
    expect((await get(f.userB, `monitoring/alarm_status/?device=${f.lampA.id}`)).statusCode).toBe(404);
  });
});

describe('alarms view', () => {
  it('pages the alarms in scope, newest fault first, filtered by is_solve and device', async () => {
    const res = await get(f.userA, 'monitoring/alarms/?page=1&page_size=2');
    expect(res.statusCode).toBe(200);
    const page = res.json();
    expect(page).toMatchObject({ count: 3, current: 1, next: 2 });
    expect(page.results[0]).toMatchObject({
      device_data: { id: f.lampA.id, device_id: 'RMS-MON-A1' },
      fault_type: 'Device fault (E7)',
      status: 'Unresolved',
    });
    const solved = (await get(f.userA, 'monitoring/alarms/?is_solve=true')).json();
    expect(solved.results.map((a: { fault_type: string }) => a.fault_type)).toEqual([
      'Battery low',
      'Device fault (E12)',
    ]);
    const open = (await get(f.userA, `monitoring/alarms/?is_solve=false&device=${f.lampA.id}`)).json();
    expect(open.count).toBe(1);
  });

  it('never shows customer A customer B’s alarms, and the provider sees both', async () => {
    const a = (await get(f.userA, 'monitoring/alarms/?pagination=false')).json<
      { device_data: { id: number } }[]
    >();
    expect(a.every((row) => row.device_data.id === f.lampA.id)).toBe(true);
    const b = (await get(f.userB, 'monitoring/alarms/?pagination=false')).json();
    expect(b).toMatchObject([{ device_data: { device_id: 'RMS-MON-B1' }, fault_type: 'Device fault (E99)' }]);
    expect((await get(admin, 'monitoring/alarms/')).json().count).toBe(4);
    expect((await get(f.userB, `monitoring/alarms/?device=${f.lampA.id}`)).statusCode).toBe(404);
  });

  it('needs VIEW_DEVICE_DATA (403)', async () => {
    expect((await get(f.plainA, 'monitoring/alarms/')).statusCode).toBe(403);
  });
});

describe('energy harvest', () => {
  const range = () => `start_date=${f.day.d3}&end_date=${f.day.d0}&pagination=false`;

  it('gives one point per local day for a device, 0 on a day without data', async () => {
    const res = await get(f.userA, `monitoring/harvest/?device=${f.lampA.id}&${range()}`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual([
      { date: f.day.d3, harvest: 250 },
      { date: f.day.d2, harvest: 0 },
      { date: f.day.d1, harvest: 200 },
      { date: f.day.d0, harvest: 50 },
    ]);
    expect((await get(f.userB, `monitoring/harvest/?device=${f.lampA.id}&${range()}`)).statusCode).toBe(404);
  });

  it('sums the fleet the caller sees per day, never another customer’s devices', async () => {
    const harvest = async (session: Session) =>
      (await get(session, `monitoring/harvest/?${range()}`))
        .json<{ harvest: number }[]>()
        .map((p) => p.harvest);
    expect(await harvest(f.userA)).toEqual([250, 0, 200, 50]);
    expect(await harvest(f.userB)).toEqual([0, 0, 300, 0]);
    expect(await harvest(admin)).toEqual([250, 0, 500, 50]);
  });

  it('refuses an end before the start or past 12 months after the start’s month, naming end_date', async () => {
    const ok = await get(f.userA, 'monitoring/harvest/?start_date=2026-01-15&end_date=2027-01-31');
    expect(ok.statusCode).toBe(200);
    expect(ok.headers['content-type']).toBe('application/json; charset=utf-8');
    // Every day of the range once, in order across the new year, each a point of the contract.
    const points = z.array(harvestPoint).parse(ok.json());
    expect(points).toHaveLength(382);
    const dates = points.map((p) => p.date);
    expect([dates[0], dates[350], dates[351], dates.at(-1)]).toEqual([
      '2026-01-15',
      '2026-12-31',
      '2027-01-01',
      '2027-01-31',
    ]);
    expect(new Set(dates).size).toBe(382);
    const long = await get(f.userA, 'monitoring/harvest/?start_date=2026-01-15&end_date=2027-02-01');
    expect(long.statusCode).toBe(400);
    expect(long.json().errors.end_date).toEqual([HARVEST_MESSAGES.tooLong]);
    const backwards = await get(f.userA, 'monitoring/harvest/?start_date=2026-03-02&end_date=2026-03-01');
    expect(backwards.statusCode).toBe(400);
    expect(backwards.json().errors.end_date).toEqual([HARVEST_MESSAGES.endBeforeStart]);
    const bad = await get(f.userA, 'monitoring/harvest/?start_date=2026-3-1&end_date=2026-03-01');
    expect(bad.json().errors).toHaveProperty('start_date');
  });
});
