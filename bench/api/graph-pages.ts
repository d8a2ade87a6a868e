import { parseArgs } from 'node:util';
import { sql } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import { graphQuery } from '@rms/contracts/monitoring';
import { PERMISSION_CODES } from '@rms/contracts/permissions';
import type { AuthUser } from '../../apps/server/src/auth/access';
import { addDays, today } from '../../apps/server/src/calendar';
import { openDatabase, type Db } from '../../apps/server/src/db/client';
import { rowsOf } from '../../apps/server/src/db/rows';
import { graphOf } from '../../apps/server/src/modules/monitoring/graph-service';
import { maintainTelemetryStorage } from '../../apps/server/src/telemetry/storage/maintenance';
import { DEFAULT_STORAGE } from '../../apps/server/src/telemetry/storage/settings';
import { keptDatabase } from './bench-fleet';
import { seedGraphFleet } from './graph-seed';

// What one device's graph costs: its time (p50 over runs, warm cache) and the pages its statements
// touch (shared buffers hit + read, from EXPLAIN (ANALYZE, BUFFERS) of each statement graphOf sends),
// for the last 7 days and the last 365 days, on a kept scratch database (graph-seed.ts).
//
//   BENCH_DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres node --import tsx bench/api/graph-pages.ts

const { values: args } = parseArgs({
  options: {
    devices: { type: 'string', default: '200' },
    days: { type: 'string', default: '30' },
    year: { type: 'string', default: '365' },
    runs: { type: 'string', default: '30' },
    points: { type: 'string', default: '2000' },
    reseed: { type: 'boolean', default: false },
    database: { type: 'string' },
  },
});
const TZ = 'Asia/Kolkata';
const devices = Number(args.devices);
const baseUrl = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const name = args.database ?? `rms_graph_pages_${devices}_${args.days}_${args.year}`;
const url = await keptDatabase(baseUrl, name, args.reseed);
const database = await openDatabase({ databaseUrl: url });
await database.migrate();
const db = database.db;
const [fleet] = await rowsOf<{ id: number | null }>(db, sql`select min(id) as id from rms_devices`);
if (!fleet?.id) {
  process.stdout.write(`seeding ${name}\n`);
  await seedGraphFleet(db, { devices, days: Number(args.days), yearDays: Number(args.year), timeZone: TZ });
}
// The maintenance as it runs every 5 minutes, until it has nothing left to lay out (a month a pass).
for (let pass = 0; pass < 24; pass++) {
  const done: { clustered?: string[] } = await maintainTelemetryStorage(db, new Date(), TZ, DEFAULT_STORAGE);
  if (!done.clustered?.length) break;
}
const [device] = await rowsOf<{ id: number }>(
  db,
  sql`select min(id) + ${Math.floor(devices / 2)}::int as id from rms_devices`,
);

const auth: AuthUser = {
  id: 0,
  email: 'bench@bench.example',
  sessionId: 'bench',
  organizationId: 0,
  isProvider: true,
  is_superuser: true,
  permissions: [...PERMISSION_CODES],
  apiKey: null,
};
const d0 = today(TZ);
const ranges = [7, 365].map((n) => ({
  days: n,
  q: graphQuery.parse({
    device: device!.id,
    start_date: addDays(d0, 1 - n),
    end_date: d0,
    points: args.points,
  }),
}));

interface Buffers {
  'Shared Hit Blocks': number;
  'Shared Read Blocks': number;
}
/** Pages each statement touches: its plan's shared buffers hit and read (the root counts its children's). */
async function pagesOf(
  q: (typeof ranges)[number]['q'],
): Promise<{ pages: number; read: number; statements: number; biggest: number }> {
  const pool = new pg.Pool({ connectionString: url, max: 1 });
  const sent: { text: string; values: unknown[] }[] = [];
  const recording = drizzle(pool, { logger: { logQuery: (text, values) => sent.push({ text, values }) } });
  await graphOf(recording as unknown as Db, TZ, DEFAULT_STORAGE, auth, 'power', q);
  let pages = 0;
  let read = 0;
  let biggest = 0;
  for (const s of sent) {
    const res = await pool.query<{ 'QUERY PLAN': [{ Plan: Buffers }] }>(
      `explain (analyze, buffers, format json) ${s.text}`,
      s.values,
    );
    const plan = res.rows[0]!['QUERY PLAN'][0].Plan;
    const n = plan['Shared Hit Blocks'] + plan['Shared Read Blocks'];
    pages += n;
    read += plan['Shared Read Blocks'];
    biggest = Math.max(biggest, n);
  }
  await pool.end();
  return { pages, read, statements: sent.length, biggest };
}

for (const { days, q } of ranges) {
  let points = 0;
  for (let i = 0; i < 3; i++)
    points = (JSON.parse(await graphOf(db, TZ, DEFAULT_STORAGE, auth, 'power', q)) as unknown[]).length;
  const times: number[] = [];
  for (let i = 0; i < Number(args.runs); i++) {
    const started = performance.now();
    await graphOf(db, TZ, DEFAULT_STORAGE, auth, 'power', q);
    times.push(performance.now() - started);
  }
  times.sort((a, b) => a - b);
  const p = await pagesOf(q);
  process.stdout.write(
    `graph (power), ${String(days).padStart(3)} days, points ${q.points}: ${points} points, ` +
      `p50 ${times[Math.floor(times.length / 2)]!.toFixed(1)} ms; pages ${p.pages} (read ${p.read}) ` +
      `over ${p.statements} statements, the biggest ${p.biggest}\n`,
  );
}
await database.close();
