import { sql, type SQL } from 'drizzle-orm';
import type { GraphField } from '@rms/contracts/monitoring';
import type { Db } from '../../db/client';
import { rowsOf } from '../../db/rows';
import { arrayReading, arrayTime } from '../../telemetry/storage/summaries';

// The graph's answer from extreme arrays (summaries.ts: [series value, epoch ms, readings...]), whether
// they are samples or the extremes a rollup keeps: each field computed from the array's readings in
// real arithmetic, as from a sample's columns (float8 holds a real exactly), so both give equal points.

/**
 * The graph's answer, a JSON array of points (the contract's `graphPoints`) as text, oldest first:
 * `picked` is a query answering one extreme array `p` per row (a sample picked once, even when it is
 * both its bucket's lowest and highest), `ctes` the WITH items it reads. The database writes the JSON,
 * as it does the map's (map-service.ts): a week's 2,000 points cost JavaScript no row objects, no
 * validation pass and no stringify. `+ 0` turns a negative zero into 0, as JSON.stringify wrote it.
 */
export async function pointsJson(db: Db, ctes: SQL, picked: SQL): Promise<string> {
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
  const [row] = await rowsOf<{ points: string }>(
    db,
    sql`with ${ctes}
        select coalesce(json_agg(point order by v.p[2]), '[]'::json)::text as points
        from (${picked}) v
        cross join lateral (
          select to_char(${arrayTime(p)} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as created_at,
            ${sql.join(
              Object.entries(fields).map(
                ([name, value]) => sql`${value} + 0::real as ${sql.identifier(name)}`,
              ),
              sql`, `,
            )}
        ) point`,
  );
  return row!.points;
}

/** One array per distinct sample among the lows and highs of `buckets` (a FROM item with `low`, `high`). */
export function extremesOf(buckets: SQL): SQL {
  return sql`select distinct on (x.p[2]) x.p
    from ${buckets} b cross join lateral (values (b.low), (b.high)) as x(p)
    order by x.p[2]`;
}
