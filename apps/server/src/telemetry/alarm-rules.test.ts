import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays, today } from '../calendar';
import { rowsOf } from '../db/rows';
import { bearer, createTestApp, signIn, type Session, type TestApp } from '../testing/app';
import { addDevice, sample, type TestDevice } from '../testing/devices';
import { makeActivations, makeOrganization } from '../testing/factories';
import { ingest } from '../testing/monitoring-fleet';

// Alarm rules judged on real ingest and by the periodic sweep (docs/alarms.md): hold times, hysteresis,
// the project's rule over the organization's over the default, a change applying to the next sample
// without a restart, communication loss after the rule's minutes, and a panel far below its neighbours.

let t: TestApp;
let admin: Session;
let org: number;
let other: number;
let serial = 0;

interface AlarmRecord {
  id: number;
  kind: string;
  severity: string;
  rule_id: number | null;
  resolved: boolean;
}

const MIN = 60_000;

/** A device of the organization in `project`, placed at lat/lng (for panel_low). */
async function device(
  project: string,
  where: { lat: number; lng: number } = { lat: 28.6, lng: 77.2 },
  organization = org,
) {
  const d = await addDevice(t, `RMS-RULE-${++serial}`, organization);
  await makeActivations(t.database.db, [
    {
      name: project,
      deviceId: d.id,
      organizationId: organization,
      latitude: where.lat,
      longitude: where.lng,
    },
  ]);
  return d;
}

const alarmsOf = (d: TestDevice, kind: string) =>
  rowsOf<AlarmRecord>(
    t.database.db,
    sql`select id, kind, severity, rule_id, resolution_time is not null as resolved from alarms
        where device_id = ${d.id} and kind = ${kind} order by id`,
  );

async function addRule(body: Record<string, unknown>): Promise<number> {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/v1/monitoring/alarm-rules/',
    headers: bearer(admin),
    payload: { organization: org, ...body },
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json<{ rule: { id: number } }>().rule.id;
}

async function changeRule(id: number, body: Record<string, unknown>) {
  const res = await t.app.inject({
    method: 'PUT',
    url: `/api/v1/monitoring/alarm-rules/${id}/`,
    headers: bearer(admin),
    payload: body,
  });
  expect(res.statusCode, res.body).toBe(200);
}

async function deleteRules() {
  await t.database.db.execute(sql`delete from alarm_rules`);
  await t.app.alarmRules.reload();
}

beforeAll(async () => {
  t = await createTestApp();
  admin = await signIn(t.app);
  org = (await makeOrganization(t.database.db, { companyName: 'Rules Co', email: 'rules@rules.example' })).id;
  other = (await makeOrganization(t.database.db, { companyName: 'Other Co', email: 'other@other.example' }))
    .id;
});
afterAll(() => t.close());

describe('flapping', () => {
  it('a battery toggling every 5 seconds raises one alarm, cleared only once the clear condition held', async () => {
    const rule = await addRule({ kind: 'battery_low', clear_hold_minutes: 5 });
    const lamp = await device('Flap Street');
    const start = Date.now() - 30 * MIN;
    // Three minutes of SOC 15 % / 35 % alternating every 5 s: below 20 raises, 30 and over is the clear side.
    for (let i = 0; i < 36; i++) await ingest(t, lamp, [sample(start + i * 5000, { soc: i % 2 ? 35 : 15 })]);
    let alarms = await alarmsOf(lamp, 'battery_low');
    expect(alarms).toEqual([expect.objectContaining({ rule_id: rule, resolved: false })]);
    // Then healthy every 30 s: still open before the 5 minutes have passed, cleared after.
    const healthyFrom = start + 36 * 5000;
    for (let i = 0; i < 10; i++) await ingest(t, lamp, [sample(healthyFrom + i * 30_000, { soc: 35 })]);
    expect((await alarmsOf(lamp, 'battery_low'))[0]!.resolved).toBe(false);
    await ingest(t, lamp, [sample(healthyFrom + 5 * MIN, { soc: 35 })]);
    alarms = await alarmsOf(lamp, 'battery_low');
    expect(alarms).toHaveLength(1);
    expect(alarms[0]!.resolved).toBe(true);
    await deleteRules();
  });

  it('without a rule, the same flapping raises and clears over and over (the default holds nothing)', async () => {
    const lamp = await device('Flap Default');
    const start = Date.now() - 30 * MIN;
    for (let i = 0; i < 6; i++) await ingest(t, lamp, [sample(start + i * 5000, { soc: i % 2 ? 35 : 15 })]);
    expect(await alarmsOf(lamp, 'battery_low')).toHaveLength(3);
  });
});

describe('hold time', () => {
  it('raises a load fault only once it held the rule minutes, with the rule severity and id', async () => {
    const rule = await addRule({ kind: 'load_fault', hold_minutes: 3, severity: 'major' });
    const lamp = await device('Hold Street');
    const start = Date.now() - 30 * MIN;
    const dark = { lo_sts: 1, brightness: 80, lo_i: 0 };
    for (let i = 0; i < 3; i++) await ingest(t, lamp, [sample(start + i * MIN, dark)]);
    expect(await alarmsOf(lamp, 'load_fault')).toEqual([]);
    // A lit sample in between starts the count again.
    await ingest(t, lamp, [sample(start + 3 * MIN, { lo_sts: 1, brightness: 80, lo_i: 1.2 })]);
    await ingest(t, lamp, [sample(start + 4 * MIN, dark)]);
    await ingest(t, lamp, [sample(start + 6 * MIN, dark)]);
    expect(await alarmsOf(lamp, 'load_fault')).toEqual([]);
    await ingest(t, lamp, [sample(start + 7 * MIN, dark)]);
    expect(await alarmsOf(lamp, 'load_fault')).toEqual([
      expect.objectContaining({ severity: 'major', rule_id: rule, resolved: false }),
    ]);
    await deleteRules();
  });
});

describe('hysteresis', () => {
  it('raises below the raise threshold and clears only at the clear threshold', async () => {
    await addRule({ kind: 'battery_low', params: { soc_below: 40, soc_clear_from: 60 } });
    const lamp = await device('Hysteresis Street');
    const start = Date.now() - 30 * MIN;
    await ingest(t, lamp, [sample(start, { soc: 39 })]);
    await ingest(t, lamp, [sample(start + MIN, { soc: 55 })]);
    expect(await alarmsOf(lamp, 'battery_low')).toEqual([expect.objectContaining({ resolved: false })]);
    await ingest(t, lamp, [sample(start + 2 * MIN, { soc: 60 })]);
    expect(await alarmsOf(lamp, 'battery_low')).toEqual([expect.objectContaining({ resolved: true })]);
    await deleteRules();
  });

  it('raises on the battery voltage when the rule sets one', async () => {
    await addRule({ kind: 'battery_low', params: { volts_below: 11.5, volts_clear_from: 12.2 } });
    const lamp = await device('Volts Street');
    const start = Date.now() - 30 * MIN;
    await ingest(t, lamp, [sample(start, { soc: 80, bt_v: 11.2 })]);
    await ingest(t, lamp, [sample(start + MIN, { soc: 80, bt_v: 12 })]);
    expect(await alarmsOf(lamp, 'battery_low')).toEqual([expect.objectContaining({ resolved: false })]);
    await ingest(t, lamp, [sample(start + 2 * MIN, { soc: 80, bt_v: 12.4 })]);
    expect(await alarmsOf(lamp, 'battery_low')).toEqual([expect.objectContaining({ resolved: true })]);
    await deleteRules();
  });
});

describe('precedence and changes', () => {
  it("judges a device by its project's rule, else its organization's, else the default", async () => {
    const orgRule = await addRule({ kind: 'battery_low', params: { soc_below: 40, soc_clear_from: 50 } });
    const north = await device('North');
    const south = await device('South');
    await addRule({ kind: 'battery_low', project: 'North', params: { soc_below: 10, soc_clear_from: 50 } });
    const elsewhere = await device('Elsewhere', undefined, other);
    const at = Date.now() - 10 * MIN;
    for (const d of [north, south, elsewhere]) await ingest(t, d, [sample(at, { soc: 30 })]);
    expect(await alarmsOf(north, 'battery_low')).toEqual([]);
    expect(await alarmsOf(south, 'battery_low')).toEqual([expect.objectContaining({ rule_id: orgRule })]);
    expect(await alarmsOf(elsewhere, 'battery_low')).toEqual([]);
    // The alarms list says which rule raised it.
    const listed = await t.app.inject({
      method: 'GET',
      url: `/api/v1/monitoring/alarms/?device=${south.id}&pagination=false`,
      headers: bearer(admin),
    });
    expect(listed.json()).toEqual([expect.objectContaining({ rule: { id: orgRule, project: null } })]);
    await deleteRules();
  });

  it('applies a rule changed over the API to the next sample, without a restart', async () => {
    const lamp = await device('Change Street');
    const start = Date.now() - 10 * MIN;
    await ingest(t, lamp, [sample(start, { soc: 30 })]);
    expect(await alarmsOf(lamp, 'battery_low')).toEqual([]);
    const rule = await addRule({ kind: 'battery_low', enabled: false });
    await changeRule(rule, {
      enabled: true,
      severity: 'critical',
      params: { soc_below: 35, soc_clear_from: 45 },
    });
    await ingest(t, lamp, [sample(start + MIN, { soc: 30 })]);
    expect(await alarmsOf(lamp, 'battery_low')).toEqual([
      expect.objectContaining({ rule_id: rule, severity: 'critical' }),
    ]);
    await deleteRules();
  });

  it('reloads on the commit notification, as another instance would', async () => {
    const lamp = await device('Notified Street');
    // Written straight to the database with its notification, as another instance's write would be.
    await t.database.db.transaction(async (tx) => {
      await tx.execute(sql`insert into alarm_rules (organization_id, kind, severity, params, sla_hours)
        values (${org}, 'battery_low', 'major', '{"soc_below": 50, "soc_clear_from": 60}', 48)`);
      await tx.execute(sql`select pg_notify('rms_alarm_rules', '')`);
    });
    await expect
      .poll(() => t.app.alarmRules.ruleFor({ organizationId: org, project: 'x' }, 'battery_low').id)
      .not.toBeNull();
    await ingest(t, lamp, [sample(Date.now() - MIN, { soc: 45 })]);
    expect(await alarmsOf(lamp, 'battery_low')).toEqual([expect.objectContaining({ severity: 'major' })]);
    await deleteRules();
  });
});

describe('communication lost', () => {
  it("raises after the rule's minutes instead of 15", async () => {
    const rule = await addRule({ kind: 'communication_lost', params: { after_minutes: 60 } });
    const lamp = await device('Silent Street');
    const elsewhere = await device('Silent Elsewhere', undefined, other);
    for (const d of [lamp, elsewhere]) await ingest(t, d, [sample(Date.now() - MIN)]);
    await t.app.deviceLink.sweep(new Date(Date.now() + 20 * MIN));
    expect(await alarmsOf(lamp, 'communication_lost')).toEqual([]);
    expect(await alarmsOf(elsewhere, 'communication_lost')).toEqual([
      expect.objectContaining({ rule_id: null }),
    ]);
    await t.app.deviceLink.sweep(new Date(Date.now() + 61 * MIN));
    expect(await alarmsOf(lamp, 'communication_lost')).toEqual([expect.objectContaining({ rule_id: rule })]);
    // Raised once per silence.
    await t.app.deviceLink.sweep(new Date(Date.now() + 90 * MIN));
    expect(await alarmsOf(lamp, 'communication_lost')).toHaveLength(1);
    await deleteRules();
  });
});

describe('no charge', () => {
  it('raises from 16:00 for a device that reported since the morning without harvest, not one that came online in the afternoon', async () => {
    // Yesterday in the deployment's zone (India, UTC+05:30), so that every hour below is in the past.
    const day = addDays(today(t.app.config.timeZone), -1);
    const at = (hhmm: string) => Date.parse(`${day}T${hhmm}:00+05:30`);
    const flat = await device('Charge Street');
    const charged = await device('Charge Street');
    const late = await device('Charge Street');
    for (const [d, from, gain] of [
      [flat, '07:00', 0],
      [charged, '07:00', 200],
      [late, '14:00', 0],
    ] as const) {
      await ingest(t, d, [sample(at(from), { energy_wh: 1000 })]);
      // A report just before each sweep keeps the device Online.
      await ingest(t, d, [sample(at('15:55'), { energy_wh: 1000 + gain, bt_ch_i: 0 })]);
      await ingest(t, d, [sample(at('16:25'), { energy_wh: 1000 + gain, bt_ch_i: 0 })]);
    }
    // Before the rule's hour (16 by default) nothing is judged.
    await t.app.deviceLink.sweep(new Date(at('15:59')));
    expect(await alarmsOf(flat, 'no_charge')).toEqual([]);
    await t.app.deviceLink.sweep(new Date(at('16:30')));
    expect(await alarmsOf(flat, 'no_charge')).toEqual([expect.objectContaining({ resolved: false })]);
    expect(await alarmsOf(charged, 'no_charge')).toEqual([]);
    expect(await alarmsOf(late, 'no_charge')).toEqual([]);
    const status = await rowsOf<{ device_id: number; status: string }>(
      t.database.db,
      sql`select device_id, status from device_live_state where device_id in (${flat.id}, ${late.id})`,
    );
    expect(Object.fromEntries(status.map((r) => [r.device_id, r.status]))).toEqual({
      [flat.id]: 'On Error',
      [late.id]: 'Online',
    });
  });
});

describe('panel low', () => {
  it("raises for a panel far below its neighbours' median in daylight, only with enough neighbours", async () => {
    const at = { lat: 12.97, lng: 77.59 };
    const near = (i: number) => ({ lat: at.lat + i * 0.001, lng: at.lng });
    const weak = await device('Panel Park', at);
    const neighbours = await Promise.all([1, 2, 3, 4].map((i) => device('Panel Park', near(i))));
    // Far away (about 100 km): not a neighbour.
    const lonely = await device('Panel Park', { lat: at.lat + 1, lng: at.lng });
    const ts = Date.now() - MIN;
    for (const n of neighbours) await ingest(t, n, [sample(ts, { pv_v: 18, pv_i: 3 })]);
    await ingest(t, weak, [sample(ts, { pv_v: 18, pv_i: 0.5 })]);
    await ingest(t, lonely, [sample(ts, { pv_v: 18, pv_i: 0.5 })]);
    // Off by default: nothing.
    await t.app.deviceLink.sweep(new Date());
    expect(await alarmsOf(weak, 'panel_low')).toEqual([]);
    const rule = await addRule({ kind: 'panel_low', enabled: true });
    await t.app.deviceLink.sweep(new Date());
    expect(await alarmsOf(weak, 'panel_low')).toEqual([
      expect.objectContaining({ rule_id: rule, resolved: false }),
    ]);
    expect(await alarmsOf(lonely, 'panel_low')).toEqual([]);
    for (const n of neighbours) expect(await alarmsOf(n, 'panel_low')).toEqual([]);
    // Cleaned: back to the neighbours' level clears it.
    await ingest(t, weak, [sample(ts + 30_000, { pv_v: 18, pv_i: 2.9 })]);
    await t.app.deviceLink.sweep(new Date());
    expect(await alarmsOf(weak, 'panel_low')).toEqual([expect.objectContaining({ resolved: true })]);
    await deleteRules();
  });
});
