import { fork, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import mqtt from 'mqtt';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sample } from '../testing/devices';

// Ingest killed mid-stream (SIGKILL of the process running the device link: no draining, no PUBACK
// for what was in flight) and started again on the same database and port. The device, an ordinary
// MQTT client with a persistent session, resends what was not acknowledged when it reconnects; in the
// end every message is stored exactly once, acknowledged ones included. On PostgreSQL when
// DATABASE_URL is set, else on PGlite on disk (which then also recovers from the kill).

const baseUrl = process.env.DATABASE_URL;
const dataDir = mkdtempSync(path.join(tmpdir(), 'rms-restart-'));
let env: Record<string, string>;
let dropDatabase = async () => {};
const children: ChildProcess[] = [];

interface Ready {
  port: number;
  device?: { id: number; code: string; key: string };
}

function startLink(extra: Record<string, string>): Promise<{ child: ChildProcess; ready: Ready }> {
  const child = fork(path.join(import.meta.dirname, '../testing/link-process.ts'), [], {
    execArgv: ['--import', 'tsx'],
    env: { ...process.env, ...env, ...extra },
  });
  children.push(child);
  return new Promise((resolve, reject) => {
    child.once('message', (ready: Ready) => resolve({ child, ready }));
    child.once('exit', (code) => reject(new Error(`device link process exited with ${code}`)));
  });
}

beforeAll(async () => {
  if (baseUrl) {
    const name = `rms_test_${randomBytes(6).toString('hex')}`;
    const admin = new pg.Client({ connectionString: baseUrl });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${name}`);
    await admin.end();
    const url = new URL(baseUrl);
    url.pathname = `/${name}`;
    env = { LINK_DATABASE_URL: url.toString() };
    dropDatabase = async () => {
      const c = new pg.Client({ connectionString: baseUrl });
      await c.connect();
      await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await c.end();
    };
  } else {
    env = { LINK_PGLITE_DIR: path.join(dataDir, 'db') };
  }
});
afterAll(async () => {
  for (const c of children) c.kill('SIGKILL');
  await dropDatabase();
  rmSync(dataDir, { recursive: true, force: true });
});

const until = async (check: () => boolean, ms: number) => {
  const end = Date.now() + ms;
  while (!check() && Date.now() < end) await new Promise((r) => setTimeout(r, 20));
};

describe('ingest killed and restarted', () => {
  it('ends with every message stored exactly once, acknowledged ones included', async () => {
    const first = await startLink({ LINK_DEVICE: 'RMS-RESTART-1', LINK_MQTT_PORT: '0' });
    const { port, device } = first.ready;
    const client = await mqtt.connectAsync(`mqtt://127.0.0.1:${port}`, {
      username: device!.code,
      password: device!.key,
      clientId: `dev-${device!.code}`,
      clean: false,
      reconnectPeriod: 100,
    });
    const base = Date.now() - 3_600_000;
    const acked = new Set<number>();
    const total = 400;
    // The stream is paced and the kill comes from inside it, once at least 50 messages are
    // acknowledged and no later than message 300, so it always lands mid-stream: some messages are
    // acknowledged, the last few are in flight, and the rest are published after the link is back
    // (the device resends the unacknowledged ones on reconnect, with their packet ids).
    let ackedBeforeKill = -1;
    let second: Awaited<ReturnType<typeof startLink>> | undefined;
    const restart = async () => {
      first.child.kill('SIGKILL');
      await new Promise((r) => first.child.once('exit', r));
      ackedBeforeKill = acked.size;
      const reconnected = new Promise((r) => client.once('connect', r));
      second = await startLink({ LINK_MQTT_PORT: String(port) });
      await reconnected;
    };
    for (let i = 0; i < total; i++) {
      if (ackedBeforeKill < 0 && (acked.size >= 50 || i === 300)) {
        await until(() => acked.size >= 50, 15_000);
        await restart();
      }
      client.publish(
        `rms/${device!.code}/telemetry`,
        JSON.stringify(sample(base + i * 1000)),
        { qos: 1 },
        (e) => {
          if (!e) acked.add(i);
        },
      );
      await new Promise((r) => setTimeout(r, 2));
    }
    await until(() => acked.size === total, 20_000);
    second!.child.send({ type: 'samples', deviceId: device!.id });
    const stored = await new Promise<number[]>((resolve) =>
      second!.child.once('message', (m: { ts: number[] }) => resolve(m.ts)),
    );
    await client.endAsync();

    expect(ackedBeforeKill).toBeGreaterThanOrEqual(50);
    expect(ackedBeforeKill).toBeLessThan(total);
    expect(acked.size).toBe(total);
    // Keyed by (device, ts): a message stored twice would show as a repeated time or too many rows.
    expect(stored).toHaveLength(total);
    expect(new Set(stored).size).toBe(total);
    for (let i = 0; i < total; i++) expect(stored).toContain(base + i * 1000);
    // Two process starts and waits of up to 15 s and 20 s: the test's own limit must exceed them.
  }, 90_000);
});
