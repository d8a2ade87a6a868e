import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import mqtt from 'mqtt';
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase } from './db/client';
import { rowsOf } from './db/rows';
import { organizations } from './db/schema/organizations';
import { ensureFirstUser } from './first-start';
import { makeKeyedDevice } from './testing/factories';
import { sample } from './testing/devices';
import { scratchDatabase } from './testing/scratch-database';
import { startServerProcess, type ServerProcess } from './testing/server-process';

// SIGTERM in the middle of a QoS 1 stream, to the server as `npm start` runs it (main.ts, in a process
// of its own). The stop drains: the messages it had taken in are committed and acknowledged, the ones
// that arrive after it began are neither (their device sends them again to the next server), then the
// process exits 0. So the samples stored are exactly the ones acknowledged: none acknowledged is
// missing, and none stored went unacknowledged (which a stop cutting the connections first would leave).
// On PostgreSQL when DATABASE_URL is set, else on PGlite on disk.

const dataDir = mkdtempSync(path.join(tmpdir(), 'rms-shutdown-'));
const ADMIN = { email: 'admin@shutdown.example', password: 'Shutdown-pass-1234' };
let server: ServerProcess | undefined;
let dropDatabase = async () => {};

afterAll(async () => {
  server?.child.kill('SIGKILL');
  await dropDatabase();
  rmSync(dataDir, { recursive: true, force: true });
});

/** The database the server will use, with the super-user and one device with its key. */
async function prepare() {
  const scratch = await scratchDatabase();
  dropDatabase = () => scratch.drop();
  const open = () => openDatabase({ databaseUrl: scratch.url, pgliteDir: path.join(dataDir, 'db') });
  const database = await open();
  await database.migrate();
  await ensureFirstUser(database.db, ADMIN);
  const [org] = await database.db.select({ id: organizations.id }).from(organizations).limit(1);
  const device = await makeKeyedDevice(database.db, { code: 'RMS-STOP-1', organizationId: org!.id });
  await database.close();
  const env: Record<string, string> = scratch.url
    ? { DATABASE_URL: scratch.url, JWT_SECRET: randomBytes(48).toString('base64url') }
    : {};
  return { device, env, open };
}

describe('a stop (SIGTERM) in the middle of a QoS 1 stream', () => {
  it('commits and acknowledges what it took in, takes nothing more, and exits 0', async () => {
    const { device, env, open } = await prepare();
    const { DATABASE_URL: _, ...inherited } = process.env;
    server = await startServerProcess(['--import', 'tsx', path.join(import.meta.dirname, 'main.ts')], {
      ...(inherited as Record<string, string>),
      ...env,
      DATA_DIR: dataDir,
      PORT: '0',
      MQTT_PORT: '0',
      DEMO: '0',
      ADMIN_EMAIL: ADMIN.email,
      ADMIN_PASSWORD: ADMIN.password,
    });
    const client = await mqtt.connectAsync(`mqtt://127.0.0.1:${server.mqttPort}`, {
      username: device.code,
      password: device.key,
      clientId: `dev-${device.code}`,
      reconnectPeriod: 0,
    });
    let closed = false;
    client.on('close', () => (closed = true));

    const base = Date.now() - 3_600_000;
    const acked: number[] = [];
    let signalled = false;
    // Paced, so that batches are in flight whenever the signal lands: it comes from inside the stream
    // once 50 messages are acknowledged, and the stream goes on until the server has closed the connection.
    for (let i = 0; !closed && i < 20_000; i++) {
      const ts = base + i * 1000;
      client.publish(`rms/${device.code}/telemetry`, JSON.stringify(sample(ts)), { qos: 1 }, (error) => {
        if (!error) acked.push(ts);
      });
      if (!signalled && acked.length >= 50) {
        signalled = true;
        server.child.kill('SIGTERM');
      }
      await new Promise((r) => setTimeout(r, 2));
    }
    expect(signalled).toBe(true);
    expect(closed).toBe(true);
    expect(await server.exited).toBe(0);
    expect(server.messages).toContain('shutdown: done');
    await client.endAsync(true);

    const database = await open();
    const stored = await rowsOf<{ ts: string }>(
      database.db,
      sql`select s.ts from telemetry_samples s where s.device_id = ${device.id} order by s.ts`,
    );
    await database.close();
    expect(acked.length).toBeGreaterThanOrEqual(50);
    expect(stored.map((r) => Date.parse(r.ts))).toEqual([...acked].sort((a, b) => a - b));
  }, 120_000);
});
