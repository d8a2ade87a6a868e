import { and, eq, inArray, isNotNull, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../db/schema/employees';
import { rmsDevices } from '../db/schema/inventory';
import { userNotifications } from '../db/schema/notifications';
import { alarmEvents, alarms, deviceLiveState, telemetrySamples } from '../db/schema/telemetry';
import { workOrderAlarms, workOrderEvents, workOrders } from '../db/schema/work-orders';
import { bearer, createTestApp, signIn, type TestApp } from '../testing/app';
import { seedAlarmWorkflow } from './alarm-history';
import { DEMO_FAULTS } from './demo-faults';
import { DEMO_PEOPLE } from './demo-fleet';
import { DemoRunner } from './run-demo';
import { seedDemo } from './seed-demo';
import { seedWorkOrders } from './work-order-history';

// The demo's faults raise real alarms: the plan's faults are injected into the simulated devices'
// physics, and the alarms come from what those devices report over MQTT (and, for the older ones, from
// their history through the same ingest). After the first history the demo's people have handled some
// of the older alarms: acknowledged, assigned, commented, cleared, with their timeline.

const MINUTE = 60_000;
let t: TestApp;
let runner: DemoRunner;
let planAt: number;
const ids = new Map<string, number>();

beforeAll(async () => {
  t = await createTestApp();
  await t.app.deviceLink.start();
  const seeded = await seedDemo(t.database.db, 10);
  for (const d of await t.database.db.select().from(rmsDevices)) ids.set(d.code, d.id);
  // The plan counts from a few seconds on (on a first start, from the seeding): its faults from the
  // start begin while the fleet is live, its older ones are in the history.
  planAt = Date.now() + 5_000;
  runner = new DemoRunner({
    db: t.database.db,
    queue: t.app.deviceLink.queue,
    log: t.app.log,
    mqttUrl: `mqtt://127.0.0.1:${t.app.deviceLink.mqttPort}`,
    periodMs: 250,
    historyDays: 7,
    faultPlanAt: planAt,
  });
  await runner.done;
  expect(seeded).not.toBeNull();
}, 120_000);
afterAll(async () => {
  await runner.stop();
  await t.close();
});

const openAlarms = () =>
  t.database.db
    .select({
      deviceId: alarms.deviceId,
      kind: alarms.kind,
      code: alarms.faultCode,
      faultTime: alarms.faultTime,
    })
    .from(alarms)
    .where(sql`${alarms.resolutionTime} is null`);

const has = (rows: Awaited<ReturnType<typeof openAlarms>>, device: string, kind: string, code = '') =>
  rows.find((r) => r.deviceId === ids.get(device) && r.kind === kind && r.code === code);

describe('demo faults', () => {
  it('plans each kind of fault on a device of its own', () => {
    const kinds = new Set(DEMO_FAULTS.map((f) => f.kind));
    for (const kind of ['led_open', 'battery_worn', 'panel_shaded', 'silent', 'pv_disconnected'])
      expect(kinds).toContain(kind);
    expect([...kinds].some((k) => k === k.toUpperCase())).toBe(true); // a device fault code
  });

  it('raises device faults live over MQTT, and battery low from the history', async () => {
    await expect
      .poll(
        async () => {
          const open = await openAlarms();
          return [
            has(open, 'DEMO0002', 'fault', 'BT_OVER_TEMP'),
            has(open, 'DEMO0008', 'fault', 'LED_OPEN'),
            has(open, 'DEMO0009', 'fault', 'PV_DISCONNECTED'),
            has(open, 'DEMO0004', 'battery_low'),
          ].every(Boolean);
        },
        { timeout: 60_000, interval: 500 },
      )
      .toBe(true);
    const open = await openAlarms();
    // The faults from the start are raised by the live reports after they began.
    for (const [device, code] of [
      ['DEMO0002', 'BT_OVER_TEMP'],
      ['DEMO0008', 'LED_OPEN'],
    ] as const)
      expect(has(open, device, 'fault', code)!.faultTime.getTime()).toBeGreaterThanOrEqual(planAt);
    // A healthy device raises none of these.
    expect(open.filter((r) => r.deviceId === ids.get('DEMO0001') && r.kind !== 'fault')).toEqual([]);
    // Severities differ by kind: the device fault is major, the low battery minor.
    const severities = await t.database.db
      .selectDistinct({ severity: alarms.severity })
      .from(alarms)
      .where(inArray(alarms.deviceId, [ids.get('DEMO0002')!, ids.get('DEMO0004')!]));
    expect(severities.map((s) => s.severity).sort()).toEqual(['major', 'minor']);
  });

  it('the silent device reports nothing and goes communication lost', async () => {
    const silent = ids.get('DEMO0003')!;
    const newest = async (deviceId: number) => {
      const [row] = await t.database.db
        .select({ ts: sql<string>`max(${telemetrySamples.ts})` })
        .from(telemetrySamples)
        .where(eq(telemetrySamples.deviceId, deviceId));
      return Date.parse(row!.ts);
    };
    // Others go on reporting after its silence began; it does not.
    await expect.poll(() => newest(ids.get('DEMO0001')!), { timeout: 20_000 }).toBeGreaterThan(planAt);
    expect(await newest(silent)).toBeLessThan(planAt);
    // Fifteen minutes on (its last delivery set back by that much), the sweep finds it lost.
    await t.database.db
      .update(deviceLiveState)
      .set({ lastSeenAt: new Date(Date.now() - 16 * MINUTE) })
      .where(eq(deviceLiveState.deviceId, silent));
    await t.app.deviceLink.sweep();
    const open = await openAlarms();
    expect(has(open, 'DEMO0003', 'communication_lost')).toBeDefined();
    expect(open.filter((r) => r.kind === 'communication_lost').map((r) => r.deviceId)).toEqual([silent]);
  });
});

describe('demo alarm workflow history', () => {
  it('has older alarms acknowledged, assigned, commented and cleared by the demo’s people', async () => {
    const db = t.database.db;
    const people = new Map(
      (await db.select({ id: users.id, email: users.email }).from(users)).map((u) => [u.email, u.id]),
    );
    const supervisor = people.get(DEMO_PEOPLE.supervisor.email)!;
    const handlers = [DEMO_PEOPLE.technician.email, DEMO_PEOPLE.owner.email].map((e) => people.get(e)!);
    const byPeople = await db.select().from(alarmEvents).where(isNotNull(alarmEvents.actorId));
    const types = new Set(byPeople.map((e) => e.type));
    expect([...types].sort()).toEqual(['acknowledged', 'assigned', 'cleared', 'commented']);
    for (const e of byPeople.filter((x) => x.type === 'assigned')) expect(handlers).toContain(e.assigneeId);

    const handled = await db.select().from(alarms).where(isNotNull(alarms.acknowledgedAt));
    expect(handled.length).toBeGreaterThan(0);
    for (const alarm of handled) {
      expect(alarm.acknowledgedBy).toBe(supervisor);
      const timeline = await db
        .select()
        .from(alarmEvents)
        .where(eq(alarmEvents.alarmId, alarm.id))
        .orderBy(alarmEvents.id);
      // Raised first, then in time order; one clearing at the resolution time when resolved.
      expect(timeline[0]!.type).toBe('raised');
      const times = timeline.map((e) => e.at.getTime());
      expect(times).toEqual([...times].sort((a, b) => a - b));
      expect(timeline.find((e) => e.type === 'acknowledged')!.at).toEqual(alarm.acknowledgedAt);
      const cleared = timeline.filter((e) => e.type === 'cleared');
      if (alarm.resolutionTime) {
        expect(cleared).toHaveLength(1);
        expect(cleared[0]!.at).toEqual(alarm.resolutionTime);
        expect(cleared[0]!.actorId).toBe(alarm.clearedBy);
      } else expect(cleared).toEqual([]);
      if (alarm.assigneeId !== null) {
        expect(timeline.find((e) => e.type === 'assigned')!.assigneeId).toBe(alarm.assigneeId);
        expect(timeline.find((e) => e.type === 'commented')!.note).toBeTruthy();
      }
    }
    expect(handled.some((a) => a.clearedBy !== null)).toBe(true);

    // As the alarms view shows it: the people by name on the alarm and in its timeline.
    const shown = handled.find((a) => a.clearedBy !== null)!;
    const admin = await signIn(t.app);
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/v1/monitoring/alarms/${shown.id}/`,
      headers: bearer(admin),
    });
    expect(res.statusCode).toBe(200);
    const detail = res.json();
    expect(detail.acknowledged_by.name).toBe('Meena Iyer');
    expect(detail.cleared_by.name).toMatch(/^(Ravi Kumar|Asha Verma)$/);
    expect(detail.timeline.map((e: { type: string }) => e.type)).toEqual([
      'raised',
      'acknowledged',
      'assigned',
      'commented',
      'cleared',
    ]);
    expect(detail.comments).toHaveLength(1);

    // The workflow is written once: a second run leaves it as it is.
    const before = await db.$count(alarmEvents, isNotNull(alarmEvents.actorId));
    const orgOf = (await db.select().from(rmsDevices).limit(1))[0]!.organizationId;
    expect(await seedAlarmWorkflow(db, orgOf)).toBe(0);
    expect(await db.$count(alarmEvents, isNotNull(alarmEvents.actorId))).toBe(before);
  });
});

describe('demo work orders', () => {
  it('has done orders (one late), one in progress with the technician’s note and one open', async () => {
    const db = t.database.db;
    const people = new Map(
      (await db.select({ id: users.id, email: users.email }).from(users)).map((u) => [u.email, u.id]),
    );
    const technician = people.get(DEMO_PEOPLE.technician.email)!;
    const supervisor = people.get(DEMO_PEOPLE.supervisor.email)!;
    const orders = await db.select().from(workOrders).orderBy(workOrders.id);
    const of = (status: string) => orders.filter((o) => o.status === status);
    expect(of('done').length).toBeGreaterThanOrEqual(2);
    expect(of('in_progress')).toHaveLength(1);
    expect(of('open')).toHaveLength(1);
    expect(of('in_progress')[0]!.assigneeId).toBe(technician);

    for (const order of orders) {
      expect(order.createdBy).toBe(supervisor);
      const timeline = await db
        .select()
        .from(workOrderEvents)
        .where(eq(workOrderEvents.workOrderId, order.id))
        .orderBy(workOrderEvents.id);
      const times = timeline.map((e) => e.at.getTime());
      expect(times).toEqual([...times].sort((a, b) => a - b));
      expect(timeline[0]).toMatchObject({ type: 'created', at: order.createdAt, actorId: supervisor });
      const links = await db.select().from(workOrderAlarms).where(eq(workOrderAlarms.workOrderId, order.id));
      expect(links.length).toBeGreaterThan(0);
      for (const l of links) expect(l.active).toBe(order.status === 'open' || order.status === 'in_progress');
      const linked = await db
        .select()
        .from(alarms)
        .where(
          inArray(
            alarms.id,
            links.map((l) => l.alarmId),
          ),
        );
      for (const alarm of linked) expect(alarm.faultTime.getTime()).toBeLessThan(order.createdAt.getTime());
      const types = timeline.map((e) => e.type);
      if (order.status === 'done') {
        expect(types.slice(0, 5)).toEqual(['created', 'assigned', 'started', 'noted', 'finished']);
        expect(timeline.find((e) => e.type === 'finished')!.at).toEqual(order.doneAt);
        expect(order.doneBy).toBe(order.assigneeId);
        // Its alarms are cleared; those cleared at the finish say so, on both timelines.
        for (const alarm of linked) expect(alarm.resolutionTime).not.toBeNull();
        for (const e of timeline.filter((x) => x.type === 'alarm_cleared')) {
          expect(e.at).toEqual(order.doneAt);
          const alarmId = Number(/#(\d+)/.exec(e.note!)![1]);
          const [cleared] = await db
            .select()
            .from(alarmEvents)
            .where(and(eq(alarmEvents.alarmId, alarmId), eq(alarmEvents.type, 'cleared')));
          expect(cleared).toMatchObject({ at: order.doneAt, actorId: order.doneBy });
          expect(cleared!.note).toContain(`work order #${order.id}`);
        }
      } else {
        for (const alarm of linked) expect(alarm.resolutionTime).toBeNull();
        expect(order.doneAt).toBeNull();
      }
      if (order.status === 'in_progress') {
        expect(types).toEqual(['created', 'assigned', 'started', 'noted']);
        expect(timeline[3]!.actorId).toBe(technician);
      }
      if (order.status === 'open') expect(types).toEqual(['created']);
    }
    const done = of('done');
    expect(done.filter((o) => o.doneAt! <= o.dueAt).length).toBeGreaterThan(0);
    expect(done.filter((o) => o.doneAt! > o.dueAt)).toHaveLength(1);

    // The report has its figures: orders done, SLA met, repairs.
    const admin = await signIn(t.app);
    const months = done.map((o) => o.doneAt!.toISOString().slice(0, 7)).sort();
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/v1/work-orders/report/?from=${months[0]}&to=${months.at(-1)}`,
      headers: bearer(admin),
    });
    expect(res.statusCode).toBe(200);
    const rows = res.json<{ orders_done: number; sla_met_percent: number | null; repaired: number }[]>();
    expect(rows.reduce((n, r) => n + r.orders_done, 0)).toBe(done.length);
    expect(rows.some((r) => r.sla_met_percent !== null && r.sla_met_percent > 0)).toBe(true);
    expect(rows.reduce((n, r) => n + r.repaired, 0)).toBeGreaterThan(0);

    // Written once.
    expect(await seedWorkOrders(db, orders[0]!.organizationId)).toBe(0);
    expect(await db.$count(workOrders)).toBe(orders.length);
  });

  it('tells the owner in the bell of the live faults’ alarms, not of the history', async () => {
    const db = t.database.db;
    const [owner] = await db.select().from(users).where(eq(users.email, DEMO_PEOPLE.owner.email));
    await t.app.notifications.fanOut();
    const mine = await db
      .select({
        eventId: userNotifications.eventId,
        kind: userNotifications.kind,
        deviceId: alarms.deviceId,
        code: alarms.faultCode,
        faultTime: alarms.faultTime,
      })
      .from(userNotifications)
      .innerJoin(alarms, eq(alarms.id, userNotifications.alarmId))
      .where(eq(userNotifications.userId, owner!.id));
    // The device faults injected from the start are major: the defaults (bell, critical and major).
    expect(mine.some((n) => n.deviceId === ids.get('DEMO0002') && n.code === 'BT_OVER_TEMP')).toBe(true);
    // Only of what was raised after the history (its last entries are the people's workflow).
    const [history] = await db
      .select({ last: sql<string>`max(${alarmEvents.id})` })
      .from(alarmEvents)
      .where(isNotNull(alarmEvents.actorId));
    // (An alarm the history's last minute raised is news too: the fan-out reads the last minute's
    // entries again for late commits, fan-out.ts.)
    for (const n of mine) {
      expect(n.kind).toBe('raised');
      if (n.faultTime.getTime() < planAt - 2 * MINUTE)
        expect(n.eventId).toBeGreaterThan(Number(history!.last));
    }
  });
});
