import { inArray, sql, type SQL } from 'drizzle-orm';
import {
  GRAPH_DEFAULT_DAYS,
  GRAPH_MAX_DAYS,
  GRAPH_MESSAGES,
  GRAPH_SERIES,
  daysBetween,
  type GraphField,
  type GraphKind,
  type GraphPoint,
  type GraphQuery,
} from '@rms/contracts/monitoring';
import type { AuthUser } from '../../auth/access';
import { addDays, today } from '../../calendar';
import type { Db } from '../../db/client';
import { rowsOf } from '../../db/rows';
import { telemetrySamples as s } from '../../db/schema/telemetry';
import { fieldError } from '../../errors';
import { filteredDeviceIds } from '../activations';
import { getInventory } from '../inventory';
import { dayStart } from './days';

// Graph points of one device (spec 02 §2 "/graph-view", §3). Long ranges are reduced in the database:
// when the range holds more samples than `points`, it is cut into points/2 equal time buckets and each
// bucket keeps the samples with the minimum and the maximum of the tab's main series, so a peak is never
// averaged away and the answer has at most `points` rows; otherwise every sample is answered.

/** The SQL of each graph field over telemetry_samples (products stay real, like their factors). */
const FIELD_SQL: Record<GraphField, SQL> = {
  lo_i: sql`${s.loI}`,
  bt_v: sql`${s.btV}`,
  load_power: sql`${s.loV} * ${s.loI}`,
  bt_ch_i: sql`${s.btChI}`,
  bt_power: sql`${s.btV} * ${s.btChI}`,
  pv_i: sql`${s.pvI}`,
  pv_v: sql`${s.pvV}`,
  pv_power: sql`${s.pvV} * ${s.pvI}`,
};
const FIELDS = Object.keys(FIELD_SQL) as GraphField[];

/** Any of the activation filters besides the device itself. */
function narrowed(q: GraphQuery): boolean {
  return Boolean(q.query || q.state || q.city || q.project || q.online || q.pin || q.pole || q.address);
}

/** The range asked for, or its default (the last GRAPH_DEFAULT_DAYS days to today, local). */
function rangeOf(q: GraphQuery, timeZone: string): { start: string; end: string } {
  const end = q.end_date ?? (q.start_date ? addDays(q.start_date, GRAPH_DEFAULT_DAYS - 1) : today(timeZone));
  const start = q.start_date ?? addDays(end, 1 - GRAPH_DEFAULT_DAYS);
  if (end < start) throw fieldError('end_date', GRAPH_MESSAGES.endBeforeStart);
  if (daysBetween(start, end) > GRAPH_MAX_DAYS) throw fieldError('end_date', GRAPH_MESSAGES.tooLong);
  return { start, end };
}

export async function graphOf(
  db: Db,
  timeZone: string,
  auth: AuthUser,
  kind: GraphKind,
  q: GraphQuery,
): Promise<GraphPoint[]> {
  await getInventory(db, auth, 'rms', q.device);
  const { start, end } = rangeOf(q, timeZone);
  const from = dayStart(start, timeZone);
  const to = dayStart(addDays(end, 1), timeZone);
  const buckets = Math.max(1, Math.floor(q.points / 2));
  const main = sql.identifier(GRAPH_SERIES[kind].main);
  const selected = sql.join(
    FIELDS.map((f) => sql`${FIELD_SQL[f]} as ${sql.identifier(f)}`),
    sql`, `,
  );
  const outputs = sql.join(
    FIELDS.map((f) => sql.identifier(f)),
    sql`, `,
  );
  const scope = narrowed(q) ? sql`and ${inArray(s.deviceId, filteredDeviceIds(db, auth, q))}` : sql``;
  const rows = await rowsOf<Record<GraphField, number> & { created_at: string }>(
    db,
    sql`with samples as (
          select ${s.ts} as ts, ${selected}
          from ${s}
          where ${s.deviceId} = ${q.device} and ${s.ts} >= ${from} and ${s.ts} < ${to} ${scope}
        ),
        total as (select count(*) as n from samples),
        bucketed as (
          select samples.*,
            width_bucket(extract(epoch from ts)::float8, extract(epoch from ${from})::float8,
                         extract(epoch from ${to})::float8, ${buckets}::int) as bucket
          from samples
        ),
        ranked as (
          select bucketed.*, first_value(ts) over w as low_ts, last_value(ts) over w as high_ts
          from bucketed
          window w as (partition by bucket order by ${main}, ts
                       rows between unbounded preceding and unbounded following)
        )
        select to_char(ts at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as created_at, ${outputs}
        from ranked
        where (select n from total) <= ${q.points}::int or ts = low_ts or ts = high_ts
        order by ts`,
  );
  return rows.map((r) => ({
    created_at: r.created_at,
    lo_i: Number(r.lo_i),
    bt_v: Number(r.bt_v),
    load_power: Number(r.load_power),
    bt_ch_i: Number(r.bt_ch_i),
    bt_power: Number(r.bt_power),
    pv_i: Number(r.pv_i),
    pv_v: Number(r.pv_v),
    pv_power: Number(r.pv_power),
  }));
}
