import { fork, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { Worker } from 'node:worker_threads';
import pg from 'pg';
import type { IngestStats } from '../../apps/server/src/telemetry/ingest-queue';
import type { PublisherInput } from './publisher';

// bench/ingest: sustained MQTT → committed telemetry on this machine. The server (production
// DeviceLink with the embedded broker) runs in a child process on a fresh database; publisher threads
// in this process open many device connections and publish single-sample QoS 1 messages at a target
// rate. A PUBACK means committed, so publish-to-PUBACK is publish-to-queryable (checked a few times
// by querying the sample right after its PUBACK). At the end: exact row count, rows lost, and a raw
// COPY of as many rows into the same table in the same run, as the yardstick.

const { values: args } = parseArgs({
  options: {
    db: { type: 'string', default: 'postgres' },
    'database-url': { type: 'string', default: 'postgres://postgres@127.0.0.1:5432/postgres' },
    duration: { type: 'string', default: '60' },
    rate: { type: 'string', default: '10000' },
    devices: { type: 'string', default: '1000' },
    workers: { type: 'string', default: '1' },
    'max-inflight': { type: 'string', default: '10' },
    burst: { type: 'boolean', default: false },
    'server-prof': { type: 'boolean', default: false },
    keep: { type: 'boolean', default: false },
    rules: { type: 'string', default: '0' },
    // Ingest worker threads of the server (INGEST_WORKERS); default as the app: the cores on PostgreSQL.
    'ingest-workers': { type: 'string' },
    // The yardstick: the same publishers against a bare Aedes broker that only PUBACKs (bare-broker.ts).
    'broker-only': { type: 'boolean', default: false },
  },
});

const brokerOnly = args['broker-only'];
const kind = brokerOnly ? 'none' : args.db === 'pglite' ? 'pglite' : 'postgres';
const durationS = Number(args.duration);
const baseRate = Number(args.rate);
const rate = args.burst ? baseRate * 3 : baseRate;
const deviceCount = Number(args.devices);
const workerCount = Number(args.workers);
const maxInflight = Number(args['max-inflight']);
const BUCKETS = 120_000;
const here = import.meta.dirname;
const log = (line: string) => process.stdout.write(`${line}\n`);

// --- a fresh database -------------------------------------------------------------------------------
let databaseUrl: string | undefined;
let dropDatabase = async () => {};
if (kind === 'postgres') {
  const base = args['database-url']!;
  const name = `rms_bench_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: base });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(base);
  url.pathname = `/${name}`;
  databaseUrl = url.toString();
  dropDatabase = async () => {
    if (args.keep) {
      log(`kept database ${name}`);
      return;
    }
    const c = new pg.Client({ connectionString: base });
    await c.connect();
    await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await c.end();
  };
}

const pgliteDir = mkdtempSync(path.join(tmpdir(), 'rms-bench-pglite-'));
if (kind === 'none') dropDatabase = async () => rmSync(pgliteDir, { recursive: true, force: true });
if (kind === 'pglite') dropDatabase = async () => rmSync(pgliteDir, { recursive: true, force: true });

// --- the server process ---------------------------------------------------------------------------
type Reply = { type: string; [k: string]: unknown };
const server: ChildProcess = fork(path.join(here, brokerOnly ? 'bare-broker.ts' : 'server.ts'), [], {
  execArgv: [
    '--import',
    'tsx',
    ...(args['server-prof'] ? ['--cpu-prof', `--cpu-prof-dir=${path.join(here, 'profiles')}`] : []),
  ],
  // PGlite on disk, as the server keeps it (DATA_DIR/db), not in memory.
  env: {
    ...process.env,
    ...(databaseUrl ? { BENCH_DATABASE_URL: databaseUrl } : { BENCH_PGLITE_DIR: pgliteDir }),
    BENCH_RULES: args.rules,
    ...(args['ingest-workers'] && { BENCH_INGEST_WORKERS: args['ingest-workers'] }),
  },
});
const waiting = new Map<string, (r: Reply) => void>();
server.on('message', (m: Reply) => {
  if (m.type === 'error') {
    log(`server error: ${String(m.message)}`);
    return;
  }
  const w = waiting.get(m.type);
  if (w) {
    waiting.delete(m.type);
    w(m);
  }
});
server.on('exit', (code) => {
  if (code !== 0) log(`server exited with ${code}`);
});
const ask = (type: string, body: object = {}) =>
  new Promise<Reply>((resolve) => {
    waiting.set(type, resolve);
    server.send({ type, ...body });
  });
await new Promise<Reply>((resolve) => waiting.set('started', resolve));
/** CPU seconds the server process has used (user + system). */
const serverCpuS = () => {
  try {
    const f = readFileSync(`/proc/${server.pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
    return (Number(f[11]) + Number(f[12])) / 100;
  } catch {
    return NaN;
  }
};
/**
 * CPU seconds of the server's main thread alone (its task has the process's id): with ingest workers,
 * the broker's share, which one thread must carry (the ceiling of one server process).
 */
const mainThreadCpuS = () => {
  try {
    const f = readFileSync(`/proc/${server.pid}/task/${server.pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
    return (Number(f[11]) + Number(f[12])) / 100;
  } catch {
    return NaN;
  }
};
const rssMb = () => {
  try {
    const m = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${server.pid}/status`, 'utf8'));
    return m ? Number(m[1]) / 1024 : NaN;
  } catch {
    return NaN;
  }
};

const setup = await ask('setup', { devices: deviceCount });
const devices = setup.devices as { id: number; code: string; key: string }[];
const port = setup.port as number;
log(
  `ingest bench: ${kind}, ${deviceCount} devices over ${workerCount} publisher thread(s), target ${rate} msg/s` +
    `${args.burst ? ` (burst: 3 × ${baseRate})` : ''} for ${durationS} s, QoS 1, ≤ ${maxInflight} unacknowledged per device` +
    `${Number(args.rules) > 0 ? `, ${args.rules} alarm rules per organization of 100 devices` : ''}` +
    `; server: ${String(setup.ingestWorkers)} ingest worker thread(s)`,
);

// --- publishers ---------------------------------------------------------------------------------------
interface Tick {
  sent: number;
  acked: number;
  inflight: number;
}
const ticks: Tick[] = Array.from({ length: workerCount }, () => ({ sent: 0, acked: 0, inflight: 0 }));
const histogram = new Float64Array(BUCKETS);
const probes: { found: boolean; delayMs: number }[] = [];
const workers: Worker[] = [];
let done = 0;
const allDone = new Promise<void>((resolveAll) => {
  for (let w = 0; w < workerCount; w++) {
    const input: PublisherInput = {
      port,
      devices: devices.filter((_, i) => i % workerCount === w),
      rate: rate / workerCount,
      durationMs: durationS * 1000,
      maxInflight,
      buckets: BUCKETS,
    };
    const worker = new Worker(path.join(here, 'publisher-thread.mjs'), { workerData: input });
    workers.push(worker);
    worker.on('message', (m: Reply) => {
      if (m.type === 'tick' || m.type === 'done') ticks[w] = m as unknown as Tick;
      if (m.type === 'done') {
        const h = m.histogram as Uint32Array;
        for (let i = 0; i < BUCKETS; i++) histogram[i]! += h[i]!;
        if (++done === workerCount) resolveAll();
      } else if (m.type === 'probe') {
        void ask('probe', m).then((r) =>
          probes.push({
            found: r.found as boolean,
            delayMs: (r.queriedAt as number) - (r.ackedAt as number),
          }),
        );
      } else if (m.type === 'error') log(`publisher: ${String(m.message)}`);
    });
  }
});
await Promise.all(
  workers.map(
    (w) => new Promise<void>((resolve) => w.once('message', (m: Reply) => m.type === 'ready' && resolve())),
  ),
);

// --- the run ------------------------------------------------------------------------------------------
const stat = kind === 'postgres' ? new pg.Client({ connectionString: databaseUrl }) : null;
await stat?.connect();
const inserted = async () =>
  stat
    ? Number(
        (
          await stat.query(
            // The samples table and, partitioned, its day partitions.
            `select sum(n_tup_ins) as n_tup_ins from pg_stat_user_tables
             where relname = 'telemetry_samples' or relname like 'telemetry\\_samples\\_%'`,
          )
        ).rows[0]?.n_tup_ins ?? 0,
      )
    : NaN;
/** CPU seconds used by the PostgreSQL backends serving the bench database (sessions open now). */
const cpuOfPids = (pids: number[]) =>
  pids.reduce((total, pid) => {
    try {
      const f = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
      return total + (Number(f[11]) + Number(f[12])) / 100;
    } catch {
      return total;
    }
  }, 0);
const backendPids = async () =>
  stat
    ? (
        await stat.query<{ pid: number }>(
          `select pid from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid()`,
        )
      ).rows.map((r) => r.pid)
    : [];
// Per backend: its CPU when first seen and when last seen. Sessions come and go during a run (a pool
// closes idle ones, the ingest workers open theirs): each is counted for what it used while seen.
const backendCpu = new Map<number, { first: number; last: number }>();
const watchBackends = async () => {
  for (const pid of await backendPids()) {
    const cpu = cpuOfPids([pid]);
    const seen = backendCpu.get(pid);
    if (seen) seen.last = cpu;
    else backendCpu.set(pid, { first: started ? 0 : cpu, last: cpu });
  }
};
let started = false;
await watchBackends();
started = true;
const backendWatch = setInterval(() => void watchBackends(), 1000);
const sum = (k: keyof Tick) => ticks.reduce((a, t) => a + t[k], 0);
let maxRss = rssMb();
const rssSeries: number[] = [];
const cpuAtStart = serverCpuS();
const mainCpuAtStart = mainThreadCpuS();
const loadAtStart = loadavg()[0]!;
const start = performance.now();
for (const w of workers) w.postMessage({ type: 'start' });
let last = { t: 0, sent: 0, acked: 0, db: 0 };
log('   t s   sent/s  acked/s  db rows/s  unacked  server RSS MB');
const monitor = setInterval(() => {
  const rss = rssMb();
  maxRss = Math.max(maxRss, rss);
  rssSeries.push(rss);
}, 500);
const every = durationS >= 300 ? 30 : 5;
const reporter = setInterval(() => {
  void inserted().then((db) => {
    const t = (performance.now() - start) / 1000;
    const dt = t - last.t;
    const now = { t, sent: sum('sent'), acked: sum('acked'), db };
    log(
      `${t.toFixed(0).padStart(5)} ${((now.sent - last.sent) / dt).toFixed(0).padStart(8)} ${(
        (now.acked - last.acked) /
        dt
      )
        .toFixed(0)
        .padStart(
          8,
        )} ${(Number.isNaN(db) ? '--' : ((db - last.db) / dt).toFixed(0)).padStart(10)} ${String(sum('inflight')).padStart(8)} ${rssMb().toFixed(0).padStart(13)}`,
    );
    last = now;
  });
}, every * 1000);
for (const f of [0.25, 0.5, 0.75])
  setTimeout(() => workers[0]!.postMessage({ type: 'probe' }), durationS * 1000 * f);

await allDone;
await watchBackends();
clearInterval(backendWatch);
const pgCpu = [...backendCpu.values()].reduce((total, b) => total + b.last - b.first, 0);
const elapsedS = (performance.now() - start) / 1000;
const serverCpu = serverCpuS() - cpuAtStart;
const mainCpu = mainThreadCpuS() - mainCpuAtStart;
const loadAtEnd = loadavg()[0]!;
clearInterval(reporter);
clearInterval(monitor);
await stat?.end();

// --- results ------------------------------------------------------------------------------------------
const sent = sum('sent');
const acked = sum('acked');
const stored = brokerOnly ? 0 : ((await ask('count')).n as number);
const { stats } = brokerOnly
  ? { stats: null as unknown as IngestStats }
  : ((await ask('stats')) as unknown as { stats: IngestStats });
const check: Reply = brokerOnly ? { type: 'check' } : await ask('check');
const pct = (p: number) => {
  const total = histogram.reduce((a, b) => a + b, 0);
  let seen = 0;
  for (let i = 0; i < BUCKETS; i++) {
    seen += histogram[i]!;
    if (seen >= total * p) return i + 1;
  }
  return BUCKETS;
};
if (brokerOnly) {
  log('\nresults');
  log(
    `  offered (target)          ${rate} msg/s; achieved ${(sent / durationS).toFixed(0)} msg/s (${sent} sent in ${durationS} s)`,
  );
  log(
    `  publish→PUBACK            p50 ${pct(0.5)} ms, p99 ${pct(0.99)} ms, p99.9 ${pct(0.999)} ms, max ${pct(1)} ms`,
  );
  log(
    `  acknowledged rate         ${(acked / elapsedS).toFixed(0)} msg/s (PUBACKs over ${elapsedS.toFixed(1)} s)`,
  );
  log(
    `  broker CPU                ${serverCpu.toFixed(1)} s over ${elapsedS.toFixed(1)} s (${((serverCpu / elapsedS) * 100).toFixed(0)} % of a core): ${(acked / serverCpu).toFixed(0)} msg per broker CPU second`,
  );
  log(
    `  machine                   ${cpus().length} cores; load average ${loadAtStart.toFixed(1)} at start, ${loadAtEnd.toFixed(1)} at end`,
  );
  server.send({ type: 'stop' });
  await new Promise((r) => server.once('exit', r));
  await dropDatabase();
  process.exit(0);
}
const committedRate = stored / elapsedS;
log('\nresults');
log(
  `  offered (target)          ${rate} msg/s; achieved ${(sent / durationS).toFixed(0)} msg/s (${sent} sent in ${durationS} s)`,
);
log(`  acknowledged              ${acked} (${sent - acked} unacknowledged at the end)`);
log(
  `  committed                 ${stored} rows in ${elapsedS.toFixed(1)} s = ${committedRate.toFixed(0)} msg/s`,
);
log(
  `  rows lost (acked, absent) ${Math.max(0, acked - stored)}; duplicates skipped ${stats.duplicates}, dropped ${stats.dropped}, write retries ${stats.retries}`,
);
log(
  `  batches                   ${stats.batches} (${(stored / Math.max(1, stats.batches)).toFixed(0)} rows each on average)`,
);
log(
  `  publish→PUBACK (=queryable) p50 ${pct(0.5)} ms, p99 ${pct(0.99)} ms, p99.9 ${pct(0.999)} ms, max ${pct(1)} ms`,
);
log(
  `  queryable after PUBACK    ${probes.filter((p) => p.found).length}/${probes.length} probes found (queried ${probes.map((p) => p.delayMs).join(', ')} ms after the PUBACK)`,
);
log(
  `  live state                ${String(check.liveDevices)} devices, ${String(check.staleLive)} not at their newest sample`,
);
log(
  `  server RSS                max ${maxRss.toFixed(0)} MB; over the run (min/median/max) ${Math.min(...rssSeries).toFixed(0)}/${[...rssSeries].sort((a, b) => a - b)[Math.floor(rssSeries.length / 2)]!.toFixed(0)}/${Math.max(...rssSeries).toFixed(0)} MB`,
);
log(
  `  server CPU                ${serverCpu.toFixed(1)} s over ${elapsedS.toFixed(1)} s (${((serverCpu / elapsedS) * 100).toFixed(0)} % of a core): ${(stored / serverCpu).toFixed(0)} msg per server CPU second`,
);
log(
  `  server main thread CPU    ${mainCpu.toFixed(1)} s (${((mainCpu / elapsedS) * 100).toFixed(0)} % of a core): ${(stored / mainCpu).toFixed(0)} msg per main-thread CPU second (the broker's thread)`,
);
if (stat) {
  log(
    `  PostgreSQL CPU            ${pgCpu.toFixed(1)} s in its ${kind} backends; server + database: ${(stored / (serverCpu + pgCpu)).toFixed(0)} msg per CPU second`,
  );
}
log(
  `  machine                   ${cpus().length} cores; load average ${loadAtStart.toFixed(1)} at start, ${loadAtEnd.toFixed(1)} at end`,
);
// Bytes per stored sample, as rows and packed, and what 10,000 devices reporting once a minute for 30
// days would take: the last 2 days as rows (the local day under way and the UTC day not packed yet),
// the 28 before them packed, an hourly rollup row per device and hour, a daily one per day.
const { tables, packed } = (await ask('footprint')) as unknown as {
  tables: Record<string, { bytes: number; rows: number }>;
  /** A copy of the run's samples, one a minute, packed as the maintenance packs a closed day. */
  packed: { bytes: number; samples: number; rows: number } | null;
};
const perRow = (t: string) => (tables[t] && tables[t].rows > 0 ? tables[t].bytes / tables[t].rows : 0);
const samplesTable = tables.telemetry_samples!;
const asRows = perRow('telemetry_samples');
const asPacked = packed ? packed.bytes / packed.samples : asRows;
const fleet = { devices: 10_000, days: 30, rowDays: packed ? 2 : 30 };
const samplesPerDay = fleet.devices * 1440;
const projected = {
  rows: samplesPerDay * fleet.rowDays * asRows,
  packed: samplesPerDay * (fleet.days - fleet.rowDays) * asPacked,
  hourly: fleet.devices * 24 * fleet.days * perRow('telemetry_hourly'),
  daily: fleet.devices * fleet.days * perRow('telemetry_daily'),
};
const gb = (bytes: number) => (bytes / 1e9).toFixed(1);
log(
  `  footprint                 samples ${samplesTable.rows} rows, ${(samplesTable.bytes / 1e6).toFixed(1)} MB with indexes = ${asRows.toFixed(1)} bytes per sample as rows` +
    (tables.telemetry_hourly
      ? `; rollups ${perRow('telemetry_hourly').toFixed(0)} bytes per hourly row, ${perRow('telemetry_daily').toFixed(0)} per daily row`
      : '; no rollups'),
);
log(
  packed
    ? `  packed                    ${asPacked.toFixed(1)} bytes per sample: ${packed.samples} of the run's samples re-timed to one a minute, packed into ${packed.rows} device-days, ${(packed.bytes / 1e6).toFixed(1)} MB with indexes`
    : '  packed                    no packing in this database: every sample counted as a row',
);
const total = projected.rows + projected.packed + projected.hourly + projected.daily;
log(
  `  projected, 10,000 devices, 1 sample/min, 30 days (${fleet.days - fleet.rowDays} packed, ${fleet.rowDays} as rows): ${gb(total)} GB (packed samples ${gb(projected.packed)} GB, rows ${gb(projected.rows)} GB, hourly rollups ${gb(projected.hourly)} GB, daily ${gb(projected.daily)} GB) = ${(total / (samplesPerDay * fleet.days)).toFixed(1)} bytes per sample with rollups; all as rows it would be ${gb(samplesPerDay * fleet.days * asRows + projected.hourly + projected.daily)} GB`,
);
const baseline = await ask('baseline', { rows: stored, devices: devices.map((d) => d.id) });
log(
  `  baseline                  ${String(baseline.method)}: ${stored} rows in ${(baseline.seconds as number).toFixed(1)} s = ${(baseline.rate as number).toFixed(0)} rows/s`,
);
log(
  `  ratio                     ingest / baseline = ${(committedRate / (baseline.rate as number)).toFixed(2)}`,
);

server.send({ type: 'stop' });
await new Promise((r) => server.once('exit', r));
await dropDatabase();
process.exit(0);
