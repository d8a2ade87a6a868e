import { once } from 'node:events';
import { connect as tcpConnect } from 'node:net';
import { eq } from 'drizzle-orm';
import mqttPacket from 'mqtt-packet';
import mqtt, { type IConnackPacket, type MqttClient, type Packet } from 'mqtt';
import { beforeAll, describe, expect, it } from 'vitest';
import { PUBLISH_REASON_CODES, type RejectNotice } from '@rms/contracts/telemetry';
import { deviceRejects, telemetrySamples } from '../db/schema/telemetry';
import { bearer, signIn, type Session, type TestApp } from '../testing/app';
import { addDevice, connectDevice, sample, type TestDevice } from '../testing/devices';
import { linkedTestApp } from '../testing/linked-app';
import { makeOrganization } from '../testing/factories';
import { addUser } from '../testing/users';

// Refused telemetry over real MQTT connections to the embedded broker: the device is told (a notice on
// rms/<id>/reject for any client; the PUBACK's reason code and reason string for an MQTT 5 client), the
// server counts the refusal with its reason, and the console's calls show it to the device's
// organization only. Valid messages are acknowledged and stored as before.

const link = linkedTestApp();
const { connect } = link;
let t: TestApp;
let port: number;
let lamp: TestDevice;
let lamp5: TestDevice;
let otherOrgLamp: TestDevice;
let userA: Session;
let userB: Session;

/** The next notice on the device's reject topic (the client has subscribed to it). */
function nextNotice(client: MqttClient): Promise<RejectNotice> {
  return new Promise((resolve) => {
    const onMessage = (topic: string, payload: Buffer) => {
      if (!topic.endsWith('/reject')) return;
      client.off('message', onMessage);
      resolve(JSON.parse(payload.toString()) as RejectNotice);
    };
    client.on('message', onMessage);
  });
}

/** The PUBACK the broker answers a QoS 1 publish with (MQTT 5: with its reason code and string). */
async function publishForAck(client: MqttClient, topic: string, payload: string) {
  const acks: Packet[] = [];
  const onPacket = (packet: Packet) => {
    if (packet.cmd === 'puback') acks.push(packet);
  };
  client.on('packetreceive', onPacket);
  // mqtt.js rejects a publish whose MQTT 5 PUBACK carries an error code: the packet is what counts here.
  await client.publishAsync(topic, payload, { qos: 1 }).catch(() => {});
  client.off('packetreceive', onPacket);
  expect(acks).toHaveLength(1);
  return acks[0] as Packet & { reasonCode?: number; properties?: { reasonString?: string } };
}

const samplesOf = (deviceId: number) =>
  t.database.db.select().from(telemetrySamples).where(eq(telemetrySamples.deviceId, deviceId));

const get = (session: Session, url: string) =>
  t.app.inject({ method: 'GET', url: `/api/v1/${url}`, headers: bearer(session) });

async function addOrganization() {
  return (await makeOrganization(t.database.db, { permissions: ['VIEW_RMS', 'VIEW_DEVICE_DATA'] })).id;
}

beforeAll(async () => {
  ({ t, port } = link);
  const orgA = await addOrganization();
  const orgB = await addOrganization();
  lamp = await addDevice(t, 'RMS-REJ-1', orgA);
  lamp5 = await addDevice(t, 'RMS-REJ-5', orgA);
  otherOrgLamp = await addDevice(t, 'RMS-REJ-B', orgB);
  userA = await addUser(t, orgA, 'viewer@rejects-a.example', ['VIEW_RMS']);
  userB = await addUser(t, orgB, 'viewer@rejects-b.example', ['VIEW_RMS']);
});

describe('a device on MQTT 3.1.1', () => {
  it('is acknowledged, sent a notice naming the field, and the refusal is counted with its reason', async () => {
    const client = await connect(lamp);
    await client.subscribeAsync(`rms/${lamp.code}/reject`, { qos: 1 });
    const topic = `rms/${lamp.code}/telemetry`;

    let notice = nextNotice(client);
    await client.publishAsync(topic, JSON.stringify(sample(Date.now() - 1000, { bt_v: 95 })), { qos: 1 });
    expect(await notice).toMatchObject({
      topic: 'telemetry',
      reason: 'bt_v: above 40',
      reason_code: PUBLISH_REASON_CODES.payloadFormatInvalid,
      refused: 1,
    });

    notice = nextNotice(client);
    await client.publishAsync(topic, '{"ts": 1, "bt_v"', { qos: 1 });
    expect((await notice).reason).toBe('payload: not valid JSON');

    notice = nextNotice(client);
    await client.publishAsync(topic, JSON.stringify(sample(Date.now() + 3_600_000)), { qos: 1 });
    expect((await notice).reason).toBe("ts: more than 5 minutes ahead of the server's clock");

    notice = nextNotice(client);
    await client.publishAsync(topic, JSON.stringify(sample(Date.now() - 500 * 86_400_000)), { qos: 1 });
    expect((await notice).reason).toBe('ts: older than 400 days');

    notice = nextNotice(client);
    const batch = [sample(Date.now() - 3000), sample(Date.now() - 2000, { soc: -3 })];
    await client.publishAsync(topic, JSON.stringify(batch), { qos: 1 });
    expect(await notice).toMatchObject({ reason: '1.soc: below 0', refused: 5 });
    expect(client.connected).toBe(true);
    expect(await samplesOf(lamp.id)).toHaveLength(0);

    // A valid sample is still acknowledged and stored.
    await client.publishAsync(topic, JSON.stringify(sample(Date.now() - 1000)), { qos: 1 });
    expect(await samplesOf(lamp.id)).toHaveLength(1);

    const report = (await get(userA, `monitoring/live_report/?device=${lamp.id}`)).json();
    expect(report.rejects).toMatchObject({
      count: 5,
      last_topic: 'telemetry',
      last_reason: '1.soc: below 0',
    });
    expect(Date.parse(report.rejects.last_at)).toBeGreaterThanOrEqual(Date.parse(report.rejects.first_at));
  });

  it('counts a bad fault report or acknowledgement too, naming the field', async () => {
    const device = await addDevice(t, 'RMS-REJ-FAULT');
    const client = await connect(device);
    await client.subscribeAsync(`rms/${device.code}/reject`, { qos: 0 });
    let notice = nextNotice(client);
    await client.publishAsync(
      `rms/${device.code}/fault`,
      JSON.stringify({ ts: Date.now(), faults: ['bad code'] }),
      {
        qos: 1,
      },
    );
    expect(await notice).toMatchObject({ topic: 'fault', reason: expect.stringMatching(/^faults\.0: /) });
    notice = nextNotice(client);
    await client.publishAsync(`rms/${device.code}/ack`, JSON.stringify({ id: 7 }), { qos: 1 });
    expect(await notice).toMatchObject({ topic: 'ack', reason: 'ok: missing', refused: 2 });
  });

  it('may not subscribe to another device’s reject notices', async () => {
    const client = await connect(lamp);
    const granted = await client.subscribeAsync(`rms/${lamp5.code}/reject`, { qos: 0 }).catch(() => null);
    expect(granted === null || granted.every((g) => g.qos === 128)).toBe(true);
  });
});

describe('a device on MQTT 5', () => {
  it('gets the reason code and reason in the PUBACK of a refused message, and success for a stored one', async () => {
    const client = await connect(lamp5, { protocolVersion: 5 });
    const topic = `rms/${lamp5.code}/telemetry`;

    const bad = await publishForAck(client, topic, JSON.stringify(sample(Date.now() - 1000, { pv_v: 140 })));
    expect(bad.reasonCode).toBe(PUBLISH_REASON_CODES.payloadFormatInvalid);
    expect(bad.properties?.reasonString).toBe('pv_v: above 100');

    const notJson = await publishForAck(client, topic, 'not json');
    expect(notJson.reasonCode).toBe(0x99);
    expect(notJson.properties?.reasonString).toBe('payload: not valid JSON');

    const good = await publishForAck(client, topic, JSON.stringify(sample(Date.now() - 1000)));
    expect(good.reasonCode ?? 0).toBe(0);
    expect(await samplesOf(lamp5.id)).toHaveLength(1);
    expect(client.connected).toBe(true);

    const report = (await get(userA, `monitoring/live_report/?device=${lamp5.id}`)).json();
    expect(report.rejects).toMatchObject({ count: 2, last_reason: 'payload: not valid JSON' });
  });

  it('gets 0x87 for a publish on another device’s topic, keeps its connection, and nothing is stored', async () => {
    const client = await connect(lamp5, { protocolVersion: 5 });
    const ack = await publishForAck(
      client,
      `rms/${otherOrgLamp.code}/telemetry`,
      JSON.stringify(sample(Date.now() - 1000)),
    );
    expect(ack.reasonCode).toBe(PUBLISH_REASON_CODES.notAuthorized);
    expect(ack.properties?.reasonString).toBe(`topic: may not publish on rms/${otherOrgLamp.code}/telemetry`);
    expect(client.connected).toBe(true);
    expect(await samplesOf(otherOrgLamp.id)).toHaveLength(0);
    // The same connection goes on working.
    const next = await publishForAck(
      client,
      `rms/${lamp5.code}/telemetry`,
      JSON.stringify(sample(Date.now())),
    );
    expect(next.reasonCode ?? 0).toBe(0);
  });

  it('is refused a subscription to another device’s commands (0x87), and takes its own', async () => {
    const client = await connect(lamp5, { protocolVersion: 5 });
    const subacks: { granted: number[] }[] = [];
    client.on('packetreceive', (packet) => {
      if (packet.cmd === 'suback') subacks.push(packet as unknown as { granted: number[] });
    });
    // mqtt.js rejects a subscription with a refused topic: the SUBACK is what counts here.
    await client
      .subscribeAsync([`rms/${otherOrgLamp.code}/cmd`, `rms/${lamp5.code}/cmd`, `rms/${lamp5.code}/reject`], {
        qos: 1,
      })
      .catch(() => {});
    expect(subacks.map((p) => p.granted)).toEqual([[0x87, 1, 1]]);
    expect(client.connected).toBe(true);
  });

  it('learns the server’s limits at sign-in, gets an assigned client id, and a wrong key is refused', async () => {
    const client = mqtt.connect(`mqtt://127.0.0.1:${port}`, {
      username: lamp5.code,
      password: lamp5.key,
      clientId: '',
      protocolVersion: 5,
      reconnectPeriod: 0,
    });
    link.keep(client);
    const connack = await new Promise<IConnackPacket>((resolve) => client.once('connect', resolve));
    expect(connack.reasonCode ?? 0).toBe(0);
    expect(connack.properties).toMatchObject({
      maximumQoS: 1,
      maximumPacketSize: 512 * 1024,
      assignedClientIdentifier: expect.stringMatching(/^rms5-/),
    });
    await expect(
      connectDevice(port, { code: lamp5.code, key: 'rmsk_wrong' }, { protocolVersion: 5 }),
    ).rejects.toThrow(/Bad User Name or Password|Not authorized/i);
  });
});

/** A bare MQTT 5 connection (mqtt-packet over TCP), signed in: to send what a client library would not. */
async function rawV5(device: TestDevice) {
  const socket = tcpConnect(port, '127.0.0.1');
  await once(socket, 'connect');
  const parser = mqttPacket.parser({ protocolVersion: 5 });
  const packets: mqttPacket.Packet[] = [];
  parser.on('packet', (p: mqttPacket.Packet) => packets.push(p));
  socket.on('data', (chunk: Buffer) => parser.parse(chunk));
  const closed = once(socket, 'close');
  socket.on('error', () => {});
  const send = (packet: mqttPacket.Packet) =>
    socket.write(mqttPacket.generate(packet, { protocolVersion: 5 }));
  send({
    cmd: 'connect',
    protocolId: 'MQTT',
    protocolVersion: 5,
    clean: true,
    clientId: `raw-${device.code}-${Math.random().toString(36).slice(2, 8)}`,
    keepalive: 30,
    username: device.code,
    password: Buffer.from(device.key),
  });
  await expect.poll(() => packets.map((p) => p.cmd)).toContain('connack');
  return { socket, packets, send, closed };
}

const rejectsOf = async (deviceId: number) =>
  (await t.database.db.select().from(deviceRejects).where(eq(deviceRejects.deviceId, deviceId)))[0];

describe('what MQTT 5 cannot answer in a PUBACK', () => {
  it('ends the connection of a packet too large with DISCONNECT 0x95 and the reason, and counts it', async () => {
    const device = await addDevice(t, 'RMS-REJ-BIG5');
    const raw = await rawV5(device);
    raw.send({
      cmd: 'publish',
      topic: `rms/${device.code}/telemetry`,
      payload: Buffer.alloc(600 * 1024, 0x20),
      qos: 1,
      messageId: 1,
      retain: false,
      dup: false,
    });
    await raw.closed;
    const last = raw.packets.at(-1) as mqttPacket.IDisconnectPacket;
    expect(last.cmd).toBe('disconnect');
    expect(last.reasonCode).toBe(PUBLISH_REASON_CODES.packetTooLarge);
    expect(last.properties?.reasonString).toMatch(
      /^payload: a packet of \d+ bytes, more than the 524288 allowed$/,
    );
    await expect.poll(() => rejectsOf(device.id)).toMatchObject({ count: 1, lastTopic: null });
  });

  it('counts a packet too large from an MQTT 3.1.1 device too (its connection is closed)', async () => {
    const device = await addDevice(t, 'RMS-REJ-BIG3');
    const client = await connect(device);
    const closed = new Promise<void>((resolve) => client.once('close', () => resolve()));
    client.on('error', () => {}); // the reset of the connection
    client.publish(`rms/${device.code}/telemetry`, Buffer.alloc(600 * 1024, 0x20), { qos: 1 });
    await closed;
    await expect
      .poll(() => rejectsOf(device.id))
      .toMatchObject({
        count: 1,
        lastReason: expect.stringMatching(/^payload: a packet of \d+ bytes/),
      });
  });

  it('refuses QoS 2, which the CONNACK said it does not take, with DISCONNECT 0x9B', async () => {
    const device = await addDevice(t, 'RMS-REJ-QOS2');
    const raw = await rawV5(device);
    expect((raw.packets[0] as mqttPacket.IConnackPacket).properties?.maximumQoS).toBe(1);
    raw.send({
      cmd: 'publish',
      topic: `rms/${device.code}/telemetry`,
      payload: Buffer.from(JSON.stringify(sample(Date.now() - 1000))),
      qos: 2,
      messageId: 1,
      retain: false,
      dup: false,
    });
    await raw.closed;
    expect(raw.packets.at(-1)).toMatchObject({ cmd: 'disconnect', reasonCode: 0x9b });
    expect(await samplesOf(device.id)).toHaveLength(0);
  });
});

describe('the console’s view of refusals', () => {
  it('shows the count and last reason on the RMS inventory row, to the device’s organization only', async () => {
    const mine = (await get(userA, 'devices/rms/?pagination=false')).json() as {
      device_id: string;
      rejects: { count: number; last_reason: string } | null;
    }[];
    expect(mine.find((r) => r.device_id === lamp.code)?.rejects).toMatchObject({
      count: 5,
      last_reason: '1.soc: below 0',
    });
    expect(mine.some((r) => r.device_id === otherOrgLamp.code)).toBe(false);

    const theirs = (await get(userB, 'devices/rms/?pagination=false')).json() as {
      device_id: string;
      rejects: unknown;
    }[];
    expect(theirs.map((r) => r.device_id)).toEqual([otherOrgLamp.code]);
    // The publish on its topic was lamp5's refusal, not this device's.
    expect(theirs[0]!.rejects).toBeNull();
    expect((await get(userB, `monitoring/live_report/?device=${lamp.id}`)).statusCode).toBe(404);
  });
});

describe('HTTP ingest', () => {
  const basic = (device: TestDevice) => ({
    authorization: `Basic ${Buffer.from(`${device.code}:${device.key}`).toString('base64')}`,
  });

  it('answers 400 naming the field, and counts the refusal (bad JSON included)', async () => {
    const device = await addDevice(t, 'RMS-REJ-HTTP');
    const post = (payload: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/v1/ingest/telemetry/',
        headers: { ...basic(device), 'content-type': 'application/json' },
        payload,
      });
    const range = await post(JSON.stringify(sample(Date.now(), { lo_i: 31 })));
    expect(range.statusCode).toBe(400);
    expect(range.json()).toEqual({ detail: 'lo_i: above 30', errors: { lo_i: ['above 30'] } });
    const json = await post('{"ts":');
    expect(json.statusCode).toBe(400);
    expect(json.json()).toEqual({
      detail: 'payload: not valid JSON',
      errors: { payload: ['not valid JSON'] },
    });
    const ok = await post(JSON.stringify(sample(Date.now() - 1000)));
    expect(ok.statusCode).toBe(200);
    const report = (await get(await signIn(t.app), `monitoring/live_report/?device=${device.id}`)).json();
    expect(report.rejects).toMatchObject({ count: 2, last_reason: 'payload: not valid JSON' });
  });
});
