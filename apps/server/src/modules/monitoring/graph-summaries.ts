import { sql, type SQL } from 'drizzle-orm';
import { GRAPH_SERIES, type GraphKind, type GraphPoint } from '@rms/contracts/monitoring';
import { today } from '../../calendar';
import type { Db } from '../../db/client';
import type { ExtremeSeries } from '../../db/schema/telemetry';
import { storedSamples } from '../../telemetry/storage/stored-samples';
import { extremeArray, extremeOf, hourStart } from '../../telemetry/storage/summaries';
import { dayStart } from './days';
import { extremesOf, pointsOf } from './graph-points';

// A graph read from the rollups: buckets of `per` whole local hours (or days), each keeping the lowest
// and the highest sample of the tab's main series among its hours' (days') extremes. The rollups hold
// the hours before `rolledTo` and the days before the one holding it; what comes after is summarised
// from the samples in the same query, the same way, so the newest hours are in the graph too.

export interface SummaryGraph {
  device: number;
  kind: GraphKind;
  timeZone: string;
  /** The range's first local day, and its bounds as SQL instants. */
  start: string;
  from: SQL;
  to: SQL;
  unit: 'hour' | 'day';
  /** Hours (days) in a bucket. */
  per: number;
  rolledTo: Date | null;
}

export async function summaryGraph(db: Db, g: SummaryGraph): Promise<GraphPoint[]> {
  const series = GRAPH_SERIES[g.kind].main as ExtremeSeries;
  const { timeZone, from, to } = g;
  /** The bucket of an hour's (day's) start, counted in units from the range's start. */
  const unitOf = (instant: SQL) =>
    g.unit === 'hour'
      ? sql`floor(extract(epoch from (${instant} - ${from})) / 3600)::int`
      : sql`((${instant} at time zone ${timeZone})::date - ${g.start}::date)`;
  const stored = (alias: string, end: 'low' | 'high') => {
    const extreme = `${series}_${end}` as const;
    return extremeArray(series, extremeOf(alias, extreme, 'ts'), (r) => extremeOf(alias, extreme, r));
  };

  const rolled = g.rolledTo ? sql`${g.rolledTo.toISOString()}::timestamptz` : null;
  const parts: SQL[] = [];
  // Days before the one holding `rolledTo` are whole in telemetry_daily.
  const daysEnd = g.unit === 'day' && g.rolledTo ? dayStart(today(timeZone, g.rolledTo), timeZone) : null;
  if (daysEnd)
    parts.push(sql`
      select ${unitOf(sql`(d.day::timestamp at time zone ${timeZone})`)} as unit, ${stored('d', 'low')} as low, ${stored('d', 'high')} as high
      from telemetry_daily d
      where d.device_id = ${g.device} and d.day >= ${g.start}::date
        and (d.day::timestamp at time zone ${timeZone}) < least(${to}, ${daysEnd})`);
  if (rolled)
    parts.push(sql`
      select ${unitOf(sql`h.hour`)} as unit, ${stored('h', 'low')} as low, ${stored('h', 'high')} as high
      from telemetry_hourly h
      where h.device_id = ${g.device} and h.hour >= ${daysEnd ? sql`greatest(${from}, ${daysEnd})` : from}
        and h.hour < least(${to}, ${rolled})`);
  const sample = (end: 'min' | 'max') =>
    sql`${sql.raw(end)}(${extremeArray(series, sql`s.ts`, (r) => sql.raw(`s."${r}"`))})`;
  parts.push(sql`
    select ${unitOf(sql`o.hour`)} as unit, o.low, o.high from (
      select ${hourStart(sql`s.ts`, timeZone)} as hour, ${sample('min')} as low, ${sample('max')} as high
      from ${storedSamples({
        devices: (id) => sql`${id} = ${g.device}`,
        from: rolled ? sql`greatest(${from}, ${rolled})` : from,
        to,
      })} s
      group by 1
    ) o`);

  const ctes = sql`candidates as (${sql.join(parts, sql` union all `)})`;
  return pointsOf(
    db,
    ctes,
    extremesOf(
      sql`(select min(low) as low, max(high) as high from candidates group by unit / ${g.per}::int)`,
    ),
  );
}
