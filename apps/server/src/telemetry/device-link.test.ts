import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { deviceCommands } from '../db/schema/commands';
import { alarms, dailyHarvest, deviceLiveState, telemetrySamples } from '../db/schema/telemetry';
import type { TestApp } from '../testing/app';
import { addDevice, connectDevice, sample, type TestDevice } from '../testing/devices';
import { linkedTestApp } from '../testing/linked-app';
import { recordCommands } from './commands';

// The device link over real MQTT connections to the embedded broker.

const link = linkedTestApp();
const { connect } = link;
let t: TestApp;
let port: number;
let lamp: TestDevice;
let other: TestDevice;

const samplesOf = (deviceId: number) =>
  t.database.db.select().from(telemetrySamples).where(eq(telemetrySamples.deviceId, deviceId));

beforeAll(async () => {
  ({ t, port } = link);
  lamp = await addDevice(t, 'RMS-LINK-1');
  other = await addDevice(t, 'RMS-LINK-2');
});

describe('device sign-in and topic rights', () => {
  it('refuses a wrong key', async () => {
    await expect(connectDevice(port, { code: lamp.code, key: 'rmsk_wrong' })).rejects.toThrow(
      /Bad username or password|Not authorized|Connection refused/i,
    );
  });

  it('stores nothing published on another device’s topic, and drops that connection', async () => {
    const client = await connect(other);
    const closed = new Promise<void>((resolve) => client.once('close', () => resolve()));
    client.publish(`rms/${lamp.code}/telemetry`, JSON.stringify(sample(Date.now())), { qos: 1 });
    await closed;
    expect(await samplesOf(lamp.id)).toHaveLength(0);
  });

  it('refuses a subscription to another device’s commands', async () => {
    const client = await connect(other);
    const granted = await client.subscribeAsync(`rms/${lamp.code}/cmd`, { qos: 1 }).catch(() => null);
    expect(granted === null || granted.every((g) => g.qos === 128)).toBe(true);
  });
});

describe('telemetry', () => {
  it('has committed a QoS 1 message when the device gets its acknowledgement, and stores a redelivery once', async () => {
    const client = await connect(lamp);
    const ts = Date.now() - 60_000;
    await client.publishAsync(`rms/${lamp.code}/telemetry`, JSON.stringify(sample(ts)), { qos: 1 });
    expect(await samplesOf(lamp.id)).toHaveLength(1);
    await client.publishAsync(`rms/${lamp.code}/telemetry`, JSON.stringify(sample(ts)), { qos: 1 });
    expect(await samplesOf(lamp.id)).toHaveLength(1);
    const [live] = await t.database.db
      .select()
      .from(deviceLiveState)
      .where(eq(deviceLiveState.deviceId, lamp.id));
    expect(live).toMatchObject({ status: 'Online', telecom: 'Airtel' });
    expect(live!.sample.bt_v).toBeCloseTo(12.8, 3);
  });

  it('acknowledges bad JSON and out-of-range or far-future samples without storing them, and keeps the connection', async () => {
    const client = await connect(lamp);
    const before = (await samplesOf(lamp.id)).length;
    const refused = { ...t.app.deviceLink.uplink.stats.refused };
    await client.publishAsync(`rms/${lamp.code}/telemetry`, '{not json', { qos: 1 });
    await client.publishAsync(
      `rms/${lamp.code}/telemetry`,
      JSON.stringify(sample(Date.now(), { soc: 180 })),
      { qos: 1 },
    );
    await client.publishAsync(`rms/${lamp.code}/telemetry`, JSON.stringify(sample(Date.now() + 3_600_000)), {
      qos: 1,
    });
    expect(client.connected).toBe(true);
    expect((await samplesOf(lamp.id)).length).toBe(before);
    const total = (r: Record<string, number>) => Object.values(r).reduce((a, b) => a + b, 0);
    expect(total(t.app.deviceLink.uplink.stats.refused) - total(refused)).toBe(3);
  });

  it('accepts a batch and keeps the newest sample as live state, whatever the order', async () => {
    const device = await addDevice(t, 'RMS-LINK-BATCH');
    const client = await connect(device);
    const base = Date.now() - 3_600_000;
    const batch = [2, 0, 1].map((i) => sample(base + i * 300_000, { soc: 50 + i }));
    await client.publishAsync(`rms/${device.code}/telemetry`, JSON.stringify(batch), { qos: 1 });
    expect(await samplesOf(device.id)).toHaveLength(3);
    const [live] = await t.database.db
      .select()
      .from(deviceLiveState)
      .where(eq(deviceLiveState.deviceId, device.id));
    expect(live!.sample.soc).toBe(52);
    expect(live!.lastTs.getTime()).toBe(base + 600_000);
  });
});

describe('daily harvest', () => {
  it('sums counter increases per local day, the same in and out of order and across a reset', async () => {
    const inOrder = await addDevice(t, 'RMS-HARVEST-A');
    const shuffled = await addDevice(t, 'RMS-HARVEST-B');
    // 2026-06-10 in India: 06:00 to 12:00 local; the counter resets to 0 after 09:00.
    const at = (hh: number) => Date.parse(`2026-06-10T${String(hh).padStart(2, '0')}:00:00+05:30`);
    const readings: [number, number][] = [
      [at(6), 1000],
      [at(7), 1040],
      [at(8), 1100],
      [at(9), 1180],
      [at(10), 30],
      [at(11), 90],
    ];
    const expected = 40 + 60 + 80 + 30 + 60;
    const a = await connect(inOrder);
    for (const [ts, e] of readings) {
      await a.publishAsync(`rms/${inOrder.code}/telemetry`, JSON.stringify(sample(ts, { energy_wh: e })), {
        qos: 1,
      });
    }
    const b = await connect(shuffled);
    for (const i of [3, 0, 5, 1, 4, 2]) {
      const [ts, e] = readings[i]!;
      await b.publishAsync(`rms/${shuffled.code}/telemetry`, JSON.stringify(sample(ts, { energy_wh: e })), {
        qos: 1,
      });
    }
    for (const device of [inOrder, shuffled]) {
      const rows = await t.database.db
        .select()
        .from(dailyHarvest)
        .where(eq(dailyHarvest.deviceId, device.id));
      expect(rows).toHaveLength(1);
      expect(rows[0]).toMatchObject({ day: '2026-06-10', harvestWh: expected });
    }
  });
});

describe('alarms and status', () => {
  const openAlarms = (deviceId: number) =>
    t.database.db
      .select()
      .from(alarms)
      .where(and(eq(alarms.deviceId, deviceId)));

  it('raises battery low once and resolves it with hysteresis; status follows', async () => {
    const device = await addDevice(t, 'RMS-ALARM-BATT');
    const client = await connect(device);
    const base = Date.now() - 600_000;
    const send = (i: number, soc: number) =>
      client.publishAsync(`rms/${device.code}/telemetry`, JSON.stringify(sample(base + i * 1000, { soc })), {
        qos: 1,
      });
    await send(0, 15);
    await send(1, 12);
    await send(2, 25); // between the limits: still low
    let rows = await openAlarms(device.id);
    expect(rows.filter((r) => r.kind === 'battery_low')).toHaveLength(1);
    expect(rows[0]!.resolutionTime).toBeNull();
    const status = async () =>
      (await t.database.db.select().from(deviceLiveState).where(eq(deviceLiveState.deviceId, device.id)))[0]!
        .status;
    expect(await status()).toBe('On Error');
    await send(3, 35);
    rows = await openAlarms(device.id);
    expect(rows[0]!.resolutionTime?.getTime()).toBe(base + 3000);
    expect(await status()).toBe('Online');
  });

  it('raises and resolves the device’s own faults from its fault list', async () => {
    const device = await addDevice(t, 'RMS-ALARM-FAULT');
    const client = await connect(device);
    const ts = Date.now() - 1000;
    await client.publishAsync(
      `rms/${device.code}/fault`,
      JSON.stringify({ ts, faults: ['PV_OVERVOLT', 'TEMP_HIGH'] }),
      { qos: 1 },
    );
    await client.publishAsync(
      `rms/${device.code}/fault`,
      JSON.stringify({ ts: ts + 1, faults: ['TEMP_HIGH'] }),
      { qos: 1 },
    );
    const rows = await openAlarms(device.id);
    const byCode = Object.fromEntries(rows.map((r) => [r.faultCode, r.resolutionTime]));
    expect(Object.keys(byCode).sort()).toEqual(['PV_OVERVOLT', 'TEMP_HIGH']);
    expect(byCode.PV_OVERVOLT).not.toBeNull();
    expect(byCode.TEMP_HIGH).toBeNull();
  });

  it('marks a silent device Offline with a communication alarm, and resolves it when it reports again', async () => {
    const device = await addDevice(t, 'RMS-ALARM-COMM');
    const client = await connect(device);
    await client.publishAsync(`rms/${device.code}/telemetry`, JSON.stringify(sample(Date.now() - 1000)), {
      qos: 1,
    });
    await t.app.deviceLink.sweep(new Date(Date.now() + 20 * 60_000));
    const [live] = await t.database.db
      .select()
      .from(deviceLiveState)
      .where(eq(deviceLiveState.deviceId, device.id));
    expect(live!.status).toBe('Offline');
    expect(
      (await openAlarms(device.id)).filter((r) => r.kind === 'communication_lost' && !r.resolutionTime),
    ).toHaveLength(1);
    await client.publishAsync(`rms/${device.code}/telemetry`, JSON.stringify(sample(Date.now())), { qos: 1 });
    const rows = await openAlarms(device.id);
    expect(rows.every((r) => r.resolutionTime !== null)).toBe(true);
  });
});

describe('commands', () => {
  it('delivers a command to a connected device, which acknowledges it by id', async () => {
    const device = await addDevice(t, 'RMS-CMD-1');
    const client = await connect(device);
    await client.subscribeAsync(`rms/${device.code}/cmd`, { qos: 1 });
    const received = new Promise<{ id: number; kind: string; payload: unknown }>((resolve) =>
      client.once('message', (_topic, message) => resolve(JSON.parse(message.toString()))),
    );
    const [id] = await recordCommands(t.database.db, [
      { deviceId: device.id, organizationId: device.organizationId, kind: 'load', payload: { lo_sts: 1 } },
    ]);
    const command = await received;
    expect(command).toEqual({ id, kind: 'load', payload: { lo_sts: 1 } });
    await expect.poll(async () => (await commandRow(id!)).status).toBe('sent');
    await client.publishAsync(`rms/${device.code}/ack`, JSON.stringify({ id, ok: true }), { qos: 1 });
    expect((await commandRow(id!)).status).toBe('acknowledged');
  });

  it('keeps a command for an offline device until it comes back', async () => {
    const device = await addDevice(t, 'RMS-CMD-2');
    const [id] = await recordCommands(t.database.db, [
      { deviceId: device.id, organizationId: device.organizationId, kind: 'refresh' },
    ]);
    await new Promise((r) => setTimeout(r, 50));
    expect((await commandRow(id!)).status).toBe('pending');
    const client = await connect(device);
    const received = new Promise<{ id: number }>((resolve) =>
      client.once('message', (_topic, message) => resolve(JSON.parse(message.toString()))),
    );
    await client.subscribeAsync(`rms/${device.code}/cmd`, { qos: 1 });
    expect((await received).id).toBe(id);
  });

  it('ignores an acknowledgement for another device’s command', async () => {
    const owner = await addDevice(t, 'RMS-CMD-3');
    const [id] = await recordCommands(t.database.db, [
      { deviceId: owner.id, organizationId: owner.organizationId, kind: 'refresh' },
    ]);
    const client = await connect(other);
    await client.publishAsync(`rms/${other.code}/ack`, JSON.stringify({ id, ok: true }), { qos: 1 });
    expect((await commandRow(id!)).status).toBe('pending');
  });
});

async function commandRow(id: number) {
  const [row] = await t.database.db.select().from(deviceCommands).where(eq(deviceCommands.id, id));
  return row!;
}

describe('HTTP ingest', () => {
  const basic = (code: string, key: string) => ({
    authorization: `Basic ${Buffer.from(`${code}:${key}`).toString('base64')}`,
  });

  it('stores a sample sent with the device key, and refuses a wrong key or a bad payload', async () => {
    const device = await addDevice(t, 'RMS-HTTP-1');
    const url = '/api/v1/ingest/telemetry/';
    const wrong = await t.app.inject({
      method: 'POST',
      url,
      headers: basic(device.code, 'nope'),
      payload: sample(Date.now()),
    });
    expect(wrong.statusCode).toBe(401);
    const bad = await t.app.inject({
      method: 'POST',
      url,
      headers: basic(device.code, device.key),
      payload: sample(Date.now(), { bt_v: 'high' }),
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().detail).toMatch(/bt_v/);
    const ok = await t.app.inject({
      method: 'POST',
      url,
      headers: basic(device.code, device.key),
      payload: [sample(Date.now() - 2000), sample(Date.now() - 1000)],
    });
    expect(ok.statusCode).toBe(200);
    expect(await samplesOf(device.id)).toHaveLength(2);
  });
});
