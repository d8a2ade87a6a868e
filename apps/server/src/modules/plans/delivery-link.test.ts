import { eq } from 'drizzle-orm';
import type { MqttClient } from 'mqtt';
import { beforeAll, describe, expect, it } from 'vitest';
import type { SchedulePayload } from '@rms/contracts/lighting';
import { scheduleDeliveries } from '../../db/schema/lighting';
import type { TestApp } from '../../testing/app';
import { addDevice, type TestDevice } from '../../testing/devices';
import { linkedTestApp } from '../../testing/linked-app';
import { makeProfile, makeSchedule, makeStaticGroup, STREET } from '../../testing/schedule-fixtures';
import { replan, syncDeliveries, type PlanDeps } from './index';

// A plan reaching devices over real MQTT connections to the embedded broker, and its delivery
// following the device's acknowledgement.

const link = linkedTestApp();
let t: TestApp;
let deps: PlanDeps;

interface Received {
  id: number;
  kind: string;
  payload: SchedulePayload;
}

async function subscribed(device: TestDevice): Promise<{ client: MqttClient; next: Promise<Received> }> {
  const client = await link.connect(device);
  const next = new Promise<Received>((resolve) =>
    client.once('message', (_topic, message) => resolve(JSON.parse(message.toString()) as Received)),
  );
  await client.subscribeAsync(`rms/${device.code}/cmd`, { qos: 1 });
  return { client, next };
}

const deliveryOf = async (deviceId: number) =>
  (await t.database.db.select().from(scheduleDeliveries).where(eq(scheduleDeliveries.deviceId, deviceId)))[0];

beforeAll(() => {
  t = link.t;
  deps = { db: t.database.db, timeZone: t.config.timeZone };
});

describe('schedule command over MQTT', () => {
  it('reaches a connected device, whose acknowledgement marks the delivery applied', async () => {
    const db = t.database.db;
    const online = await addDevice(t, 'RMS-PLAN-1');
    const offline = await addDevice(t, 'RMS-PLAN-2');
    const group = await makeStaticGroup(db, online.organizationId, [online.id, offline.id]);
    const profile = await makeProfile(db, online.organizationId, STREET);
    await makeSchedule(db, { organizationId: online.organizationId, groupId: group, profileId: profile });
    const { client, next } = await subscribed(online);

    expect((await replan(deps, { groupIds: [group] })).changed).toBe(2);
    const command = await next;
    expect(command.kind).toBe('schedule');
    expect(command.payload.nights).toHaveLength(7);
    expect(command.payload.nights[0]!.steps.map((s) => s.level)).toEqual([100, 60, 0, 0]); // off before dawn, and the dawn step that ends the night
    expect(command.payload.plan).toBe((await deliveryOf(online.id))!.planHash);

    await client.publishAsync(`rms/${online.code}/ack`, JSON.stringify({ id: command.id, ok: true }), {
      qos: 1,
    });
    await syncDeliveries(db);
    expect(await deliveryOf(online.id)).toMatchObject({ status: 'applied', commandId: command.id });

    // The device that was away gets its plan when it connects.
    expect((await deliveryOf(offline.id))!.status).toBe('pending');
    const late = await subscribed(offline);
    const its = await late.next;
    expect(its).toMatchObject({ id: (await deliveryOf(offline.id))!.commandId, kind: 'schedule' });
    await late.client.publishAsync(`rms/${offline.code}/ack`, JSON.stringify({ id: its.id, ok: true }), {
      qos: 1,
    });
    await syncDeliveries(db);
    expect((await deliveryOf(offline.id))!.status).toBe('applied');
  });
});
