import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { asc, eq } from 'drizzle-orm';
import { alarms } from '../../db/schema/telemetry';
import { webhookDeliveries } from '../../db/schema/notifications';
import { bearer, createTestApp, type Session, type TestApp } from '../../testing/app';
import { makeOrganization, makeUser, providerIdOf } from '../../testing/factories';
import { addDevice, connectDevice, sample, type TestDevice } from '../../testing/devices';
import { signInAs } from '../../testing/users';

// The events real device traffic produces: samples through the HTTP ingest raise and clear alarms and
// bring a device back online; the offline sweep takes it offline and raises communication_lost.

let t: TestApp;
let device: TestDevice;
let hookId: number;
let handler: Session;
let handlerEmail: string;
let handlerId: number;

beforeAll(async () => {
  t = await createTestApp({ env: { WEBHOOK_ALLOW_HTTP: '1', WEBHOOK_ALLOW_PRIVATE_ADDRESSES: '1' } });
  const db = t.database.db;
  const org = (
    await makeOrganization(db, {
      permissions: ['MANAGE_WEBHOOKS', 'HANDLE_ALARMS', 'VIEW_DEVICE_DATA'],
      parentId: await providerIdOf(db),
    })
  ).id;
  const handlerUser = await makeUser(db, {
    organizationId: org,
    permissions: ['HANDLE_ALARMS', 'VIEW_DEVICE_DATA'],
  });
  handlerEmail = handlerUser.email;
  handlerId = handlerUser.id;
  handler = await signInAs(t, handlerUser);
  const manager = await signInAs(
    t,
    await makeUser(db, { organizationId: org, permissions: ['MANAGE_WEBHOOKS'] }),
  );
  device = await addDevice(t, 'RMS-EVENTS-1', org);
  // Another organization's device: its changes are not this webhook's events.
  await addDevice(t, 'RMS-EVENTS-OTHER');
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/v1/notifications/webhooks/',
    headers: bearer(manager),
    // Nobody listens there: the events are read from the outbox.
    payload: {
      url: 'http://127.0.0.1:9/hooks',
      secret: 'events-test-secret-0001',
      events: ['alarm.raised', 'alarm.acknowledged', 'alarm.cleared', 'device.offline', 'device.online'],
    },
  });
  expect(res.statusCode, res.body).toBe(201);
  hookId = res.json().id;
});
afterAll(() => t.close());

async function ingest(code: string, key: string, samples: object[]) {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/v1/ingest/telemetry/',
    headers: { authorization: `Basic ${Buffer.from(`${code}:${key}`).toString('base64')}` },
    payload: samples,
  });
  expect(res.statusCode, res.body).toBe(200);
}

interface EventBody {
  id: string;
  type: string;
  alarm?: { id: number; kind: string; status: string };
  [field: string]: unknown;
}

async function events() {
  const rows = await t.database.db
    .select({ type: webhookDeliveries.eventType, payload: webhookDeliveries.payload })
    .from(webhookDeliveries)
    .where(eq(webhookDeliveries.webhookId, hookId))
    .orderBy(asc(webhookDeliveries.id));
  return rows.map((r) => r.payload as EventBody);
}

describe('events from device traffic', () => {
  it('alarm.raised and alarm.cleared from samples, once each', async () => {
    const now = Date.now();
    await ingest(device.code, device.key, [sample(now - 60_000, { soc: 80 })]);
    expect(await events()).toEqual([]);
    await ingest(device.code, device.key, [sample(now - 50_000, { soc: 10 })]);
    await ingest(device.code, device.key, [sample(now - 40_000, { soc: 12 })]);
    const [raised, ...rest] = await events();
    expect(rest).toEqual([]);
    expect(raised).toMatchObject({
      type: 'alarm.raised',
      organization: device.organizationId,
      alarm: { device_id: 'RMS-EVENTS-1', kind: 'battery_low', severity: 'minor', status: 'active' },
      occurred_at: new Date(now - 50_000).toISOString(),
    });
    expect(raised!.id).toMatch(/^[0-9a-f-]{36}$/);
    await ingest(device.code, device.key, [sample(now - 30_000, { soc: 85 })]);
    const all = await events();
    expect(all.map((e) => e.type)).toEqual(['alarm.raised', 'alarm.cleared']);
    expect(all[1]).toMatchObject({
      alarm: { id: raised!.alarm!.id, kind: 'battery_low', status: 'cleared' },
      occurred_at: new Date(now - 30_000).toISOString(),
    });
  });

  it('device.offline with communication_lost from the sweep, device.online and its clearing on the next sample', async () => {
    const before = (await events()).length;
    await t.app.deviceLink.sweep(new Date(Date.now() + 20 * 60_000));
    const offline = (await events()).slice(before);
    expect(offline.map((e) => e.type).sort()).toEqual(['alarm.raised', 'device.offline']);
    expect(offline.find((e) => e.type === 'device.offline')).toMatchObject({
      organization: device.organizationId,
      device: { id: device.id, device_id: 'RMS-EVENTS-1' },
    });
    expect(offline.find((e) => e.type === 'alarm.raised')).toMatchObject({
      alarm: { kind: 'communication_lost', severity: 'major', status: 'active' },
    });
    // A second sweep changes nothing, so tells nothing.
    await t.app.deviceLink.sweep(new Date(Date.now() + 21 * 60_000));
    expect(await events()).toHaveLength(before + 2);

    await ingest(device.code, device.key, [sample(Date.now(), { soc: 85 })]);
    const back = (await events()).slice(before + 2);
    expect(back.map((e) => e.type).sort()).toEqual(['alarm.cleared', 'device.online']);
    expect(back.find((e) => e.type === 'device.online')).toMatchObject({
      device: { id: device.id, device_id: 'RMS-EVENTS-1' },
    });
    // Online already: the next sample tells nothing.
    await ingest(device.code, device.key, [sample(Date.now() + 1000, { soc: 85 })]);
    expect(await events()).toHaveLength(before + 4);
  });

  it('alarm.raised and alarm.cleared from a fault list the device reports over MQTT', async () => {
    await t.app.deviceLink.start();
    const faulty = await addDevice(t, 'RMS-EVENTS-FAULT', device.organizationId);
    const client = await connectDevice(t.app.deviceLink.mqttPort!, faulty);
    try {
      const before = (await events()).length;
      const ts = Date.now();
      const report = (at: number, faults: string[]) =>
        client.publishAsync(`rms/${faulty.code}/fault`, JSON.stringify({ ts: at, faults }), { qos: 1 });
      await report(ts, ['PV_OVERVOLT', 'TEMP_HIGH']);
      await report(ts + 1, ['TEMP_HIGH']);
      const told = (await events()).slice(before);
      expect(told.map((e) => `${e.type} ${e.alarm!.status}`).sort()).toEqual([
        'alarm.cleared cleared',
        'alarm.raised active',
        'alarm.raised active',
      ]);
      for (const event of told)
        expect(event).toMatchObject({
          alarm: { device_id: 'RMS-EVENTS-FAULT', kind: 'fault', severity: 'major' },
        });
    } finally {
      await client.endAsync(true);
    }
  });

  it('the alarm actions (acknowledge a selection, clear by hand) tell the webhook once each, with who did it', async () => {
    const db = t.database.db;
    const ids = (await db.select({ id: alarms.id }).from(alarms).where(eq(alarms.deviceId, device.id))).map(
      (a) => a.id,
    );
    expect(ids.length).toBeGreaterThanOrEqual(2);
    const before = (await events()).length;
    const act = (path: string, payload: object) =>
      t.app.inject({
        method: 'POST',
        url: `/api/v1/monitoring/alarms/${path}`,
        headers: bearer(handler),
        payload,
      });
    expect((await act('acknowledge/', { ids })).statusCode).toBe(200);
    const acknowledged = (await events()).slice(before);
    expect(acknowledged).toHaveLength(ids.length);
    expect(new Set(acknowledged.map((e) => e.id)).size).toBe(ids.length);
    expect(new Set(acknowledged.map((e) => e.alarm!.id))).toEqual(new Set(ids));
    for (const event of acknowledged)
      expect(event).toMatchObject({
        type: 'alarm.acknowledged',
        organization: device.organizationId,
        alarm: { device_id: 'RMS-EVENTS-1' },
        data: { acknowledged_by: { email: handlerEmail } },
      });
    // Acknowledged already: nothing changes, nothing is told. Not subscribed to alarm.assigned: nothing.
    expect((await act('acknowledge/', { ids })).statusCode).toBe(200);
    expect((await act('assign/', { ids, assignee: handlerId })).statusCode).toBe(200);
    expect(await events()).toHaveLength(before + ids.length);

    // A new low battery, cleared by hand.
    await ingest(device.code, device.key, [sample(Date.now() + 2000, { soc: 5 })]);
    const raised = (await events()).slice(before + ids.length);
    expect(raised.map((e) => e.type)).toEqual(['alarm.raised']);
    const res = await act(`${raised[0]!.alarm!.id}/clear/`, { note: 'battery swapped' });
    expect(res.statusCode, res.body).toBe(200);
    const cleared = (await events()).slice(before + ids.length + 1);
    expect(cleared).toHaveLength(1);
    expect(cleared[0]).toMatchObject({
      type: 'alarm.cleared',
      alarm: { id: raised[0]!.alarm!.id, kind: 'battery_low', severity: 'minor', status: 'cleared' },
      data: { cleared_by: { email: handlerEmail } },
    });
  });
});
