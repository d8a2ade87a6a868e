import { eq, sql } from 'drizzle-orm';
import type { MqttClient, Packet } from 'mqtt';
import { beforeAll, describe, expect, it } from 'vitest';
import { PUBLISH_REASON_CODES } from '@rms/contracts/telemetry';
import { deviceCommands } from '../db/schema/commands';
import { alarms, deviceLiveState, telemetrySamples } from '../db/schema/telemetry';
import type { TestApp } from '../testing/app';
import { addDevice, sample, type TestDevice } from '../testing/devices';
import { linkedTestApp } from '../testing/linked-app';
import { recordCommands } from './commands';

// What a device sends that the database could not store as sent (text with a NUL or an unpaired
// surrogate, bytes that are not UTF-8, a reading too close to 0 for a 4-byte float), a fault report
// outside a sample's time window, and a sample the database refuses all the same: each is refused with a
// reason naming the field, over real MQTT 5 connections (the PUBACK's reason code and string) and HTTP
// ingest (400). A success (PUBACK 0x00, HTTP 200) is only ever sent for what was stored, and no payload
// ends the connection.

const link = linkedTestApp();
let t: TestApp;

const TEXT = 'contains a NUL or an unpaired surrogate character';
const TOO_SMALL = 'too close to 0 to store: 0, or at least 1.08420217e-19 in size';

beforeAll(() => {
  ({ t } = link);
});

const samplesOf = (deviceId: number) =>
  t.database.db.select().from(telemetrySamples).where(eq(telemetrySamples.deviceId, deviceId));

const liveOf = async (deviceId: number) =>
  (await t.database.db.select().from(deviceLiveState).where(eq(deviceLiveState.deviceId, deviceId)))[0];

/**
 * The PUBACK the broker answers a QoS 1 publish with (reason code and string), or 'closed' when the
 * connection ends before one comes.
 */
async function publishForAck(client: MqttClient, topic: string, payload: string | Buffer) {
  let onPacket!: (packet: Packet) => void;
  let onClose!: () => void;
  const answer = new Promise<
    (Packet & { reasonCode?: number; properties?: { reasonString?: string } }) | 'closed'
  >((resolve) => {
    onPacket = (packet) => packet.cmd === 'puback' && resolve(packet);
    onClose = () => resolve('closed');
    client.on('packetreceive', onPacket);
    client.once('close', onClose);
  });
  // mqtt.js rejects a publish whose MQTT 5 PUBACK carries an error code: the packet is what counts here.
  client.publishAsync(topic, payload, { qos: 1 }).catch(() => {});
  const ack = await answer;
  client.off('packetreceive', onPacket);
  client.off('close', onClose);
  return ack;
}

/** The PUBACK's reason code and string (success: code 0 and no string). */
async function answerTo(client: MqttClient, topic: string, payload: string | Buffer) {
  const ack = await publishForAck(client, topic, payload);
  if (ack === 'closed') return 'closed';
  return { code: ack.reasonCode ?? 0, reason: ack.properties?.reasonString ?? null };
}

const refused = (reason: string) => ({ code: PUBLISH_REASON_CODES.payloadFormatInvalid, reason });
const SUCCESS = { code: 0, reason: null };

function httpIngest(device: TestDevice, payload: string | Buffer) {
  return t.app.inject({
    method: 'POST',
    url: '/api/v1/ingest/telemetry/',
    headers: {
      authorization: `Basic ${Buffer.from(`${device.code}:${device.key}`).toString('base64')}`,
      'content-type': 'application/json',
    },
    payload,
  });
}

/** The HTTP answer as the device reads it: status and body. */
async function httpAnswer(device: TestDevice, payload: string | Buffer) {
  const response = await httpIngest(device, payload);
  return { status: response.statusCode, body: response.json() as unknown };
}

const badRequest = (field: string, problem: string) => ({
  status: 400,
  body: { detail: `${field}: ${problem}`, errors: { [field]: [problem] } },
});

describe('text the database cannot store', () => {
  it('is refused over HTTP, naming the field, and nothing is stored', async () => {
    const device = await addDevice(t, 'RMS-IN-HTTP-TEXT');
    const now = Date.now();
    expect(await httpAnswer(device, JSON.stringify(sample(now - 4000, { telecom: 'a\u0000b' })))).toEqual(
      badRequest('telecom', TEXT),
    );
    expect(await httpAnswer(device, JSON.stringify(sample(now - 3000, { telecom: 'X\ud800Y' })))).toEqual(
      badRequest('telecom', TEXT),
    );
    const batch = [sample(now - 2000), sample(now - 1000, { telecom: '\udc00' })];
    expect(await httpAnswer(device, JSON.stringify(batch))).toEqual(badRequest('1.telecom', TEXT));
    expect(await samplesOf(device.id)).toHaveLength(0);

    // Any other text is stored and reads back as sent.
    expect((await httpIngest(device, JSON.stringify(sample(now, { telecom: 'Jio 📶' })))).statusCode).toBe(
      200,
    );
    expect(await samplesOf(device.id)).toHaveLength(1);
    expect((await liveOf(device.id))?.telecom).toBe('Jio 📶');
  });

  it('is refused over MQTT 5 in the PUBACK, naming the field, and the connection stays', async () => {
    const device = await addDevice(t, 'RMS-IN-MQTT-TEXT');
    const client = await link.connect(device, { protocolVersion: 5 });
    const topic = `rms/${device.code}/telemetry`;
    for (const telecom of ['a\u0000b', 'X\ud800Y'])
      expect(await answerTo(client, topic, JSON.stringify(sample(Date.now() - 1000, { telecom })))).toEqual(
        refused(`telecom: ${TEXT}`),
      );
    expect(await samplesOf(device.id)).toHaveLength(0);
    expect(await answerTo(client, topic, JSON.stringify(sample(Date.now() - 1000)))).toEqual(SUCCESS);
    expect(await samplesOf(device.id)).toHaveLength(1);
    expect(client.connected).toBe(true);
  });

  it('in an acknowledgement’s error is refused, the command left open, and the connection stays', async () => {
    const device = await addDevice(t, 'RMS-IN-ACK');
    const client = await link.connect(device, { protocolVersion: 5 });
    const [id] = await recordCommands(t.database.db, [
      { deviceId: device.id, organizationId: device.organizationId, kind: 'refresh' },
    ]);
    const statusOf = async () =>
      (await t.database.db.select().from(deviceCommands).where(eq(deviceCommands.id, id!)))[0]!;
    const topic = `rms/${device.code}/ack`;
    for (const error of ['bad\u0000x', 'bad\ud800'])
      expect(await answerTo(client, topic, JSON.stringify({ id, ok: false, error }))).toEqual(
        refused(`error: ${TEXT}`),
      );
    expect(client.connected).toBe(true);
    // Still open (pending, or sent if the dispatcher got to it): the refused answers changed nothing.
    expect(['pending', 'sent']).toContain((await statusOf()).status);

    expect(await answerTo(client, topic, JSON.stringify({ id, ok: false, error: 'LED 🔥' }))).toEqual(
      SUCCESS,
    );
    expect(await statusOf()).toMatchObject({ status: 'failed', error: 'LED 🔥' });
  });

  it('as bytes that are not UTF-8 is refused over MQTT 5 and HTTP, never stored as U+FFFD', async () => {
    const device = await addDevice(t, 'RMS-IN-UTF8');
    const client = await link.connect(device, { protocolVersion: 5 });
    // A sample whose telecom holds the byte 0xFF, which no UTF-8 text has.
    const notUtf8 = (ts: number) => {
      const [head, tail] = JSON.stringify(sample(ts, { telecom: 'Air|tel' })).split('|');
      return Buffer.concat([Buffer.from(head!), Buffer.from([0xff]), Buffer.from(tail!)]);
    };
    expect(await answerTo(client, `rms/${device.code}/telemetry`, notUtf8(Date.now() - 2000))).toEqual(
      refused('payload: not valid UTF-8'),
    );
    expect(await httpAnswer(device, notUtf8(Date.now() - 1000))).toEqual(
      badRequest('payload', 'not valid UTF-8'),
    );
    expect(await samplesOf(device.id)).toHaveLength(0);
    expect(client.connected).toBe(true);
  });
});

describe('readings too close to 0 for a 4-byte float', () => {
  it('are refused over HTTP, naming the field, for every reading stored so', async () => {
    const device = await addDevice(t, 'RMS-IN-HTTP-TINY');
    const now = Date.now();
    expect(await httpAnswer(device, JSON.stringify(sample(now - 2000, { bt_v: 1e-50 })))).toEqual(
      badRequest('bt_v', TOO_SMALL),
    );
    const fields = ['bt_v', 'bt_ch_i', 'bt_dis_i', 'soc', 'pv_v', 'pv_i', 'lo_v', 'lo_i', 'mppt', 'temp'];
    for (const field of fields)
      for (const value of [1e-46, 1e-40, field === 'temp' ? -1e-30 : 1e-30])
        expect(await httpAnswer(device, JSON.stringify(sample(now - 1000, { [field]: value })))).toEqual(
          badRequest(field, TOO_SMALL),
        );
    expect(await samplesOf(device.id)).toHaveLength(0);

    // The smallest reading taken, 2^-63, is stored as sent, and a graph multiplies it with another.
    expect(
      (await httpIngest(device, JSON.stringify(sample(now, { pv_v: 2 ** -63, pv_i: 2 ** -63 })))).statusCode,
    ).toBe(200);
    expect(Math.fround((await samplesOf(device.id))[0]!.pvI)).toBe(2 ** -63);
  });

  it('are refused over MQTT 5 in the PUBACK, naming the field', async () => {
    const device = await addDevice(t, 'RMS-IN-MQTT-TINY');
    const client = await link.connect(device, { protocolVersion: 5 });
    const topic = `rms/${device.code}/telemetry`;
    expect(await answerTo(client, topic, JSON.stringify(sample(Date.now() - 1000, { pv_i: 1e-46 })))).toEqual(
      refused(`pv_i: ${TOO_SMALL}`),
    );
    const batch = [sample(Date.now() - 2000), sample(Date.now() - 1000, { lo_i: 1e-40 })];
    expect(await answerTo(client, topic, JSON.stringify(batch))).toEqual(refused(`1.lo_i: ${TOO_SMALL}`));
    expect(await samplesOf(device.id)).toHaveLength(0);
    expect(client.connected).toBe(true);
  });
});

describe('a fault report’s time', () => {
  it('follows a sample’s window; none ends the connection, and a report inside it raises its alarm', async () => {
    const device = await addDevice(t, 'RMS-IN-FAULT');
    const client = await link.connect(device, { protocolVersion: 5 });
    const topic = `rms/${device.code}/fault`;
    const report = (ts: unknown) => JSON.stringify({ ts, faults: ['FUTURE_X'] });
    expect(await answerTo(client, topic, report(4_102_444_800_000))).toEqual(
      refused("ts: more than 5 minutes ahead of the server's clock"),
    );
    expect(await answerTo(client, topic, report('2100-01-01T00:00:00Z'))).toEqual(
      refused("ts: more than 5 minutes ahead of the server's clock"),
    );
    expect(await answerTo(client, topic, report(1))).toEqual(refused('ts: older than 400 days'));
    expect(await answerTo(client, topic, report(9e15))).toEqual(refused('ts: above 8640000000000000'));
    expect(client.connected).toBe(true);
    const alarmsOf = () => t.database.db.select().from(alarms).where(eq(alarms.deviceId, device.id));
    expect(await alarmsOf()).toHaveLength(0);

    const at = Date.now() - 60_000;
    expect(await answerTo(client, topic, report(at))).toEqual(SUCCESS);
    expect(await alarmsOf()).toMatchObject([
      { kind: 'fault', faultCode: 'FUTURE_X', faultTime: new Date(at) },
    ]);
  });
});

describe('a sample the contract takes but the database refuses', () => {
  it('is not acknowledged as stored, over MQTT 5 or HTTP; the rest of its array is stored', async () => {
    const device = await addDevice(t, 'RMS-IN-DROPPED');
    // Stands for whatever the database may still refuse: this device's samples at 77 °C.
    await t.database.db.execute(
      sql.raw(`alter table telemetry_samples add constraint test_refused_sample
        check (device_id <> ${device.id} or temp <> 77)`),
    );
    try {
      const client = await link.connect(device, { protocolVersion: 5 });
      const topic = `rms/${device.code}/telemetry`;
      expect(await answerTo(client, topic, JSON.stringify(sample(Date.now() - 5000, { temp: 77 })))).toEqual(
        refused('payload: not stored, the database refused it'),
      );
      expect(client.connected).toBe(true);
      const batch = [sample(Date.now() - 4000), sample(Date.now() - 3000, { temp: 77 })];
      expect(await httpAnswer(device, JSON.stringify(batch))).toEqual(
        badRequest('1', 'not stored, the database refused it'),
      );
      expect((await samplesOf(device.id)).map((s) => s.ts.getTime())).toEqual([batch[0]!.ts]);
      expect(await answerTo(client, topic, JSON.stringify(sample(Date.now() - 1000)))).toEqual(SUCCESS);
      expect(await samplesOf(device.id)).toHaveLength(2);
    } finally {
      await t.database.db.execute(sql`alter table telemetry_samples drop constraint test_refused_sample`);
    }
  });
});
