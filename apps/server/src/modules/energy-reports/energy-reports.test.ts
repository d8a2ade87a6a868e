import path from 'node:path';
import ExcelJS from 'exceljs';
import pino from 'pino';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { EnergyReport, EnergySubscriptionRow } from '@rms/contracts/energy-reports';
import { addDays, today } from '../../calendar';
import { rowsOf } from '../../db/rows';
import { deviceParameters } from '../../db/schema/parameters';
import { deviceNightPlans, deviceGroups, deviceGroupMembers } from '../../db/schema/lighting';
import { createMailer } from '../../mail/mailer';
import { bearer, createTestApp, signIn, type Session, type TestApp } from '../../testing/app';
import { makeActivation, makeDevice, makeOrganization, sampleRow } from '../../testing/factories';
import { mailsTo } from '../../testing/outbox';
import { addUser } from '../../testing/users';
import { dayResolver } from '../../telemetry/day-of';
import type { SampleRow } from '../../telemetry/sample-row';
import { rollUpClosedHours } from '../../telemetry/storage/rollups';
import { DEFAULT_STORAGE } from '../../telemetry/storage/settings';
import { writeBatch } from '../../telemetry/write-batch';
import { monthBefore, sendMonthlyReports } from './monthly-mail';
import { monthEnd } from './scope';

// The energy report (docs/energy-reports.md), end to end from samples: the ingest's batches, the
// rollups, the night plans and each lamp's parameters give the month's figures per device and fleet;
// it narrows by project and group, keeps organizations apart, exports xlsx and PDF, and mails each
// subscription's month once.

const TZ = 'Asia/Kolkata';
const OFFSET = 5.5 * 3_600_000;
const HOUR = 3_600_000;
const URL = '/api/v1/lighting/energy-report/';

let t: TestApp;
let admin: Session;
let reader: Session;
let readerB: Session;
let nobody: Session;
let orgA: number;
let orgB: number;
let groupA: number;
let groupB: number;
/** The month before this one, and the day in it the lights reported. */
let month: string;
let day: string;

const get = (who: Session, url: string) => t.app.inject({ method: 'GET', url, headers: bearer(who) });
async function report(who: Session, query: string): Promise<EnergyReport> {
  const res = await get(who, `${URL}?${query}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json<EnergyReport>();
}

/** Samples every 5 minutes of local `day`, the lamp drawing `volts` × `amps` in the hours `lit` says. */
function nightOf(deviceId: number, lit: (hour: number) => boolean, volts: number, amps: number): SampleRow[] {
  const start = Date.parse(`${day}T00:00:00Z`) - OFFSET;
  const rows: SampleRow[] = [];
  let energy = 5000;
  for (let ts = start; ts < start + 24 * HOUR; ts += 5 * 60_000) {
    const hour = Math.floor((ts - start) / HOUR);
    const on = lit(hour);
    const sun = hour >= 7 && hour < 17;
    if (sun) energy += 10; // 120 Wh an hour of sun: 1.2 kWh a day
    rows.push(
      sampleRow(deviceId, ts, {
        loV: on ? volts : 0,
        loI: on ? amps : 0,
        loSts: on ? 1 : 0,
        pvI: sun ? 3 : 0,
        energyWh: energy,
      }),
    );
  }
  return rows;
}

beforeAll(async () => {
  t = await createTestApp();
  admin = await signIn(t.app);
  const db = t.database.db;
  const codes = ['VIEW_ENERGY_REPORTS', 'VIEW_DEVICE_DATA'];
  orgA = (
    await makeOrganization(db, { companyName: 'Energy A', email: 'a@energy-a.example', permissions: codes })
  ).id;
  orgB = (
    await makeOrganization(db, { companyName: 'Energy B', email: 'b@energy-b.example', permissions: codes })
  ).id;
  reader = await addUser(t, orgA, 'reader@energy-a.example', ['VIEW_ENERGY_REPORTS']);
  readerB = await addUser(t, orgB, 'reader@energy-b.example', ['VIEW_ENERGY_REPORTS']);
  nobody = await addUser(t, orgA, 'nobody@energy-a.example', ['VIEW_DEVICE_DATA']);
  month = monthBefore(today(TZ));
  day = `${month}-15`;

  const planned = (await makeDevice(db, { code: 'NRG-PLANNED', organizationId: orgA })).id;
  const own = (await makeDevice(db, { code: 'NRG-OWN', organizationId: orgA })).id;
  const other = (await makeDevice(db, { code: 'NRG-B', organizationId: orgB })).id;
  await makeActivation(db, { organizationId: orgA, deviceId: planned, name: 'Ring Road' });
  await makeActivation(db, { organizationId: orgA, deviceId: own, name: 'Old Town' });
  await makeActivation(db, { organizationId: orgB, deviceId: other, name: 'Ring Road' });
  // The planned lamp is rated 40 W; the others keep the default 30 W.
  await db
    .insert(deviceParameters)
    .values({ deviceId: planned, version: 1, values: { load_regulation: 40 } });
  // Its night: 12 hours dusk to dawn, 10 of them planned lit.
  await db.insert(deviceNightPlans).values({
    day,
    deviceId: planned,
    nightMinutes: 720,
    plannedMinutes: 600,
    plannedShare: 0.7,
  });
  const dayOf = dayResolver(TZ);
  // 12 h lit at 24 W (288 Wh); 5 h at 12 W (60 Wh); B's lamp 10 h at 12 W.
  await writeBatch(
    db,
    nightOf(planned, (h) => h < 6 || h >= 18, 12, 2),
    dayOf,
  );
  await writeBatch(
    db,
    nightOf(own, (h) => h < 5, 12, 1),
    dayOf,
  );
  await writeBatch(
    db,
    nightOf(other, (h) => h < 10, 12, 1),
    dayOf,
  );
  await rollUpClosedHours(db, new Date(Date.parse(`${addDays(day, 1)}T02:00:00Z`)), TZ, DEFAULT_STORAGE);

  const [a] = await db
    .insert(deviceGroups)
    .values({ organizationId: orgA, name: 'Old Town lights', kind: 'static' })
    .returning({ id: deviceGroups.id });
  groupA = a!.id;
  await db.insert(deviceGroupMembers).values({ groupId: groupA, deviceId: own });
  const [b] = await db
    .insert(deviceGroups)
    .values({ organizationId: orgB, name: 'B lights', kind: 'static' })
    .returning({ id: deviceGroups.id });
  groupB = b!.id;
});
afterAll(() => t.close());

describe('energy report', () => {
  it("gives each light's month and the fleet's from its rollups, plans and parameters", async () => {
    const r = await report(reader, `month=${month}`);
    expect(r).toMatchObject({
      month,
      organization: { id: orgA, name: 'Energy A' },
      devices_reporting: 2,
      grid_co2_kg_per_kwh: 0.716,
    });
    const [own, planned] = r.devices.results; // by RMS ID
    expect(planned).toMatchObject({
      device: { code: 'NRG-PLANNED' },
      project: 'Ring Road',
      days: 1,
      burning_hours: 12,
      lamp_kwh: 0.288,
      harvest_kwh: 1.2,
      planned_hours: 10,
      // Lit all 10 planned hours (the 2 beyond the plan are not counted twice).
      availability_percent: 100,
      // 12 h × 40 W at full brightness, against the 288 Wh it drew.
      full_night_kwh: 0.48,
      saved_kwh: 0.192,
      saved_percent: 40,
      // 40 Ah × 12.8 V over a 288 Wh night.
      autonomy_days: 1.8,
      co2_avoided_kg: 0.21,
    });
    expect(own).toMatchObject({
      device: { code: 'NRG-OWN' },
      burning_hours: 5,
      lamp_kwh: 0.06,
      planned_hours: null,
      availability_percent: null,
      saved_kwh: null,
      autonomy_days: 8.5,
    });
    expect(r.totals).toMatchObject({
      burning_hours: 17,
      lamp_kwh: 0.348,
      harvest_kwh: 2.4,
      planned_hours: 10,
      availability_percent: 100,
      full_night_kwh: 0.48,
      saved_kwh: 0.192,
      saved_percent: 40,
      co2_avoided_kg: 0.25,
    });
    // Every day of the month, the readings on theirs.
    expect(r.days).toHaveLength(Number(monthEnd(month).slice(8)));
    expect(r.days.find((d) => d.day === day)).toEqual({
      day,
      lamp_kwh: 0.348,
      harvest_kwh: 2.4,
      burning_hours: 17,
      full_night_kwh: 0.48,
    });
    expect(r.days.find((d) => d.day === addDays(day, 1))).toMatchObject({
      lamp_kwh: 0,
      full_night_kwh: null,
    });
  });

  it('narrows to a project or a group, pages and orders its devices', async () => {
    const ring = await report(reader, `month=${month}&project=Ring%20Road`);
    expect(ring.devices.results.map((d) => d.device.code)).toEqual(['NRG-PLANNED']);
    const grouped = await report(reader, `month=${month}&group=${groupA}`);
    expect(grouped.group).toEqual({ id: groupA, name: 'Old Town lights' });
    expect(grouped.devices.results.map((d) => d.device.code)).toEqual(['NRG-OWN']);
    const paged = await report(reader, `month=${month}&page_size=1&page=2&ordering=-lamp_kwh`);
    expect(paged.devices).toMatchObject({ count: 2, current: 2, next: null });
    expect(paged.devices.results.map((d) => d.device.code)).toEqual(['NRG-OWN']);
  });

  it('keeps organizations apart; the provider sees one or the whole fleet', async () => {
    const b = await report(readerB, `month=${month}`);
    expect(b.devices.results.map((d) => d.device.code)).toEqual(['NRG-B']);
    expect(b.totals.burning_hours).toBe(10);
    expect((await get(readerB, `${URL}?month=${month}&organization=${orgA}`)).statusCode).toBe(404);
    expect((await get(readerB, `${URL}?month=${month}&group=${groupA}`)).statusCode).toBe(404);
    expect((await get(reader, `${URL}?month=${month}&group=${groupB}`)).statusCode).toBe(404);
    const fleet = await report(admin, `month=${month}`);
    expect(fleet.organization).toBeNull();
    expect(fleet.devices_reporting).toBe(3);
    const one = await report(admin, `month=${month}&organization=${orgB}`);
    expect(one.devices.results.map((d) => d.device.code)).toEqual(['NRG-B']);
    // Without the code: 403, and no figures.
    expect((await get(nobody, `${URL}?month=${month}`)).statusCode).toBe(403);
  });

  it('refuses a month badly written or not begun, naming the field', async () => {
    for (const bad of ['2026-13', '26-01', '', '0000-01', '1999-12']) {
      const res = await get(reader, `${URL}?month=${bad}`);
      expect(res.statusCode).toBe(400);
      expect(res.json<{ errors: Record<string, string[]> }>().errors).toHaveProperty('month');
    }
    const future = await get(reader, `${URL}?month=${addDays(today(TZ), 40).slice(0, 7)}`);
    expect(future.statusCode).toBe(400);
    expect(future.json<{ errors: Record<string, string[]> }>().errors.month).toEqual([
      'The month has not begun yet',
    ]);
  });

  it('exports every device as xlsx and the report as PDF', async () => {
    const xlsx = await get(reader, `${URL}export/?month=${month}&format=xlsx`);
    expect(xlsx.statusCode).toBe(200);
    expect(xlsx.headers['content-disposition']).toContain(`energy-report-${month}.xlsx`);
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(xlsx.rawPayload as unknown as ArrayBuffer);
    const devices = book.getWorksheet('Devices')!;
    expect(devices.getRow(1).getCell(1).value).toBe('RMS ID');
    expect(devices.getRow(3).getCell(1).value).toBe('NRG-PLANNED');
    expect(devices.rowCount).toBe(3);
    const pdf = await get(reader, `${URL}export/?month=${month}&format=pdf`);
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect(pdf.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    expect((await get(reader, `${URL}export/?month=${month}&format=csv`)).statusCode).toBe(400);
  });
});

describe('monthly e-mail', () => {
  const subscriptions = `${URL}subscriptions/`;
  const send = (who: Session, method: 'POST' | 'PUT' | 'DELETE', url: string, payload?: object) =>
    t.app.inject({ method, url, headers: bearer(who), ...(payload && { payload }) });

  it('is kept per organization, refuses bad recipients by field, and changes only what is sent', async () => {
    const bad = await send(reader, 'POST', subscriptions, { recipients: ['not-an-address'] });
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(bad.json<{ errors: object }>().errors)[0]).toMatch(/^recipients/);
    expect((await send(reader, 'POST', subscriptions, { recipients: [] })).statusCode).toBe(400);
    const made = await send(reader, 'POST', subscriptions, { recipients: ['city@energy-a.example'] });
    expect(made.statusCode, made.body).toBe(201);
    const { subscription } = made.json<{ subscription: EnergySubscriptionRow }>();
    expect(subscription).toMatchObject({ organization: { id: orgA }, project: null, last_sent_month: null });
    // B neither sees nor changes it.
    expect((await get(readerB, subscriptions)).json()).toEqual([]);
    expect(
      (await send(readerB, 'PUT', `${subscriptions}${subscription.id}/`, { project: 'x' })).statusCode,
    ).toBe(404);
    expect((await send(readerB, 'DELETE', `${subscriptions}${subscription.id}/`)).statusCode).toBe(404);
    expect(
      (await send(reader, 'POST', subscriptions, { organization: orgB, recipients: ['x@y.example'] }))
        .statusCode,
    ).toBe(404);
    // A change of the project keeps the recipients.
    const changed = await send(reader, 'PUT', `${subscriptions}${subscription.id}/`, {
      project: 'Ring Road',
    });
    expect(changed.json<{ subscription: EnergySubscriptionRow }>().subscription).toMatchObject({
      project: 'Ring Road',
      recipients: ['city@energy-a.example'],
    });
  });

  it("mails the month before once, with its PDF and workbook, from the month's first day", async () => {
    const mailer = createMailer({
      from: 'RMS Console <no-reply@localhost>',
      outboxDir: path.join(t.config.dataDir, 'outbox'),
      log: pino({ level: 'silent' }),
    });
    const deps = {
      db: t.database.db,
      mailer,
      publicUrl: 'http://console.example',
      log: pino({ level: 'silent' }),
      timeZone: TZ,
      gridFactor: 0.716,
    };
    // On the first of the month after `month`, local time.
    const firstOfNext = new Date(Date.parse(`${addDays(monthEnd(month), 1)}T00:30:00Z`) - OFFSET);
    expect(await sendMonthlyReports(deps, firstOfNext)).toBe(1);
    expect(await sendMonthlyReports(deps, firstOfNext)).toBe(0);
    const [mail] = mailsTo(t.config.dataDir, 'city@energy-a.example');
    expect(mail).toContain(`Subject: RMS Console: energy report ${month}, Energy A, project Ring Road`);
    expect(mail).toContain('Lamp energy: 0.288 kWh');
    expect(mail).toContain(`energy-report-${month}.pdf`);
    expect(mail).toContain(`energy-report-${month}.xlsx`);
    const [row] = await rowsOf(t.database.db, sql`select last_sent_month from energy_report_subscriptions`);
    expect(row).toEqual({ last_sent_month: month });
  });
});
