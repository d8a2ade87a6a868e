import { fork } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { randomBytes } from 'node:crypto';
import { cpus, loadavg } from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import autocannon from 'autocannon';
import { Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import pg from 'pg';
import { to as copyTo } from 'pg-copy-streams';
import { CASES } from './cases';
import { percentile } from '../percentile';
import { oneClient } from './one-client';
import { sqlAlone, type Statement } from './sql-alone';
import { mixedLoad, type MixedFigures } from './mixed-load';
import { ADMIN, apiCalls, benchFleet, keptDatabase, OWNER } from './bench-fleet';

// bench/api: the console's heaviest reads under 50 concurrent clients on a PostgreSQL fleet of 10,000
// devices with 30 days of 5-minute samples (seeded once into a kept database and reused: seeding takes
// minutes). Each case runs against the production app (token check, validation, response schema) and
// against its bare twin (the same service function, so the same SQL, without the API layer), taking
// turns in the same run; the ratio of their request rates is what the API layer costs (goal ≥ 0.8).
// Then the mixed load: all cases at once in the console's proportions (cases.ts weights), app against
// bare twins, with each endpoint's p50 and p99 under that shared load (mixed-load.ts).

const { values: args } = parseArgs({
  options: {
    'database-url': { type: 'string', default: 'postgres://postgres@127.0.0.1:5432/postgres' },
    devices: { type: 'string', default: '10000' },
    days: { type: 'string', default: '30' },
    interval: { type: 'string', default: '5' },
    clients: { type: 'string', default: '50' },
    seconds: { type: 'string', default: '15' },
    rounds: { type: 'string', default: '2' },
    reseed: { type: 'boolean', default: false },
    only: { type: 'string' },
    'server-prof': { type: 'boolean', default: false },
  },
});
const size = {
  devices: Number(args.devices),
  days: Number(args.days),
  intervalMinutes: Number(args.interval),
};
const clients = Number(args.clients);
const seconds = Number(args.seconds);
const rounds = Number(args.rounds);
const log = (line: string) => process.stdout.write(`${line}\n`);
const TIME_ZONE = 'Asia/Kolkata';

// --- the kept database -------------------------------------------------------------------------------
const name = `rms_bench_api_${size.devices}_${size.days}_${size.intervalMinutes}`;
const databaseUrl = await keptDatabase(args['database-url']!, name, args.reseed!);
const client = new pg.Client({ connectionString: databaseUrl });
await client.connect();

// --- the server process --------------------------------------------------------------------------------
const server = fork(path.join(import.meta.dirname, 'server.ts'), [], {
  execArgv: [
    '--import',
    'tsx',
    ...(args['server-prof']
      ? ['--cpu-prof', `--cpu-prof-dir=${path.join(import.meta.dirname, 'profiles')}`]
      : []),
  ],
  env: {
    ...process.env,
    DATABASE_URL: databaseUrl,
    JWT_SECRET: randomBytes(48).toString('base64url'),
    ADMIN_EMAIL: ADMIN.email,
    ADMIN_PASSWORD: ADMIN.password,
    DEMO: '0',
    LOG_LEVEL: 'warn',
    TIME_ZONE,
    PORT: '0',
    MQTT_PORT: '0',
  },
});
const ready = await new Promise<{ appPort: number; barePort: number }>((resolve, reject) => {
  server.once('message', (m) => resolve(m as { appPort: number; barePort: number }));
  server.once('exit', (code) => reject(new Error(`bench server exited (${code})`)));
});
const api = `http://127.0.0.1:${ready.appPort}/api/v1/`;

const { call, signIn } = apiCalls(api);

// --- the fleet ------------------------------------------------------------------------------------------
const fleet = { organization_id: await benchFleet(client, { call, signIn }, size, log) };
const samples = // The samples table is partitioned by day: its partitions hold the rows.
  (
    await client.query<{ n: string }>(
      `select sum(greatest(c.reltuples, 0))::bigint as n from pg_partition_tree($1::regclass) t
     join pg_class c on c.oid = t.relid where t.isleaf`,
      ['telemetry_samples'],
    )
  ).rows[0]!.n;
const [{ id: device }] = (
  await client.query<{ id: number }>('select min(id) as id from rms_devices where organization_id = $1', [
    fleet.organization_id,
  ])
).rows as [{ id: number }];

// --- the runs -------------------------------------------------------------------------------------------
const ownerToken = await signIn(OWNER);
const me = await call<{ id: number }>('GET', 'users/me/', undefined, ownerToken);
const today = new Intl.DateTimeFormat('en-CA', { timeZone: TIME_ZONE }).format(new Date());
const context = { organizationId: fleet.organization_id, userId: me.id, device, today, timeZone: TIME_ZONE };
server.send({ type: 'context', context });
const { statements } = await new Promise<{ statements: Statement[][] }>((resolve) =>
  server.once('message', (m) => resolve(m as { statements: Statement[][] })),
);

interface Figures {
  rps: number;
  p50: number;
  p99: number;
  /** Refused or failed requests other than load shedding: the goal is none. */
  errors: number;
  /** Requests shed with 503 (`Retry-After`) while the server was saturated: load shedding at work. */
  shed: number;
  /** The server process's CPU time per request, in ms: the API layer's cost, whatever the box's load. */
  cpuMs: number;
}
/** CPU seconds the server process has used (user + system), from /proc: what a request costs it. */
function serverCpuSeconds(): number {
  const fields = readFileSync(`/proc/${server.pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
  // utime and stime are fields 14 and 15 of the line (11 and 12 after the command), in clock ticks.
  return (Number(fields[11]) + Number(fields[12])) / 100;
}
async function load(target: string, headers: Record<string, string>): Promise<Figures> {
  const cpuBefore = serverCpuSeconds();
  const result = await autocannon({ url: target, connections: clients, duration: seconds, headers });
  // Answers served (2xx) only: a request shed with 503 costs almost nothing and answers nothing, so
  // counting it would flatter the rate and the CPU per request of a saturated server.
  // A 304 is an answer too: only the floor's If-None-Match line is sent any.
  const served = result['2xx'] + result['3xx'];
  const cpuMs = ((serverCpuSeconds() - cpuBefore) * 1000) / Math.max(1, served);
  const shed = (result.statusCodeStats as Record<string, { count: number }> | undefined)?.['503']?.count ?? 0;
  return {
    rps: served / result.duration,
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors: result.non2xx - result['3xx'] - shed + result.errors + result.timeouts,
    shed,
    cpuMs,
  };
}

/** The p50 of every answer of runs taken in turns. */
const pooledP50 = (...runs: { latencies: number[] }[]) =>
  percentile(
    runs.flatMap((r) => r.latencies).sort((x, y) => x - y),
    50,
  );

const median = (values: number[]) => {
  const sorted = [...values].sort((x, y) => x - y);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
};
const medianOf = (runs: Figures[]): Figures => ({
  rps: median(runs.map((r) => r.rps)),
  p50: median(runs.map((r) => r.p50)),
  p99: median(runs.map((r) => r.p99)),
  errors: runs.reduce((sum, r) => sum + r.errors, 0),
  shed: runs.reduce((sum, r) => sum + r.shed, 0),
  cpuMs: median(runs.map((r) => r.cpuMs)),
});

log(
  `\nbench/api on PostgreSQL: ${size.devices} devices, ~${Number(samples).toLocaleString('en')} samples; ${clients} clients, ${rounds} × ${seconds} s per side (medians); ${cpus().length} cores, load ${loadavg()[0]!.toFixed(1)}`,
);
if (CASES.some((c) => !args.only || c.name.includes(args.only)))
  log(
    'case                                   |   app rps | p50 ms | p99 ms |  bare rps | p50 ms | p99 ms | ratio | CPU ms/req app, bare',
  );
const lines: string[] = [];
const sqlLines: string[] = [];
for (const [i, c] of CASES.entries()) {
  if (args.only && !c.name.includes(args.only)) continue;
  const token = await signIn(OWNER);
  const route = c.path({ ...context, db: undefined as never, auth: undefined as never });
  await call('GET', route, undefined, token); // warm the plan cache and check the route answers
  // At one client first, on a calm server: the endpoint, the same service function without the API
  // layer (no token, session lookup, hooks or contract), and the case's SQL alone on the pool, which
  // splits the endpoint's excess over its SQL between the two layers. Measured after the runs at
  // many clients instead, the endpoint took up to 1.6 times as long (7.5 against 4.7 ms for the
  // activation list) while the server and PostgreSQL were still settling. The three take turns,
  // endpoint, bare, SQL, SQL, bare, endpoint, half the time each, and each p50 is of both its turns'
  // answers: in a fixed order the endpoint always ran first, on whatever the previous case's runs at
  // many clients had left behind.
  const halves = Math.max(5, seconds / 2);
  const oneApp = () => oneClient(api + route, { authorization: `Bearer ${token}` }, halves);
  const oneBareRun = () => oneClient(`http://127.0.0.1:${ready.barePort}/bare/${i}`, {}, halves);
  const oneSql = () => sqlAlone(databaseUrl, statements[i]!, 1, halves);
  const app1 = await oneApp();
  const bare1 = await oneBareRun();
  const sql1 = await oneSql();
  const sql2 = await oneSql();
  const bare2 = await oneBareRun();
  const app2 = await oneApp();
  const one = { p50: pooledP50(app1, app2), shed: app1.shed + app2.shed };
  const oneBare = { p50: pooledP50(bare1, bare2) };
  const sqlOne = { p50: pooledP50(sql1, sql2) };
  // App and bare alternate A B B A in each round: a run that follows another finds PostgreSQL's cache warmer
  // and the box's other load changes over time, so a fixed order would favour one side. Figures are medians.
  const appRuns: Figures[] = [];
  const bareRuns: Figures[] = [];
  const runApp = async () => appRuns.push(await load(api + route, { authorization: `Bearer ${token}` }));
  const runBare = async () => bareRuns.push(await load(`http://127.0.0.1:${ready.barePort}/bare/${i}`, {}));
  for (let round = 0; round < rounds; round++) {
    const [first, second] = round % 2 === 0 ? [runApp, runBare] : [runBare, runApp];
    await first();
    await second();
  }
  const app = medianOf(appRuns);
  const bare = medianOf(bareRuns);
  // The yardstick: the case's SQL alone on the pool, at `clients` (at one client: above).
  const sqlMany = await sqlAlone(databaseUrl, statements[i]!, clients, seconds);
  sqlLines.push(
    `${c.name.padEnd(38)} | ${statements[i]!.length.toString().padStart(5)} | ${one.p50.toFixed(2).padStart(9)} | ${sqlOne.p50.toFixed(2).padStart(9)} | ${(one.p50 / sqlOne.p50).toFixed(2).padStart(6)} | ${oneBare.p50.toFixed(2).padStart(10)} | ${app.rps.toFixed(0).padStart(8)} | ${sqlMany.rps.toFixed(0).padStart(8)} | ${String(app.p99).padStart(7)} | ${sqlMany.p99.toFixed(0).padStart(7)} | ${(sqlMany.rps / app.rps).toFixed(2).padStart(6)}${one.shed ? `  (one client: ${one.shed} shed, waited out)` : ''}`,
  );
  const line = `${c.name.padEnd(38)} | ${app.rps.toFixed(0).padStart(9)} | ${String(app.p50).padStart(6)} | ${String(app.p99).padStart(6)} | ${bare.rps.toFixed(0).padStart(9)} | ${String(bare.p50).padStart(6)} | ${String(bare.p99).padStart(6)} | ${(app.rps / bare.rps).toFixed(2).padStart(5)} | ${app.cpuMs.toFixed(2)}, ${bare.cpuMs.toFixed(2)}${app.shed + bare.shed ? `  (shed with 503: ${app.shed}/${bare.shed})` : ''}${app.errors + bare.errors ? `  (errors: ${app.errors}/${bare.errors})` : ''}`;
  log(line);
  lines.push(line);
}

if (sqlLines.length) {
  log(`\nagainst the SQL alone (the case's statements straight on a pool of 20, rows discarded):`);
  log(
    `case                                   | stmts | app p50@1 | SQL p50@1 | × SQL  | bare p50@1 | app rps@${clients} | SQL rps  | app p99 | SQL p99 | × SQL`,
  );
  for (const line of sqlLines) log(line);
}

// --- the floor: what a request costs before any case's SQL -------------------------------------------------
// A case whose SQL takes a fraction of a millisecond cannot come within 1.5× of it over HTTP, nor within
// 2× of its rate at many clients: the floor is printed beside the cases, at one client and at many, so
// that their ratios can be read against it.
if (!args.only || 'floor'.includes(args.only)) {
  // A token of its own: the one signed in at the start may have expired by now (a full run takes
  // longer than an access token lives).
  const signedIn = { authorization: `Bearer ${await signIn(OWNER)}` };
  const floors: [string, string, Record<string, string>][] = [
    ['HTTP and Fastify alone (bare, one route)', `http://127.0.0.1:${ready.barePort}/bare/hello`, {}],
    ["health/ (the app's hooks, a select 1, no token)", `${api}health/`, {}],
    ['notifications/unread/ (token, session, one count)', `${api}notifications/unread/`, signedIn],
    ['users/me/ (token, session, the caller and 90 codes)', `${api}users/me/`, signedIn],
    [
      'map/compact/ answered 304 (token, session, version)',
      `${api}monitoring/map/compact/`,
      {
        ...signedIn,
        'if-none-match': (await fetch(`${api}monitoring/map/compact/`, { headers: signedIn })).headers.get(
          'etag',
        )!,
      },
    ],
  ];
  log(`\nthe floor of a request:`);
  log(`${'request'.padEnd(52)} | p50@1 ms | rps@${clients} | p99@${clients} ms`);
  for (const [label, url, headers] of floors) {
    const one = await oneClient(url, headers, Math.min(seconds, 10));
    const many = await load(url, headers);
    log(
      `${label.padEnd(52)} | ${one.p50.toFixed(3).padStart(8)} | ${many.rps.toFixed(0).padStart(6)} | ${String(many.p99).padStart(9)}`,
    );
  }
}

// --- the mixed load: every case at once, in the console's proportions -----------------------------------
if (!args.only || 'mixed'.includes(args.only)) {
  const token = await signIn(OWNER);
  const ctx = { ...context, db: undefined as never, auth: undefined as never };
  const appTargets = CASES.map((c) => ({
    name: c.name,
    url: api + c.path(ctx),
    headers: { authorization: `Bearer ${token}` },
    weight: c.weight,
  }));
  const bareTargets = CASES.map((c, i) => ({
    name: c.name,
    url: `http://127.0.0.1:${ready.barePort}/bare/${i}`,
    headers: {},
    weight: c.weight,
  }));
  // In turns, A B B A, as above; the per-case figures are medians over the rounds.
  const appRuns: MixedFigures[] = [];
  const bareRuns: MixedFigures[] = [];
  for (let round = 0; round < rounds; round++) {
    const sides = [
      async () => appRuns.push(await mixedLoad(appTargets, clients, seconds)),
      async () => bareRuns.push(await mixedLoad(bareTargets, clients, seconds)),
    ];
    if (round % 2) sides.reverse();
    for (const side of sides) await side();
  }
  const of = (runs: MixedFigures[], name: string, key: 'p50' | 'p99') =>
    median(runs.map((r) => r.byCase.get(name)![key]));
  const errorsOf = (runs: MixedFigures[], name: string) =>
    runs.reduce((sum, r) => sum + r.byCase.get(name)!.errors, 0);
  const shedOf = (runs: MixedFigures[], name: string) =>
    runs.reduce((sum, r) => sum + r.byCase.get(name)!.shed, 0);
  log(
    `\nmixed load: ${clients} clients, ${rounds} × ${seconds} s per side; app ${median(appRuns.map((r) => r.rps)).toFixed(0)} rps, bare ${median(bareRuns.map((r) => r.rps)).toFixed(0)} rps`,
  );
  log(
    'case                                   | weight | app p50 | app p99 | bare p50 | bare p99 | p50 × bare',
  );
  for (const c of CASES) {
    const [a50, a99, b50, b99] = [
      of(appRuns, c.name, 'p50'),
      of(appRuns, c.name, 'p99'),
      of(bareRuns, c.name, 'p50'),
      of(bareRuns, c.name, 'p99'),
    ];
    const errors = errorsOf(appRuns, c.name) + errorsOf(bareRuns, c.name);
    const shed = shedOf(appRuns, c.name) + shedOf(bareRuns, c.name);
    log(
      `${c.name.padEnd(38)} | ${String(c.weight).padStart(6)} | ${a50.toFixed(0).padStart(7)} | ${a99.toFixed(0).padStart(7)} | ${b50.toFixed(0).padStart(8)} | ${b99.toFixed(0).padStart(8)} | ${(a50 / b50).toFixed(2)}${shed ? `  (shed with 503: ${shedOf(appRuns, c.name)}/${shedOf(bareRuns, c.name)})` : ''}${errors ? `  (errors: ${errorsOf(appRuns, c.name)}/${errorsOf(bareRuns, c.name)})` : ''}`,
    );
  }
}

// --- CSV export against COPY ... TO STDOUT of the same rows -----------------------------------------------
if (!args.only || 'csv export'.includes(args.only)) {
  // Yesterday: a whole day of the fleet whatever the hour (today may have just begun in TIME_ZONE).
  const day = new Intl.DateTimeFormat('en-CA', { timeZone: TIME_ZONE }).format(
    new Date(Date.now() - 86_400_000),
  );
  const token = await signIn(OWNER);
  let started = Date.now();
  const file = await call<{ report_upload: string }>(
    'GET',
    `monitoring/device_report/?export_csv=true&created_at__gte=${day}&created_at__lte=${day}`,
    undefined,
    token,
  );
  const exportS = (Date.now() - started) / 1000;
  const copySql = `copy (
      select s.ts, d.device_id, s.gsm_sig, s.bt_v, s.bt_ch_i, s.lo_i, s.pv_v, s.pv_i, s.mppt, s.soc
      from telemetry_samples s join rms_devices d on d.id = s.device_id
      where d.organization_id = ${fleet.organization_id}
        and s.ts >= ('${day}'::date)::timestamp at time zone '${TIME_ZONE}'
        and s.ts < ('${day}'::date + 1)::timestamp at time zone '${TIME_ZONE}'
      order by s.ts desc, s.device_id desc
    ) to stdout with (format csv, header)`;
  let rows = -1; // the header line
  let bytes = 0;
  started = Date.now();
  await pipeline(
    client.query(copyTo(copySql)),
    new Writable({
      write(chunk: Buffer, _encoding, done) {
        bytes += chunk.length;
        for (const b of chunk) if (b === 10) rows++;
        done();
      },
    }),
  );
  const copyS = (Date.now() - started) / 1000;
  const line = `csv export, fleet, 1 day (${rows.toLocaleString('en')} rows): API ${(rows / exportS).toFixed(0)} rows/s (${exportS.toFixed(1)} s, file ${file.report_upload}); COPY TO STDOUT ${(rows / copyS).toFixed(0)} rows/s (${copyS.toFixed(1)} s, ${(bytes / 1e6).toFixed(0)} MB); ratio ${(copyS / exportS).toFixed(2)}`;
  log(line);
}

server.send({ type: 'stop' });
await client.end();
