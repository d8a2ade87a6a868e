import { connect, type Socket } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../testing/app';
import { addDevice, connectDevice, sample } from '../testing/devices';
import { DeviceLink } from './device-link';

// The embedded broker holds nothing for a client that has not signed in: a packet is refused by its
// declared size before its body is read, an address holds a bounded number of connections, and a
// connection that does not sign in is closed.

let t: TestApp;
let link: DeviceLink;
let port: number;
const sockets: Socket[] = [];

beforeAll(async () => {
  t = await createTestApp();
  link = new DeviceLink({
    db: t.database.db,
    log: t.app.log,
    timeZone: 'Asia/Kolkata',
    mqttPort: 0,
    mqttHost: '127.0.0.1',
    mqttLimits: { maxConnectionsPerAddress: 4, maxPendingPerAddress: 3, connectTimeoutMs: 500 },
  });
  await link.start();
  port = link.mqttPort!;
});
afterAll(async () => {
  for (const s of sockets) s.destroy();
  await link.stop();
  await t.close();
});

function open(): Promise<Socket> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1', () => resolve(socket));
    socket.on('error', reject);
    sockets.push(socket);
  });
}

/** Milliseconds until the server closes the socket (or `limit` if it does not). */
function closedWithin(socket: Socket, limit: number): Promise<number> {
  const start = Date.now();
  return new Promise((resolve) => {
    if (socket.destroyed || socket.readableEnded) return resolve(0);
    const timer = setTimeout(() => resolve(limit), limit);
    socket.once('close', () => {
      clearTimeout(timer);
      resolve(Date.now() - start);
    });
  });
}

async function closeAll(): Promise<void> {
  await Promise.all(
    sockets.splice(0).map(
      (s) =>
        new Promise<void>((resolve) => {
          if (s.destroyed) return resolve();
          s.once('close', () => resolve());
          s.destroy();
        }),
    ),
  );
  await new Promise((resolve) => setTimeout(resolve, 50));
}

describe('embedded broker limits', () => {
  it('closes a connection whose CONNECT declares 256 MB, before reading it', async () => {
    const socket = await open();
    // CONNECT, remaining length 268,435,455 (the largest MQTT allows), then a little of the body.
    socket.write(Buffer.concat([Buffer.from([0x10, 0xff, 0xff, 0xff, 0x7f]), Buffer.alloc(1024, 0x41)]));
    expect(await closedWithin(socket, 2000)).toBeLessThan(2000);
    await closeAll();
  });

  it('closes a connection whose first packet is larger than a CONNECT needs', async () => {
    const socket = await open();
    // 64 KB declared: a will or a password that large is no device's.
    socket.write(Buffer.from([0x10, 0x80, 0x80, 0x04]));
    expect(await closedWithin(socket, 2000)).toBeLessThan(2000);
    await closeAll();
  });

  it('closes a connection that never signs in, after the connect timeout', async () => {
    const socket = await open();
    const closedAfter = await closedWithin(socket, 5000);
    expect(closedAfter).toBeGreaterThan(300);
    expect(closedAfter).toBeLessThan(5000);
    await closeAll();
  });

  it('refuses connections from one address past the caps, and takes them again once others close', async () => {
    // Three may wait to sign in at once; the fourth is closed at once.
    const waiting = await Promise.all([open(), open(), open()]);
    const fourth = await open();
    expect(await closedWithin(fourth, 1000)).toBeLessThan(1000);
    expect(waiting.every((s) => !s.destroyed)).toBe(true);
    await closeAll();

    // Signed-in devices count against the address's total (4), not against the waiting ones.
    const devices = await Promise.all(
      ['RMS-CAP-1', 'RMS-CAP-2', 'RMS-CAP-3', 'RMS-CAP-4'].map((c) => addDevice(t, c)),
    );
    const clients = [];
    for (const device of devices) clients.push(await connectDevice(port, device));
    const extra = await open();
    expect(await closedWithin(extra, 1000)).toBeLessThan(1000);
    await clients[0]!.endAsync();
    await new Promise((resolve) => setTimeout(resolve, 100));
    const again = await connectDevice(port, devices[0]!);
    expect(again.connected).toBe(true);
    await Promise.all([again, ...clients.slice(1)].map((c) => c.endAsync()));
    await closeAll();
  });

  it('still carries a large telemetry array from a signed-in device', async () => {
    const device = await addDevice(t, 'RMS-BIG-1');
    const client = await connectDevice(port, device);
    const now = Date.now();
    const samples = Array.from({ length: 1000 }, (_, i) =>
      sample(now - (i + 1) * 60_000, { energy_wh: 1000 + i, faults: [] }),
    );
    await client.publishAsync(`rms/${device.code}/telemetry`, JSON.stringify(samples), { qos: 1 });
    expect(client.connected).toBe(true);
    await client.endAsync();
  });
});
