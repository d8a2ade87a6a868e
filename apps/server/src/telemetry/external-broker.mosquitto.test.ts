import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import mqtt from 'mqtt';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RejectNotice } from '@rms/contracts/telemetry';
import { deviceCommands } from '../db/schema/commands';
import { deviceRejects, telemetrySamples } from '../db/schema/telemetry';
import { JobRunner } from '../jobs/job-runner';
import { createTestApp, type TestApp } from '../testing/app';
import { addDevice, sample } from '../testing/devices';
import { recordCommands } from './commands';
import { DeviceLink } from './device-link';
import { connectExternalBroker } from './external-broker';
import type { Uplink } from './uplink';

// Ingest through an external broker (the machine's Mosquitto, MQTT_EXTERNAL_URL): run by .ci/run with
// `npm run test:mosquitto`, not part of the default run, which has no broker to rely on. Each run uses
// its own shared-subscription groups and short sessions, so runs never take each other's messages.
// (The broker queues a group's share for members that are away, so each test is a deployment of its own.)

const url = process.env.MQTT_EXTERNAL_URL;
if (!url) throw new Error('MQTT_EXTERNAL_URL is not set (e.g. mqtt://127.0.0.1:1883)');

let t: TestApp;
const run = randomBytes(4).toString('hex');

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const stored = (deviceId: number) =>
  t.database.db.select().from(telemetrySamples).where(eq(telemetrySamples.deviceId, deviceId));

/** The server side; `group` names one deployment (its shared subscription and client ids). */
const ingest = (group: string, connections: number) =>
  connectExternalBroker({
    url: url!,
    db: t.database.db,
    uplink: t.app.deviceLink.uplink,
    log: t.app.log,
    connections,
    group,
    clientIdPrefix: group,
    sessionExpirySeconds: 60,
  });

async function publisher(code: string) {
  return mqtt.connectAsync(url!, { clientId: `test-dev-${code}`, username: code, reconnectPeriod: 0 });
}

describe('external broker', () => {
  it('stores what devices publish through the broker once, over a shared subscription', async () => {
    const device = await addDevice(t, `EXT-${run}-1`);
    const server = await ingest(`rms-ingest-${run}-a`, 4);
    const client = await publisher(device.code);
    const ts = Date.now() - 10_000;
    await client.publishAsync(`rms/${device.code}/telemetry`, JSON.stringify(sample(ts)), { qos: 1 });
    await client.publishAsync(`rms/${device.code}/telemetry`, JSON.stringify(sample(ts)), { qos: 1 });
    await client.publishAsync(`rms/${device.code}/telemetry`, JSON.stringify(sample(ts + 1000)), { qos: 1 });
    await expect.poll(async () => (await stored(device.id)).length, { timeout: 10_000 }).toBe(2);
    await client.endAsync();
    await server.close();
  });

  it('takes a message again, on a new connection, when its ingest failed (it was never acknowledged)', async () => {
    const device = await addDevice(t, `EXT-${run}-5`);
    const group = `rms-ingest-${run}-e`;
    let failures = 0;
    // The database refuses the first attempt (an outage); the ingest is as usual after.
    const flaky = {
      receive: (...args: Parameters<Uplink['receive']>) => {
        if (failures++ === 0) return Promise.reject(new Error('connection terminated'));
        return t.app.deviceLink.uplink.receive(...args);
      },
    } as Uplink;
    const server = await connectExternalBroker({
      url: url!,
      db: t.database.db,
      uplink: flaky,
      log: t.app.log,
      connections: 1,
      group,
      clientIdPrefix: group,
      sessionExpirySeconds: 60,
    });
    const client = await publisher(device.code);
    await client.publishAsync(`rms/${device.code}/telemetry`, JSON.stringify(sample(Date.now() - 5000)), {
      qos: 1,
    });
    await expect.poll(async () => (await stored(device.id)).length, { timeout: 15_000 }).toBe(1);
    expect(failures).toBe(2);
    await client.endAsync();
    await server.close();
  });

  it('gets what was published while the ingest was away, from its persistent session', async () => {
    const device = await addDevice(t, `EXT-${run}-2`);
    await (await ingest(`rms-ingest-${run}-b`, 2)).close();
    const client = await publisher(device.code);
    const base = Date.now() - 60_000;
    for (let i = 0; i < 5; i++) {
      await client.publishAsync(`rms/${device.code}/telemetry`, JSON.stringify(sample(base + i * 1000)), {
        qos: 1,
      });
    }
    await client.endAsync();
    expect(await stored(device.id)).toHaveLength(0);
    const again = await ingest(`rms-ingest-${run}-b`, 2);
    await expect.poll(async () => (await stored(device.id)).length, { timeout: 10_000 }).toBe(5);
    await again.close();
  });

  it('stops mid-stream without waiting on what it no longer takes, which the next start gets', async () => {
    const device = await addDevice(t, `EXT-${run}-stop`);
    const group = `rms-ingest-${run}-c`;
    const server = await ingest(group, 4);
    const client = await publisher(device.code);
    const base = Date.now() - 3_600_000;
    const total = 300;
    let closing: Promise<void> | null = null;
    for (let i = 0; i < total; i++) {
      // The stop comes from inside the stream: messages are arriving while it drains.
      if (!closing && (await stored(device.id)).length >= 30) closing = server.close();
      await client.publishAsync(`rms/${device.code}/telemetry`, JSON.stringify(sample(base + i * 1000)), {
        qos: 1,
      });
    }
    expect(closing).not.toBeNull();
    await closing;
    await client.endAsync();
    const again = await ingest(group, 4);
    await expect.poll(async () => (await stored(device.id)).length, { timeout: 20_000 }).toBe(total);
    await again.close();
  }, 60_000);
});

describe('the device link on an external broker', () => {
  /** The whole device link of one deployment on the broker (its own group, so runs stay apart). */
  async function link(group: string) {
    const listener = t.database.listener(t.app.log);
    const jobs = new JobRunner({ db: t.database.db, log: t.app.log, owner: group });
    const deviceLink = new DeviceLink({
      db: t.database.db,
      log: t.app.log,
      timeZone: 'Asia/Kolkata',
      mqttPort: 0,
      mqttUrl: url,
      external: { group, clientIdPrefix: group, sessionExpirySeconds: 60 },
      sweepEveryMs: 0,
      jobs,
      listener,
    });
    await deviceLink.start();
    return {
      async stop() {
        await deviceLink.stop();
        await jobs.stop();
        await listener.close();
      },
    };
  }

  it('tells a device of a refused message on its reject topic, and counts it', async () => {
    const device = await addDevice(t, `EXT-${run}-3`);
    const server = await link(`rms-ingest-${run}-c`);
    const client = await publisher(device.code);
    await client.subscribeAsync(`rms/${device.code}/reject`, { qos: 0 });
    const notice = new Promise<RejectNotice>((resolve) =>
      client.once('message', (_topic, payload) => resolve(JSON.parse(payload.toString()) as RejectNotice)),
    );
    await client.publishAsync(
      `rms/${device.code}/telemetry`,
      JSON.stringify(sample(Date.now(), { soc: 120 })),
      {
        qos: 1,
      },
    );
    expect(await notice).toMatchObject({ topic: 'telemetry', reason: 'soc: above 100', reason_code: 0x99 });
    const [row] = await t.database.db
      .select()
      .from(deviceRejects)
      .where(eq(deviceRejects.deviceId, device.id));
    expect(row).toMatchObject({ count: 1, lastReason: 'soc: above 100' });
    await client.endAsync();
    await server.stop();
  });

  it('delivers a command once, however many times the dispatcher wakes up for it', async () => {
    const device = await addDevice(t, `EXT-${run}-4`);
    const server = await link(`rms-ingest-${run}-d`);
    const client = await publisher(device.code);
    const received: number[] = [];
    client.on('message', (_topic, payload) =>
      received.push((JSON.parse(payload.toString()) as { id: number }).id),
    );
    await client.subscribeAsync(`rms/${device.code}/cmd`, { qos: 1 });
    const record = async () =>
      (
        await recordCommands(t.database.db, [
          { deviceId: device.id, organizationId: device.organizationId, kind: 'refresh' },
        ])
      )[0]!;
    const first = await record();
    const last = await record();
    // The commit notifications and two periodic passes have all run by the time the last command has
    // arrived.
    await expect.poll(() => received.includes(last), { timeout: 10_000 }).toBe(true);
    await new Promise((r) => setTimeout(r, 2500));
    expect(received).toEqual([first, last]);
    await client.publishAsync(`rms/${device.code}/ack`, JSON.stringify({ id: first, ok: true }), { qos: 1 });
    await expect
      .poll(
        async () =>
          (await t.database.db.select().from(deviceCommands).where(eq(deviceCommands.id, first)))[0]!.status,
      )
      .toBe('acknowledged');
    await client.endAsync();
    await server.stop();
  });
});
