import type { PGlite } from '@electric-sql/pglite';
import { eq } from 'drizzle-orm';
import type { MqttClient } from 'mqtt';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../db/client';
import { telemetrySamples } from '../db/schema/telemetry';
import { createTestApp, type TestApp } from '../testing/app';
import { addDevice, connectDevice, sample } from '../testing/devices';
import { failingPglite } from '../testing/failing-pglite';
import { DeviceLink } from './device-link';

// The database going away in the middle of a QoS 1 stream, over a real MQTT connection. On PostgreSQL
// (DATABASE_URL set) the server's sessions are terminated and new ones refused for a while; on PGlite,
// which has no connection, the driver is switched to fail every statement as a lost connection does.
// No PUBACK may reach the device for a message that could not be committed, and once the database is
// back every acknowledged message is stored, once.

const onPostgres = Boolean(process.env.DATABASE_URL);
let t: TestApp;
let link: DeviceLink;
let outage: { down(): Promise<void>; up(): Promise<void> };
const clients: MqttClient[] = [];

beforeAll(async () => {
  t = await createTestApp();
  if (onPostgres) {
    const url = new URL(t.config.databaseUrl!);
    const name = url.pathname.slice(1);
    url.pathname = '/postgres';
    const admin = new pg.Client({ connectionString: url.toString() });
    await admin.connect();
    link = t.app.deviceLink;
    outage = {
      async down() {
        await admin.query(`ALTER DATABASE ${name} ALLOW_CONNECTIONS false`);
        await admin.query(
          'select pg_terminate_backend(pid) from pg_stat_activity where datname = $1 and pid <> pg_backend_pid()',
          [name],
        );
      },
      async up() {
        await admin.query(`ALTER DATABASE ${name} ALLOW_CONNECTIONS true`);
      },
    };
    afterAll(() => admin.end());
  } else {
    const failing = failingPglite((t.database.db as unknown as { $client: PGlite }).$client);
    link = new DeviceLink({ db: failing.db, log: t.app.log, timeZone: 'Asia/Kolkata', mqttPort: 0 });
    outage = { down: async () => failing.down(), up: async () => failing.up() };
    afterAll(() => link.stop());
  }
  await link.start();
});
afterAll(async () => {
  await Promise.all(clients.map((c) => c.endAsync(true)));
  await t.close();
});

const until = async (check: () => boolean, ms: number) => {
  const end = Date.now() + ms;
  while (!check() && Date.now() < end) await new Promise((r) => setTimeout(r, 20));
};

describe(`database going away mid-stream (${onPostgres ? 'PostgreSQL sessions terminated' : 'PGlite connection failing'})`, () => {
  it('acknowledges nothing while writes fail and has stored every acknowledged message once it is back', async () => {
    const device = await addDevice(t, 'RMS-OUTAGE-1');
    const client = await connectDevice(link.mqttPort!, device);
    clients.push(client);
    const base = Date.now() - 3_600_000;
    const ackedAt = new Map<number, number>();
    const publish = (i: number) =>
      client.publish(
        `rms/${device.code}/telemetry`,
        JSON.stringify(sample(base + i * 1000)),
        { qos: 1 },
        (e) => {
          if (!e) ackedAt.set(i, performance.now());
        },
      );

    for (let i = 0; i < 150; i++) publish(i);
    await until(() => ackedAt.size >= 20, 10_000);
    await outage.down();
    const downAt = performance.now();
    // Published after the database went: none of these can be committed before it returns.
    for (let i = 150; i < 300; i++) publish(i);
    await new Promise((r) => setTimeout(r, 1500));
    const upAt = performance.now();
    const ackedWhileDown = [...ackedAt].filter(([i, at]) => i >= 150 && at < upAt);
    const ackedBeforeOutage = [...ackedAt.values()].filter((at) => at < downAt).length;
    await outage.up();
    await until(() => ackedAt.size === 300, 20_000);

    expect(ackedBeforeOutage).toBeGreaterThanOrEqual(20);
    expect(ackedWhileDown).toEqual([]);
    expect(ackedAt.size).toBe(300);
    const stored = await (t.database.db as Db)
      .select({ ts: telemetrySamples.ts })
      .from(telemetrySamples)
      .where(eq(telemetrySamples.deviceId, device.id));
    const times = new Set(stored.map((r) => r.ts.getTime()));
    expect(stored).toHaveLength(300);
    for (const i of ackedAt.keys()) expect(times.has(base + i * 1000)).toBe(true);
    expect(link.queue.stats.retries).toBeGreaterThan(0);
  });
});
