import { decodeJwt } from 'jose';
import type { MqttClient } from 'mqtt';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { AlarmEvent, CommandEvent, LiveStateEvent } from '@rms/contracts/events';
import { TokenService } from '../../auth/tokens';
import { alarms } from '../../db/schema/telemetry';
import { recordCommands } from '../../telemetry/commands';
import { LiveEvents, type RoutedMessage } from '../../telemetry/live-events';
import { createTestApp, signIn, type Session, type TestApp } from '../../testing/app';
import { connectDevice, sample, type TestDevice } from '../../testing/devices';
import { buildFleet, type Fleet } from '../../testing/monitoring-fleet';
import { openStream, type SseEvent, type SseStream } from '../../testing/sse';

// The live channel over real connections: the app listens on an ephemeral port, consoles hold real
// HTTP event streams, devices publish over real MQTT to the embedded broker.

let t: TestApp;
let fleet: Fleet;
let admin: Session;
let baseUrl: string;
let mqttPort: number;
const clients: MqttClient[] = [];
const streams: SseStream[] = [];

beforeAll(async () => {
  t = await createTestApp();
  fleet = await buildFleet(t);
  admin = await signIn(t.app);
  await t.app.deviceLink.start();
  mqttPort = t.app.deviceLink.mqttPort!;
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  const address = t.app.server.address();
  if (!address || typeof address === 'string') throw new Error('no port');
  baseUrl = `http://127.0.0.1:${address.port}`;
});
afterAll(async () => {
  for (const s of streams) s.close();
  await Promise.all(clients.map((c) => c.endAsync(true)));
  await t.close();
});

async function stream(token?: string) {
  const s = await openStream(baseUrl, token);
  streams.push(s);
  return s;
}

async function device(d: TestDevice) {
  const client = await connectDevice(mqttPort, d);
  clients.push(client);
  return client;
}

async function publish(client: MqttClient, d: TestDevice, over: Record<string, unknown> = {}) {
  await client.publishAsync(`rms/${d.code}/telemetry`, JSON.stringify(sample(Date.now(), over)), { qos: 1 });
}

const liveOf = (id: number) => (e: SseEvent) =>
  e.event === 'live' && (e.data as LiveStateEvent).device === id;
const alarmOf = (id: number) => (e: SseEvent) =>
  e.event === 'alarm' && (e.data as AlarmEvent).device_data.id === id;
const commandOf = (id: number, status: string) => (e: SseEvent) =>
  e.event === 'command' && (e.data as CommandEvent).id === id && (e.data as CommandEvent).status === status;
const aboutDevice = (id: number) => (e: SseEvent) => {
  const data = e.data as { device?: number; device_data?: { id: number } };
  return data.device === id || data.device_data?.id === id;
};

describe('GET /api/v1/events/', () => {
  it('answers 401 without a token or with a bad one', async () => {
    expect((await stream()).status).toBe(401);
    expect((await stream('not-a-token')).status).toBe(401);
  });

  it("streams a device's live state, alarms and commands to its organization and the provider, never to another customer", async () => {
    const a = await stream(fleet.userA.access);
    const b = await stream(fleet.userB.access);
    const provider = await stream(admin.access);
    expect([a.status, b.status, provider.status]).toEqual([200, 200, 200]);

    const lampA = await device(fleet.lampA);
    const lampB = await device(fleet.lampB);

    // Live state: A's light reports with its battery low, which also raises an alarm.
    await publish(lampA, fleet.lampA, { soc: 12, bt_v: 11.4, pv_v: 18, pv_i: 2, lo_sts: 1, gsm_sig: 61 });
    const live = await a.next(liveOf(fleet.lampA.id));
    expect(live.data).toMatchObject({
      device_id: fleet.lampA.code,
      status: 'On Error',
      battery_voltage: expect.closeTo(11.4, 3) as number,
      soc: 12,
      load_on: true,
      pv_power: 36,
      signal_strength: 61,
    });
    expect((live.data as LiveStateEvent).last_update).not.toBeNull();
    const alarm = await a.next(alarmOf(fleet.lampA.id));
    expect(alarm.data).toMatchObject({ fault_type: 'Battery low', status: 'Unresolved' });
    await provider.next(liveOf(fleet.lampA.id));
    await provider.next(alarmOf(fleet.lampA.id));

    // A command for A's light: recorded, sent to the device, acknowledged by it.
    await lampA.subscribeAsync(`rms/${fleet.lampA.code}/cmd`, { qos: 1 });
    const [commandId] = await recordCommands(t.database.db, [
      {
        deviceId: fleet.lampA.id,
        organizationId: fleet.lampA.organizationId,
        kind: 'load',
        payload: { on: false },
      },
    ]);
    const sent = await a.next(commandOf(commandId!, 'sent'));
    expect(sent.data).toMatchObject({ device: fleet.lampA.id, device_id: fleet.lampA.code, kind: 'load' });
    await lampA.publishAsync(`rms/${fleet.lampA.code}/ack`, JSON.stringify({ id: commandId, ok: true }), {
      qos: 1,
    });
    await a.next(commandOf(commandId!, 'acknowledged'));
    await provider.next(commandOf(commandId!, 'acknowledged'));

    // B's stream is alive (its own light's news arrives after all of A's) and got nothing of A.
    await publish(lampB, fleet.lampB, { soc: 10 });
    await b.next((e) => liveOf(fleet.lampB.id)(e) && (e.data as LiveStateEvent).soc === 10);
    await b.next((e) => alarmOf(fleet.lampB.id)(e) && (e.data as AlarmEvent).fault_type === 'Battery low');
    expect(b.events.filter(aboutDevice(fleet.lampA.id))).toEqual([]);
    expect(b.events.filter(aboutDevice(fleet.quietA.id))).toEqual([]);
    // ...and A nothing of B, while the provider saw both.
    await provider.next(liveOf(fleet.lampB.id));
    await publish(lampA, fleet.lampA, { soc: 60 });
    await a.next((e) => alarmOf(fleet.lampA.id)(e) && (e.data as AlarmEvent).status === 'Resolved');
    expect(a.events.filter(aboutDevice(fleet.lampB.id))).toEqual([]);
  });

  it('reaches a second server instance through PostgreSQL NOTIFY; with PGlite, stays in the process', async () => {
    // Another instance's publisher on the same database, as a server started next to this one has.
    const second = new LiveEvents({ db: t.database.db, log: t.app.log, databaseUrl: t.config.databaseUrl });
    await second.start();
    const heard: RoutedMessage[] = [];
    const heardLampA = new Promise<RoutedMessage>((resolve) =>
      second.subscribe(
        (m) => {
          heard.push(m);
          if (m.message.event === 'live' && m.message.data.device === fleet.lampA.id) resolve(m);
        },
        () => {},
      ),
    );
    const a = await stream(fleet.userA.access);
    const lampA = await device(fleet.lampA);
    await publish(lampA, fleet.lampA, { soc: 44 });
    await a.next((e) => liveOf(fleet.lampA.id)(e) && (e.data as LiveStateEvent).soc === 44);
    if (t.database.kind === 'postgres') {
      const message = await heardLampA;
      expect(message.organizationId).toBe(fleet.lampA.organizationId);
      expect(message.message.data).toMatchObject({ device_id: fleet.lampA.code, soc: 44 });
    } else {
      expect(heard).toEqual([]);
    }
    await second.stop();
  });

  it('sends one live message per device and window however often it reports', async () => {
    const bus = new LiveEvents({ db: t.database.db, log: t.app.log, throttleMs: 60_000 });
    await bus.start();
    const got: RoutedMessage[] = [];
    const alarmHeard = new Promise<void>((resolve) =>
      bus.subscribe(
        (m) => {
          got.push(m);
          if (m.message.event === 'alarm') resolve();
        },
        () => {},
      ),
    );
    for (let i = 0; i < 5; i++) bus.changed({ devices: [fleet.lampB.id] });
    await vi.waitFor(() => expect(got).toHaveLength(1));
    for (let i = 0; i < 5; i++) bus.changed({ devices: [fleet.lampB.id] });
    // Something told later arrives, and the device's repeats within the window did not.
    const [alarm] = await t.database.db.select({ id: alarms.id }).from(alarms).limit(1);
    bus.changed({ alarms: [alarm!.id] });
    await alarmHeard;
    expect(got.map((m) => m.message.event)).toEqual(['live', 'alarm']);
    await bus.stop();
  });

  it('streams to an organization API key too (its stream has no access token to expire with)', async () => {
    const made = await t.app.inject({
      method: 'POST',
      url: '/api/v1/admin_settings/api_keys/',
      headers: { authorization: `Bearer ${admin.access}` },
      payload: { name: 'Live feed', permissions: [{ key: 'VIEW_DEVICE_DATA' }] },
    });
    const before = t.app.liveEvents.subscribers;
    const s = await stream(made.json<{ key: string }>().key);
    expect(s.status).toBe(200);
    expect(t.app.liveEvents.subscribers).toBe(before + 1);
    s.close();
    // Gone before the next test counts the consoles.
    await vi.waitFor(() => expect(t.app.liveEvents.subscribers).toBe(before));
  });

  it('lets go of a console that disconnects', async () => {
    const before = t.app.liveEvents.subscribers;
    const s = await stream(fleet.userA.access);
    expect(t.app.liveEvents.subscribers).toBe(before + 1);
    s.close();
    await vi.waitFor(() => expect(t.app.liveEvents.subscribers).toBe(before));
  });

  it('ends the stream when the access token expires', async () => {
    const claims = decodeJwt(fleet.userA.access);
    const shortLived = await new TokenService(t.config.jwtSecret, 1).signAccess({
      userId: Number(claims.sub),
      sessionId: String(claims.sid),
    });
    const s = await stream(shortLived);
    expect(s.status).toBe(200);
    await s.ended;
  });
});
