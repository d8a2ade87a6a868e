import { sql, type SQL } from 'drizzle-orm';
import type {
  DeviceReportPage,
  DeviceReportQuery,
  ReportExportFilters,
  ReportRow,
} from '@rms/contracts/monitoring';
import type { AuthUser } from '../../auth/access';
import type { Db } from '../../db/client';
import { rowsOf } from '../../db/rows';
import { dayResolutions, horizonsAt } from '../../telemetry/storage/horizons';
import type { TelemetryStorageSettings } from '../../telemetry/storage/settings';
import { filteredDeviceIds } from '../activations';
import { orderedRows, reportSegments, segmentCount, type ReportSegment } from './report-source';

// The device report (spec 02 §2, §3, §7): the rows of the caller's activated devices matching the
// activation list's filters, newest first, ordered by (ts, device) so a page or an export slice can
// continue from the last row (keyset), with the exact count of the matching rows. The range is whole
// local days. Days whose samples are kept are answered sample by sample (rows, or packed once their day
// is over); older days one row per device and hour, then per device and day, from the rollups
// (report-source.ts). The ingest counts each
// device's stored samples per local day (daily_harvest.samples), so the count sums one row per device
// and day instead of reading every sample: a fleet's month is 300,000 small rows for 10,000 devices, not
// 86 million samples (bench/api/results/report-export.md). The CSV export is report-csv.ts, run as a
// job by report-exports.ts.

/** The report's segments for the filters, as the storage stands now. */
export async function segmentsOf(
  db: Db,
  timeZone: string,
  storage: TelemetryStorageSettings,
  q: ReportExportFilters,
): Promise<ReportSegment[]> {
  return reportSegments(q, dayResolutions(await horizonsAt(db, new Date(), storage), timeZone));
}

/** The filtered devices' ids as a query (the filters' semi-join). */
const devicesOf = (db: Db, auth: AuthUser, q: ReportExportFilters): SQL =>
  sql`${filteredDeviceIds(db, auth, q)}`;

/** How many rows each segment holds. */
export async function segmentCounts(
  db: Db,
  auth: AuthUser,
  q: ReportExportFilters,
  segments: ReportSegment[],
): Promise<number[]> {
  return Promise.all(
    segments.map(async (segment) => {
      const [row] = await rowsOf<{ n: number }>(db, segmentCount(segment, devicesOf(db, auth, q)));
      return Number(row?.n ?? 0);
    }),
  );
}

/** How many rows match. */
export async function reportCount(
  db: Db,
  auth: AuthUser,
  q: ReportExportFilters,
  segments: ReportSegment[],
): Promise<number> {
  return (await segmentCounts(db, auth, q, segments)).reduce((a, b) => a + b, 0);
}

type Selected = Omit<ReportRow, 'SOC'> & { soc: number };

async function segmentPage(
  db: Db,
  timeZone: string,
  auth: AuthUser,
  q: ReportExportFilters,
  segment: ReportSegment,
  offset: number,
  limit: number,
): Promise<ReportRow[]> {
  const cells = sql`to_char(r.ts at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as created_at,
    r.device_id as device, r.code as "RMS_ID", r.gsm_sig, r.bt_v, r.bt_ch_i, r.lo_i, r.pv_v, r.pv_i, r.mppt, r.soc`;
  const rows = await rowsOf<Selected>(
    db,
    sql`${orderedRows(segment, devicesOf(db, auth, q), timeZone, cells)} limit ${limit} offset ${offset}`,
  );
  return rows.map((r) => ({
    created_at: r.created_at,
    device: Number(r.device),
    RMS_ID: r.RMS_ID,
    gsm_sig: Number(r.gsm_sig),
    bt_v: Number(r.bt_v),
    bt_ch_i: Number(r.bt_ch_i),
    lo_i: Number(r.lo_i),
    pv_v: Number(r.pv_v),
    pv_i: Number(r.pv_i),
    mppt: Number(r.mppt),
    SOC: Number(r.soc),
  }));
}

/** One page of report rows, newest first, with the exact count of the matching rows. */
export async function reportPage(
  db: Db,
  timeZone: string,
  storage: TelemetryStorageSettings,
  auth: AuthUser,
  q: DeviceReportQuery,
): Promise<DeviceReportPage> {
  const segments = await segmentsOf(db, timeZone, storage, q);
  let offset = (q.page - 1) * q.page_size;
  let results: ReportRow[] = [];
  let total: number;
  if (segments.length === 1) {
    // The usual case, all from samples: the page and the count at once.
    [results, total] = await Promise.all([
      segmentPage(db, timeZone, auth, q, segments[0]!, offset, q.page_size),
      reportCount(db, auth, q, segments),
    ]);
  } else {
    const counts = await segmentCounts(db, auth, q, segments);
    total = counts.reduce((a, b) => a + b, 0);
    for (let i = 0; i < segments.length && results.length < q.page_size; i++) {
      if (offset >= counts[i]!) {
        offset -= counts[i]!;
        continue;
      }
      results = results.concat(
        await segmentPage(db, timeZone, auth, q, segments[i]!, offset, q.page_size - results.length),
      );
      offset = 0;
    }
  }
  return {
    results,
    count: total,
    current: q.page,
    next: q.page * q.page_size < total ? q.page + 1 : null,
  };
}
