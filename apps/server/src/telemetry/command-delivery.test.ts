import { eq } from 'drizzle-orm';
import type { MqttClient } from 'mqtt';
import { beforeAll, describe, expect, it } from 'vitest';
import { deviceCommands } from '../db/schema/commands';
import type { TestApp } from '../testing/app';
import { addDevice, type TestDevice } from '../testing/devices';
import { linkedTestApp } from '../testing/linked-app';
import { makeCommand } from '../testing/factories';
import { CommandDispatcher, type Publisher } from './command-dispatcher';
import { recordCommands } from './commands';

// Each command reaches its device once per delivery: the paths that wake the dispatcher (the commit
// of a recorded command, the periodic pass, the device subscribing, a resumed session) cannot
// both send it, and a command comes again, with its id, only when the device comes back without having
// acknowledged it. Over real MQTT connections to the embedded broker, and with two dispatchers racing.

const link = linkedTestApp();
const { connect } = link;
let t: TestApp;
beforeAll(() => {
  t = link.t;
});

interface Received {
  id: number;
  kind: string;
}

/** Every command the client receives, in order of arrival. */
function inbox(client: MqttClient): Received[] {
  const received: Received[] = [];
  client.on('message', (topic, payload) => {
    if (topic.endsWith('/cmd')) received.push(JSON.parse(payload.toString()) as Received);
  });
  return received;
}

const command = (device: TestDevice, kind: 'refresh' | 'load' = 'refresh') => ({
  deviceId: device.id,
  organizationId: device.organizationId,
  kind,
  ...(kind === 'load' && { payload: { lo_sts: 1 } }),
});

async function record(device: TestDevice, kind: 'refresh' | 'load' = 'refresh'): Promise<number> {
  const [id] = await recordCommands(t.database.db, [command(device, kind)]);
  return id!;
}

/**
 * Records a last command and waits until it has arrived: commands reach one connection in order, so
 * whatever was on its way before it has arrived too. Answers the ids received, the last one included.
 */
async function idsUpToLast(device: TestDevice, received: Received[]): Promise<number[]> {
  const last = await record(device);
  await expect.poll(() => received.some((c) => c.id === last), { timeout: 10_000 }).toBe(true);
  return received.map((c) => c.id);
}

const statusOf = async (id: number) =>
  (await t.database.db.select().from(deviceCommands).where(eq(deviceCommands.id, id)))[0]!.status;

describe('racing wake-ups', () => {
  /** A publisher whose publishes wait until released, as a slow broker or database would make them. */
  function gatedPublisher() {
    const published: string[] = [];
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    const publisher: Publisher = {
      connected: () => true,
      publish: async (_topic, payload) => {
        published.push(payload);
        await gate;
      },
    };
    return { publisher, published, release };
  }

  it('publishes a pending command once when two deliveries of one dispatcher race', async () => {
    const device = await addDevice(t, 'RMS-RACE-1');
    // Written directly: no notification, the two deliveries below are the only wake-ups.
    const row = await makeCommand(t.database.db, command(device));
    const { publisher, published, release } = gatedPublisher();
    const dispatcher = new CommandDispatcher(t.database.db, publisher, t.app.log);
    try {
      const first = dispatcher.deliver(device.id, { resend: false });
      await expect.poll(() => published.length).toBe(1);
      // The first delivery is publishing; the second wakes up meanwhile (a commit notification, the periodic pass).
      const second = dispatcher.deliver(device.id, { resend: false });
      release();
      await Promise.all([first, second]);
      expect(published.map((p) => JSON.parse(p).id)).toEqual([row.id]);
      expect(await statusOf(row.id)).toBe('sent');
    } finally {
      dispatcher.stop();
    }
  });

  it('publishes it once when two server instances race for it', async () => {
    const device = await addDevice(t, 'RMS-RACE-2');
    const row = await makeCommand(t.database.db, command(device));
    const a = gatedPublisher();
    const b = gatedPublisher();
    const one = new CommandDispatcher(t.database.db, a.publisher, t.app.log);
    const two = new CommandDispatcher(t.database.db, b.publisher, t.app.log);
    try {
      const first = one.deliver(device.id, { resend: false });
      await expect.poll(() => a.published.length).toBe(1);
      const second = two.deliver(device.id, { resend: false });
      b.release();
      await second;
      a.release();
      await first;
      expect([...a.published, ...b.published].map((p) => JSON.parse(p).id)).toEqual([row.id]);
    } finally {
      one.stop();
      two.stop();
    }
  });
});

describe('over MQTT', () => {
  it('does not send an unacknowledged command again when the device subscribes again on the same connection', async () => {
    const device = await addDevice(t, 'RMS-ONCE-1');
    const client = await connect(device);
    const received = inbox(client);
    await client.subscribeAsync(`rms/${device.code}/cmd`, { qos: 1 });
    const id = await record(device, 'load');
    await expect.poll(() => received.length, { timeout: 10_000 }).toBe(1);
    // Not acknowledged yet; the device (or its MQTT library after a hiccup) subscribes again.
    await client.subscribeAsync(`rms/${device.code}/cmd`, { qos: 1 });
    await client.subscribeAsync([`rms/${device.code}/cmd`, `rms/${device.code}/reject`], { qos: 1 });
    const ids = await idsUpToLast(device, received);
    expect(ids.filter((x) => x === id)).toHaveLength(1);
    expect(ids).toHaveLength(2);
  });

  it('sends a command once to a device that subscribes while the command is being recorded', async () => {
    const device = await addDevice(t, 'RMS-ONCE-2');
    const client = await connect(device);
    const received = inbox(client);
    let commit!: () => void;
    const held = new Promise<void>((resolve) => (commit = resolve));
    let id = 0;
    // The command's transaction is open while the device subscribes (which wakes the dispatcher).
    const recording = t.database.db.transaction(async (tx) => {
      [id] = (await recordCommands(tx, [command(device, 'load')])) as [number];
      await held;
    });
    await client.subscribeAsync(`rms/${device.code}/cmd`, { qos: 1 });
    await new Promise((r) => setTimeout(r, 700));
    commit();
    await recording;
    const ids = await idsUpToLast(device, received);
    expect(ids.filter((x) => x === id)).toHaveLength(1);
    expect(ids).toHaveLength(2);
  });

  it('sends an unacknowledged command again, with the same id, when the device comes back', async () => {
    const device = await addDevice(t, 'RMS-AGAIN-1');
    const first = await connect(device);
    const before = inbox(first);
    await first.subscribeAsync(`rms/${device.code}/cmd`, { qos: 1 });
    const id = await record(device, 'load');
    await expect.poll(() => before.map((c) => c.id), { timeout: 10_000 }).toEqual([id]);
    // The connection is lost before the device acknowledged the command.
    await first.endAsync(true);
    const second = await connect(device);
    const after = inbox(second);
    await second.subscribeAsync(`rms/${device.code}/cmd`, { qos: 1 });
    const ids = await idsUpToLast(device, after);
    expect(ids).toEqual([id, ids[1]]);
    await second.publishAsync(`rms/${device.code}/ack`, JSON.stringify({ id, ok: true }), { qos: 1 });
    expect(await statusOf(id)).toBe('acknowledged');
  });

  it('sends it once to a device whose resumed session the broker replays as well', async () => {
    const device = await addDevice(t, 'RMS-AGAIN-2');
    const session = { clientId: `dev-${device.code}-persistent`, clean: false };
    const first = await connect(device, session);
    const before: Received[] = [];
    // The device takes the command but its MQTT acknowledgement never leaves (the link drops).
    first.handleMessage = (packet, _done) => {
      if (packet.topic.endsWith('/cmd')) before.push(JSON.parse(packet.payload.toString()) as Received);
    };
    await first.subscribeAsync(`rms/${device.code}/cmd`, { qos: 1 });
    const id = await record(device, 'load');
    await expect.poll(() => before.map((c) => c.id), { timeout: 10_000 }).toEqual([id]);
    await first.endAsync(true);
    // Back with the same session: the broker sends its unacknowledged message again, the server its
    // unacknowledged command, and the device subscribes again besides.
    const second = await connect(device, session);
    const after = inbox(second);
    await second.subscribeAsync(`rms/${device.code}/cmd`, { qos: 1 });
    const ids = await idsUpToLast(device, after);
    expect(ids.filter((x) => x === id)).toHaveLength(1);
    expect(ids).toHaveLength(2);
  });

  it('delivers commands to an MQTT 5 device, which acknowledges them by id', async () => {
    const device = await addDevice(t, 'RMS-CMD-V5');
    const client = await connect(device, { protocolVersion: 5 });
    const received = inbox(client);
    await client.subscribeAsync(`rms/${device.code}/cmd`, { qos: 1 });
    const id = await record(device, 'load');
    await expect
      .poll(() => received, { timeout: 10_000 })
      .toEqual([{ id, kind: 'load', payload: { lo_sts: 1 } }]);
    await client.publishAsync(`rms/${device.code}/ack`, JSON.stringify({ id, ok: true }), { qos: 1 });
    expect(await statusOf(id)).toBe('acknowledged');
  });
});
