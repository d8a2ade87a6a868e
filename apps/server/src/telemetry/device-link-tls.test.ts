import { copyFileSync } from 'node:fs';
import { connect as connectTcp, type Socket } from 'node:net';
import { connect as connectTls } from 'node:tls';
import { eq } from 'drizzle-orm';
import mqtt, { type IClientOptions, type MqttClient } from 'mqtt';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { telemetrySamples } from '../db/schema/telemetry';
import { createTestApp, type TestApp } from '../testing/app';
import {
  makeCertificates,
  removeCertificates,
  pem,
  signed,
  type TestCertificates,
} from '../testing/certificates';
import { addDevice, sample } from '../testing/devices';
import { BrokerTls } from './broker-tls';
import { DeviceLink } from './device-link';

// The encrypted device link: devices reach the embedded broker over TLS (MQTTS) and over WebSocket with
// TLS (WSS), sign in with their RMS ID and key as on plain MQTT, and have their samples stored; the
// connection limits hold on those ports; with a client CA, a device needs a certificate it signed; a
// renewed certificate is served without a restart.

let t: TestApp;
let certs: TestCertificates;
const clients: MqttClient[] = [];
const sockets: Socket[] = [];

beforeAll(async () => {
  certs = makeCertificates();
  t = await createTestApp({
    env: {
      MQTT_TLS_CERT: certs.server.cert,
      MQTT_TLS_KEY: certs.server.key,
      MQTTS_PORT: '0',
      MQTT_WSS_PORT: '0',
    },
  });
  await t.app.deviceLink.start();
});
afterAll(async () => {
  for (const s of sockets) s.destroy();
  await Promise.all(clients.map((c) => c.endAsync(true)));
  await t.close();
  removeCertificates();
});

const samplesOf = (deviceId: number) =>
  t.database.db.select().from(telemetrySamples).where(eq(telemetrySamples.deviceId, deviceId));

/** Connects, or fails as soon as the connection closes without a CONNACK (no retries). */
async function connect(url: string, options: IClientOptions): Promise<MqttClient> {
  const client = await mqtt.connectAsync(
    url,
    {
      reconnectPeriod: 0,
      connectTimeout: 5000,
      clientId: `tls-${Math.random().toString(36).slice(2)}`,
      ...options,
    },
    false,
  );
  clients.push(client);
  return client;
}

/** Whether the server closes the socket within `ms` (the wait is a bound, not a measurement). */
function closesWithin(socket: Socket | WebSocket, ms: number): Promise<boolean> {
  return new Promise((resolve) => {
    const done = socket instanceof WebSocket ? socket.readyState === WebSocket.CLOSED : socket.destroyed;
    if (done) return resolve(true);
    const timer = setTimeout(() => resolve(false), ms);
    socket.once('close', () => {
      clearTimeout(timer);
      resolve(true);
    });
  });
}

describe('MQTT over TLS on the embedded broker', () => {
  it('stores the sample of a device that signs in over TLS with its RMS ID and key', async () => {
    const device = await addDevice(t, 'RMS-TLS-1');
    const port = t.app.deviceLink.brokerPorts!.mqtts!;
    const client = await connect(`mqtts://localhost:${port}`, {
      ca: pem(certs.ca),
      username: device.code,
      password: device.key,
    });
    const ts = Date.now() - 5000;
    // The PUBACK comes once the sample's batch has committed.
    await client.publishAsync(`rms/${device.code}/telemetry`, JSON.stringify(sample(ts)), { qos: 1 });
    const rows = await samplesOf(device.id);
    expect(rows.map((r) => r.ts.getTime())).toEqual([ts]);
  });

  it('refuses a wrong key over TLS as on plain MQTT', async () => {
    const device = await addDevice(t, 'RMS-TLS-2');
    const port = t.app.deviceLink.brokerPorts!.mqtts!;
    await expect(
      connect(`mqtts://localhost:${port}`, {
        ca: pem(certs.ca),
        username: device.code,
        password: 'rmsk_wrong',
      }),
    ).rejects.toThrow(/Bad username or password|Not authorized/i);
  });

  it('gives a plain MQTT client on the TLS port no connection', async () => {
    const device = await addDevice(t, 'RMS-TLS-3');
    const port = t.app.deviceLink.brokerPorts!.mqtts!;
    await expect(
      connect(`mqtt://127.0.0.1:${port}`, { username: device.code, password: device.key }),
    ).rejects.toThrow();
    expect(await samplesOf(device.id)).toHaveLength(0);
  });

  it('is refused by a device that does not trust the certificate', async () => {
    const device = await addDevice(t, 'RMS-TLS-4');
    const port = t.app.deviceLink.brokerPorts!.mqtts!;
    await expect(
      connect(`mqtts://localhost:${port}`, { username: device.code, password: device.key }),
    ).rejects.toThrow(/self.signed|unable to verify|certificate/i);
  });

  it('still serves plain MQTT on MQTT_PORT beside it', async () => {
    const device = await addDevice(t, 'RMS-TLS-5');
    const client = await connect(`mqtt://127.0.0.1:${t.app.deviceLink.mqttPort}`, {
      username: device.code,
      password: device.key,
    });
    await client.publishAsync(`rms/${device.code}/telemetry`, JSON.stringify(sample(Date.now())), { qos: 1 });
    expect(await samplesOf(device.id)).toHaveLength(1);
  });
});

describe('MQTT over WebSocket with TLS', () => {
  it('stores the sample of an MQTT 5 device on wss://, and delivers its commands the same way', async () => {
    const device = await addDevice(t, 'RMS-WSS-1');
    const port = t.app.deviceLink.brokerPorts!.wss!;
    const client = await connect(`wss://localhost:${port}/mqtt`, {
      ca: pem(certs.ca),
      username: device.code,
      password: device.key,
      protocolVersion: 5,
    });
    const granted = await client.subscribeAsync(`rms/${device.code}/cmd`, { qos: 1 });
    expect(granted.map((g) => g.qos)).toEqual([1]);
    const ts = Date.now() - 3000;
    await client.publishAsync(`rms/${device.code}/telemetry`, JSON.stringify(sample(ts)), { qos: 1 });
    expect((await samplesOf(device.id)).map((r) => r.ts.getTime())).toEqual([ts]);
  });

  it('answers a plain HTTPS request with 426, not a hang', async () => {
    const port = t.app.deviceLink.brokerPorts!.wss!;
    const res = await fetch(`https://localhost:${port}/`).catch((error: Error) => error);
    // Node's fetch does not trust the test CA: the refusal is the TLS check; with the CA, 426.
    expect(res).toBeInstanceOf(Error);
    const status = await new Promise<number>((resolve, reject) => {
      const socket = connectTls({ port, host: 'localhost', ca: pem(certs.ca) }, () =>
        socket.write('GET / HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n\r\n'),
      );
      let text = '';
      socket.on('data', (chunk: Buffer) => (text += chunk.toString()));
      socket.on('end', () => resolve(Number(/^HTTP\/1\.1 (\d+)/.exec(text)?.[1])));
      socket.on('error', reject);
    });
    expect(status).toBe(426);
  });
});

describe('limits and client certificates on the TLS ports', () => {
  let link: DeviceLink;
  let context: BrokerTls;
  let clientCerts: TestCertificates;

  beforeAll(async () => {
    // A CA of the fleet's own for device certificates; the broker's certificate is the one above.
    clientCerts = makeCertificates('RMS fleet');
    // Files of this broker's own, so the rotation test can write over them.
    const dir = clientCerts.dir;
    copyFileSync(certs.server.cert, `${dir}/broker.pem`);
    copyFileSync(certs.server.key, `${dir}/broker.key`);
    context = new BrokerTls(
      { cert: `${dir}/broker.pem`, key: `${dir}/broker.key`, ca: clientCerts.ca },
      t.app.log,
    );
    link = new DeviceLink({
      db: t.database.db,
      log: t.app.log,
      timeZone: 'Asia/Kolkata',
      mqttPort: null,
      mqttHost: '127.0.0.1',
      mqttTls: { context, mqttsPort: 0, wssPort: 0 },
      mqttLimits: { maxPendingPerAddress: 2, connectTimeoutMs: 500 },
    });
    await link.start();
  });
  afterAll(async () => {
    for (const s of sockets.splice(0)) s.destroy();
    await link.stop();
  });

  const device = (certFiles: { cert: string; key: string } | null, ca = certs.ca) => ({
    ca: pem(ca),
    ...(certFiles && { cert: pem(certFiles.cert), key: pem(certFiles.key) }),
  });

  it('listens on no plain MQTT port with MQTT_PORT off', () => {
    expect(link.brokerPorts).toMatchObject({
      mqtt: null,
      mqtts: expect.any(Number),
      wss: expect.any(Number),
    });
  });

  it('takes a device with a certificate the client CA signed, and refuses one without', async () => {
    const lamp = await addDevice(t, 'RMS-MTLS-1');
    const { mqtts, wss } = link.brokerPorts!;
    const signIn = { username: lamp.code, password: lamp.key };
    await expect(connect(`mqtts://localhost:${mqtts}`, { ...signIn, ...device(null) })).rejects.toThrow();
    await expect(connect(`wss://localhost:${wss}`, { ...signIn, ...device(null) })).rejects.toThrow();
    // A certificate from another CA (the one that signed the broker's) is no better.
    await expect(
      connect(`mqtts://localhost:${mqtts}`, { ...signIn, ...device(certs.client) }),
    ).rejects.toThrow();
    const client = await connect(`mqtts://localhost:${mqtts}`, { ...signIn, ...device(clientCerts.client) });
    await client.publishAsync(`rms/${lamp.code}/telemetry`, JSON.stringify(sample(Date.now())), { qos: 1 });
    expect(await samplesOf(lamp.id)).toHaveLength(1);
    const overWss = await connect(`wss://localhost:${wss}`, { ...signIn, ...device(clientCerts.client) });
    await overWss.endAsync();
    await client.endAsync();
  });

  it('counts a connection against its address before the TLS handshake', async () => {
    const { mqtts } = link.brokerPorts!;
    const open = () =>
      new Promise<Socket>((resolve, reject) => {
        const socket = connectTcp(mqtts!, '127.0.0.1', () => resolve(socket));
        socket.on('error', reject);
        sockets.push(socket);
      });
    // Two connections that never start the handshake hold the address's pending allowance...
    const [first, second] = [await open(), await open()];
    // ...so a third is closed at once, while they are still open (counted after the handshake, all
    // three would wait for the handshake timeout); then the timeout closes the two.
    const third = await open();
    expect(await closesWithin(third, 5000)).toBe(true);
    expect([first.closed, second.closed]).toEqual([false, false]);
    expect(await closesWithin(first, 5000)).toBe(true);
    expect(await closesWithin(second, 5000)).toBe(true);
  });

  it('closes a WebSocket connection that does not sign in', async () => {
    const { wss } = link.brokerPorts!;
    const ws = new WebSocket(`wss://localhost:${wss}/mqtt`, 'mqtt', {
      ca: pem(certs.ca),
      cert: pem(clientCerts.client.cert),
      key: pem(clientCerts.client.key),
    });
    await new Promise((resolve, reject) => ws.once('open', resolve).once('error', reject));
    expect(ws.protocol).toBe('mqtt');
    expect(await closesWithin(ws, 5000)).toBe(true);
  });

  it('serves a certificate written over the files once it reloads them, keeping the old one until then', async () => {
    const lamp = await addDevice(t, 'RMS-MTLS-2');
    const { mqtts } = link.brokerPorts!;
    const signIn = { username: lamp.code, password: lamp.key };
    // The renewed certificate comes from another CA (a changed provider, say): trusting it shows which is served.
    const renewed = makeCertificates('Renewed');
    const trustsRenewed = { ...signIn, ...device(clientCerts.client, renewed.ca) };
    copyFileSync(renewed.server.cert, `${clientCerts.dir}/broker.pem`);
    // Half written (the certificate without its key): the reload keeps what it has.
    expect(context.reload()).toBe(false);
    await expect(connect(`mqtts://localhost:${mqtts}`, trustsRenewed)).rejects.toThrow();
    copyFileSync(renewed.server.key, `${clientCerts.dir}/broker.key`);
    expect(context.reload()).toBe(true);
    const client = await connect(`mqtts://localhost:${mqtts}`, trustsRenewed);
    await client.endAsync();
    await expect(
      connect(`mqtts://localhost:${mqtts}`, { ...signIn, ...device(clientCerts.client) }),
    ).rejects.toThrow();
    // A second certificate the same CA signs is just as good (the rotation an operator usually does).
    const again = signed(renewed.dir, 'again', 'localhost', 'serverAuth', 'DNS:localhost');
    copyFileSync(again.cert, `${clientCerts.dir}/broker.pem`);
    copyFileSync(again.key, `${clientCerts.dir}/broker.key`);
    expect(context.reload()).toBe(true);
    await (await connect(`mqtts://localhost:${mqtts}`, trustsRenewed)).endAsync();
  });
});
