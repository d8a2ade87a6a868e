import { inArray } from 'drizzle-orm';
import type { MqttClient } from 'mqtt';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CommandEvent } from '@rms/contracts/events';
import type { Listener } from '../db/listener';
import { deviceCommands } from '../db/schema/commands';
import { createTestApp, type TestApp } from '../testing/app';
import { addDevice, connectDevice, type TestDevice } from '../testing/devices';
import { recordCommands } from './commands';
import { DeviceLink } from './device-link';
import type { RoutedMessage } from './live-events';

// A command is handed to the device link and the live channel by the commit of the transaction that
// recorded it: however late that commit comes it is delivered and announced then, and a transaction
// rolled back hands nothing on. The device link here runs no periodic pass, so the commit is the only
// way a command recorded for a connected device can reach it.

let t: TestApp;
let listener: Listener;
let link: DeviceLink;
const clients: MqttClient[] = [];
const announced: CommandEvent[] = [];
let unsubscribe: () => void;

beforeAll(async () => {
  t = await createTestApp();
  listener = t.database.listener(t.app.log);
  link = new DeviceLink({
    db: t.database.db,
    log: t.app.log,
    timeZone: t.config.timeZone,
    mqttPort: 0,
    mqttHost: '127.0.0.1',
    listener,
    commandPassEveryMs: 0,
    sweepEveryMs: 0,
    changed: (changes) => t.app.liveEvents.changed(changes),
  });
  await link.start();
  unsubscribe = t.app.liveEvents.subscribe(
    (routed: RoutedMessage) => {
      if (routed.message.event === 'command') announced.push(routed.message.data);
    },
    () => {},
  );
});
afterAll(async () => {
  unsubscribe();
  await Promise.all(clients.map((c) => c.endAsync(true)));
  await link.stop();
  await listener.close();
  await t.close();
});

/** A connected device subscribed to its commands, and the ids it receives in order. */
async function listening(device: TestDevice): Promise<number[]> {
  const client = await connectDevice(link.mqttPort!, device);
  clients.push(client);
  const received: number[] = [];
  client.on('message', (topic, payload) => {
    if (topic.endsWith('/cmd')) received.push((JSON.parse(payload.toString()) as { id: number }).id);
  });
  await client.subscribeAsync(`rms/${device.code}/cmd`, { qos: 1 });
  return received;
}

const refresh = (device: TestDevice) => ({
  deviceId: device.id,
  organizationId: device.organizationId,
  kind: 'refresh' as const,
});

/** Records a command in a transaction held open well past the moment it was recorded. */
async function recordedLate(device: TestDevice): Promise<number> {
  let id = 0;
  await t.database.db.transaction(async (tx) => {
    [id] = (await recordCommands(tx, [refresh(device)])) as [number];
    // Longer than any delay the dispatcher or the live channel might wait for a commit.
    await new Promise((resolve) => setTimeout(resolve, 1500));
  });
  return id;
}

const statusesOf = (id: number) => announced.filter((c) => c.id === id).map((c) => c.status);

describe('the hand-off of a recorded command', () => {
  it('delivers a command whose transaction commits late, once it commits', async () => {
    const device = await addDevice(t, 'RMS-HANDOFF-1');
    const received = await listening(device);
    const id = await recordedLate(device);
    await expect.poll(() => received, { timeout: 5000 }).toEqual([id]);
    await expect.poll(() => statusesOf(id), { timeout: 5000 }).toContain('sent');
  });

  it('announces a command whose transaction commits late to the consoles, pending while its device is away', async () => {
    const device = await addDevice(t, 'RMS-HANDOFF-2');
    const id = await recordedLate(device);
    await expect.poll(() => statusesOf(id), { timeout: 5000 }).toEqual(['pending']);
  });

  it('neither publishes nor announces a command whose transaction is rolled back', async () => {
    const device = await addDevice(t, 'RMS-HANDOFF-3');
    const received = await listening(device);
    let dropped = 0;
    await expect(
      t.database.db.transaction(async (tx) => {
        [dropped] = (await recordCommands(tx, [refresh(device)])) as [number];
        throw new Error('the save fails after the command was recorded');
      }),
    ).rejects.toThrow('the save fails');
    // A command recorded after it goes through. Commits are heard in the order they happen, and one
    // device's deliveries run one after another: had the first been handed on, it would be here first.
    const [kept] = await recordCommands(t.database.db, [refresh(device)]);
    await expect.poll(() => received, { timeout: 5000 }).toEqual([kept]);
    await expect.poll(() => statusesOf(kept!), { timeout: 5000 }).toContain('sent');
    expect(statusesOf(dropped)).toEqual([]);
    expect(
      await t.database.db
        .select()
        .from(deviceCommands)
        .where(inArray(deviceCommands.id, [dropped])),
    ).toEqual([]);
  });

  it('hands on a batch larger than one notification carries', async () => {
    const device = await addDevice(t, 'RMS-HANDOFF-4');
    const ids = await recordCommands(
      t.database.db,
      Array.from({ length: 1000 }, () => refresh(device)),
    );
    await expect
      .poll(() => announced.filter((c) => c.device === device.id).length, { timeout: 10_000 })
      .toBe(ids.length);
    expect(new Set(announced.filter((c) => c.device === device.id).map((c) => c.id))).toEqual(new Set(ids));
  });
});
