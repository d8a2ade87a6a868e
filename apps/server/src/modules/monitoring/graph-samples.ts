import { and, eq, sql, type SQL } from 'drizzle-orm';
import {
  GRAPH_SERIES,
  type GraphField,
  type GraphKind,
  type GraphPoint,
  type GraphQuery,
} from '@rms/contracts/monitoring';
import type { AuthUser } from '../../auth/access';
import type { Db } from '../../db/client';
import { rowsOf } from '../../db/rows';
import { dailyHarvest } from '../../db/schema/telemetry';
import { storedSamples } from '../../telemetry/storage/stored-samples';
import { filteredDeviceIds } from '../activations';

// A graph read from the samples themselves: every sample, or, when the range holds more than `points`,
// per equal time bucket the samples with the minimum and the maximum of the tab's main series.

/** The SQL of each graph field over a sample `s` (products stay real, like their factors). */
const FIELD_SQL: Record<GraphField, SQL> = {
  lo_i: sql`s.lo_i`,
  bt_v: sql`s.bt_v`,
  load_power: sql`s.lo_v * s.lo_i`,
  bt_ch_i: sql`s.bt_ch_i`,
  bt_power: sql`s.bt_v * s.bt_ch_i`,
  pv_i: sql`s.pv_i`,
  pv_v: sql`s.pv_v`,
  pv_power: sql`s.pv_v * s.pv_i`,
};
const FIELDS = Object.keys(FIELD_SQL) as GraphField[];

/** Any of the activation filters besides the device itself. */
export function narrowed(q: GraphQuery): boolean {
  return Boolean(q.query || q.state || q.city || q.project || q.online || q.pin || q.pole || q.address);
}

/** Whether the activation filters leave the graph's device in. */
export async function inFilters(db: Db, auth: AuthUser, q: GraphQuery): Promise<boolean> {
  const ids = filteredDeviceIds(db, auth, q).as('ids');
  const found = await db.select({ id: ids.id }).from(ids).where(eq(ids.id, q.device)).limit(1);
  return found.length > 0;
}

/** The samples the ingest stored for the device over the local days (both included), as it counted them. */
export async function countedSamples(db: Db, device: number, start: string, end: string): Promise<number> {
  const [row] = await db
    .select({ n: sql<string | number>`coalesce(sum(${dailyHarvest.samples}), 0)` })
    .from(dailyHarvest)
    .where(
      and(
        eq(dailyHarvest.deviceId, device),
        sql`${dailyHarvest.day} between ${start}::date and ${end}::date`,
      ),
    );
  return Number(row?.n ?? 0);
}

export async function samplesGraph(
  db: Db,
  auth: AuthUser,
  kind: GraphKind,
  q: GraphQuery,
  range: { from: SQL; to: SQL; buckets: number },
): Promise<GraphPoint[]> {
  const { from, to, buckets } = range;
  const main = sql.identifier(GRAPH_SERIES[kind].main);
  const selected = sql.join(
    FIELDS.map((f) => sql`${FIELD_SQL[f]} as ${sql.identifier(f)}`),
    sql`, `,
  );
  const outputs = sql.join(
    FIELDS.map((f) => sql.identifier(f)),
    sql`, `,
  );
  const scope = narrowed(q) ? sql`and s.device_id in (${filteredDeviceIds(db, auth, q)})` : sql``;
  const stored = storedSamples({ devices: (id) => sql`${id} = ${q.device}`, from, to });
  const rows = await rowsOf<Record<GraphField, number> & { created_at: string }>(
    db,
    sql`with samples as (
          select s.ts, ${selected}
          from ${stored} s
          where true ${scope}
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
  return rows.map(toPoint);
}

/** A row of graph fields as the answer's point. */
export function toPoint(r: Record<GraphField, number | string> & { created_at: string }): GraphPoint {
  return {
    created_at: r.created_at,
    lo_i: Number(r.lo_i),
    bt_v: Number(r.bt_v),
    load_power: Number(r.load_power),
    bt_ch_i: Number(r.bt_ch_i),
    bt_power: Number(r.bt_power),
    pv_i: Number(r.pv_i),
    pv_v: Number(r.pv_v),
    pv_power: Number(r.pv_power),
  };
}
