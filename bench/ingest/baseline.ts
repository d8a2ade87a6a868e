import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { from as copyFrom } from 'pg-copy-streams';
import type { Database } from '../../apps/server/src/db/client';

// The yardstick: the same number of rows, shaped like the ingested ones, loaded into the same table
// (same primary key and index) as fast as the database takes them. On PostgreSQL that is
// `COPY ... FROM STDIN` (pg-copy-streams); PGlite has no client stream, so it gets its own bulk
// path, `COPY ... FROM '/dev/blob'`. The rows lie 30 days back, clear of the ingested ones.

const COLUMNS =
  'device_id, ts, gsm_sig, bt_v, bt_ch_i, bt_dis_i, soc, pv_v, pv_i, lo_v, lo_i, brightness, lo_sts, mppt, energy_wh, temp';

function* csvLines(rows: number, devices: number[], chunk: number): Generator<string> {
  const base = Date.now() - 30 * 86_400_000;
  let lines: string[] = [];
  for (let i = 0; i < rows; i++) {
    const r = Math.random();
    const ts = new Date(base + i).toISOString();
    const device = devices[i % devices.length]!;
    lines.push(
      `${device},${ts},${60 + Math.floor(r * 30)},${12.4 + r},${2 + r * 3},0,${60 + r * 35},${17 + r * 3},${2 + r * 2},0,0,0,0,${94 + r * 4},${1000 + i / 100},${28 + r * 8}\n`,
    );
    if (lines.length === chunk) {
      yield lines.join('');
      lines = [];
    }
  }
  if (lines.length > 0) yield lines.join('');
}

export interface BaselineResult {
  method: string;
  rows: number;
  seconds: number;
  rate: number;
}

export async function copyBaseline(
  database: Database,
  rows: number,
  devices: number[],
): Promise<BaselineResult> {
  const sql = `COPY telemetry_samples (${COLUMNS}) FROM STDIN WITH (FORMAT csv)`;
  if (database.kind === 'postgres') {
    const client = new pg.Client({ connectionString: process.env.BENCH_DATABASE_URL });
    await client.connect();
    try {
      const start = performance.now();
      await pipeline(Readable.from(csvLines(rows, devices, 2000)), client.query(copyFrom(sql)));
      const seconds = (performance.now() - start) / 1000;
      return { method: 'COPY FROM STDIN (pg-copy-streams)', rows, seconds, rate: rows / seconds };
    } finally {
      await client.end();
    }
  }
  const pglite = (database.db as unknown as { $client: PGlite }).$client;
  const text = [...csvLines(rows, devices, 10_000)].join('');
  const start = performance.now();
  await pglite.query(`COPY telemetry_samples (${COLUMNS}) FROM '/dev/blob' WITH (FORMAT csv)`, [], {
    blob: new Blob([text]),
  });
  const seconds = (performance.now() - start) / 1000;
  return {
    method: "PGlite COPY FROM '/dev/blob' (no STDIN stream in PGlite)",
    rows,
    seconds,
    rate: rows / seconds,
  };
}
