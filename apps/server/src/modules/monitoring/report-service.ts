import { and, desc, eq, gte, inArray, lt, lte, sql, type SQL } from 'drizzle-orm';
import type {
  DeviceReportPage,
  DeviceReportQuery,
  ReportExportFilters,
  ReportRow,
} from '@rms/contracts/monitoring';
import type { AuthUser } from '../../auth/access';
import type { Db } from '../../db/client';
import { rmsDevices } from '../../db/schema/inventory';
import { dailyHarvest, telemetrySamples as s } from '../../db/schema/telemetry';
import { filteredDeviceIds } from '../activations';
import { dayStart } from './days';
import { addDays } from '../../calendar';

// The device report (spec 02 §2, §3, §7): samples of the caller's activated devices matching the
// activation list's filters, newest first, ordered by (ts, device) so a page or an export slice can
// continue from the last row (keyset), with the exact count of the matching rows. The range is whole
// local days, and the ingest counts each device's stored samples per local day (daily_harvest.samples),
// so the count sums one row per device and day instead of reading every sample: a fleet's month is
// 300,000 small rows for 10,000 devices, not 86 million samples (bench/api/results/report-export.md).
// The CSV export is report-csv.ts, run as a job by report-exports.ts.

/** The matching samples: the devices the filters leave, between the local days (both included). */
export function reportWhere(
  db: Db,
  auth: AuthUser,
  q: ReportExportFilters,
  timeZone: string,
): SQL | undefined {
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

/** How many samples match: the per-day counts of the filtered devices over the local days. */
export async function reportCount(db: Db, auth: AuthUser, q: ReportExportFilters): Promise<number> {
  const [row] = await db
    .select({ n: sql<string | number>`coalesce(sum(${dailyHarvest.samples}), 0)` })
    .from(dailyHarvest)
    .where(
      and(
        inArray(dailyHarvest.deviceId, filteredDeviceIds(db, auth, q)),
        q.created_at__gte ? gte(dailyHarvest.day, q.created_at__gte) : undefined,
        q.created_at__lte ? lte(dailyHarvest.day, q.created_at__lte) : undefined,
      ),
    );
  return Number(row?.n ?? 0);
}

/** One page of report rows, newest first, with the exact count of the matching rows. */
export async function reportPage(
  db: Db,
  timeZone: string,
  auth: AuthUser,
  q: DeviceReportQuery,
): Promise<DeviceReportPage> {
  const where = reportWhere(db, auth, q, timeZone);
  const offset = (q.page - 1) * q.page_size;
  const [rows, total] = await Promise.all([
    selectRows(db, where).limit(q.page_size).offset(offset),
    reportCount(db, auth, q),
  ]);
  return {
    results: rows.map(toRow),
    count: total,
    current: q.page,
    next: q.page * q.page_size < total ? q.page + 1 : null,
  };
}
