import pg from 'pg';
import { sql } from 'drizzle-orm';
import { openDatabase } from '../../apps/server/src/db/client';
import { rowsOf } from '../../apps/server/src/db/rows';
import { seedMasterData } from '../../apps/server/src/modules/master-data/seed/seed-master-data';
import { maintainTelemetryStorage } from '../../apps/server/src/telemetry/storage/maintenance';
import { PACKED_DAYS } from '../../apps/server/src/telemetry/storage/partitions';
import { DEFAULT_STORAGE } from '../../apps/server/src/telemetry/storage/settings';
import { makeOrganization } from '../../apps/server/src/testing/factories';
import { seedFleet } from '../api/seed';

// The telemetry footprint of a fleet's month as the server keeps it: `--devices` devices with `--days`
// days of samples every `--every` minutes, seeded as the API benchmark seeds its fleet
// (bench/api/seed.ts: PostgreSQL writes them, a solar day in Asia/Kolkata), then one maintenance pass
// (rolled up, the closed days packed, the day under way and the UTC day before it left as rows).
// Prints every telemetry table's bytes (pg_total_relation_size over its partitions, with indexes and
// TOAST) and the same for 10,000 devices (times 10,000 / devices: every figure is per device). On a
// fresh PostgreSQL database, BENCH_DATABASE_URL:
//
//   BENCH_DATABASE_URL=postgres://… node --import tsx bench/storage/month.ts --devices 1000 --days 30 --every 5

const arg = (name: string, fallback: string) => {
  const at = process.argv.indexOf(`--${name}`);
  return at >= 0 ? process.argv[at + 1]! : fallback;
};
const size = {
  devices: Number(arg('devices', '1000')),
  days: Number(arg('days', '30')),
  intervalMinutes: Number(arg('every', '5')),
};
const databaseUrl = process.env.BENCH_DATABASE_URL;
if (!databaseUrl) throw new Error('BENCH_DATABASE_URL: a fresh PostgreSQL database');

const database = await openDatabase({ databaseUrl, pgliteDir: 'memory://' });
await database.migrate();
await seedMasterData(database.db);
const org = await makeOrganization(database.db, { companyName: 'Storage Month' });
const client = new pg.Client({ connectionString: databaseUrl });
await client.connect();
await seedFleet(client, org.id, size);
await client.end();

// The packed table by its name in the code under test (one before the packing by day had another).
const TABLES = ['telemetry_samples', PACKED_DAYS.table, 'telemetry_hourly', 'telemetry_daily'];
async function sizes() {
  const out: Record<string, { bytes: number; rows: number }> = {};
  for (const table of TABLES) {
    const [r] = await rowsOf<{ bytes: string; rows: string }>(
      database.db,
      sql`select coalesce((select sum(pg_total_relation_size(relid)) from pg_partition_tree(${table}::regclass)),
                          pg_total_relation_size(${table}::regclass)) as bytes,
                 (select count(*) from ${sql.identifier(table)}) as rows`,
    );
    out[table] = { bytes: Number(r!.bytes), rows: Number(r!.rows) };
  }
  return out;
}
const gb = (bytes: number) => (bytes / 1e9).toFixed(2);
const scale = 10_000 / size.devices;
function print(label: string, s: Record<string, { bytes: number; rows: number }>) {
  const total = Object.values(s).reduce((sum, t) => sum + t.bytes, 0);
  console.log(`${label}: ${gb(total)} GB, for 10,000 devices ${gb(total * scale)} GB`);
  for (const [table, t] of Object.entries(s))
    console.log(
      `  ${table.padEnd(22)} ${String(t.rows).padStart(10)} rows ${gb(t.bytes)} GB, for 10,000 ${gb(t.bytes * scale)} GB`,
    );
}

print(
  `${size.devices} devices, ${size.days} days every ${size.intervalMinutes} min, all rows`,
  await sizes(),
);
const started = performance.now();
const result = await maintainTelemetryStorage(database.db, new Date(), 'Asia/Kolkata', DEFAULT_STORAGE);
console.log(
  `maintenance pass: ${((performance.now() - started) / 1000).toFixed(0)} s, ${result.packed.length} days packed`,
);
print('after the maintenance pass', await sizes());
await database.close();
