import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays, today } from '../../calendar';
import { rowsOf } from '../../db/rows';
import { dayResolver } from '../../telemetry/day-of';
import { writeBatch } from '../../telemetry/write-batch';
import { bearer, createTestApp, signIn, type Session, type TestApp } from '../../testing/app';
import { addDevice, sample, type TestDevice } from '../../testing/devices';
import { makeOrganization, providerIdOf } from '../../testing/factories';
import { ingest } from '../../testing/monitoring-fleet';
import { variedSamples } from '../../testing/telemetry-reference';
import { addUser } from '../../testing/users';

// The fleet harvest answers from the organizations' daily sums (org_daily_harvest). Through every event
// that changes them (samples in order, late, out of order, a counter reset, reassignments, writers at
// once, a deletion) each caller's answer must equal the device-days of the devices it sees, summed
// again from daily_harvest (in whole mWh, the rollup's unit) by their current organization.

const TZ = 'Asia/Kolkata';
const CODES = ['VIEW_DEVICE_DATA', 'ASSIGN_RMS'];

let t: TestApp;
let admin: Session;
let orgA: number;
let orgB: number;
let orgC: number; // a client of A
let userA: Session;
let userB: Session;
let userC: Session;
let p1: TestDevice; // the provider's
let a1: TestDevice;
let a2: TestDevice;
let b1: TestDevice;
let d0: string;
const day = (n: number) => addDays(d0, -n);
const at = (d: string, time: string) => Date.parse(`${d}T${time}+05:30`);

beforeAll(async () => {
  t = await createTestApp();
  admin = await signIn(t.app);
  const db = t.database.db;
  const provider = await providerIdOf(db);
  const customer = async (companyName: string, parentId = provider) =>
    (await makeOrganization(db, { companyName, permissions: CODES, parentId })).id;
  orgA = await customer('Rollup A');
  orgB = await customer('Rollup B');
  orgC = await customer('Rollup C', orgA);
  userA = await addUser(t, orgA, 'boss@rollup-a.example', CODES);
  userB = await addUser(t, orgB, 'boss@rollup-b.example', CODES);
  userC = await addUser(t, orgC, 'boss@rollup-c.example', CODES);
  p1 = await addDevice(t, 'RMS-ROLL-P1');
  a1 = await addDevice(t, 'RMS-ROLL-A1', orgA);
  a2 = await addDevice(t, 'RMS-ROLL-A2', orgA);
  b1 = await addDevice(t, 'RMS-ROLL-B1', orgB);
  d0 = today(TZ);
});
afterAll(() => t.close());

const range = () => ({ start: day(6), end: d0 });

/** The API's fleet harvest of the caller, by day. */
async function answered(session: Session): Promise<Record<string, number>> {
  const { start, end } = range();
  const res = await t.app.inject({
    method: 'GET',
    url: `/api/v1/admin_settings/harvest_report/?start_date=${start}&end_date=${end}`,
    headers: bearer(session),
  });
  expect(res.statusCode).toBe(200);
  return Object.fromEntries(
    (res.json() as { date: string; harvest: number }[]).map((p) => [p.date, p.harvest]),
  );
}

/** The device-days summed again, of one organization's devices (or every device), by day. */
async function summedAgain(organization: number | null): Promise<Record<string, number>> {
  const { start, end } = range();
  const rows = await rowsOf<{ day: string; wh: number }>(
    t.database.db,
    sql`select to_char(h.day, 'YYYY-MM-DD') as day, sum(round(h.harvest_wh * 1000)::bigint)::float8 / 1000 as wh
        from daily_harvest h join rms_devices d on d.id = h.device_id
        where h.day between ${start}::date and ${end}::date
          and (${organization}::int is null or d.organization_id = ${organization}::int)
        group by 1`,
  );
  const byDay = new Map(rows.map((r) => [r.day, Number(r.wh)]));
  const result: Record<string, number> = {};
  for (let d = start; d <= end; d = addDays(d, 1)) result[d] = byDay.get(d) ?? 0;
  return result;
}

async function expectEveryCallerMatches() {
  expect(await answered(admin)).toEqual(await summedAgain(null));
  expect(await answered(userA)).toEqual(await summedAgain(orgA));
  expect(await answered(userB)).toEqual(await summedAgain(orgB));
  expect(await answered(userC)).toEqual(await summedAgain(orgC));
}

async function assign(session: Session, device: TestDevice, buyer: number) {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/v1/devices/assign_rms/',
    headers: bearer(session),
    payload: { device: device.id, buyer, expiry_date: addDays(d0, 365), device_type: 'RMS 12V GSM' },
  });
  expect(res.statusCode).toBe(201);
}

describe('fleet harvest from the organizations’ daily sums', () => {
  it('equals the device-days summed again for samples in order, late, out of order and after a reset', async () => {
    await ingest(t, a1, [
      sample(at(day(5), '10:00:00'), { energy_wh: 1000.1234 }),
      sample(at(day(5), '12:00:00'), { energy_wh: 1100.4567 }),
      sample(at(day(4), '10:00:00'), { energy_wh: 1200 }),
      sample(at(day(4), '14:00:00'), { energy_wh: 1250.5 }),
    ]);
    await ingest(t, a2, [
      sample(at(day(5), '09:00:00'), { energy_wh: 50 }),
      sample(at(day(5), '15:00:00'), { energy_wh: 80.25 }),
    ]);
    await ingest(t, b1, [
      sample(at(day(4), '09:00:00'), { energy_wh: 10 }),
      sample(at(day(4), '11:00:00'), { energy_wh: 310.125 }),
    ]);
    await ingest(t, p1, [
      sample(at(day(3), '09:00:00'), { energy_wh: 5 }),
      sample(at(day(3), '16:00:00'), { energy_wh: 45.5 }),
    ]);
    expect((await answered(userB))[day(4)]).toBe(300.125);
    await expectEveryCallerMatches();

    // Late but in order for its day (extends day 5), then older than day 4's newest (recomputed).
    await ingest(t, a1, [sample(at(day(5), '17:00:00'), { energy_wh: 1130 })]);
    await ingest(t, a1, [sample(at(day(4), '12:00:00'), { energy_wh: 1240.75 })]);
    // A counter reset on day 3 of A's second device.
    await ingest(t, a2, [
      sample(at(day(3), '09:00:00'), { energy_wh: 90 }),
      sample(at(day(3), '10:00:00'), { energy_wh: 2.5 }),
      sample(at(day(3), '11:00:00'), { energy_wh: 7 }),
    ]);
    expect((await answered(userA))[day(3)]).toBe(7);
    await expectEveryCallerMatches();
  });

  it('moves a device’s days with it when it is reassigned, and keeps counting its new samples there', async () => {
    const aBefore = await answered(userA);
    await assign(admin, p1, orgA);
    await assign(userA, a1, orgC);
    const cNow = await answered(userC);
    expect(cNow[day(5)]).toBeGreaterThan(0);
    expect((await answered(userA))[day(5)]).toBe(aBefore[day(5)]! - cNow[day(5)]!);
    await ingest(t, a1, [sample(at(day(2), '10:00:00'), { energy_wh: 1300 })]);
    await ingest(t, a1, [sample(at(day(2), '13:00:00'), { energy_wh: 1333.333 })]);
    await ingest(t, p1, [sample(at(day(3), '12:00:00'), { energy_wh: 20 })]);
    await expectEveryCallerMatches();
  });

  it('stays exact with the writers and a reassignment at once', async () => {
    const dayOf = dayResolver(TZ);
    const from = at(day(6), '00:00:00');
    // Each batch is one writer's (devices by id modulo the writers); b1's is late for days it has.
    const batches = [a2, b1, p1, a1].map((d, k) =>
      variedSamples(d.id, from, from + 5 * 86_400_000, 3_600_000, k + 3),
    );
    await Promise.all([
      ...batches.map((rows) => writeBatch(t.database.db, rows, dayOf)),
      assign(userA, a2, orgC),
    ]);
    await expectEveryCallerMatches();
  });

  it('keeps a deleted device’s days counted, as before', async () => {
    const adminBefore = await answered(admin);
    const res = await t.app.inject({
      method: 'PUT',
      url: '/api/v1/devices/rms/',
      headers: bearer(admin),
      payload: { id: b1.id, is_active: false },
    });
    expect(res.statusCode).toBeLessThan(300);
    expect(await answered(admin)).toEqual(adminBefore);
    await expectEveryCallerMatches();
  });
});
