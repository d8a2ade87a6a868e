import { sql, type SQL } from 'drizzle-orm';
import { addDays } from '../../calendar';
import type { DayResolutions } from '../../telemetry/storage/horizons';

// Where the device report's rows come from, by local day: the samples while they are kept (and not yet
// rolled up), then one row per device and hour (telemetry_hourly: the hour's start and its means), then
// one row per device and day (telemetry_daily). Each source is a segment of the report, newer segments
// first; within one, rows are newest first, by (time, device), as the report has always been ordered.

export type ReportSource = 'samples' | 'hours' | 'days';

/** A source over local days, both included (an open end when absent). */
export interface ReportSegment {
  source: ReportSource;
  gte?: string;
  lte?: string;
}

const later = (a: string | undefined, b: string | undefined) => (!a ? b : !b ? a : a > b ? a : b);
const earlier = (a: string | undefined, b: string | undefined) => (!a ? b : !b ? a : a < b ? a : b);
const empty = (s: ReportSegment) => Boolean(s.gte && s.lte && s.gte > s.lte);

/** The report's segments for its range, newest first, leaving out the empty ones. */
export function reportSegments(
  q: { created_at__gte?: string | undefined; created_at__lte?: string | undefined },
  days: DayResolutions,
): ReportSegment[] {
  const { created_at__gte: gte, created_at__lte: lte } = q;
  if (!days.samples) return [{ source: 'samples', gte, lte }];
  const hoursEnd = addDays(days.samples, -1);
  const daysEnd = addDays(days.samples < days.hours ? days.samples : days.hours, -1);
  return [
    { source: 'samples' as const, gte: later(gte, days.samples), lte },
    { source: 'hours' as const, gte: later(gte, days.hours), lte: earlier(lte, hoursEnd) },
    { source: 'days' as const, gte, lte: earlier(lte, daysEnd) },
  ].filter((s) => !empty(s));
}

/**
 * How a statement writes its values: as bind parameters, or (for COPY, which takes none) as literals
 * of values the server controls or has validated (ISO days, device ids, the configured time zone).
 */
export interface Values {
  text(value: string): SQL;
  /** `column` is one of the ids (a list, or a query answering them). */
  among(column: SQL, ids: number[] | SQL): SQL;
}

export const PARAMS: Values = {
  text: (value) => sql`${value}`,
  among: (column, ids) =>
    Array.isArray(ids)
      ? sql`${column} = any(${sql.param(`{${ids.join(',')}}`)}::int[])`
      : sql`${column} in (${ids})`,
};

const ISO_DAY = /^\d{4}-\d{2}-\d{2}$/;
export const LITERALS: Values = {
  text: (value) => sql.raw(`'${value.replace(/'/g, "''")}'`),
  among: (column, ids) => {
    if (!Array.isArray(ids) || !ids.every(Number.isSafeInteger))
      throw new Error('literal ids: integers only');
    return sql`${column} = any(${sql.raw(`'{${ids.join(',')}}'::int[]`)})`;
  },
};

/** The instant local `day` begins. */
function dayStartOf(v: Values, day: string, timeZone: string): SQL {
  if (!ISO_DAY.test(day)) throw new Error(`not a day: ${day}`);
  return sql`((${v.text(day)}::date)::timestamp at time zone ${v.text(timeZone)})`;
}

/**
 * The segment's rows as `ts, device_id, gsm_sig, bt_v, bt_ch_i, lo_i, pv_v, pv_i, mppt, soc`, of the
 * devices `devices` names (a list, or a query answering device ids).
 */
export function segmentRows(
  segment: ReportSegment,
  devices: number[] | SQL,
  timeZone: string,
  v: Values = PARAMS,
): SQL {
  const { gte, lte } = segment;
  const range = (column: SQL) =>
    sql.join(
      [
        gte ? sql`and ${column} >= ${dayStartOf(v, gte, timeZone)}` : sql``,
        lte ? sql`and ${column} < ${dayStartOf(v, addDays(lte, 1), timeZone)}` : sql``,
      ],
      sql` `,
    );
  if (segment.source === 'samples')
    return sql`select s.ts, s.device_id, s.gsm_sig, s.bt_v, s.bt_ch_i, s.lo_i, s.pv_v, s.pv_i, s.mppt, s.soc
      from telemetry_samples s where ${v.among(sql`s.device_id`, devices)} ${range(sql`s.ts`)}`;
  if (segment.source === 'hours')
    return sql`select h.hour as ts, h.device_id, round(h.gsm_sig_mean)::smallint as gsm_sig, h.bt_v_mean as bt_v,
        h.bt_ch_i_mean as bt_ch_i, h.lo_i_mean as lo_i, h.pv_v_mean as pv_v, h.pv_i_mean as pv_i,
        h.mppt_mean as mppt, h.soc_mean as soc
      from telemetry_hourly h where ${v.among(sql`h.device_id`, devices)} ${range(sql`h.hour`)}`;
  const dayTs = sql`(d.day::timestamp at time zone ${v.text(timeZone)})`;
  const days = sql.join(
    [
      gte ? sql`and d.day >= ${v.text(gte)}::date` : sql``,
      lte ? sql`and d.day <= ${v.text(lte)}::date` : sql``,
    ],
    sql` `,
  );
  return sql`select ${dayTs} as ts, d.device_id, round(d.gsm_sig_mean)::smallint as gsm_sig, d.bt_v_mean as bt_v,
      d.bt_ch_i_mean as bt_ch_i, d.lo_i_mean as lo_i, d.pv_v_mean as pv_v, d.pv_i_mean as pv_i,
      d.mppt_mean as mppt, d.soc_mean as soc
    from telemetry_daily d where ${v.among(sql`d.device_id`, devices)} ${days}`;
}

/**
 * How many rows the segment holds, without reading them: the ingest's per-day sample counts
 * (daily_harvest.samples), the daily rows' hour counts, or the daily rows.
 */
export function segmentCount(segment: ReportSegment, devices: number[] | SQL): SQL {
  const { gte, lte } = segment;
  const days = (column: SQL) =>
    sql.join(
      [gte ? sql`and ${column} >= ${gte}::date` : sql``, lte ? sql`and ${column} <= ${lte}::date` : sql``],
      sql` `,
    );
  if (segment.source === 'samples')
    return sql`select coalesce(sum(h.samples), 0)::float8 as n from daily_harvest h
      where ${PARAMS.among(sql`h.device_id`, devices)} ${days(sql`h.day`)}`;
  const n = segment.source === 'hours' ? sql`coalesce(sum(d.hours), 0)` : sql`count(*)`;
  return sql`select ${n}::float8 as n from telemetry_daily d
    where ${PARAMS.among(sql`d.device_id`, devices)} ${days(sql`d.day`)}`;
}
