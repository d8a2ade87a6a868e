import { sql } from 'drizzle-orm';
import { history, placeFleet, simulate } from '../../tools/simulator/src/fleet';
import { openDatabase } from '../../apps/server/src/db/client';
import { rowsOf } from '../../apps/server/src/db/rows';
import { rmsDevices } from '../../apps/server/src/db/schema/inventory';
import { organizations } from '../../apps/server/src/db/schema/organizations';
import { ensureFirstUser } from '../../apps/server/src/first-start';
import { seedMasterData } from '../../apps/server/src/modules/master-data/seed/seed-master-data';
import { dayResolver } from '../../apps/server/src/telemetry/day-of';
import { toRows, type SampleRow } from '../../apps/server/src/telemetry/sample-row';
import { maintainTelemetryStorage } from '../../apps/server/src/telemetry/storage/maintenance';
import {
  PACKED_DAYS,
  SAMPLE_DAYS,
  ensurePartitions,
} from '../../apps/server/src/telemetry/storage/partitions';
import { DEFAULT_STORAGE } from '../../apps/server/src/telemetry/storage/settings';
import { writeBatch } from '../../apps/server/src/telemetry/write-batch';

// What one closed UTC day of a fleet takes on disk, as rows and packed, with its rollups: the storage
// footprint's per-sample figures (bench/README.md, "Storage footprint"), from the server's own code.
// On a fresh database (BENCH_DATABASE_URL, PostgreSQL; PGlite in memory without it): `--devices` devices
// report one UTC day three days back, one sample every `--every` minutes, written through the ingest's
// batch write (writeBatch) in time order, 2,000 samples a batch; then one maintenance pass
// (maintainTelemetryStorage: rollups, then the day packed). Readings `--readings simulator` (the
// device simulator, as the demo's) or `random` (the ingest benchmark's, which hardly compress).
// Bytes are pg_total_relation_size (table, indexes, TOAST) over each table's partitions.
//
//   BENCH_DATABASE_URL=postgres://… node --import tsx bench/storage/packed-day.ts --devices 1000 --every 5 --readings random

const arg = (name: string, fallback: string) => {
  const at = process.argv.indexOf(`--${name}`);
  return at >= 0 ? process.argv[at + 1]! : fallback;
};
const devices = Number(arg('devices', '1000'));
const everyMs = Number(arg('every', '5')) * 60_000;
const readings = arg('readings', 'random');
if (readings !== 'random' && readings !== 'simulator') throw new Error('--readings random|simulator');

const TZ = 'Asia/Kolkata';
const DAY = 86_400_000;
const now = Date.now();
const day = Math.floor(now / DAY) * DAY - 3 * DAY;

const database = await openDatabase({ databaseUrl: process.env.BENCH_DATABASE_URL, pgliteDir: 'memory://' });
await database.migrate();
await seedMasterData(database.db);
await ensureFirstUser(database.db, { email: 'bench@rms.local', password: 'Bench-pass-1234' });
const db = database.db;

const [org] = await db.select({ id: organizations.id }).from(organizations).limit(1);
const ids: number[] = [];
for (let i = 0; i < devices; i += 500) {
  const made = await db
    .insert(rmsDevices)
    .values(
      Array.from({ length: Math.min(500, devices - i) }, (_, k) => ({
        code: `RMS-PACK-${String(i + k + 1).padStart(5, '0')}`,
        model: 'RMS-12',
        manufacture: 'Bench',
        inventoryDate: '2026-01-01',
        expiryDate: '2030-01-01',
        organizationId: org!.id,
      })),
    )
    .returning({ id: rmsDevices.id });
  ids.push(...made.map((d) => d.id));
}
await ensurePartitions(db, SAMPLE_DAYS, new Date(day), new Date(now + DAY));

const fleet = placeFleet({ count: devices, codePrefix: 'SIM' });

/** Each device's samples of the day, in time order. */
function samplesOf(deviceId: number, k: number): SampleRow[] {
  if (readings === 'simulator') {
    const sim = simulate(fleet[k]!);
    const got = history(sim, day, day + DAY - 1, everyMs);
    const rows: SampleRow[] = [];
    // Checked as the ingest checks a message (at most MAX_SAMPLES_PER_MESSAGE samples each).
    for (let i = 0; i < got.length; i += 1000) {
      const parsed = toRows(deviceId, got.slice(i, i + 1000), now);
      if (!parsed.ok) throw new Error(parsed.reason);
      rows.push(...parsed.rows);
    }
    return rows;
  }
  // As bench/ingest/publisher.ts sends them: one random draw per sample drives the readings.
  let energyWh = 1000 + Math.random() * 1000;
  const rows: SampleRow[] = [];
  for (let ts = day; ts < day + DAY; ts += everyMs) {
    energyWh += Math.random() * 0.5;
    const r = Math.random();
    rows.push({
      deviceId,
      ts,
      gsmSig: 60 + Math.floor(r * 30),
      btV: 12.4 + r,
      btChI: 2 + r * 3,
      btDisI: 0,
      soc: 60 + r * 35,
      pvV: 17 + r * 3,
      pvI: 2 + r * 2,
      loV: 0,
      loI: 0,
      brightness: 0,
      loSts: 0,
      mppt: 94 + r * 4,
      energyWh: Math.round(energyWh * 100) / 100,
      temp: 28 + r * 8,
      telecom: 'Airtel',
      faults: [],
    });
  }
  return rows;
}

// Every device's day, written in time order across the fleet as the ingest would receive it.
const perDevice = ids.map((id, k) => samplesOf(id, k));
const all = perDevice.flat().sort((a, b) => a.ts - b.ts || a.deviceId - b.deviceId);
const dayOf = dayResolver(TZ);
for (let i = 0; i < all.length; i += 2000) await writeBatch(db, all.slice(i, i + 2000), dayOf);

const sizeOf = async (table: string) => {
  const [r] = await rowsOf<{ bytes: string; rows: string }>(
    db,
    sql`select coalesce((select sum(pg_total_relation_size(relid)) from pg_partition_tree(${table}::regclass)),
                          pg_total_relation_size(${table}::regclass)) as bytes,
               (select count(*) from ${sql.identifier(table)}) as rows`,
  );
  return { bytes: Number(r!.bytes), rows: Number(r!.rows) };
};
const asRows = await sizeOf('telemetry_samples');
const started = performance.now();
await maintainTelemetryStorage(db, new Date(now), TZ, DEFAULT_STORAGE);
const passMs = performance.now() - started;
const packed = await sizeOf(PACKED_DAYS.table);
const left = await sizeOf('telemetry_samples');
const hourly = await sizeOf('telemetry_hourly');
const daily = await sizeOf('telemetry_daily');
if (left.rows !== 0) throw new Error(`${left.rows} samples were not packed`);

const per = (bytes: number, n: number) => (n ? bytes / n : 0).toFixed(1);
console.log(
  `${devices} devices, one UTC day, a sample every ${everyMs / 60_000} min, ${readings} readings: ${all.length} samples (${database.kind})`,
);
console.log(
  `  as rows   ${per(asRows.bytes, asRows.rows)} bytes per sample (${(asRows.bytes / 1e6).toFixed(1)} MB)`,
);
console.log(
  `  packed    ${per(packed.bytes, all.length)} bytes per sample (${(packed.bytes / 1e6).toFixed(1)} MB, ${packed.rows} rows of ${PACKED_DAYS.table})`,
);
console.log(`  hourly    ${per(hourly.bytes, hourly.rows)} bytes per row (${hourly.rows} rows)`);
console.log(`  daily     ${per(daily.bytes, daily.rows)} bytes per row (${daily.rows} rows)`);
console.log(`  maintenance pass (rollups and packing) ${(passMs / 1000).toFixed(1)} s`);
await database.close();
