import { sql, type SQL } from 'drizzle-orm';
import { addDays } from '../../calendar';
import type { DayResolutions } from '../../telemetry/storage/horizons';
import { unpacked, utcDay, utcHour } from '../../telemetry/storage/stored-samples';

// Where the device report's rows come from, by local day: the samples while they are kept (and not yet
// rolled up), then one row per device and hour (telemetry_hourly: the hour's start and its means), then
// one row per device and day (telemetry_daily). Each source is a segment of the report, newer segments
// first; within one, rows are newest first, by (time, device), as the report has always been ordered.
// The samples are two segments: the day under way, all rows of telemetry_samples, read backwards along
// its key; and the days before, whose samples may be packed per UTC day (telemetry/storage/packing.ts),
// read hour by hour, newest first, each hour's samples sorted: a page reads the hours it shows (each
// one unpacking its day's rows, for the devices asked), not the whole day sorted.

export type ReportSource = 'samples' | 'packed' | 'hours' | 'days';

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
  const rowsFrom = later(days.samples, days.rows);
  return [
    { source: 'samples' as const, gte: later(gte, rowsFrom), lte },
    { source: 'packed' as const, gte: later(gte, days.samples), lte: earlier(lte, addDays(days.rows, -1)) },
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

/** The report row's readings after its time and device, as every source names them. */
const READING_LIST = 'gsm_sig, bt_v, bt_ch_i, lo_i, pv_v, pv_i, mppt, soc';
const READINGS = sql.raw(READING_LIST);

/**
 * The rows of a segment that keeps its rows in the report's order by a key (samples of the day under
 * way, hours, days), as `ts, device_id, gsm_sig, bt_v, bt_ch_i, lo_i, pv_v, pv_i, mppt, soc`.
 */
function keyedRows(segment: ReportSegment, devices: number[] | SQL, timeZone: string, v: Values): SQL {
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
    return sql`select s.ts, s.device_id, ${READINGS}
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

/** Where a continuation starts: after this row, in the report's order. */
export interface After {
  ts: SQL;
  device: SQL;
}

/**
 * A SELECT answering the segment's rows in the report's order (newest first, by time then device),
 * after `after` when given: `cells` projects each row, aliased `r` with `ts, device_id, code` (the RMS
 * ID) and the readings. The caller appends its LIMIT and OFFSET and must not reorder: the packed days
 * are read one UTC hour after another (a nested loop), each hour sorted, which an outer ORDER BY would
 * turn into one sort of them all.
 */
export function orderedRows(
  segment: ReportSegment,
  devices: number[] | SQL,
  timeZone: string,
  cells: SQL,
  options: { values?: Values; after?: After } = {},
): SQL {
  const v = options.values ?? PARAMS;
  const after = options.after;
  const continuing = (r: string) =>
    after ? sql`(${sql.raw(r)}.ts, ${sql.raw(r)}.device_id) < (${after.ts}, ${after.device})` : sql`true`;
  if (segment.source !== 'packed')
    return sql`select ${cells} from (
        select k.*, d.device_id as code
        from (${keyedRows(segment, devices, timeZone, v)}) k join rms_devices d on d.id = k.device_id
      ) r
      where ${after ? sql`r.ts <= ${after.ts} and ${continuing('r')}` : sql`true`}
      order by r.ts desc, r.device_id desc`;
  const from = segment.gte ? dayStartOf(v, segment.gte, timeZone) : sql`'-infinity'::timestamptz`;
  const to = segment.lte ? dayStartOf(v, addDays(segment.lte, 1), timeZone) : sql`'infinity'::timestamptz`;
  // The newest UTC hour the segment (or the continuation) reaches, back to its first.
  const top = after ? utcHour(after.ts) : utcHour(sql`(${to} - interval '1 microsecond')`);
  const hours = sql`generate_series(${top}, ${utcHour(from)}, interval '-1 hour') as h(hour)`;
  const inHour = sql`greatest(h.hour, ${from})`;
  const hourEnd = sql`least(h.hour + interval '1 hour', ${to})`;
  const columns = sql.raw(`ts, device_id, ${READING_LIST}`);
  return sql`select ${cells}
    from ${hours}
    cross join lateral (
      select y.*, d.device_id as code from (
        select ${columns} from telemetry_samples s
        where ${v.among(sql`s.device_id`, devices)} and s.ts >= ${inHour} and s.ts < ${hourEnd}
        union all
        select ${columns} from (${unpacked(sql`p.day = ${utcDay(sql`h.hour`)} and ${v.among(sql`p.device_id`, devices)}`)}) x
        where x.ts >= ${inHour} and x.ts < ${hourEnd}
      ) y join rms_devices d on d.id = y.device_id
      where ${continuing('y')}
      order by y.ts desc, y.device_id desc
    ) r`;
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
  if (segment.source === 'samples' || segment.source === 'packed')
    return sql`select coalesce(sum(h.samples), 0)::float8 as n from daily_harvest h
      where ${PARAMS.among(sql`h.device_id`, devices)} ${days(sql`h.day`)}`;
  const n = segment.source === 'hours' ? sql`coalesce(sum(d.hours), 0)` : sql`count(*)`;
  return sql`select ${n}::float8 as n from telemetry_daily d
    where ${PARAMS.among(sql`d.device_id`, devices)} ${days(sql`d.day`)}`;
}
