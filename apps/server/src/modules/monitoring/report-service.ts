import { and, count, desc, eq, gte, inArray, lt, sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { recordFileOwner } from '../uploads/file-access';
import { Readable } from 'node:stream';
import pg from 'pg';
import { to as copyTo } from 'pg-copy-streams';
import {
  REPORT_COUNT_CAP,
  REPORT_CSV_HEADER,
  type DeviceReportPage,
  type DeviceReportQuery,
  type ReportFile,
  type ReportRow,
} from '@rms/contracts/monitoring';
import type { AuthUser } from '../../auth/access';
import type { Db } from '../../db/client';
import { rmsDevices } from '../../db/schema/inventory';
import { telemetrySamples as s } from '../../db/schema/telemetry';
import type { ReportRetention } from '../../storage/report-retention';
import { newReportKey, type Storage } from '../../storage/storage';
import { filteredDeviceIds } from '../activations/filters';
import { addDays, dayStart } from './days';

// The device report (spec 02 §2, §3, §7): samples of the caller's activated devices matching the
// activation list's filters, newest first, ordered by (ts, device) so a page or an export batch can
// continue from the last row (keyset). The page's count stops at REPORT_COUNT_CAP: counting a fleet's
// month of samples exactly would read every one of them. The CSV export streams every row from the
// database to storage (PostgreSQL: `COPY ... TO STDOUT`; PGlite: keyset batches), never the whole file
// in memory.

/** Rows per keyset batch of the PGlite export. */
const BATCH = 2000;

function reportWhere(db: Db, auth: AuthUser, q: DeviceReportQuery, timeZone: string): SQL | undefined {
  return and(
    inArray(s.deviceId, filteredDeviceIds(db, auth, q)),
    q.created_at__gte ? gte(s.ts, sql`${dayStart(q.created_at__gte, timeZone)}`) : undefined,
    q.created_at__lte ? lt(s.ts, sql`${dayStart(addDays(q.created_at__lte, 1), timeZone)}`) : undefined,
  );
}

const columns = {
  ts: s.ts,
  device: s.deviceId,
  code: rmsDevices.code,
  gsmSig: s.gsmSig,
  btV: s.btV,
  btChI: s.btChI,
  loI: s.loI,
  pvV: s.pvV,
  pvI: s.pvI,
  mppt: s.mppt,
  soc: s.soc,
};

function selectRows(db: Db, where: SQL | undefined) {
  return db
    .select(columns)
    .from(s)
    .innerJoin(rmsDevices, eq(rmsDevices.id, s.deviceId))
    .where(where)
    .orderBy(desc(s.ts), desc(s.deviceId));
}

type Selected = Awaited<ReturnType<typeof selectRows>>[number];

function toRow(r: Selected): ReportRow {
  return {
    created_at: r.ts.toISOString(),
    device: r.device,
    RMS_ID: r.code,
    gsm_sig: r.gsmSig,
    bt_v: r.btV,
    bt_ch_i: r.btChI,
    lo_i: r.loI,
    pv_v: r.pvV,
    pv_i: r.pvI,
    mppt: r.mppt,
    SOC: r.soc,
  };
}

/** One page of report rows, newest first, with a count capped at REPORT_COUNT_CAP. */
export async function reportPage(
  db: Db,
  timeZone: string,
  auth: AuthUser,
  q: DeviceReportQuery,
): Promise<DeviceReportPage> {
  const where = reportWhere(db, auth, q, timeZone);
  const offset = (q.page - 1) * q.page_size;
  const capped = db
    .select({ one: sql`1` })
    .from(s)
    .where(where)
    .limit(REPORT_COUNT_CAP + 1)
    .as('capped');
  const [rows, [counted]] = await Promise.all([
    selectRows(db, where).limit(q.page_size).offset(offset),
    db.select({ n: count() }).from(capped),
  ]);
  const n = Number(counted?.n ?? 0);
  const total = Math.min(n, REPORT_COUNT_CAP);
  return {
    results: rows.map(toRow),
    count: total,
    current: q.page,
    next: q.page * q.page_size < total ? q.page + 1 : null,
    count_capped: n > REPORT_COUNT_CAP,
  };
}

// ---- CSV

/** A cell a spreadsheet would run as a formula gets a leading apostrophe; then CSV quoting. */
export function csvCell(value: string | number): string {
  if (typeof value === 'number') return String(value);
  const text = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** What the export reads per row: the local time already formatted by the database. */
interface CsvSource {
  local_time: string;
  code: string;
  gsm_sig: number;
  bt_v: number;
  bt_ch_i: number;
  lo_i: number;
  pv_v: number;
  pv_i: number;
  mppt: number;
  soc: number;
}

function csvLine(r: CsvSource): string {
  return `${[
    csvCell(r.local_time),
    csvCell(r.code),
    csvCell(Number(r.gsm_sig)),
    csvCell(Number(r.bt_v)),
    csvCell(Number(r.bt_ch_i)),
    csvCell(Number(r.lo_i)),
    csvCell(Number(r.pv_v)),
    csvCell(Number(r.pv_i)),
    csvCell(Number(r.mppt)),
    csvCell(Number(r.soc)),
  ].join(',')}\r\n`;
}

/** Spec 02 §9: DD/MM/YYYY hh:mm a, in the deployment's time zone (to_char's `am` is lower case like `a`). */
function localTime(timeZone: string): SQL<string> {
  return sql<string>`to_char(${s.ts} at time zone ${timeZone}, 'DD/MM/YYYY HH12:MI am')`;
}

/** Every CSV field under the name CsvSource gives it. */
const csvField = <T>(column: SQL | AnyPgColumn, name: keyof CsvSource) => sql<T>`${column}`.as(name);

function csvSelect(db: Db, where: SQL | undefined, timeZone: string) {
  return db
    .select({
      local_time: localTime(timeZone).as('local_time'),
      ts: s.ts,
      device: s.deviceId,
      code: csvField<string>(rmsDevices.code, 'code'),
      gsm_sig: csvField<number>(s.gsmSig, 'gsm_sig'),
      bt_v: csvField<number>(s.btV, 'bt_v'),
      bt_ch_i: csvField<number>(s.btChI, 'bt_ch_i'),
      lo_i: csvField<number>(s.loI, 'lo_i'),
      pv_v: csvField<number>(s.pvV, 'pv_v'),
      pv_i: csvField<number>(s.pvI, 'pv_i'),
      mppt: csvField<number>(s.mppt, 'mppt'),
      soc: csvField<number>(s.soc, 'soc'),
    })
    .from(s)
    .innerJoin(rmsDevices, eq(rmsDevices.id, s.deviceId))
    .orderBy(desc(s.ts), desc(s.deviceId))
    .where(where);
}

/** PGlite (no cursors through drizzle): keyset batches continuing after the last (ts, device). */
async function* keysetRows(db: Db, where: SQL | undefined, timeZone: string): AsyncGenerator<CsvSource> {
  let after: { ts: Date; device: number } | null = null;
  for (;;) {
    const page: Awaited<ReturnType<typeof csvSelect>> = await csvSelect(
      db,
      and(
        where,
        after
          ? sql`(${s.ts}, ${s.deviceId}) < (${after.ts.toISOString()}::timestamptz, ${after.device}::int)`
          : undefined,
      ),
      timeZone,
    ).limit(BATCH);
    for (const row of page) yield row;
    const last = page.at(-1);
    if (!last || page.length < BATCH) return;
    after = { ts: last.ts, device: last.device };
  }
}

/** The PGlite path's CSV lines, in chunks of about 64 KB. */
async function* csvLines(rows: AsyncIterable<CsvSource>): AsyncGenerator<string> {
  let chunk = '';
  for await (const row of rows) {
    chunk += csvLine(row);
    if (chunk.length >= 64 * 1024) {
      yield chunk;
      chunk = '';
    }
  }
  if (chunk) yield chunk;
}

/** The driver's pool when the database is PostgreSQL (drizzle keeps it as `$client`). */
function poolOf(db: Db): pg.Pool | null {
  const client = (db as { $client?: unknown }).$client;
  return client instanceof pg.Pool ? client : null;
}

/** A SQL string literal (only for values the server controls or has validated). */
const literal = (text: string) => `'${text.replace(/'/g, "''")}'`;
const ISO_DAY = /^\d{4}-\d{2}-\d{2}$/;

/**
 * PostgreSQL writes the CSV itself: `COPY (the report query) TO STDOUT`, several times the rate of
 * reading rows through a cursor and formatting them here (bench/api). COPY takes no bind parameters,
 * so the filters (user text) are first resolved to device ids by an ordinary parameterised query, and
 * the COPY statement holds only those integers, validated dates and the configured time zone.
 */
async function* copyChunks(
  pool: pg.Pool,
  deviceIds: number[],
  q: DeviceReportQuery,
  timeZone: string,
): AsyncGenerator<Buffer> {
  const tz = literal(timeZone);
  const dayStartAt = (day: string) => {
    if (!ISO_DAY.test(day)) throw new Error(`not a day: ${day}`);
    return `(('${day}'::date)::timestamp at time zone ${tz})`;
  };
  const ids = deviceIds.filter((id) => Number.isSafeInteger(id)).join(',');
  const bounds = [
    q.created_at__gte ? `and s.ts >= ${dayStartAt(q.created_at__gte)}` : '',
    q.created_at__lte ? `and s.ts < ${dayStartAt(addDays(q.created_at__lte, 1))}` : '',
  ].join(' ');
  // The same cells as csvLine: local time as the spec shows it, a formula-like RMS ID neutralised.
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
  try {
    for await (const chunk of client.query(copyTo(statement)) as AsyncIterable<Buffer>) {
      // RFC 4180 lines end in CRLF, as the PGlite path writes them; no cell holds a line break.
      yield Buffer.from(chunk.toString('utf8').replaceAll('\n', '\r\n'));
    }
  } finally {
    client.release();
  }
}

async function* withHeader(rows: AsyncIterable<Buffer | string>): AsyncGenerator<Buffer | string> {
  yield `${REPORT_CSV_HEADER.map(csvCell).join(',')}\r\n`;
  yield* rows;
}

/**
 * Every report row matching the query (no paging), as CSV streamed to storage; answers the file's key
 * and a signed link to it that expires by the end of the file's retention.
 */
export async function exportReport(
  db: Db,
  storage: Storage,
  retention: ReportRetention,
  timeZone: string,
  auth: AuthUser,
  q: DeviceReportQuery,
): Promise<ReportFile> {
  const pool = poolOf(db);
  let body: AsyncIterable<Buffer | string>;
  if (pool) {
    const devices = await filteredDeviceIds(db, auth, q);
    body = withHeader(
      copyChunks(
        pool,
        devices.map((d) => d.id!),
        q,
        timeZone,
      ),
    );
  } else {
    body = withHeader(csvLines(keysetRows(db, reportWhere(db, auth, q, timeZone), timeZone)));
  }
  const key = newReportKey();
  // The store stamps the file when its write ends, never before this (whole seconds: S3's LastModified
  // has no finer ones), so a link that ends by `endOf(started)` ends before the sweep can remove it.
  const started = Math.floor(Date.now() / 1000) * 1000;
  await storage.storeFile(key, Readable.from(body));
  await recordFileOwner(db, auth, key);
  return { report_upload: key, report_path: await storage.downloadUrl(key, retention.endOf(started)) };
}
