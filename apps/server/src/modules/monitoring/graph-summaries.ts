import { sql, type SQL } from 'drizzle-orm';
import { GRAPH_SERIES, type GraphKind } from '@rms/contracts/monitoring';
import { today } from '../../calendar';
import type { Db } from '../../db/client';
import { POINT_READINGS, type ExtremeSeries } from '../../db/schema/telemetry';
import { storedSamples } from '../../telemetry/storage/stored-samples';
import { extremeArray, extremeOf, hourStart, seriesValue } from '../../telemetry/storage/summaries';
import { dayStart } from './days';
import { extremesOf, pointsJson } from './graph-points';

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

export async function summaryGraph(db: Db, g: SummaryGraph): Promise<string> {
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
  // The hours (up to 8,760 a year) are not made into arrays one by one: their extremes' values and
  // times are compared as plain columns first, and only each bucket's lowest and highest hours (with
  // those tied on the value) become arrays, which then compete with the other parts' as before.
  const hourCtes: SQL[] = [];
  if (rolled) {
    const resolved = (end: 'low' | 'high') =>
      ['ts', ...POINT_READINGS].map(
        (name) => sql`${extremeOf('h', `${series}_${end}`, name)} as ${sql.identifier(`${end}_${name}`)}`,
      );
    hourCtes.push(sql`hours as materialized (
      select ${unitOf(sql`h.hour`)} / ${g.per}::int as b, ${sql.join([...resolved('low'), ...resolved('high')], sql`, `)}
      from telemetry_hourly h
      where h.device_id = ${g.device} and h.hour >= ${daysEnd ? sql`greatest(${from}, ${daysEnd})` : from}
        and h.hour < least(${to}, ${rolled}))`);
    const value = (end: 'low' | 'high') =>
      sql`${seriesValue(series, (r) => sql.raw(`x."${end}_${r}"`))}::float8`;
    hourCtes.push(sql`hour_bounds as (
      select x.b, min(${value('low')}) as low, max(${value('high')}) as high from hours x group by x.b)`);
    // Among the hours tied on the value, the earliest lowest and the latest highest (as min()/max() of
    // the arrays pick); an extreme's time belongs to one hour, so it names the hour.
    hourCtes.push(sql`hour_picks as (
      select m.b, min(case when ${value('low')} = m.low then x."low_ts" end) as low_ts,
        max(case when ${value('high')} = m.high then x."high_ts" end) as high_ts
      from hours x join hour_bounds m on m.b = x.b
      group by m.b)`);
    const array = (end: 'low' | 'high') =>
      extremeArray(series, sql.raw(`x."${end}_ts"`), (r) => sql.raw(`x."${end}_${r}"`));
    parts.push(sql`
      select x.b * ${g.per}::int as unit,
        case when x."low_ts" = p.low_ts then ${array('low')} end as low,
        case when x."high_ts" = p.high_ts then ${array('high')} end as high
      from hours x join hour_picks p on p.b = x.b and (x."low_ts" = p.low_ts or x."high_ts" = p.high_ts)`);
  }
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

  const ctes = sql.join([...hourCtes, sql`candidates as (${sql.join(parts, sql` union all `)})`], sql`, `);
  return pointsJson(
    db,
    ctes,
    extremesOf(
      sql`(select min(low) as low, max(high) as high from candidates group by unit / ${g.per}::int)`,
    ),
  );
}
