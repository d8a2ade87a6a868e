import { availableParallelism } from 'node:os';
import { eq, sql } from 'drizzle-orm';
import pino from 'pino';
import { openDatabase } from '../../apps/server/src/db/client';
import { rowsOf } from '../../apps/server/src/db/rows';
import { rmsDevices } from '../../apps/server/src/db/schema/inventory';
import { organizations } from '../../apps/server/src/db/schema/organizations';
import { ensureFirstUser } from '../../apps/server/src/first-start';
import { seedMasterData } from '../../apps/server/src/modules/master-data/seed/seed-master-data';
import { issueDeviceKey } from '../../apps/server/src/telemetry/device-keys';
import { AlarmRuleBook } from '../../apps/server/src/telemetry/alarm-rule-book';
import { DeviceLink } from '../../apps/server/src/telemetry/device-link';
import { copyBaseline } from './baseline';

// The server side of the benchmark, in its own process (so the load generator does not share its
// event loop): the production DeviceLink (ingest queue, embedded Aedes broker) on a fresh database.
// The runner talks to it over IPC: set-up, exact row counts, a queryability probe, the footprint on
// disk (as rows and packed), the baseline.

const databaseUrl = process.env.BENCH_DATABASE_URL;
const database = await openDatabase({ databaseUrl, pgliteDir: process.env.BENCH_PGLITE_DIR ?? 'memory://' });
await database.migrate();
await seedMasterData(database.db);
await ensureFirstUser(database.db, { email: 'bench@rms.local', password: 'Bench-pass-1234' });
const db = database.db;
const log = pino({ level: process.env.BENCH_LOG_LEVEL ?? 'warn' });
// As the app builds it (app.ts): several ingest writers on PostgreSQL, one on PGlite.
const writers = Number(process.env.BENCH_WRITERS ?? (database.kind === 'postgres' ? 4 : 1));
// As the app sets INGEST_WORKERS: one ingest worker thread per core on PostgreSQL, none on PGlite.
const ingestWorkers = Number(
  process.env.BENCH_INGEST_WORKERS ?? (database.kind === 'postgres' ? availableParallelism() : 1),
);
// --rules N: the devices spread over organizations of 100 (projects of 50), each with N alarm rules.
const rulesPerOrganization = Number(process.env.BENCH_RULES ?? 0);
const rules = rulesPerOrganization > 0 ? new AlarmRuleBook(db) : undefined;
const link = new DeviceLink({
  db,
  log,
  rules,
  timeZone: 'Asia/Kolkata',
  mqttPort: 0,
  mqttHost: '127.0.0.1',
  writers,
  ingestWorkers: databaseUrl ? { count: ingestWorkers, databaseUrl } : undefined,
  // Every simulated device connects from this one address, all at once.
  mqttLimits: { maxConnectionsPerAddress: 1_000_000, maxPendingPerAddress: 1_000_000 },
});

const send = (message: object) => process.send!(message);

/**
 * Organizations of 100 devices, each device activated in a project of 50, and `perOrganization`
 * rules each (at most one per kind): some hold their condition, so the hold state is written too.
 */
async function addRules(deviceIds: number[], perOrganization: number) {
  const kinds: [string, string, number, number][] = [
    ['battery_low', '{"soc_below": 25, "soc_clear_from": 35}', 0, 5],
    ['load_fault', '{"current_below_a": 0.05, "current_clear_from_a": 0.1}', 2, 0],
    ['communication_lost', '{"after_minutes": 30}', 0, 0],
    ['no_charge', '{"from_hour": 17, "harvest_below_wh": 5, "charging_clear_from_a": 0.2}', 0, 0],
    ['fault', '{}', 0, 0],
    ['panel_low', '{}', 0, 0],
  ];
  const organizationCount = Math.ceil(deviceIds.length / 100);
  const made = await rowsOf<{ id: number }>(
    db,
    sql`insert into organizations (company_name, email)
        select 'Bench ' || n, 'bench' || n || '@bench.example' from generate_series(1, ${organizationCount}) n
        returning id`,
  );
  const orgOf = (i: number) => made[Math.floor(i / 100)]!.id;
  const ids = sql.param(`{${deviceIds.join(',')}}`);
  const orgs = sql.param(`{${deviceIds.map((_, i) => orgOf(i)).join(',')}}`);
  await db.execute(sql`update rms_devices d set organization_id = k.org
    from unnest(${ids}::int[], ${orgs}::int[]) as k(id, org) where d.id = k.id`);
  await db.execute(sql`
    insert into activations (name, device_id, address1, address2, state_id, city_id, pin, organization_id)
    select 'Project ' || (k.n / 50), k.id, 'Bench road', 'Bench', c.state_id, c.id, '110001', k.org
    from unnest(${ids}::int[], ${orgs}::int[]) with ordinality as k(id, org, n)
    cross join (select id, state_id from cities limit 1) c`);
  const chosen = kinds.slice(0, perOrganization);
  for (const [kind, params, hold, clearHold] of chosen)
    await db.execute(sql`
      insert into alarm_rules (organization_id, kind, severity, params, hold_minutes, clear_hold_minutes, sla_hours)
      select o, ${kind}, 'major', ${params}::jsonb, ${hold}, ${clearHold}, 48
      from unnest(${sql.param(`{${made.map((o) => o.id).join(',')}}`)}::int[]) o`);
}

async function addDevices(count: number) {
  const [org] = await db.select({ id: organizations.id }).from(organizations).limit(1);
  const rows = Array.from({ length: count }, (_, i) => ({
    code: `RMS-BENCH-${String(i + 1).padStart(5, '0')}`,
    model: 'RMS-12',
    manufacture: 'Bench',
    inventoryDate: '2026-01-01',
    expiryDate: '2030-01-01',
    organizationId: org!.id,
  }));
  const devices: { id: number; code: string; key: string }[] = [];
  for (let i = 0; i < rows.length; i += 500) {
    const made = await db
      .insert(rmsDevices)
      .values(rows.slice(i, i + 500))
      .returning({ id: rmsDevices.id, code: rmsDevices.code });
    for (const d of made) devices.push({ ...d, key: await issueDeviceKey(db, d.id) });
  }
  return devices;
}

/**
 * What the run's samples take on disk, with the rollups of their hours and days made as the periodic
 * maintenance would once they are closed: total bytes (table, indexes, TOAST, over every partition)
 * and rows, per table; and what a sample takes packed (packedFootprint). Works on a database from
 * before the partitioning too (no rollups nor packing then).
 */
async function footprint() {
  const [partitioned] = await rowsOf<{ found: boolean }>(
    db,
    sql`select to_regclass('telemetry_rollup_state') is not null as found`,
  );
  if (partitioned?.found) {
    const { rollUpClosedHours } = await import('../../apps/server/src/telemetry/storage/rollups');
    const { DEFAULT_STORAGE } = await import('../../apps/server/src/telemetry/storage/settings');
    // A day and more after the run: its hours and its day are closed.
    await rollUpClosedHours(db, new Date(Date.now() + 26 * 3_600_000), 'Asia/Kolkata', DEFAULT_STORAGE);
  }
  const tables: Record<string, { bytes: number; rows: number }> = {};
  for (const table of ['telemetry_samples', 'telemetry_hourly', 'telemetry_daily']) {
    const [exists] = await rowsOf<{ found: boolean }>(
      db,
      sql`select to_regclass(${table}) is not null as found`,
    );
    if (!exists?.found) continue;
    const [size] = await rowsOf<{ bytes: string; rows: string }>(
      db,
      sql`select coalesce((select sum(pg_total_relation_size(relid)) from pg_partition_tree(${table}::regclass)),
                          pg_total_relation_size(${table}::regclass)) as bytes,
                 (select count(*) from ${sql.identifier(table)}) as rows`,
    );
    tables[table] = { bytes: Number(size!.bytes), rows: Number(size!.rows) };
  }
  return { tables, packed: partitioned?.found ? await packedFootprint() : null };
}

/** Each device's samples copied for packing: 4 hours at one a minute. */
const PACKED_COPY_MINUTES = 240;

/**
 * What a sample takes once its day is packed, which a run's samples (all in the day under way) never
 * are: a copy of each device's first PACKED_COPY_MINUTES samples, re-timed to one a minute (the
 * projection's rate: 60 a device-hour) on a closed UTC day three days back, packed by the maintenance's
 * own code, measured (the packed day's partition with its indexes and TOAST) and dropped. The run's
 * samples stay as they are.
 */
async function packedFootprint() {
  const { PACKED_DAYS, SAMPLE_DAYS, ensurePartitions } =
    await import('../../apps/server/src/telemetry/storage/partitions');
  const { packClosedDays } = await import('../../apps/server/src/telemetry/storage/packing');
  const { SAMPLE_COLUMNS } = await import('../../apps/server/src/telemetry/storage/stored-samples');
  const now = new Date();
  const day = new Date(SAMPLE_DAYS.startOf(now).getTime() - 3 * 86_400_000);
  const rowsDay = `telemetry_samples_${SAMPLE_DAYS.suffix(day)}`;
  const packedDay = `telemetry_sample_days_${PACKED_DAYS.suffix(day)}`;
  await ensurePartitions(db, SAMPLE_DAYS, day, day);
  const columns = sql.raw(SAMPLE_COLUMNS.join(', '));
  const values = sql.raw(SAMPLE_COLUMNS.filter((c) => c !== 'ts').join(', '));
  const [copy] = await rowsOf<{ n: string }>(
    db,
    sql`with copied as (
          insert into telemetry_samples (${columns})
          select ${day.toISOString()}::timestamptz + (n - 1) * interval '1 minute', ${values}
          from (select *, row_number() over (partition by device_id order by ts) as n
                from telemetry_samples where ts >= ${SAMPLE_DAYS.rangeOf(day).to.toISOString()}::timestamptz) s
          where n <= ${PACKED_COPY_MINUTES}
          returning 1)
        select count(*) as n from copied`,
  );
  if (Number(copy!.n) === 0) {
    await db.execute(sql`drop table ${sql.identifier(rowsDay)}`);
    return null;
  }
  // The rollups have passed that day (footprint, above): it is packed as a closed day.
  const packed = await packClosedDays(db, now, 'Asia/Kolkata');
  if (!packed.includes(rowsDay)) throw new Error(`${rowsDay} was not packed`);
  const [size] = await rowsOf<{ bytes: string; samples: string; rows: string }>(
    db,
    sql`select pg_total_relation_size(${packedDay}::regclass) as bytes,
               (select sum(samples) from ${sql.identifier(packedDay)}) as samples,
               (select count(*) from ${sql.identifier(packedDay)}) as rows`,
  );
  await db.execute(sql`drop table ${sql.identifier(rowsDay)}, ${sql.identifier(packedDay)}`);
  return { bytes: Number(size!.bytes), samples: Number(size!.samples), rows: Number(size!.rows) };
}

const count = async () =>
  Number((await rowsOf<{ n: string }>(db, sql`select count(*) as n from telemetry_samples`))[0]!.n);

process.on('message', (m: { type: string; [k: string]: unknown }) => {
  const reply = (p: Promise<object>) =>
    p.then(
      (body) => send({ type: m.type, ...body }),
      (error: unknown) => send({ type: 'error', message: `${m.type}: ${String(error)}` }),
    );
  if (m.type === 'setup') {
    reply(
      (async () => {
        const devices = await addDevices(m.devices as number);
        if (rules) {
          await addRules(
            devices.map((d) => d.id),
            rulesPerOrganization,
          );
          await rules.reload();
        }
        await link.start();
        return {
          port: link.mqttPort,
          devices,
          kind: database.kind,
          ingestWorkers: databaseUrl && ingestWorkers > 1 ? ingestWorkers : 'no (main thread)',
        };
      })(),
    );
  } else if (m.type === 'count') {
    reply(count().then((n) => ({ n })));
  } else if (m.type === 'probe') {
    reply(
      (async () => {
        const found = await rowsOf<{ n: string }>(
          db,
          sql`select count(*) as n from telemetry_samples
              where device_id = ${m.deviceId as number} and ts = ${new Date(m.ts as number).toISOString()}::timestamptz`,
        );
        return { found: Number(found[0]!.n) === 1, ackedAt: m.ackedAt, queriedAt: Date.now() };
      })(),
    );
  } else if (m.type === 'stats') {
    reply(Promise.resolve({ stats: link.queue.stats, rss: process.memoryUsage().rss }));
  } else if (m.type === 'footprint') {
    reply(footprint());
  } else if (m.type === 'baseline') {
    reply(copyBaseline(database, m.rows as number, m.devices as number[]));
  } else if (m.type === 'check') {
    // Every device's live state is its newest stored sample.
    reply(
      (async () => {
        const [r] = await rowsOf<{ devices: string; stale: string }>(
          db,
          sql`select count(*) as devices,
                count(*) filter (where s.last_ts <> (select max(ts) from telemetry_samples t where t.device_id = s.device_id)) as stale
              from device_live_state s`,
        );
        const [h] = await db
          .select({ n: sql<number>`count(*)::int` })
          .from(rmsDevices)
          .where(eq(rmsDevices.isActive, true));
        return { liveDevices: Number(r!.devices), staleLive: Number(r!.stale), devices: h!.n };
      })(),
    );
  } else if (m.type === 'stop') {
    void (async () => {
      await link.stop();
      await database.close();
      process.exit(0);
    })();
  }
});

// The runner gone (crashed, interrupted): do not linger.
process.on('disconnect', () => process.exit(1));
send({ type: 'started' });
