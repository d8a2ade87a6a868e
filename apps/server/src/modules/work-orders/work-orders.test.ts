import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { UPLOAD_MESSAGES } from '@rms/contracts/uploads';
import { WORK_ORDER_MESSAGES } from '@rms/contracts/work-orders';
import { alarmRules } from '../../db/schema/alarm-rules';
import { users } from '../../db/schema/employees';
import { organizations } from '../../db/schema/organizations';
import { alarms } from '../../db/schema/telemetry';
import { workOrderAlarms, workOrders } from '../../db/schema/work-orders';
import { ADMIN, bearer, createTestApp, signIn, type Session, type TestApp } from '../../testing/app';
import { addDevice, sample, type TestDevice } from '../../testing/devices';
import { makeUser } from '../../testing/factories';
import { presign, uploadImage } from '../../testing/files';
import { buildFleet, ingest, type Fleet } from '../../testing/monitoring-fleet';
import { addUser } from '../../testing/users';

// Work orders (docs/work-orders.md) on alarms raised the real way (HTTP ingest): due time from the
// SLA, the transitions, finishing that clears healthy alarms at once and the rest with the device's
// next healthy report, notes and photos, the report, and who may do what in which organization.

let t: TestApp;
let admin: Session;
let f: Fleet;
let managerA: Session;
let managerB: Session;
let colleagueA: number;
let userOfB: number;
let devA: TestDevice;
let devA2: TestDevice;

interface Order {
  id: number;
  status: string;
  due_at: string;
  created_at: string;
  overdue: boolean;
  assignee: { id: number } | null;
  title: string;
  alarm_count: number;
  active_alarms: number;
  waiting_for_device: boolean;
  alarms: { id: number; status: string }[];
  timeline: { type: string; actor: { name: string } | null; note: string | null }[];
  photos: { id: number; file_name: string; url: string }[];
}

const url = (path = '') => `/api/v1/work-orders/${path}`;
const call = (who: Session, method: 'GET' | 'POST' | 'PUT' | 'DELETE', path: string, payload?: object) =>
  t.app.inject({ method, url: url(path), headers: bearer(who), ...(payload && { payload }) });
const activeAlarm = async (deviceId: number, kind: string) => {
  const rows = await t.database.db.select().from(alarms).where(eq(alarms.deviceId, deviceId));
  return rows.find((a) => a.kind === kind && a.resolutionTime === null)!;
};
const alarmDetail = async (who: Session, id: number) =>
  (
    await t.app.inject({ method: 'GET', url: `/api/v1/monitoring/alarms/${id}/`, headers: bearer(who) })
  ).json<{
    status: string;
    cleared_by: { id: number } | null;
    timeline: { type: string; actor: unknown; note: string | null }[];
  }>();
const now = () => Date.now();

beforeAll(async () => {
  t = await createTestApp();
  admin = await signIn(t.app);
  f = await buildFleet(t);
  const db = t.database.db;
  const orgA = f.lampA.organizationId;
  const orgB = f.lampB.organizationId;
  await db
    .update(organizations)
    .set({ permissions: ['VIEW_DEVICE_DATA', 'MANAGE_WORK_ORDERS', 'HANDLE_ALARMS'] })
    .where(inArray(organizations.id, [orgA, orgB]));
  managerA = await addUser(t, orgA, 'wo@customer-a.example', [
    'VIEW_DEVICE_DATA',
    'MANAGE_WORK_ORDERS',
    'HANDLE_ALARMS',
  ]);
  managerB = await addUser(t, orgB, 'wo@customer-b.example', ['VIEW_DEVICE_DATA', 'MANAGE_WORK_ORDERS']);
  // Each can read alarms (VIEW_DEVICE_DATA), as an assignee must: the tests below are about organizations.
  colleagueA = (
    await makeUser(db, { organizationId: orgA, firstName: 'Ravi', permissions: ['VIEW_DEVICE_DATA'] })
  ).id;
  userOfB = (
    await makeUser(db, { organizationId: orgB, firstName: 'Bela', permissions: ['VIEW_DEVICE_DATA'] })
  ).id;
  devA = await addDevice(t, 'RMS-WO-A1', orgA);
  devA2 = await addDevice(t, 'RMS-WO-A2', orgA);
  // lampA: a dark lamp (load fault, critical) beside its open E7 (major).
  await ingest(t, f.lampA, [sample(now() - 60_000, { lo_sts: 1, brightness: 100, lo_i: 0, faults: ['E7'] })]);
  // Two batteries run flat, then recover to 25 %: inside the hysteresis band, so the ingest alone keeps
  // their battery low alarms open.
  for (const d of [devA, devA2]) {
    await ingest(t, d, [sample(now() - 120_000, { soc: 10 })]);
    await ingest(t, d, [sample(now() - 90_000, { soc: 25 })]);
  }
});
afterAll(() => t.close());

describe('creating a work order', () => {
  it('is due after the most urgent SLA among its alarms, and records who made it', async () => {
    const load = await activeAlarm(f.lampA.id, 'load_fault');
    const e7 = await activeAlarm(f.lampA.id, 'fault');
    const draft = await call(managerA, 'GET', `draft/?alarms=${load.id},${e7.id}`);
    expect(draft.statusCode).toBe(200);
    expect(draft.json()).toMatchObject({ sla_hours: 24, organization: { id: f.lampA.organizationId } });
    expect(draft.json().assignees.map((p: { id: number }) => p.id)).toContain(colleagueA);
    expect(draft.json().assignees.map((p: { id: number }) => p.id)).not.toContain(userOfB);

    const res = await call(managerA, 'POST', '', {
      alarm_ids: [load.id, e7.id],
      title: '  Dark lamp on Ring Road ',
      assignee: colleagueA,
    });
    expect(res.statusCode).toBe(201);
    const order = res.json<Order>();
    expect(order).toMatchObject({
      title: 'Dark lamp on Ring Road',
      status: 'open',
      alarm_count: 2,
      active_alarms: 2,
      assignee: { id: colleagueA },
      overdue: false,
    });
    expect(Date.parse(order.due_at) - Date.parse(order.created_at)).toBe(24 * 3_600_000);
    expect(order.timeline.map((e) => e.type)).toEqual(['created', 'assigned']);
  });

  it("takes the rule's SLA when the alarm has one", async () => {
    const [rule] = await t.database.db
      .insert(alarmRules)
      .values({
        organizationId: devA.organizationId,
        kind: 'battery_low',
        severity: 'minor',
        params: {},
        slaHours: 6,
      })
      .returning();
    const low = await activeAlarm(devA.id, 'battery_low');
    await t.database.db.update(alarms).set({ ruleId: rule!.id }).where(eq(alarms.id, low.id));
    const draft = await call(managerA, 'GET', `draft/?alarms=${low.id}`);
    expect(draft.json().sla_hours).toBe(6);
  });

  it('refuses bad input by field, and alarms already in an open order with 409', async () => {
    const load = await activeAlarm(f.lampA.id, 'load_fault');
    const empty = await call(managerA, 'POST', '', { alarm_ids: [], title: '' });
    expect(empty.statusCode).toBe(400);
    expect(Object.keys(empty.json().errors).sort()).toEqual(['alarm_ids', 'title']);
    const badAssignee = await call(managerA, 'POST', '', {
      alarm_ids: [load.id],
      title: 'x',
      assignee: 'me',
    });
    expect(badAssignee.statusCode).toBe(400);
    expect(badAssignee.json().errors.assignee).toEqual([WORK_ORDER_MESSAGES.assigneeRequired]);
    const taken = await call(managerA, 'POST', '', { alarm_ids: [load.id], title: 'Again' });
    expect(taken.statusCode).toBe(409);
    expect(taken.json().detail).toMatch(/already in open work order #\d+/);
    const huge = await call(managerA, 'POST', '', { alarm_ids: [99999999999], title: 'x' });
    expect(huge.statusCode).toBe(400);
  });

  it("refuses another organization's alarm (404) and mixing organizations", async () => {
    const low = await activeAlarm(devA2.id, 'battery_low');
    const bAlarm = await activeAlarm(f.lampB.id, 'fault');
    expect((await call(managerB, 'POST', '', { alarm_ids: [low.id], title: 'Not ours' })).statusCode).toBe(
      404,
    );
    expect((await call(managerB, 'GET', `draft/?alarms=${low.id}`)).statusCode).toBe(404);
    const mixed = await call(admin, 'POST', '', { alarm_ids: [low.id, bAlarm.id], title: 'Mixed' });
    expect(mixed.statusCode).toBe(400);
    expect(mixed.json().errors.alarm_ids).toEqual([WORK_ORDER_MESSAGES.alarmsOneOrganization]);
    const wrongAssignee = await call(managerA, 'POST', '', {
      alarm_ids: [low.id],
      title: 'x',
      assignee: userOfB,
    });
    expect(wrongAssignee.statusCode).toBe(400);
    expect(wrongAssignee.json().errors.assignee).toEqual([WORK_ORDER_MESSAGES.assigneeNotAllowed]);
    // Nor someone of the organization who cannot read its alarms.
    const blind = (
      await makeUser(t.database.db, {
        organizationId: f.lampA.organizationId,
        permissions: ['MANAGE_WORK_ORDERS'],
      })
    ).id;
    const blindAssignee = await call(managerA, 'POST', '', {
      alarm_ids: [low.id],
      title: 'x',
      assignee: blind,
    });
    expect(blindAssignee.statusCode).toBe(400);
    expect(blindAssignee.json().errors.assignee).toEqual([WORK_ORDER_MESSAGES.assigneeNotAllowed]);
    // A customer is not shown, and may not pick, the provider's staff.
    const adminId = (
      await t.database.db.select({ id: users.id }).from(users).where(eq(users.email, ADMIN.email))
    )[0]!.id;
    const draft = (await call(managerA, 'GET', `draft/?alarms=${low.id}`)).json<{
      assignees: { id: number }[];
    }>();
    expect(draft.assignees.map((p) => p.id)).toContain(colleagueA);
    expect(draft.assignees.map((p) => p.id)).not.toContain(adminId);
    const provider = await call(managerA, 'POST', '', { alarm_ids: [low.id], title: 'x', assignee: adminId });
    expect(provider.json().errors.assignee).toEqual([WORK_ORDER_MESSAGES.assigneeNotAllowed]);
  });
});

describe('who may', () => {
  it('lets readers read, managers change, and hides other organizations (404)', async () => {
    const [order] = (await call(managerA, 'GET', '?pagination=false')).json<Order[]>();
    expect((await call(f.userA, 'GET', `${order!.id}/`)).statusCode).toBe(200);
    expect((await call(f.userA, 'POST', `${order!.id}/start/`)).statusCode).toBe(403);
    expect((await call(f.userA, 'POST', '', { alarm_ids: [1], title: 'x' })).statusCode).toBe(403);
    expect((await call(f.plainA, 'GET', '')).statusCode).toBe(403);
    for (const [method, path] of [
      ['GET', `${order!.id}/`],
      ['PUT', `${order!.id}/`],
      ['POST', `${order!.id}/start/`],
      ['POST', `${order!.id}/notes/`],
    ] as const)
      expect(
        (await call(managerB, method, path, method === 'GET' ? undefined : { text: 'x' })).statusCode,
      ).toBe(404);
    expect((await call(managerB, 'GET', '?pagination=false')).json()).toEqual([]);
    expect(
      (await call(managerB, 'GET', `assignees/?organization=${f.lampA.organizationId}`)).statusCode,
    ).toBe(404);
    expect((await call(admin, 'GET', '?pagination=false')).json<Order[]>().length).toBe(1);
  });
});

describe('the workflow', () => {
  it('moves open → in progress → done and refuses moves the status does not allow (409)', async () => {
    const [order] = (await call(managerA, 'GET', '?pagination=false')).json<Order[]>();
    const id = order!.id;
    expect((await call(managerA, 'POST', `${id}/reopen/`)).statusCode).toBe(409);
    const started = await call(managerA, 'POST', `${id}/start/`);
    expect(started.json<Order>().status).toBe('in_progress');
    const again = await call(managerA, 'POST', `${id}/start/`);
    expect(again.statusCode).toBe(409);
    expect(again.json().detail).toBe(WORK_ORDER_MESSAGES.transition('in_progress', 'start'));
    const edited = await call(managerA, 'PUT', `${id}/`, { description: 'Replace the driver' });
    expect(edited.json<Order>()).toMatchObject({
      title: 'Dark lamp on Ring Road',
      assignee: { id: colleagueA },
    });
    const note = await call(managerA, 'POST', `${id}/notes/`, { text: 'Van on its way' });
    expect(note.json<Order>().timeline.at(-1)).toMatchObject({ type: 'noted', note: 'Van on its way' });
    expect((await call(managerA, 'POST', `${id}/notes/`, { text: ' ' })).json().errors.text).toBeDefined();
    const badDue = await call(managerA, 'PUT', `${id}/`, { due_at: 'tomorrow' });
    expect(badDue.json().errors.due_at).toEqual([WORK_ORDER_MESSAGES.dueAt]);
    for (const due_at of ['0000-01-01T00:00:00Z', '+010000-01-01T00:00:00Z', '1970-01-01T00:00:00Z']) {
      const far = await call(managerA, 'PUT', `${id}/`, { due_at });
      expect(far.statusCode, due_at).toBe(400);
      expect(Object.keys(far.json().errors), due_at).toEqual(['due_at']);
    }
    const overdue = await call(managerA, 'PUT', `${id}/`, {
      due_at: new Date(now() - 3_600_000).toISOString(),
    });
    expect(overdue.json<Order>().overdue).toBe(true);
    expect(
      (await call(managerA, 'GET', '?overdue=true&pagination=false')).json<Order[]>().map((o) => o.id),
    ).toEqual([id]);
  });

  it('takes photos that are uploaded images, and removes them', async () => {
    const [order] = (await call(managerA, 'GET', '?pagination=false')).json<Order[]>();
    const key = await uploadImage(t.app, managerA);
    const added = await call(managerA, 'POST', `${order!.id}/photos/`, { file_name: key });
    expect(added.statusCode).toBe(201);
    const photo = added.json<Order>().photos[0]!;
    expect(photo).toMatchObject({ file_name: key, url: expect.any(String) });
    const never = await presign(t.app, managerA, 'never.png', 100);
    const refused = await call(managerA, 'POST', `${order!.id}/photos/`, { file_name: never.file_name });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().errors.file_name).toEqual([UPLOAD_MESSAGES.notUploaded]);
    const sheet = await call(managerA, 'POST', `${order!.id}/photos/`, {
      file_name: 'spreadsheet/' + '0'.repeat(32) + '.xlsx',
    });
    expect(sheet.json().errors.file_name).toEqual([UPLOAD_MESSAGES.imageTypes]);
    expect((await call(managerB, 'DELETE', `${order!.id}/photos/${photo.id}/`)).statusCode).toBe(404);
    const removed = await call(managerA, 'DELETE', `${order!.id}/photos/${photo.id}/`);
    expect(removed.json<Order>().photos).toEqual([]);
  });
});

describe('finishing', () => {
  it("clears at once an alarm whose device is already healthy, by the finisher, on the alarm's timeline", async () => {
    const low = await activeAlarm(devA.id, 'battery_low');
    const created = (
      await call(managerA, 'POST', '', { alarm_ids: [low.id], title: 'Battery' })
    ).json<Order>();
    const done = await call(managerA, 'POST', `${created.id}/finish/`, { note: 'New battery' });
    expect(done.statusCode).toBe(200);
    expect(done.json<Order>()).toMatchObject({ status: 'done', active_alarms: 0, waiting_for_device: false });
    expect(done.json<Order>().timeline.map((e) => e.type)).toEqual(['created', 'finished', 'alarm_cleared']);
    const alarm = await alarmDetail(managerA, low.id);
    expect(alarm.status).toBe('Resolved');
    expect(alarm.cleared_by).toMatchObject({ id: expect.any(Number) });
    expect(alarm.timeline.at(-1)).toMatchObject({ type: 'cleared', actor: { name: expect.any(String) } });
  });

  it("waits for the device, and clears with the device's next healthy report", async () => {
    await ingest(t, devA2, [sample(now() - 60_000, { soc: 12 })]);
    const low = await activeAlarm(devA2.id, 'battery_low');
    const created = (
      await call(managerA, 'POST', '', { alarm_ids: [low.id], title: 'Battery 2' })
    ).json<Order>();
    const done = (await call(managerA, 'POST', `${created.id}/finish/`)).json<Order>();
    expect(done).toMatchObject({ status: 'done', active_alarms: 1, waiting_for_device: true });

    await ingest(t, devA2, [sample(now() - 30_000, { soc: 25 })]);
    const after = (await call(managerA, 'GET', `${created.id}/`)).json<Order>();
    expect(after).toMatchObject({ active_alarms: 0, waiting_for_device: false });
    expect(after.timeline.at(-1)).toMatchObject({ type: 'alarm_cleared', actor: null });
    const alarm = await alarmDetail(managerA, low.id);
    expect(alarm).toMatchObject({ status: 'Resolved', cleared_by: null });
    expect(alarm.timeline.at(-1)).toMatchObject({ type: 'cleared', actor: null });
  });

  it('leaves an alarm not in a done order to the ingest rules (25 % stays low)', async () => {
    await ingest(t, devA2, [sample(now() - 20_000, { soc: 10 })]);
    await ingest(t, devA2, [sample(now() - 10_000, { soc: 25 })]);
    expect(await activeAlarm(devA2.id, 'battery_low')).toBeDefined();
  });

  it('frees the alarms of a cancelled order and takes them back on reopen unless another order holds them', async () => {
    const low = await activeAlarm(devA2.id, 'battery_low');
    const first = (await call(managerA, 'POST', '', { alarm_ids: [low.id], title: 'One' })).json<Order>();
    expect((await call(managerA, 'POST', `${first.id}/cancel/`)).json<Order>().status).toBe('cancelled');
    expect((await call(managerA, 'PUT', `${first.id}/`, { title: 'Two' })).statusCode).toBe(409);
    const second = await call(managerA, 'POST', '', { alarm_ids: [low.id], title: 'Two' });
    expect(second.statusCode).toBe(201);
    expect((await call(managerA, 'POST', `${first.id}/reopen/`)).statusCode).toBe(409);
  });
});

describe('the report', () => {
  const month = () => new Date().toLocaleString('sv', { timeZone: 'Asia/Kolkata' }).slice(0, 7);

  it('counts alarms, times to acknowledge and repair, orders done and SLA met, per organization and month', async () => {
    const m = month();
    const res = await call(managerA, 'GET', `report/?from=${m}&to=${m}`);
    expect(res.statusCode).toBe(200);
    const rows = res.json<
      {
        organization: { id: number };
        month: string;
        orders_done: number;
        sla_met_percent: number;
        repaired: number;
        alarms: number;
      }[]
    >();
    expect(rows.every((r) => r.organization.id === f.lampA.organizationId)).toBe(true);
    const row = rows.find((r) => r.month === m)!;
    expect(row.orders_done).toBe(2);
    expect(row.sla_met_percent).toBe(100);
    expect(row.repaired).toBe(2);
    expect(row.alarms).toBeGreaterThanOrEqual(4);
    const b = (await call(managerB, 'GET', `report/?from=${m}&to=${m}`)).json<
      { organization: { id: number } }[]
    >();
    expect(b.every((r) => r.organization.id === f.lampB.organizationId)).toBe(true);
  });

  it('computes the figures of a past month exactly: means, medians and SLA met', async () => {
    const db = t.database.db;
    const dev = await addDevice(t, 'RMS-WO-REPORT', f.lampB.organizationId);
    // January 2025, local (+05:30): three alarms acknowledged after 1, 2 and 6 hours; two of them in
    // work orders and cleared after 4 and 10 hours; one order done in time, one late.
    const at = (day: number, hour: number) =>
      new Date(Date.parse(`2025-01-${String(day).padStart(2, '0')}T00:00:00+05:30`) + hour * 3_600_000);
    const raised = await db
      .insert(alarms)
      .values(
        [1, 2, 6].map((ack, i) => ({
          deviceId: dev.id,
          kind: 'fault' as const,
          faultCode: `R${i}`,
          faultTime: at(10, 0),
          severity: 'major' as const,
          acknowledgedAt: at(10, ack),
          resolutionTime: i < 2 ? at(10, i === 0 ? 4 : 10) : at(10, 20),
        })),
      )
      .returning({ id: alarms.id });
    const orders = await db
      .insert(workOrders)
      .values([
        {
          organizationId: dev.organizationId,
          title: 'In time',
          status: 'done',
          dueAt: at(11, 0),
          createdAt: at(10, 0),
          doneAt: at(10, 4),
        },
        {
          organizationId: dev.organizationId,
          title: 'Late',
          status: 'done',
          dueAt: at(10, 5),
          createdAt: at(10, 0),
          doneAt: at(10, 10),
        },
      ])
      .returning({ id: workOrders.id });
    await db.insert(workOrderAlarms).values([
      { workOrderId: orders[0]!.id, alarmId: raised[0]!.id, active: false },
      { workOrderId: orders[1]!.id, alarmId: raised[1]!.id, active: false },
    ]);
    const res = await call(managerB, 'GET', 'report/?from=2024-12&to=2025-02');
    expect(res.json()).toEqual([
      {
        organization: { id: dev.organizationId, name: expect.any(String) },
        month: '2025-01',
        alarms: 3,
        acknowledged: 3,
        ack_mean_hours: 3,
        ack_median_hours: 2,
        repaired: 2,
        repair_mean_hours: 7,
        repair_median_hours: 7,
        orders_done: 2,
        sla_met_percent: 50,
      },
    ]);
    // Customer A sees none of it.
    expect((await call(managerA, 'GET', 'report/?from=2024-12&to=2025-02')).json()).toEqual([]);
  });

  it('exports CSV and xlsx, and refuses a bad range by field', async () => {
    const m = month();
    const csv = await call(managerA, 'GET', `report/export/?from=${m}&to=${m}&format=csv`);
    expect(csv.headers['content-type']).toMatch(/text\/csv/);
    expect(csv.body.split('\r\n')[0]).toMatch(/^Organization,Month,Alarms/);
    const xlsx = await call(managerA, 'GET', `report/export/?from=${m}&to=${m}&format=xlsx`);
    expect(xlsx.statusCode).toBe(200);
    expect(xlsx.rawPayload.subarray(0, 2).toString()).toBe('PK');
    const bad = await call(managerA, 'GET', 'report/?from=2026-13&to=2025-01');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors.from).toBeDefined();
    const backwards = await call(managerA, 'GET', 'report/?from=2026-05&to=2026-01');
    expect(backwards.json().errors.to).toEqual([WORK_ORDER_MESSAGES.monthOrder]);
  });
});
