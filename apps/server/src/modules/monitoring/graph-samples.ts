import { and, eq, sql, type SQL } from 'drizzle-orm';
import { GRAPH_SERIES, type GraphKind, type GraphQuery } from '@rms/contracts/monitoring';
import type { AuthUser } from '../../auth/access';
import type { Db } from '../../db/client';
import { dailyHarvest, type ExtremeSeries } from '../../db/schema/telemetry';
import { storedSamples } from '../../telemetry/storage/stored-samples';
import { extremeArray } from '../../telemetry/storage/summaries';
import { filteredDeviceIds } from '../activations';
import { extremesOf, pointsJson } from './graph-points';

// A graph read from the samples themselves: every sample, or, when the range holds more than `points`,
// per equal time bucket the samples with the minimum and the maximum of the tab's main series.

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
): Promise<string> {
  const { from, to, buckets } = range;
  const series = GRAPH_SERIES[kind].main as ExtremeSeries;
  const scope = narrowed(q) ? sql`and s.device_id in (${filteredDeviceIds(db, auth, q)})` : sql``;
  const stored = storedSamples({ devices: (id) => sql`${id} = ${q.device}`, from, to });
  const bucket = sql`width_bucket(extract(epoch from s.ts)::float8, extract(epoch from ${from})::float8,
    extract(epoch from ${to})::float8, ${buckets}::int)`;
  // The range is read once (materialized), then either answered whole or grouped by bucket: each
  // bucket's min() and max() of the sample arrays are its lowest-earliest and highest-latest samples
  // (summaries.ts), what a window ordered by (value, ts) over each bucket picked before, without
  // sorting the range.
  const ctes = sql`samples as materialized (
      select ${bucket} as bucket, ${extremeArray(series, sql`s.ts`, (r) => sql.raw(`s."${r}"`))} as p
      from ${stored} s
      where true ${scope}
    ),
    total as (select count(*) as n from samples)`;
  const picked = sql`select samples.p from samples, total where total.n <= ${q.points}::int
    union all
    (${extremesOf(sql`(select min(samples.p) as low, max(samples.p) as high from samples, total
                       where total.n > ${q.points}::int group by samples.bucket)`)})`;
  return pointsJson(db, ctes, picked);
}
