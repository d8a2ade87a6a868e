import { sql, type SQL } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { to as copyTo } from 'pg-copy-streams';
import { REPORT_CSV_HEADER, type ReportExportFilters } from '@rms/contracts/monitoring';
import type { AuthUser } from '../../auth/access';
import type { Db } from '../../db/client';
import { rowsOf } from '../../db/rows';
import type { TelemetryStorageSettings } from '../../telemetry/storage/settings';
import { filteredDeviceIds } from '../activations';
import { LITERALS, PARAMS, orderedRows, type ReportSegment, type Values } from './report-source';
import { reportCount, segmentsOf } from './report-service';

// The device report's rows as CSV (spec 02 §3, §7), written by the database itself, never formatted row
// by row here: on PostgreSQL one `COPY (the report query) TO STDOUT` per segment of the report
// (report-source.ts: samples, then hourly and daily rollups for older days) streamed as it comes; on
// PGlite (no COPY stream, one statement at a time) slices of about SLICE_ROWS rows, each one statement
// that answers its slice as a single CSV string (string_agg), continuing after the last row of the one
// before (keyset on (ts, device)), so other queries run between slices. The total of the export's
// progress is the report's count; both report rows as they go. Dates DD/MM/YYYY hh:mm a in TIME_ZONE; a
// cell a spreadsheet would run as a formula starts with '; lines end in CRLF (RFC 4180).

/** Rows per PGlite slice: about a quarter of a second of the database's time each. */
export const SLICE_ROWS = 25_000;

/** A cell a spreadsheet would run as a formula gets a leading apostrophe; then CSV quoting. */
export function csvCell(value: string | number): string {
  if (typeof value === 'number') return String(value);
  const text = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

export const CSV_HEADER_LINE = `${REPORT_CSV_HEADER.map(csvCell).join(',')}\r\n`;

export interface CsvRows {
  /** Rows the file holds (the header not counted). */
  total: number;
  /** The rows as CSV lines, in chunks; `wrote(n)` hears each chunk's row count. Stops when aborted. */
  chunks(wrote: (rows: number) => void, signal: AbortSignal): AsyncGenerator<Buffer>;
}

/** Counts the matching rows and answers how to write them. */
export async function csvRows(
  db: Db,
  timeZone: string,
  storage: TelemetryStorageSettings,
  auth: AuthUser,
  q: ReportExportFilters,
): Promise<CsvRows> {
  const segments = await segmentsOf(db, timeZone, storage, q);
  const total = await reportCount(db, auth, q, segments);
  // The filters (user text) resolved to device ids first: the statements below hold only integers.
  // A list of ids, not the filters' semi-join: probing activations for each sample was 40 % of the time.
  const devices = (await filteredDeviceIds(db, auth, q)).map((d) => d.id!).filter(Number.isSafeInteger);
  const client = (db as { $client?: unknown }).$client;
  if (client instanceof pg.Pool)
    return {
      total,
      chunks: (wrote, signal) => copyChunks(client, segments, devices, timeZone, wrote, signal),
    };
  if (!(client instanceof PGlite)) throw new Error('report export: unknown database driver');
  return { total, chunks: (wrote, signal) => sliceChunks(db, segments, devices, timeZone, wrote, signal) };
}

/** The CSV cells of a segment's row (aliased `r`, its RMS ID `r.code`): local time as the spec shows it. */
function csvCells(v: Values, timeZone: string): [SQL, SQL, ...SQL[]] {
  // A formula-like RMS ID neutralised.
  const code = sql`case when left(r.code, 1) in ('=', '+', '-', '@', chr(9), chr(13))
    then '''' || r.code else r.code end`;
  return [
    sql`to_char(r.ts at time zone ${v.text(timeZone)}, 'DD/MM/YYYY HH12:MI am')`,
    code,
    ...['gsm_sig', 'bt_v', 'bt_ch_i', 'lo_i', 'pv_v', 'pv_i', 'mppt', 'soc'].map((c) => sql.raw(`r.${c}`)),
  ];
}

// ---- PostgreSQL: COPY ... TO STDOUT, one statement per segment

const dialect = new PgDialect();

/** COPY takes no bind parameters: the statements hold only device ids, validated days and the time zone. */
async function* copyChunks(
  pool: pg.Pool,
  segments: ReportSegment[],
  devices: number[],
  timeZone: string,
  wrote: (rows: number) => void,
  signal: AbortSignal,
): AsyncGenerator<Buffer> {
  for (const segment of segments) {
    if (signal.aborted) return;
    const cells = sql.join(csvCells(LITERALS, timeZone), sql`, `);
    const query = dialect.sqlToQuery(
      sql`copy (${orderedRows(segment, devices, timeZone, cells, { values: LITERALS })}) to stdout with (format csv)`,
    );
    if (query.params.length > 0) throw new Error('report export: a COPY statement with parameters');
    yield* copyOne(pool, query.sql, wrote, signal);
  }
}

async function* copyOne(
  pool: pg.Pool,
  statement: string,
  wrote: (rows: number) => void,
  signal: AbortSignal,
): AsyncGenerator<Buffer> {
  const client = await pool.connect();
  const stream = client.query(copyTo(statement));
  const stop = () => stream.destroy(new Error('report export stopped'));
  signal.addEventListener('abort', stop);
  let broken: Error | undefined;
  try {
    for await (const chunk of stream as AsyncIterable<Buffer>) {
      // RFC 4180 lines end in CRLF; no cell holds a line break, so every LF ends a row.
      const text = chunk.toString('latin1');
      let rows = 0;
      for (let i = text.indexOf('\n'); i !== -1; i = text.indexOf('\n', i + 1)) rows++;
      yield Buffer.from(text.replaceAll('\n', '\r\n'), 'latin1');
      wrote(rows);
    }
  } catch (error) {
    broken = error as Error;
    throw error;
  } finally {
    signal.removeEventListener('abort', stop);
    // A connection left mid-COPY is not reused.
    client.release(broken ?? (signal.aborted ? new Error('aborted') : undefined));
  }
}

// ---- PGlite: keyset slices, each one string

/** The CSV text of a cell PostgreSQL's COPY would quote (a delimiter, quote or line break in it). */
const csvQuoted = (text: SQL) =>
  sql`case when ${text} ~ '[",\r\n]' then '"' || replace(${text}, '"', '""') || '"' else ${text} end`;

/** One CSV line, the same cells as the COPY statement writes. */
function csvLine(timeZone: string): SQL {
  const [time, code, ...readings] = csvCells(PARAMS, timeZone);
  return sql`concat_ws(',', ${time}, ${csvQuoted(code)}, ${sql.join(readings, sql`, `)})`;
}

interface Slice {
  text: string | null;
  rows: number;
  lastTs: string | null;
  lastDevice: number | null;
}
type After = { ts: string; device: number } | null;

/** Up to SLICE_ROWS rows of a segment after `after`, newest first, as one CSV string, with the last row's key. */
async function slice(
  db: Db,
  segment: ReportSegment,
  devices: number[],
  timeZone: string,
  after: After,
): Promise<Slice> {
  const rows = orderedRows(segment, devices, timeZone, sql`${csvLine(timeZone)} as line, r.ts, r.device_id`, {
    after: after ? { ts: sql`${after.ts}::timestamptz`, device: sql`${after.device}::int` } : undefined,
  });
  const [got] = await rowsOf<{
    text: string | null;
    rows: number;
    last_ts: string | null;
    last_device: number | null;
  }>(
    db,
    sql`with slice as (${rows} limit ${SLICE_ROWS})
        select string_agg(line, E'\r\n' order by ts desc, device_id desc) as text, count(*)::int as rows,
          min(ts)::text as last_ts,
          (array_agg(device_id order by ts desc, device_id desc))[count(*)::int] as last_device
        from slice`,
  );
  // The last row's time as text (no precision lost), its device in the slice's own order (the
  // aggregates then share the one sort the subquery already did).
  return {
    text: got?.text ?? null,
    rows: Number(got?.rows ?? 0),
    lastTs: got?.last_ts ?? null,
    lastDevice: got?.last_device ?? null,
  };
}

async function* sliceChunks(
  db: Db,
  segments: ReportSegment[],
  devices: number[],
  timeZone: string,
  wrote: (rows: number) => void,
  signal: AbortSignal,
): AsyncGenerator<Buffer> {
  for (const segment of segments) {
    let after: After = null;
    while (!signal.aborted) {
      const got = await slice(db, segment, devices, timeZone, after);
      if (!got.text || got.rows === 0) break;
      yield Buffer.from(`${got.text}\r\n`);
      wrote(got.rows);
      if (got.rows < SLICE_ROWS) break;
      after = { ts: got.lastTs!, device: Number(got.lastDevice) };
    }
  }
}
