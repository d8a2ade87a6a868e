import { sql } from 'drizzle-orm';
import type { MqttClient } from 'mqtt';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../db/rows';
import { recordCommands } from '../telemetry/commands';
import { dayResolver } from '../telemetry/day-of';
import {
  HOUR_MONTHS,
  PACKED_DAYS,
  SAMPLE_DAYS,
  ensurePartitions,
  partitionsOf,
} from '../telemetry/storage/partitions';
import { writeBatch } from '../telemetry/write-batch';
import { bearer, createTestApp, signIn, type Session, type TestApp } from '../testing/app';
import { addDevice, connectDevice, sample, type TestDevice } from '../testing/devices';
import { sampleRow } from '../testing/factories';

// GET /metrics as Prometheus reads it: the series move with HTTP calls, MQTT ingest, commands and the
// periodic jobs; and only a loopback client, or one with METRICS_TOKEN when it is set, may read them.

let t: TestApp;
let session: Session;
let lamp: TestDevice;
const clients: MqttClient[] = [];

beforeAll(async () => {
  t = await createTestApp();
  await t.app.deviceLink.start();
  session = await signIn(t.app);
  lamp = await addDevice(t, 'RMS-METRICS-1');
});
afterAll(async () => {
  await Promise.all(clients.map((c) => c.endAsync(true)));
  await t.close();
});

async function scrape(app = t.app, headers: Record<string, string> = {}) {
  const res = await app.inject({ method: 'GET', url: '/metrics', headers });
  expect(res.statusCode).toBe(200);
  return res.body;
}

/** The value of one series in Prometheus' text format (undefined when absent). */
function valueOf(text: string, name: string, labels: Record<string, string> = {}): number | undefined {
  for (const line of text.split('\n')) {
    const match = /^([a-zA-Z_:][\w:]*)(?:\{(.*)\})? (\S+)$/.exec(line);
    if (!match || match[1] !== name) continue;
    const have = Object.fromEntries(
      [...(match[2] ?? '').matchAll(/(\w+)="((?:[^"\\]|\\.)*)"/g)].map((m) => [m[1], m[2]]),
    );
    if (Object.entries(labels).every(([k, v]) => have[k] === v)) return Number(match[3]);
  }
  return undefined;
}

describe('GET /metrics', () => {
  it('answers Prometheus text with the process metrics', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/metrics' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
    expect(valueOf(res.body, 'process_cpu_user_seconds_total')).toBeGreaterThan(0);
    expect(valueOf(res.body, 'nodejs_heap_size_used_bytes')).toBeGreaterThan(0);
  });

  it('times HTTP requests by route pattern, method and status', async () => {
    const count = (text: string, route: string, status: string) =>
      valueOf(text, 'rms_http_request_duration_seconds_count', { route, method: 'GET', status }) ?? 0;
    const before = await scrape();
    for (let i = 0; i < 2; i++)
      await t.app.inject({ method: 'GET', url: '/api/v1/users/me/', headers: bearer(session) });
    await t.app.inject({ method: 'GET', url: '/api/v1/users/me/' });
    await t.app.inject({ method: 'GET', url: '/samples/rms.xlsx' });
    await t.app.inject({ method: 'GET', url: '/samples/pole.xlsx' });
    await t.app.inject({ method: 'GET', url: '/api/v1/no-such-thing/' });
    const after = await scrape();

    expect(count(after, '/api/v1/users/me/', '200') - count(before, '/api/v1/users/me/', '200')).toBe(2);
    expect(count(after, '/api/v1/users/me/', '401') - count(before, '/api/v1/users/me/', '401')).toBe(1);
    // Two files, one series: the pattern, not the URL.
    expect(count(after, '/samples/:file', '200') - count(before, '/samples/:file', '200')).toBe(2);
    expect(after).not.toContain('route="/samples/rms.xlsx"');
    expect(count(after, 'unmatched', '404') - count(before, 'unmatched', '404')).toBe(1);
  });

  it('counts MQTT ingest: received, committed, duplicate and rejected, with the commit latency', async () => {
    const before = await scrape();
    const client = await connectDevice(t.app.deviceLink.mqttPort!, lamp);
    clients.push(client);
    const topic = `rms/${lamp.code}/telemetry`;
    const base = Date.now() - 3_600_000;
    for (let i = 0; i < 3; i++)
      await client.publishAsync(topic, JSON.stringify(sample(base + i * 1000)), { qos: 1 });
    // The first again (an acknowledgement the device did not hear), and a message that is not JSON.
    await client.publishAsync(topic, JSON.stringify(sample(base)), { qos: 1 });
    await client.publishAsync(topic, 'not json', { qos: 1 });
    const after = await scrape();

    const moved = (name: string, labels: Record<string, string> = {}) =>
      (valueOf(after, name, labels) ?? 0) - (valueOf(before, name, labels) ?? 0);
    expect(moved('rms_ingest_messages_received_total', { kind: 'telemetry' })).toBe(5);
    expect(moved('rms_ingest_samples_committed_total')).toBe(3);
    expect(moved('rms_ingest_samples_duplicate_total')).toBe(1);
    expect(moved('rms_ingest_messages_rejected_total')).toBe(1);
    expect(moved('rms_ingest_batch_commit_seconds_count')).toBeGreaterThanOrEqual(2);
    expect(valueOf(after, 'rms_ingest_queue_rows')).toBe(0);
    expect(valueOf(after, 'rms_devices', { status: 'Online' })).toBe(1);
    expect(valueOf(after, 'rms_devices', { status: 'Offline' })).toBe(0);
    expect(valueOf(after, 'rms_mqtt_broker_connected')).toBe(1);
    expect(valueOf(after, 'rms_mqtt_clients')).toBeGreaterThanOrEqual(1);
  });

  it('shows open commands and counts those delivered', async () => {
    const device = await addDevice(t, 'RMS-METRICS-2');
    const before = await scrape();
    await recordCommands(t.database.db, [
      { deviceId: device.id, organizationId: device.organizationId, kind: 'refresh' },
    ]);
    expect(valueOf(await scrape(), 'rms_commands_open', { status: 'pending' })).toBe(
      (valueOf(before, 'rms_commands_open', { status: 'pending' }) ?? 0) + 1,
    );
    const client = await connectDevice(t.app.deviceLink.mqttPort!, device);
    clients.push(client);
    const received = new Promise((resolve) => client.once('message', resolve));
    await client.subscribeAsync(`rms/${device.code}/cmd`, { qos: 1 });
    await received;
    // Counted once the broker has taken the publish, which the device may hear of first.
    await expect
      .poll(async () => valueOf(await scrape(), 'rms_commands_delivered_total'))
      .toBe((valueOf(before, 'rms_commands_delivered_total') ?? 0) + 1);
    const after = await scrape();
    expect(valueOf(after, 'rms_commands_open', { status: 'sent' })).toBe(
      (valueOf(before, 'rms_commands_open', { status: 'sent' }) ?? 0) + 1,
    );
  });

  it('counts the periodic jobs’ runs by outcome', async () => {
    const runs = (text: string) =>
      valueOf(text, 'rms_job_runs_total', { job: 'offline_sweep', outcome: 'ok' }) ?? 0;
    const before = await scrape();
    await t.app.deviceLink.sweep();
    await t.app.reportRetention.sweep();
    const after = await scrape();
    expect(runs(after) - runs(before)).toBe(1);
    expect(
      valueOf(after, 'rms_job_runs_total', { job: 'report_retention', outcome: 'ok' }),
    ).toBeGreaterThanOrEqual(1);
    expect(valueOf(after, 'rms_job_duration_seconds_count', { job: 'offline_sweep' })).toBeGreaterThanOrEqual(
      1,
    );
  });

  it('shows the database pool on PostgreSQL only', async () => {
    const text = await scrape();
    if (t.database.kind === 'postgres') expect(valueOf(text, 'rms_db_pool_connections')).toBeGreaterThan(0);
    else expect(valueOf(text, 'rms_db_pool_connections')).toBeUndefined();
  });
});

describe('telemetry storage metrics', () => {
  const HOUR = 3_600_000;
  const DAY = 24 * HOUR;
  const db = () => t.database.db;
  const TABLES = [SAMPLE_DAYS, PACKED_DAYS, HOUR_MONTHS];
  const lagOf = async () => valueOf(await scrape(), 'rms_telemetry_rollup_lag_seconds');
  /** Runs `check` with telemetry_rollup_state.rolled_to set to `rolledTo`, then puts it back. */
  async function withRolledTo(rolledTo: Date | null, check: () => Promise<void>) {
    const [before] = await rowsOf<{ rolled_to: string | null }>(
      db(),
      sql`select rolled_to::text from telemetry_rollup_state where id = 1`,
    );
    await db().execute(
      sql`update telemetry_rollup_state set rolled_to = ${rolledTo?.toISOString() ?? null}::timestamptz`,
    );
    try {
      await check();
    } finally {
      await db().execute(
        sql`update telemetry_rollup_state set rolled_to = ${before?.rolled_to ?? null}::timestamptz`,
      );
    }
  }

  it('counts the partitions of each partitioned table as partitionsOf lists them, and one made', async () => {
    const text = await scrape();
    for (const table of TABLES)
      expect(valueOf(text, 'rms_telemetry_partitions', { table: table.table })).toBe(
        (await partitionsOf(db(), table)).length,
      );
    // Kept days and a week ahead of them (the test app keeps 400 days).
    expect(valueOf(text, 'rms_telemetry_partitions', { table: 'telemetry_samples' })).toBeGreaterThan(400);

    const far = new Date(Date.now() + 40 * DAY);
    const [made] = await ensurePartitions(db(), SAMPLE_DAYS, far, far);
    try {
      expect(valueOf(await scrape(), 'rms_telemetry_partitions', { table: 'telemetry_samples' })).toBe(
        valueOf(text, 'rms_telemetry_partitions', { table: 'telemetry_samples' })! + 1,
      );
    } finally {
      await db().execute(sql`drop table ${sql.identifier(made!)}`);
    }
  });

  it('shows a sample whose day has no partition in the default partition’s rows', async () => {
    const gauge = (text: string, table: string) =>
      valueOf(text, 'rms_telemetry_default_partition_rows', { table });
    const before = await scrape();
    for (const table of TABLES) expect(gauge(before, table.table)).toBe(0);
    const device = await addDevice(t, 'RMS-METRICS-3');
    // Three weeks ahead: no partition covers that day yet (they are made a week ahead).
    const far = Date.now() + 21 * DAY;
    await writeBatch(db(), [sampleRow(device.id, far)], dayResolver(t.config.timeZone));
    try {
      const after = await scrape();
      expect(gauge(after, 'telemetry_samples')).toBe(1);
      expect(gauge(after, 'telemetry_sample_days')).toBe(0);
      expect(gauge(after, 'telemetry_hourly')).toBe(0);
    } finally {
      await db().execute(sql`delete from telemetry_samples_default where device_id = ${device.id}`);
    }
    expect(gauge(await scrape(), 'telemetry_samples')).toBe(0);
  });

  it('shows how far behind the clock the hourly rollups are, from the rollup state', async () => {
    const rolledTo = new Date(Date.now() - 3 * HOUR);
    await withRolledTo(rolledTo, async () => {
      const lag = await lagOf();
      expect(lag).toBeGreaterThanOrEqual(3 * 3600);
      expect(lag).toBeLessThan(3 * 3600 + 60);
    });
  });

  it('before the first rollup, counts the lag from the oldest sample waiting', async () => {
    const device = await addDevice(t, 'RMS-METRICS-4');
    await writeBatch(db(), [sampleRow(device.id, Date.now() - 5 * HOUR)], dayResolver(t.config.timeZone));
    await withRolledTo(null, async () => {
      const lag = await lagOf();
      expect(lag).toBeGreaterThanOrEqual(5 * 3600);
      expect(lag).toBeLessThan(5 * 3600 + 60);
    });
  });

  it('shows each table’s size and the oldest day of samples kept', async () => {
    const text = await scrape();
    for (const table of ['telemetry_samples', 'telemetry_sample_days', 'telemetry_hourly', 'telemetry_daily'])
      expect(valueOf(text, 'rms_telemetry_bytes', { table })).toBeGreaterThan(0);
    const [oldest] = await partitionsOf(db(), SAMPLE_DAYS);
    expect(valueOf(text, 'rms_telemetry_oldest_sample_timestamp_seconds')).toBe(
      oldest!.from.getTime() / 1000,
    );
  });

  it('a figure that cannot be read is logged and left out; /metrics still answers', async () => {
    const lines: Record<string, unknown>[] = [];
    const broken = await createTestApp({
      env: { LOG_LEVEL: 'warn', LOG_FORMAT: 'json' },
      logStream: { write: (line: string) => void lines.push(JSON.parse(line) as Record<string, unknown>) },
    });
    try {
      expect(valueOf(await scrape(broken.app), 'rms_telemetry_rollup_lag_seconds')).toBe(0);
      await broken.database.db.execute(sql`alter table telemetry_rollup_state rename to rollup_state_away`);
      const text = await scrape(broken.app);
      expect(valueOf(text, 'rms_telemetry_rollup_lag_seconds')).toBeUndefined();
      expect(valueOf(text, 'rms_telemetry_partitions')).toBeUndefined();
      expect(valueOf(text, 'rms_telemetry_oldest_sample_timestamp_seconds')).toBeUndefined();
      expect(valueOf(text, 'rms_ingest_queue_rows')).toBe(0);
      expect(lines.map((l) => l.msg)).toContain('metrics: telemetry storage figures could not be read');
    } finally {
      await broken.close();
    }
  });
});

describe('who may read /metrics', () => {
  it('without METRICS_TOKEN, answers this machine only: 403 to another address or through a proxy', async () => {
    const remote = await t.app.inject({ method: 'GET', url: '/metrics', remoteAddress: '203.0.113.9' });
    expect(remote.statusCode).toBe(403);
    expect(remote.body).not.toContain('rms_');
    const proxied = await t.app.inject({
      method: 'GET',
      url: '/metrics',
      headers: { 'x-forwarded-for': '203.0.113.9' },
    });
    expect(proxied.statusCode).toBe(403);
    const local = await t.app.inject({ method: 'GET', url: '/metrics', remoteAddress: '::1' });
    expect(local.statusCode).toBe(200);
  });

  it('with METRICS_TOKEN, asks every client for it as a bearer token', async () => {
    const token = 'metrics-token-for-the-test-0123456789';
    const withToken = await createTestApp({ env: { METRICS_TOKEN: token } });
    try {
      const none = await withToken.app.inject({ method: 'GET', url: '/metrics' });
      expect(none.statusCode).toBe(401);
      expect(none.headers['www-authenticate']).toMatch(/^Bearer/);
      const wrong = await withToken.app.inject({ method: 'GET', url: '/metrics', headers: bearer('not-it') });
      expect(wrong.statusCode).toBe(401);
      const right = await withToken.app.inject({
        method: 'GET',
        url: '/metrics',
        headers: bearer(token),
        remoteAddress: '203.0.113.9',
      });
      expect(right.statusCode).toBe(200);
      expect(right.body).toContain('rms_http_request_duration_seconds');
    } finally {
      await withToken.close();
    }
  });
});
