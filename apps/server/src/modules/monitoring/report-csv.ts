import { and, count, desc, eq, gte, lt, sql, type SQL } from 'drizzle-orm';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { to as copyTo } from 'pg-copy-streams';
import { REPORT_CSV_HEADER, type ReportExportFilters } from '@rms/contracts/monitoring';
import type { AuthUser } from '../../auth/access';
import type { Db } from '../../db/client';
import { rmsDevices } from '../../db/schema/inventory';
import { telemetrySamples as s } from '../../db/schema/telemetry';
import { filteredDeviceIds } from '../activations';
import { addDays } from '../../calendar';
import { dayStart } from './days';
import { reportCount } from './report-service';

// The device report's rows as CSV (spec 02 §3, §7), written by the database itself, never formatted row
// by row here: on PostgreSQL one `COPY (the report query) TO STDOUT` streamed as it comes; on PGlite
// (no COPY stream, one statement at a time) slices of about SLICE_ROWS rows, each one statement that
// answers its slice as a single CSV string (string_agg), continuing after the last row of the one before
// (keyset on (ts, device)), so other queries run between slices. The total of the export's progress is
// the report's count; both report rows as they go. Dates DD/MM/YYYY hh:mm a in TIME_ZONE; a cell a
// spreadsheet would run as a formula starts with '; lines end in CRLF (RFC 4180).

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
  auth: AuthUser,
  q: ReportExportFilters,
): Promise<CsvRows> {
  const total = await reportCount(db, auth, q);
  // The filters (user text) resolved to device ids first: the statements below hold only integers.
  const devices = (await filteredDeviceIds(db, auth, q)).map((d) => d.id!).filter(Number.isSafeInteger);
  const client = (db as { $client?: unknown }).$client;
  if (client instanceof pg.Pool)
    return { total, chunks: (wrote, signal) => copyChunks(client, devices, q, timeZone, wrote, signal) };
  if (!(client instanceof PGlite)) throw new Error('report export: unknown database driver');
  // A list of ids, not the filters' semi-join: probing activations for each sample was 40 % of the time.
  const where = and(
    sql`${s.deviceId} = any(${sql.param(`{${devices.join(',')}}`)}::int[])`,
    q.created_at__gte ? gte(s.ts, sql`${dayStart(q.created_at__gte, timeZone)}`) : undefined,
    q.created_at__lte ? lt(s.ts, sql`${dayStart(addDays(q.created_at__lte, 1), timeZone)}`) : undefined,
  );
  return { total, chunks: (wrote, signal) => sliceChunks(db, where, timeZone, wrote, signal) };
}

// ---- PostgreSQL: COPY ... TO STDOUT

/** A SQL string literal (only for values the server controls or has validated). */
const literal = (text: string) => `'${text.replace(/'/g, "''")}'`;
const ISO_DAY = /^\d{4}-\d{2}-\d{2}$/;

/**
 * COPY takes no bind parameters: the statement holds only device ids (integers), validated dates and
 * the configured time zone.
 */
async function* copyChunks(
  pool: pg.Pool,
  devices: number[],
  q: ReportExportFilters,
  timeZone: string,
  wrote: (rows: number) => void,
  signal: AbortSignal,
): AsyncGenerator<Buffer> {
  const tz = literal(timeZone);
  const dayStartAt = (day: string) => {
    if (!ISO_DAY.test(day)) throw new Error(`not a day: ${day}`);
    return `(('${day}'::date)::timestamp at time zone ${tz})`;
  };
  const ids = devices.join(',');
  const bounds = [
    q.created_at__gte ? `and s.ts >= ${dayStartAt(q.created_at__gte)}` : '',
    q.created_at__lte ? `and s.ts < ${dayStartAt(addDays(q.created_at__lte, 1))}` : '',
  ].join(' ');
  // The same cells as the PGlite lines: local time as the spec shows it, a formula-like RMS ID neutralised.
  const statement = `copy (
    select to_char(s.ts at time zone ${tz}, 'DD/MM/YYYY HH12:MI am'),
           case when left(d.device_id, 1) in ('=', '+', '-', '@', chr(9), chr(13))
                then '''' || d.device_id else d.device_id end,
           s.gsm_sig, s.bt_v, s.bt_ch_i, s.lo_i, s.pv_v, s.pv_i, s.mppt, s.soc
    from telemetry_samples s join rms_devices d on d.id = s.device_id
    where s.device_id = any('{${ids}}'::int[]) ${bounds}
    order by s.ts desc, s.device_id desc
  ) to stdout with (format csv)`;
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
function csvLine(timeZone: string): SQL<string> {
  const code = sql`case when left(${rmsDevices.code}, 1) in ('=', '+', '-', '@', chr(9), chr(13))
    then '''' || ${rmsDevices.code} else ${rmsDevices.code} end`;
  return sql<string>`concat_ws(',', to_char(${s.ts} at time zone ${timeZone}, 'DD/MM/YYYY HH12:MI am'),
    ${csvQuoted(code)}, ${s.gsmSig}, ${s.btV}, ${s.btChI}, ${s.loI}, ${s.pvV}, ${s.pvI}, ${s.mppt}, ${s.soc})`;
}

interface Slice {
  text: string | null;
  rows: number;
  lastTs: string | null;
  lastDevice: number | null;
}
type After = { ts: string; device: number } | null;

/** Up to SLICE_ROWS rows after `after`, newest first, as one CSV string, with the last row's key. */
async function slice(db: Db, where: SQL | undefined, timeZone: string, after: After): Promise<Slice> {
  const rows = db
    .select({ line: csvLine(timeZone).as('line'), ts: s.ts, device: s.deviceId })
    .from(s)
    .innerJoin(rmsDevices, eq(rmsDevices.id, s.deviceId))
    .where(
      and(
        where,
        // The first condition is the time index's range; the second the exact keyset.
        after ? sql`${s.ts} <= ${after.ts}::timestamptz` : undefined,
        after ? sql`(${s.ts}, ${s.deviceId}) < (${after.ts}::timestamptz, ${after.device}::int)` : undefined,
      ),
    )
    .orderBy(desc(s.ts), desc(s.deviceId))
    .limit(SLICE_ROWS)
    .as('slice');
  const [got] = await db
    .select({
      text: sql<
        string | null
      >`string_agg(${rows.line}, E'\\r\\n' order by ${rows.ts} desc, ${rows.device} desc)`,
      rows: count(),
      // The slice's last row, where the next one continues (the timestamp as text: no precision lost).
      lastTs: sql<string | null>`min(${rows.ts})::text`,
      // In the slice's own order (the aggregates then share one sort, which the subquery already did).
      lastDevice: sql<
        number | null
      >`(array_agg(${rows.device} order by ${rows.ts} desc, ${rows.device} desc))[count(*)::int]`,
    })
    .from(rows);
  return {
    text: got?.text ?? null,
    rows: Number(got?.rows ?? 0),
    lastTs: got?.lastTs ?? null,
    lastDevice: got?.lastDevice ?? null,
  };
}

async function* sliceChunks(
  db: Db,
  where: SQL | undefined,
  timeZone: string,
  wrote: (rows: number) => void,
  signal: AbortSignal,
): AsyncGenerator<Buffer> {
  let after: After = null;
  while (!signal.aborted) {
    const got = await slice(db, where, timeZone, after);
    if (!got.text || got.rows === 0) return;
    yield Buffer.from(`${got.text}\r\n`);
    wrote(got.rows);
    if (got.rows < SLICE_ROWS) return;
    after = { ts: got.lastTs!, device: Number(got.lastDevice) };
  }
}
