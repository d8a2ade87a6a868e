import { spawn, type ChildProcess } from 'node:child_process';
import { chmodSync, writeFileSync } from 'node:fs';
import { connect as connectTcp, createServer, type AddressInfo } from 'node:net';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import mqtt from 'mqtt';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
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

// The server's connection to an external broker over TLS with a client certificate (MQTT_URL mqtts://,
// MQTT_CA, MQTT_CERT, MQTT_KEY): a Mosquitto of this test's own, on a free port, with a generated CA,
// server certificate and configuration that requires client certificates. Run by
// `npm run test:mosquitto`, which says where Mosquitto is (MOSQUITTO_BIN).

const bin = process.env.MOSQUITTO_BIN ?? '/usr/sbin/mosquitto';

let certs: TestCertificates;
let broker: ChildProcess;
let port: number;
let t: TestApp;

function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const server = createServer().listen(0, '127.0.0.1', () => {
      const { port: free } = server.address() as AddressInfo;
      server.close(() => resolve(free));
    });
  });
}

const reachable = (at: number) =>
  new Promise<boolean>((resolve) => {
    const socket = connectTcp(at, '127.0.0.1', () => {
      socket.end();
      resolve(true);
    });
    socket.on('error', () => resolve(false));
  });

beforeAll(async () => {
  certs = makeCertificates('Broker');
  // Mosquitto started as root reads its files as the user "mosquitto".
  chmodSync(certs.dir, 0o755);
  for (const file of [certs.ca, certs.server.cert, certs.server.key]) chmodSync(file, 0o644);
  port = await freePort();
  const config = path.join(certs.dir, 'mosquitto.conf');
  writeFileSync(
    config,
    [
      `listener ${port} 127.0.0.1`,
      `cafile ${certs.ca}`,
      `certfile ${certs.server.cert}`,
      `keyfile ${certs.server.key}`,
      'require_certificate true',
      'allow_anonymous true',
      '',
    ].join('\n'),
  );
  broker = spawn(bin, ['-c', config], { stdio: 'ignore' });
  broker.on('error', () => {});
  for (let i = 0; i < 50 && !(await reachable(port)); i++) await new Promise((r) => setTimeout(r, 100));
  if (!(await reachable(port)))
    throw new Error(`Mosquitto (${bin}) did not start: run these tests with npm run test:mosquitto`);
  t = await createTestApp({
    env: {
      MQTT_URL: `mqtts://localhost:${port}`,
      MQTT_CA: certs.ca,
      MQTT_CERT: certs.client.cert,
      MQTT_KEY: certs.client.key,
    },
  });
  await t.app.deviceLink.start();
});
afterAll(async () => {
  await t?.close();
  broker?.kill();
  removeCertificates();
});

describe('the server on an external broker over TLS', () => {
  it('is a broker that takes no client without a certificate its CA signed', async () => {
    await expect(
      mqtt.connectAsync(`mqtts://localhost:${port}`, { ca: pem(certs.ca), reconnectPeriod: 0 }, false),
    ).rejects.toThrow();
  });

  it('stores what a device publishes through it, received over the server’s TLS connection', async () => {
    const device = await addDevice(t, 'RMS-EXT-TLS-1');
    const deviceCert = signed(certs.dir, 'device', device.code, 'clientAuth');
    const client = await mqtt.connectAsync(`mqtts://localhost:${port}`, {
      ca: pem(certs.ca),
      cert: pem(deviceCert.cert),
      key: pem(deviceCert.key),
      username: device.code,
      clientId: `dev-${device.code}`,
      reconnectPeriod: 0,
    });
    const ts = Date.now() - 5000;
    await client.publishAsync(`rms/${device.code}/telemetry`, JSON.stringify(sample(ts)), { qos: 1 });
    await expect
      .poll(
        async () =>
          (
            await t.database.db
              .select({ ts: telemetrySamples.ts })
              .from(telemetrySamples)
              .where(eq(telemetrySamples.deviceId, device.id))
          ).map((r) => r.ts.getTime()),
        { timeout: 10_000 },
      )
      .toEqual([ts]);
    await client.endAsync();
  });
});
