import { createServer, type AddressInfo, type Server } from 'node:net';
import { Aedes, type Client } from 'aedes';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { DEFAULT_CENTRE } from './fleet';
import { SimDevice } from './device';
import { MqttDevice } from './mqtt-device';

// The simulated device on a bare broker, as a device follows docs/device-link.md: a command id it has
// run already is acknowledged again without running twice; after a reconnect it subscribes once; it
// hears the server's notices of refused messages.

let broker: Aedes;
let server: Server;
let url: string;

beforeAll(async () => {
  broker = await Aedes.createBroker();
  server = createServer(broker.handle);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  url = `mqtt://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  await new Promise<void>((resolve) => broker.close(() => server.close(() => resolve())));
});

const sim = (code: string) =>
  new SimDevice({ code, ...DEFAULT_CENTRE, seed: 1, weatherSeed: 1, system: 12, panelWp: 100 });

const publish = (topic: string, payload: unknown) =>
  new Promise<void>((resolve, reject) =>
    broker.publish(
      {
        cmd: 'publish',
        topic,
        payload: Buffer.from(JSON.stringify(payload)),
        qos: 1,
        retain: false,
        dup: false,
      },
      (error) => (error ? reject(error) : resolve()),
    ),
  );

/** Acknowledgements the device publishes, as the server would read them. */
function acksOf(code: string): { id: number; ok: boolean }[] {
  const acks: { id: number; ok: boolean }[] = [];
  broker.on('publish', (packet, client) => {
    if (client && packet.topic === `rms/${code}/ack`) acks.push(JSON.parse(packet.payload.toString()));
  });
  return acks;
}

it('runs a command sent twice with one id once, and acknowledges both deliveries', async () => {
  const code = 'SIM-DEDUP-1';
  const acks = acksOf(code);
  const lamp = sim(code);
  const device = new MqttDevice({ url, code, key: 'k', sim: lamp });
  await device.connect();
  try {
    const command = { id: 41, kind: 'load', payload: { lo_sts: 1 } };
    await publish(`rms/${code}/cmd`, command);
    await expect.poll(() => acks.length).toBe(1);
    // The server sends it again (its acknowledgement was lost, say).
    await publish(`rms/${code}/cmd`, command);
    await expect.poll(() => acks.length).toBe(2);
    expect(acks).toEqual([
      { id: 41, ok: true },
      { id: 41, ok: true },
    ]);
    expect(lamp.commandsRun).toBe(1);
    // A new id runs.
    await publish(`rms/${code}/cmd`, { id: 42, kind: 'refresh' });
    await expect.poll(() => lamp.commandsRun).toBe(2);
  } finally {
    await device.close();
  }
});

it('subscribes once per connection, after a reconnect too, and hears refused messages', async () => {
  const code = 'SIM-RESUB-1';
  const subscribes = new Map<Client, number>();
  broker.on('subscribe', (subs, client) => {
    if (subs.some((s) => s.topic === `rms/${code}/cmd`))
      subscribes.set(client, (subscribes.get(client) ?? 0) + 1);
  });
  const reasons: string[] = [];
  const device = new MqttDevice({
    url,
    code,
    key: 'k',
    sim: sim(code),
    reconnectPeriod: 50,
    onReject: (notice) => reasons.push(notice.reason),
  });
  await device.connect();
  try {
    expect([...subscribes.values()]).toEqual([1]);
    // The connection drops; the device comes back by itself.
    device.client!.stream.destroy();
    await expect.poll(() => subscribes.size, { timeout: 10_000 }).toBe(2);
    await new Promise((r) => setTimeout(r, 300)); // any second SUBSCRIBE would have come by now
    expect([...subscribes.values()]).toEqual([1, 1]);
    await publish(`rms/${code}/reject`, {
      at: new Date().toISOString(),
      topic: 'telemetry',
      reason: 'bt_v: above 40',
      reason_code: 0x99,
      refused: 1,
    });
    await expect.poll(() => reasons).toEqual(['bt_v: above 40']);
    expect(device.rejected).toBe(1);
  } finally {
    await device.close();
  }
});

it('publishes nothing and answers no command while silent, then reports and answers again', async () => {
  const code = 'SIM-SILENT-1';
  const acks = acksOf(code);
  const published: string[] = [];
  broker.on('publish', (packet, client) => {
    if (client && packet.topic.startsWith(`rms/${code}/`)) published.push(packet.topic);
  });
  let clock = Date.UTC(2026, 10, 10, 6, 30);
  const lamp = sim(code);
  const device = new MqttDevice({ url, code, key: 'k', sim: lamp, now: () => clock });
  await device.connect();
  try {
    lamp.step(clock);
    lamp.inject({ kind: 'silent', minutes: 20 });
    await device.report();
    await publish(`rms/${code}/cmd`, { id: 7, kind: 'refresh' });
    await new Promise((r) => setTimeout(r, 200));
    expect(published).toEqual([]);
    expect(acks).toEqual([]);

    clock += 25 * 60_000;
    await device.report();
    await publish(`rms/${code}/cmd`, { id: 7, kind: 'refresh' });
    await expect.poll(() => acks).toEqual([{ id: 7, ok: true }]);
    expect(published).toContain(`rms/${code}/telemetry`);
  } finally {
    await device.close();
  }
});
