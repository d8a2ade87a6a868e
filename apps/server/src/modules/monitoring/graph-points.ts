import { sql, type SQL } from 'drizzle-orm';
import type { GraphField, GraphPoint } from '@rms/contracts/monitoring';
import type { Db } from '../../db/client';
import { rowsOf } from '../../db/rows';
import { arrayReading, arrayTime } from '../../telemetry/storage/summaries';

// The graph's answer from extreme arrays (summaries.ts: [series value, epoch ms, readings...]), whether
// they are samples or the extremes a rollup keeps: each field computed from the array's readings in
// real arithmetic, as from a sample's columns (float8 holds a real exactly), so both give equal points.

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

/**
 * The points of `picked`, a query answering one extreme array `p` per row (a sample picked once, even
 * when it is both its bucket's lowest and highest), oldest first; `ctes` are the WITH items it reads.
 */
export async function pointsOf(db: Db, ctes: SQL, picked: SQL): Promise<GraphPoint[]> {
  const p = sql`v.p`;
  const fields: Record<GraphField, SQL> = {
    lo_i: arrayReading(p, 'lo_i'),
    bt_v: arrayReading(p, 'bt_v'),
    load_power: sql`(${arrayReading(p, 'lo_v')} * ${arrayReading(p, 'lo_i')})`,
    bt_ch_i: arrayReading(p, 'bt_ch_i'),
    bt_power: sql`(${arrayReading(p, 'bt_v')} * ${arrayReading(p, 'bt_ch_i')})`,
    pv_i: arrayReading(p, 'pv_i'),
    pv_v: arrayReading(p, 'pv_v'),
    pv_power: sql`(${arrayReading(p, 'pv_v')} * ${arrayReading(p, 'pv_i')})`,
  };
  const rows = await rowsOf<Record<GraphField, number> & { created_at: string }>(
    db,
    sql`with ${ctes}
        select to_char(${arrayTime(p)} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as created_at,
          ${sql.join(
            Object.entries(fields).map(([name, value]) => sql`${value} as ${sql.identifier(name)}`),
            sql`, `,
          )}
        from (${picked}) v
        order by v.p[2]`,
  );
  return rows.map(toPoint);
}

/** One array per distinct sample among the lows and highs of `buckets` (a FROM item with `low`, `high`). */
export function extremesOf(buckets: SQL): SQL {
  return sql`select distinct on (x.p[2]) x.p
    from ${buckets} b cross join lateral (values (b.low), (b.high)) as x(p)
    order by x.p[2]`;
}
