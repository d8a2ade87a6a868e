import { sql } from 'drizzle-orm';
import pg from 'pg';
import { beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../src/db/rows';
import type { TestApp } from '../src/testing/app';
import { addDevice, sample } from '../src/testing/devices';
import { linkedTestApp } from '../src/testing/linked-app';
import { recordCommands } from '../src/telemetry/commands';
import { IngestWorkers } from '../src/telemetry/ingest-workers';

// Ingest on several worker threads (INGEST_WORKERS=3, the app as services.ts builds it), over real
// MQTT connections to the embedded broker, on PostgreSQL (the workers' database; the machine's
// unless DATABASE_URL or CLUSTER_DATABASE_URL names another): every message from many devices is
// stored once and acknowledged only once it can be read; a day's harvest, summed by three workers'
// transactions at once, loses no increase; commands reach devices whose messages different workers
// handle; a worker that dies mid-stream loses nothing that was acknowledged.

process.env.DATABASE_URL ??=
  process.env.CLUSTER_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

const WORKERS = 3;
const link = linkedTestApp({ env: { INGEST_WORKERS: String(WORKERS) } });
const { connect } = link;
let t: TestApp;
let workers: IngestWorkers;
beforeAll(() => {
  t = link.t;
  workers = t.app.deviceLink.queue as IngestWorkers;
});

const storedTimes = async (deviceId: number) =>
  (
    await rowsOf<{ ts: string }>(
      t.database.db,
      sql`select ts from telemetry_samples where device_id = ${deviceId} order by ts`,
    )
  ).map((r) => Date.parse(r.ts));

const isStored = async (deviceId: number, ts: number) =>
  (
    await rowsOf<{ n: number }>(
      t.database.db,
      sql`select count(*)::int as n from telemetry_samples
          where device_id = ${deviceId} and ts = ${new Date(ts).toISOString()}::timestamptz`,
    )
  )[0]!.n === 1;

const until = async (check: () => boolean, ms: number) => {
  const end = Date.now() + ms;
  while (!check() && Date.now() < end) await new Promise((r) => setTimeout(r, 20));
};

describe('ingest on several worker threads', () => {
  it('runs the ingest on the worker threads asked for', () => {
    expect(workers).toBeInstanceOf(IngestWorkers);
    expect(workers.threads).toHaveLength(WORKERS);
  });

  it('stores every message of many devices once, each readable when its PUBACK comes', async () => {
    const devices = await Promise.all(Array.from({ length: 12 }, (_, i) => addDevice(t, `RMS-WORKERS-${i}`)));
    // The devices fall to every worker (id modulo the workers).
    expect(new Set(devices.map((d) => d.id % WORKERS)).size).toBe(WORKERS);
    const perDevice = 60;
    // Within the last hour, in one local day: the harvest below is one day's.
    const base = Date.now() - 10 * 60_000;
    const notReadable: string[] = [];
    const checks: Promise<void>[] = [];
    let acked = 0;
    await Promise.all(
      devices.map(async (device) => {
        const client = await connect(device);
        const published: Promise<unknown>[] = [];
        for (let i = 0; i < perDevice; i++) {
          const ts = base + i * 1000;
          // The energy counter rises 2 Wh a sample: the day's harvest is 2 × (samples − 1).
          const payload = JSON.stringify(sample(ts, { energy_wh: 1000 + 2 * i }));
          const sent = client.publishAsync(`rms/${device.code}/telemetry`, payload, { qos: 1 }).then(() => {
            acked++;
            // Read at once on another connection: acknowledged means committed.
            checks.push(
              isStored(device.id, ts).then((found) => {
                if (!found) notReadable.push(`${device.code}@${i}`);
              }),
            );
          });
          published.push(sent);
          // Every tenth message is sent twice (a device resending after a lost PUBACK).
          if (i % 10 === 0)
            published.push(client.publishAsync(`rms/${device.code}/telemetry`, payload, { qos: 1 }));
        }
        await Promise.all(published);
      }),
    );
    await Promise.all(checks);
    expect(acked).toBe(devices.length * perDevice);
    expect(notReadable).toEqual([]);
    for (const device of devices) {
      const stored = await storedTimes(device.id);
      expect(stored).toEqual(Array.from({ length: perDevice }, (_, i) => base + i * 1000));
    }
    // Each device's live state is its newest sample, and its day's harvest counts every increase.
    const states = await rowsOf<{ device_id: number; last_ts: string; harvest_wh: number; samples: number }>(
      t.database.db,
      sql`select s.device_id, s.last_ts, h.harvest_wh, h.samples from device_live_state s
          join daily_harvest h using (device_id)
          where s.device_id = any(${sql.param(devices.map((d) => d.id))}::int[])`,
    );
    expect(states).toHaveLength(devices.length);
    for (const state of states) {
      expect(Date.parse(state.last_ts)).toBe(base + (perDevice - 1) * 1000);
      expect(state.harvest_wh).toBe(2 * (perDevice - 1));
      expect(state.samples).toBe(perDevice);
    }
  }, 60_000);

  it('holds the PUBACK while the message’s batch cannot commit', async () => {
    const device = await addDevice(t, 'RMS-WORKERS-HELD');
    const client = await connect(device);
    const topic = `rms/${device.code}/telemetry`;
    const ts = Date.now() - 5000;
    await client.publishAsync(topic, JSON.stringify(sample(ts - 1000)), { qos: 1 });
    // Another session keeps every ingest transaction from writing live state until it lets go.
    const holder = new pg.Client({ connectionString: t.config.databaseUrl });
    await holder.connect();
    await holder.query('begin');
    await holder.query('lock table device_live_state in share mode');
    let ackedWhileHeld = false;
    let held = true;
    const acked = client.publishAsync(topic, JSON.stringify(sample(ts)), { qos: 1 }).then(async () => {
      if (held) ackedWhileHeld = true;
      return isStored(device.id, ts);
    });
    // The message's batch is in the database, waiting for the lock ...
    await expect
      .poll(
        async () =>
          (
            await holder.query<{ n: number }>(
              `select count(*)::int as n from pg_locks
               where not granted and relation = 'device_live_state'::regclass`,
            )
          ).rows[0]!.n,
        { timeout: 20_000 },
      )
      .toBeGreaterThan(0);
    // ... and a round trip on the device's connection comes back after any PUBACK sent before it.
    await client.subscribeAsync(`rms/${device.code}/cmd`, { qos: 1 });
    expect(ackedWhileHeld).toBe(false);
    held = false;
    await holder.query('commit');
    await holder.end();
    expect(await acked).toBe(true);
  });

  it('delivers commands to devices whose messages different workers handle', async () => {
    const devices = await Promise.all(
      Array.from({ length: WORKERS }, (_, i) => addDevice(t, `RMS-WORKERS-CMD-${i}`)),
    );
    expect(new Set(devices.map((d) => d.id % WORKERS)).size).toBe(WORKERS);
    const received = new Map<number, number[]>();
    await Promise.all(
      devices.map(async (device) => {
        const client = await connect(device);
        received.set(device.id, []);
        client.on('message', (topic, payload) => {
          if (topic === `rms/${device.code}/cmd`)
            received.get(device.id)!.push((JSON.parse(payload.toString()) as { id: number }).id);
        });
        await client.subscribeAsync(`rms/${device.code}/cmd`, { qos: 1 });
        // The device reports while its command is on the way.
        await client.publishAsync(`rms/${device.code}/telemetry`, JSON.stringify(sample(Date.now() - 1000)), {
          qos: 1,
        });
      }),
    );
    const ids = await recordCommands(
      t.database.db,
      devices.map((d) => ({ deviceId: d.id, organizationId: d.organizationId, kind: 'refresh' as const })),
    );
    await expect
      .poll(() => devices.map((d) => received.get(d.id)!), { timeout: 10_000 })
      .toEqual(ids.map((id) => [id]));
  });

  it('loses nothing acknowledged when a worker dies mid-stream', async () => {
    const devices = await Promise.all(
      Array.from({ length: WORKERS }, (_, i) => addDevice(t, `RMS-WORKERS-CRASH-${i}`)),
    );
    const victim = devices.find((d) => d.id % WORKERS === 0)!;
    const killed = workers.threads[0]!;
    const total = 300;
    const base = Date.now() - 20 * 60_000;
    const acked = new Map<number, Set<number>>(devices.map((d) => [d.id, new Set()]));
    const notReadable: string[] = [];
    const checks: Promise<void>[] = [];
    const streams = devices.map(async (device) => {
      // A device with a persistent session resends what was not acknowledged when it reconnects.
      const client = await connect(device, {
        clientId: `dev-${device.code}`,
        clean: false,
        reconnectPeriod: 100,
      });
      for (let i = 0; i < total; i++) {
        const ts = base + i * 1000;
        client.publish(`rms/${device.code}/telemetry`, JSON.stringify(sample(ts)), { qos: 1 }, (e) => {
          if (e) return;
          acked.get(device.id)!.add(i);
          checks.push(
            isStored(device.id, ts).then((found) => {
              if (!found) notReadable.push(`${device.code}@${i}`);
            }),
          );
        });
        await new Promise((r) => setTimeout(r, 2));
      }
    });
    // Mid-stream: some of the victim's messages acknowledged, others on their way.
    await until(() => acked.get(victim.id)!.size >= 50, 15_000);
    const ackedBeforeCrash = acked.get(victim.id)!.size;
    await killed.terminate();
    await Promise.all(streams);
    await until(() => devices.every((d) => acked.get(d.id)!.size === total), 30_000);
    await Promise.all(checks);

    expect(ackedBeforeCrash).toBeGreaterThanOrEqual(50);
    expect(ackedBeforeCrash).toBeLessThan(total);
    // Started again: a new thread in the dead one's place.
    expect(workers.threads[0]).not.toBe(killed);
    expect(notReadable).toEqual([]);
    for (const device of devices) {
      expect(acked.get(device.id)!.size).toBe(total);
      // Keyed by (device, ts): a message stored twice would show as a repeated time or too many rows.
      expect(await storedTimes(device.id)).toEqual(Array.from({ length: total }, (_, i) => base + i * 1000));
    }
  }, 120_000);
});
