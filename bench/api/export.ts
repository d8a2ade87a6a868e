import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { PGlite } from '@electric-sql/pglite';
import type pg from 'pg';
import { loadConfig } from '../../apps/server/src/config';
import { startServer } from '../../apps/server/src/start';
import { ADMIN, apiCalls, benchFleet, keptDatabase, OWNER } from './bench-fleet';

// The device report's CSV export of the whole fleet for a week, measured the way a user gets it: the
// calls the console makes, from the click until the file is downloaded. Two paths: the export job
// (POST monitoring/device_report/export/, its progress polled until done, then the file) and the spec's
// GET monitoring/device_report/?export_csv=true (answers when the file is stored), then the file.
// Also the report page's exact count for the same week. On PostgreSQL (a kept database, seeded once
// by bench/api/seed.ts) or PGlite on disk (seeded per run, as `npm start` keeps it):
//   node --import tsx bench/api/export.ts [--pglite] [--devices 83 --days 8 --interval 5] [--runs 3]

const { values: args } = parseArgs({
  options: {
    'database-url': { type: 'string', default: 'postgres://postgres@127.0.0.1:5432/postgres' },
    pglite: { type: 'boolean', default: false },
    devices: { type: 'string', default: '83' },
    days: { type: 'string', default: '8' },
    interval: { type: 'string', default: '5' },
    runs: { type: 'string', default: '3' },
    reseed: { type: 'boolean', default: false },
  },
});
const size = {
  devices: Number(args.devices),
  days: Number(args.days),
  intervalMinutes: Number(args.interval),
};
const runs = Number(args.runs);
const TIME_ZONE = 'Asia/Kolkata';
const log = (line: string) => process.stdout.write(`${line}\n`);
/** How often the console asks for the job's progress, each ask waiting for its next step (fleet-api.ts). */
const POLL_MS = 100;

/** What the fleet's seeding needs of a client, on either database. */
type Sql = { query(text: string, values?: unknown[]): Promise<{ rowCount: number | null; rows: unknown[] }> };

// --- the database ---------------------------------------------------------------------------------------
const dataDir = mkdtempSync(path.join(tmpdir(), 'rms-bench-export-'));
let databaseUrl: string | undefined;
if (!args.pglite) {
  const name = `rms_bench_export_${size.devices}_${size.days}_${size.intervalMinutes}`;
  databaseUrl = await keptDatabase(args['database-url']!, name, args.reseed!);
}

const started = await startServer(
  loadConfig({
    DATA_DIR: dataDir,
    ...(databaseUrl && { DATABASE_URL: databaseUrl, JWT_SECRET: randomBytes(48).toString('base64url') }),
    ADMIN_EMAIL: ADMIN.email,
    ADMIN_PASSWORD: ADMIN.password,
    DEMO: '0',
    LOG_LEVEL: 'warn',
    TIME_ZONE,
    PORT: '0',
    MQTT_PORT: '0',
    HOST: '127.0.0.1',
  }),
  { print: () => {} },
);
const raw = (started.database.db as unknown as { $client: pg.Pool | PGlite }).$client;
const sql: Sql =
  raw instanceof PGlite
    ? {
        query: async (text, values) => {
          const r = await raw.query(text, values);
          return { rowCount: r.affectedRows ?? r.rows.length, rows: r.rows };
        },
      }
    : raw;
const origin = `http://127.0.0.1:${started.port}`;
const api = `${origin}/api/v1/`;

const { call, signIn } = apiCalls(api);

// --- the fleet (as bench/api/run.ts makes it) -----------------------------------------------------------
await benchFleet(sql as unknown as pg.Client, { call, signIn }, size, log);

// --- the runs -------------------------------------------------------------------------------------------
const localDay = (offset: number) =>
  new Intl.DateTimeFormat('en-CA', { timeZone: TIME_ZONE }).format(
    new Date(Date.now() + offset * 86_400_000),
  );
const week = { created_at__gte: localDay(-6), created_at__lte: localDay(0) };
const range = `created_at__gte=${week.created_at__gte}&created_at__lte=${week.created_at__lte}`;
const token = await signIn(OWNER);
const seconds = (since: number) => (Date.now() - since) / 1000;

/** Downloads the file as the browser would (the signed link), counting its data lines as they come. */
async function download(link: string): Promise<number> {
  const res = await fetch(new URL(link, origin));
  if (!res.ok || !res.body) throw new Error(`download: ${res.status}`);
  let lines = 0;
  for await (const chunk of res.body as AsyncIterable<Uint8Array>)
    for (let i = chunk.indexOf(10); i !== -1; i = chunk.indexOf(10, i + 1)) lines++;
  return lines - 1;
}

log(
  `\nCSV export of the whole fleet for a week (${week.created_at__gte} to ${week.created_at__lte}) on ${started.database.kind}: ${size.devices} devices, a sample every ${size.intervalMinutes} min; ${cpus().length} cores, load ${loadavg()[0]!.toFixed(1)}`,
);
let t = Date.now();
const page = await call<{ count: number }>(
  'GET',
  `monitoring/device_report/?${range}&page=1&page_size=20`,
  undefined,
  token,
);
log(`report page 1 with its count: ${page.count.toLocaleString('en')} rows in ${seconds(t).toFixed(2)} s`);

interface Job {
  id: string;
  status: string;
  rows_written: number;
  rows_total: number;
  report_path: string | null;
}
for (let run = 1; run <= runs; run++) {
  // The export job: started, its progress polled as the console does, then the file downloaded.
  t = Date.now();
  let job: Job | null = null;
  try {
    job = await call<Job>('POST', 'monitoring/device_report/export/', week, token);
  } catch (error) {
    if ((error as { status?: number }).status !== 404) throw error;
  }
  if (job) {
    let polls = 0;
    while (job.status === 'running') {
      await new Promise((r) => setTimeout(r, POLL_MS));
      job = await call<Job>('GET', `monitoring/device_report/export/${job.id}/?wait=true`, undefined, token);
      polls++;
      if (process.env.TRACE)
        log(`  poll ${polls} at ${seconds(t).toFixed(2)} s: ${job.status} ${job.rows_written}`);
    }
    if (job.status !== 'done') throw new Error(`export job ${job.status}`);
    const rows = await download(job.report_path!);
    const s = seconds(t);
    log(
      `run ${run}, export job:   ${rows.toLocaleString('en')} rows downloadable in ${s.toFixed(2)} s (${Math.round(rows / s).toLocaleString('en')} rows/s; ${polls} progress polls)`,
    );
  } else if (run === 1) log('export job: no such route in this version');

  // The spec's call: answers when the file is stored.
  t = Date.now();
  const file = await call<{ report_path: string }>(
    'GET',
    `monitoring/device_report/?export_csv=true&${range}`,
    undefined,
    token,
  );
  const rows = await download(file.report_path);
  const s = seconds(t);
  log(
    `run ${run}, GET export_csv: ${rows.toLocaleString('en')} rows downloadable in ${s.toFixed(2)} s (${Math.round(rows / s).toLocaleString('en')} rows/s)`,
  );
}

await started.stop();
rmSync(dataDir, { recursive: true, force: true });
