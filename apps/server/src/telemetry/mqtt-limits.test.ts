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

/** Whether the server closes the socket within `ms` (the wait is a bound, not a measurement). */
function closesWithin(socket: Socket, ms: number): Promise<boolean> {
  return new Promise((resolve) => {
    if (socket.destroyed || socket.readableEnded) return resolve(true);
    const timer = setTimeout(() => {
      socket.off('close', closed);
      resolve(false);
    }, ms);
    const closed = () => {
      clearTimeout(timer);
      resolve(true);
    };
    socket.once('close', closed);
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
    expect(await closesWithin(socket, 2000)).toBe(true);
    await closeAll();
  });

  it('closes a connection whose first packet is larger than a CONNECT needs', async () => {
    const socket = await open();
    // 64 KB declared: a will or a password that large is no device's.
    socket.write(Buffer.from([0x10, 0x80, 0x80, 0x04]));
    expect(await closesWithin(socket, 2000)).toBe(true);
    await closeAll();
  });

  it('closes a connection that never signs in, after the connect timeout', async () => {
    const socket = await open();
    // Open while it may still sign in (the connect timeout is 500 ms), then closed.
    expect(await closesWithin(socket, 300)).toBe(false);
    expect(await closesWithin(socket, 5000)).toBe(true);
    await closeAll();
  });

  it('refuses connections from one address past the caps, and takes them again once others close', async () => {
    // Three may wait to sign in at once; the fourth is closed at once.
    const waiting = await Promise.all([open(), open(), open()]);
    const fourth = await open();
    expect(await closesWithin(fourth, 1000)).toBe(true);
    expect(waiting.every((s) => !s.destroyed)).toBe(true);
    await closeAll();

    // Signed-in devices count against the address's total (4), not against the waiting ones.
    const devices = await Promise.all(
      ['RMS-CAP-1', 'RMS-CAP-2', 'RMS-CAP-3', 'RMS-CAP-4'].map((c) => addDevice(t, c)),
    );
    const clients = [];
    for (const device of devices) clients.push(await connectDevice(port, device));
    const extra = await open();
    expect(await closesWithin(extra, 1000)).toBe(true);
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
