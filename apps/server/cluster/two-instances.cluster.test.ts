import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { count, eq, sql } from 'drizzle-orm';
import mqtt from 'mqtt';
import { chromium, type Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CHROMIUM_ARGS, chromiumPath } from '../../../scripts/find-chromium.mjs';
import { openDatabase, type Database } from '../src/db/client';
import { rowsOf } from '../src/db/rows';
import { deviceCommands } from '../src/db/schema/commands';
import { users } from '../src/db/schema/employees';
import { gstSettings, states } from '../src/db/schema/master-data';
import { DEMO_PERMISSIONS } from '../src/demo/seed-demo';
import {
  makeActivations,
  makeKeyedDevice,
  makeOrganization,
  makeUser,
  USER_PASSWORD,
} from '../src/testing/factories';
import { scratchDatabase, type ScratchDatabase } from '../src/testing/scratch-database';
import { Fleet } from './fleet';
import { startInstance, type Instance, type LogLine } from './instance';

// Several instances on one PostgreSQL and one external broker lose and duplicate nothing. Two server
// instances, A and B, start together on a fresh database and share the machine's Mosquitto (a
// shared subscription); a simulated fleet publishes through the broker while B is killed and started
// again; a command is given on A and a browser signed in on B watches it reach the device.

const brokerUrl = process.env.MQTT_EXTERNAL_URL;
if (!brokerUrl) throw new Error('MQTT_EXTERNAL_URL is not set: run `npm run test:cluster` from the root');

const run = randomBytes(3).toString('hex');
/** This run's deployment at the broker: its own group, so runs and other tests never share messages. */
const group = `rms-cluster-${run}`;
const ADMIN = { email: 'admin@cluster.example', password: 'Cluster-admin-pass-1' };
const DEVICES = 24;
const ROUNDS = 16;

let scratch: ScratchDatabase;
let database: Database;
let env: Record<string, string>;
let a: Instance;
let b: Instance;
const logsOfB: LogLine[] = [];
let fleet: Fleet | null = null;
let browser: Browser | null = null;
let customer: { organizationId: number; email: string };

beforeAll(async () => {
  scratch = await scratchDatabase({
    baseUrl: process.env.CLUSTER_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres',
  });
  env = {
    DATABASE_URL: scratch.url!,
    JWT_SECRET: randomBytes(48).toString('base64url'),
    ADMIN_EMAIL: ADMIN.email,
    ADMIN_PASSWORD: ADMIN.password,
    DEMO: '0',
    MQTT_URL: brokerUrl,
    MQTT_SHARED_GROUP: group,
    // Each message an instance takes is logged at debug level: how the test sees who ingested what.
    LOG_LEVEL: 'debug',
  };
  // Together, on the empty database.
  [a, b] = await Promise.all([
    startInstance('a', { ...env, INSTANCE_ID: 'a' }),
    startInstance('b', { ...env, INSTANCE_ID: 'b' }, logsOfB),
  ]);
  database = await openDatabase({ databaseUrl: scratch.url });
}, 180_000);

afterAll(async () => {
  await browser?.close();
  await fleet?.close();
  await Promise.all([a?.stop(), b?.stop()]);
  await forgetSessions();
  await database?.close();
  await scratch?.drop();
}, 60_000);

/** The instances' sessions at the broker end with the run (a clean start replaces a kept session). */
async function forgetSessions(): Promise<void> {
  const ids = ['a', 'b'].flatMap((instance) =>
    Array.from({ length: 16 }, (_, i) => `${group}-${instance}-${i}`),
  );
  await Promise.all(
    ids.map(async (clientId) => {
      const client = await mqtt.connectAsync(brokerUrl!, {
        clientId,
        clean: true,
        protocolVersion: 5,
        reconnectPeriod: 0,
      });
      await client.endAsync();
    }),
  );
}

/** The uplink topics an instance's logs say it took. */
const taken = (logs: LogLine[], kind: 'telemetry' | 'ack') =>
  logs
    .filter((l) => l.msg === 'mqtt: message taken' && String(l.topic).endsWith(`/${kind}`))
    .map((l) => String(l.topic));

async function api<T>(instance: Instance, method: string, url: string, body?: unknown, token?: string) {
  const res = await fetch(`${instance.url}/api/v1/${url}`, {
    method,
    headers: {
      'content-type': 'application/json',
      ...(token && { authorization: `Bearer ${token}` }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await res.text();
  if (!res.ok) throw new Error(`${method} ${url} on ${instance.name}: ${res.status} ${text}`);
  return JSON.parse(text) as T;
}

describe('two instances on one PostgreSQL and one broker', () => {
  it('prepare the empty database once when started together', async () => {
    const journal = JSON.parse(
      readFileSync(path.join(import.meta.dirname, '../src/db/migrations/meta/_journal.json'), 'utf8'),
    ) as { entries: unknown[] };
    expect(
      await rowsOf(
        database.db,
        sql`select count(*)::int as n, count(distinct hash)::int as hashes from drizzle.__drizzle_migrations`,
      ),
    ).toEqual([{ n: journal.entries.length, hashes: journal.entries.length }]);
    expect(
      await database.db.select({ email: users.email }).from(users).where(eq(users.isSuperuser, true)),
    ).toEqual([{ email: ADMIN.email }]);
    expect((await database.db.select({ n: count() }).from(states))[0]!.n).toBe(36);
    expect((await database.db.select({ n: count() }).from(gstSettings))[0]!.n).toBe(5);
    // Both serve, signed in with the same secret.
    for (const instance of [a, b])
      expect(
        await api(instance, 'POST', 'users/login/', { username: ADMIN.email, password: ADMIN.password }),
      ).toHaveProperty('access');
  });

  it('store every sample the broker acknowledged once, taken by both, while B is killed and started again', async () => {
    const organization = await makeOrganization(database.db, { permissions: DEMO_PERMISSIONS });
    const user = await makeUser(database.db, {
      organizationId: organization.id,
      permissions: DEMO_PERMISSIONS,
    });
    customer = { organizationId: organization.id, email: user.email };
    const devices = [];
    for (let i = 0; i < DEVICES; i++)
      devices.push(
        await makeKeyedDevice(database.db, {
          organizationId: organization.id,
          code: `CL${run}-${String(i + 1).padStart(2, '0')}`,
        }),
      );
    await makeActivations(
      database.db,
      devices.map((d) => ({ organizationId: organization.id, deviceId: d.id })),
    );
    fleet = await Fleet.connect(brokerUrl, devices, ROUNDS);

    for (let round = 0; round < ROUNDS / 2; round++) await fleet.report();
    // Killed once it has taken part of its share, with the rest in flight (taken, not yet committed).
    await expect.poll(() => taken(logsOfB, 'telemetry').length, { timeout: 30_000 }).toBeGreaterThan(0);
    await b.kill();
    // B's share waits at the broker in its sessions while it is away, and while it starts again.
    const restarted = startInstance('b', { ...env, INSTANCE_ID: 'b' }, logsOfB);
    for (let round = ROUNDS / 2; round < ROUNDS; round++) await fleet.report();
    b = await restarted;
    expect(fleet.acknowledged).toBe(DEVICES * ROUNDS);

    const stored = () =>
      rowsOf<{ n: number }>(
        database.db,
        sql`select count(*)::int as n from telemetry_samples s join rms_devices d on d.id = s.device_id
            where d.organization_id = ${organization.id}`,
      );
    await expect.poll(stored, { timeout: 60_000, interval: 500 }).toEqual([{ n: DEVICES * ROUNDS }]);
    // Each device's samples once: per (device, ts) in the table, and in the day counts derived from them
    // (a message taken twice would count twice there).
    expect(
      await rowsOf(
        database.db,
        sql`select device_id, ts from telemetry_samples group by device_id, ts having count(*) > 1`,
      ),
    ).toEqual([]);
    const perDevice = await rowsOf<{ code: string; samples: number; counted: number }>(
      database.db,
      sql`select d.device_id as code, (select count(*)::int from telemetry_samples s where s.device_id = d.id) as samples,
            (select coalesce(sum(h.samples), 0)::int from daily_harvest h where h.device_id = d.id) as counted
          from rms_devices d where d.organization_id = ${organization.id} order by d.id`,
    );
    expect(perDevice).toEqual(devices.map((d) => ({ code: d.code, samples: ROUNDS, counted: ROUNDS })));

    // Both instances took their share (a killed process's last log lines may be lost: counted loosely).
    expect(taken(a.logs, 'telemetry').length).toBeGreaterThan(0);
    expect(taken(logsOfB, 'telemetry').length).toBeGreaterThan(0);
  }, 150_000);

  it('deliver a command given on A to its device once, and a console on B sees it applied', async () => {
    // A device whose telemetry B took.
    const onB = new Set(taken(logsOfB, 'telemetry').map((topic) => topic.split('/')[1]));
    const device = fleet!.devices.find((d) => onB.has(d.code))!;
    expect(device).toBeDefined();

    browser = await chromium.launch({
      executablePath: chromiumPath(),
      args: CHROMIUM_ARGS,
    });
    const page = await browser.newPage({ baseURL: b.url });
    await page.goto('/login/');
    await page.getByLabel('Email').fill(customer.email);
    await page.getByLabel('Password').fill(USER_PASSWORD);
    await page.getByRole('button', { name: 'Log in' }).click();
    await page.getByRole('status', { name: 'Live updates: Live' }).waitFor();
    await page.getByLabel('Find RMS ID or model').fill(device.code);
    await page.getByTitle(`${device.code} — RMS-12`, { exact: true }).click();
    await page.waitForURL(/\/analysis$/);
    await page.getByTestId('card-rms_id').filter({ hasText: device.code }).waitFor();
    expect(await page.getByTestId('load-status').textContent()).toBe('Off');

    // On A: the customer switches the light on.
    const { access } = await api<{ access: string }>(a, 'POST', 'users/login/', {
      username: customer.email,
      password: USER_PASSWORD,
    });
    await api(a, 'POST', 'monitoring/load_status/', { device: device.id, lo_sts: 1 }, access);

    // B's console follows it live, without a reload: the switch on, its command applied by the device.
    await page
      .getByTestId('load-command')
      .filter({ hasText: 'Command Applied' })
      .waitFor({ timeout: 30_000 });
    expect(await page.getByTestId('load-status').textContent()).toBe('On');
    const [command] = await database.db
      .select({ id: deviceCommands.id, status: deviceCommands.status })
      .from(deviceCommands)
      .where(eq(deviceCommands.deviceId, device.id));
    expect(command).toMatchObject({ status: 'acknowledged' });
    expect(device.commands).toEqual([command!.id]);
    expect(device.link.acks).toBe(1);
    // Its acknowledgement was taken by one of the instances.
    expect([...taken(a.logs, 'ack'), ...taken(logsOfB, 'ack')]).toContain(`rms/${device.code}/ack`);
  }, 90_000);

  it('run the periodic jobs through the shared table, none failing', async () => {
    const jobs = () =>
      rowsOf<{ name: string; ran: boolean; failures: number }>(
        database.db,
        sql`select name, runs > 0 as ran, failures from background_jobs order by name`,
      );
    // The offline sweep first runs a period (30 s) after an instance starts.
    await expect.poll(jobs, { timeout: 60_000, interval: 1000 }).toEqual(
      [
        'audit.retention',
        'commands.redeliver',
        'device-link.sweep',
        'notifications.digest',
        'notifications.escalation',
        'notifications.fan-out',
        'notifications.mail',
        'reports.retention',
        // Schedule delivery follows its commands every 5 s; its hourly top-up first runs 5 minutes after a
        // start, so it has not run yet here.
        'schedules.sync',
        'telemetry.maintenance',
        // The webhooks' sending runs on every instance (scope 'instance'), not through this table.
        'webhooks.log-trim',
      ].map((name) => ({
        name,
        ran: true,
        failures: 0,
      })),
    );
  }, 90_000);
});
