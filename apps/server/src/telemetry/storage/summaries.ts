import { sql, type SQL } from 'drizzle-orm';
import {
  EXTREMES,
  EXTREME_SERIES,
  POINT_READINGS,
  ROLLUP_MEANS,
  type ExtremeSeries,
} from '../../db/schema/telemetry';
import { epochMsOf, instantOfEpochMs } from '../../db/epoch-ms';

// The SQL of a summary (an hourly or daily rollup row, telemetry_hourly and telemetry_daily): the means
// of the device report's readings and, per graph series, its lowest and highest sample.
//
// An extreme is found with min()/max() over one float8 array per sample, [series value, time in epoch
// ms, the point's readings...]: arrays compare element by element, so the minimum is the lowest value
// and, among equal ones, the earliest sample, and the maximum the highest and latest, exactly the
// samples a graph picks from raw rows (graph-service.ts orders a bucket by (value, ts)). Reals and
// millisecond times convert to float8 exactly, and so back: nothing is rounded on the way.

/** The array's slots after the value and the time: the point's readings, in POINT_READINGS order. */
const READING_SLOT = Object.fromEntries(POINT_READINGS.map((r, i) => [r, i + 3])) as Record<
  (typeof POINT_READINGS)[number],
  number
>;

/** The instant a timestamptz's local hour begins (unambiguous across daylight-saving changes). */
export function hourStart(ts: SQL, timeZone: string): SQL {
  return sql`(${ts} - ((${ts} at time zone ${timeZone}) - date_trunc('hour', ${ts} at time zone ${timeZone})))`;
}

/** The series' value computed from its readings, in real arithmetic as the graphs compute it. */
export function seriesValue(series: ExtremeSeries, reading: (name: string) => SQL): SQL {
  if (series === 'pv_power') return sql`(${reading('pv_v')} * ${reading('pv_i')})`;
  if (series === 'load_power') return sql`(${reading('lo_v')} * ${reading('lo_i')})`;
  return reading('bt_v');
}

/** One sample (or one stored extreme) as the array its extremes are found by. */
export function extremeArray(series: ExtremeSeries, ts: SQL, reading: (name: string) => SQL): SQL {
  const readings = POINT_READINGS.map((r) => sql`${reading(r)}::float8`);
  return sql`array[${seriesValue(series, reading)}::float8, ${epochMsOf(ts)}, ${sql.join(readings, sql`, `)}]`;
}

/** The time an extreme array holds. */
export function arrayTime(array: SQL): SQL {
  return instantOfEpochMs(sql`${array}[2]`);
}

/** A reading an extreme array holds. */
export function arrayReading(array: SQL, name: (typeof POINT_READINGS)[number]): SQL {
  return sql`${array}[${sql.raw(String(READING_SLOT[name]))}]::real`;
}

/** The rollup tables' summary columns, in their order (after the key and counts). */
export const SUMMARY_COLUMNS: string[] = [
  ...ROLLUP_MEANS.map((f) => `${f}_mean`),
  ...EXTREMES.flatMap((e) => [`${e}_ts`, ...POINT_READINGS.map((r) => `${e}_${r}`)]),
  'repeats',
];

// An extreme that is the same sample as an earlier one (same time: one device) is written once: the
// later one's columns stay null and `repeats` holds, in 3 bits per extreme after the first, 1 + the
// index of the first extreme it repeats (0: its own columns hold it). Readers go through `extremeOf`.

const REPEAT_BITS = 3;
const shift = (k: number) => REPEAT_BITS * (k - 1);

/** An extreme's column (`ts` or a reading) as stored, following `repeats` to the extreme that holds it. */
export function extremeOf(alias: string, extreme: (typeof EXTREMES)[number], name: string): SQL {
  const k = EXTREMES.indexOf(extreme);
  const own = sql.raw(`${alias}."${extreme}_${name}"`);
  if (k === 0) return own;
  const branches = EXTREMES.slice(0, k).map(
    (earlier, j) => sql`when ${sql.raw(String(j + 1))} then ${sql.raw(`${alias}."${earlier}_${name}"`)}`,
  );
  return sql`(case (${sql.raw(`${alias}.repeats`)} >> ${sql.raw(String(shift(k)))}) & 7 when 0 then ${own} ${sql.join(branches, sql` `)} end)`;
}
export const summaryColumnList = (): SQL => sql.raw(SUMMARY_COLUMNS.map((c) => `"${c}"`).join(', '));

const col = (prefix: string) => (name: string) => sql.raw(`${prefix}"${name}"`);

/**
 * Aggregates of samples: the means and one extreme array per EXTREMES entry (named like it), for the
 * rows of `source` (aliased `s`, with the samples table's column names) grouped as the caller groups.
 */
export function aggregatesOfSamples(): SQL {
  const s = col('s.');
  const means = ROLLUP_MEANS.map((f) => sql`avg(${s(f)})::real as ${sql.identifier(`${f}_mean`)}`);
  const extremes = EXTREME_SERIES.flatMap((series) => {
    const array = extremeArray(series, s('ts'), s);
    return [
      sql`min(${array}) as ${sql.identifier(`${series}_low`)}`,
      sql`max(${array}) as ${sql.identifier(`${series}_high`)}`,
    ];
  });
  return sql.join([...means, ...extremes], sql`, `);
}

/**
 * Aggregates of hourly rows (aliased `h`) for their day: means weighted by each hour's samples, and
 * the extremes among the hours' extremes (the same arrays, rebuilt from the stored columns).
 */
export function aggregatesOfHours(): SQL {
  const h = col('h.');
  const means = ROLLUP_MEANS.map(
    (f) =>
      sql`(sum(${h(`${f}_mean`)}::float8 * ${h('samples')}) / sum(${h('samples')}))::real as ${sql.identifier(`${f}_mean`)}`,
  );
  const extremes = EXTREMES.map((e) => {
    const series = e.replace(/_(low|high)$/, '') as ExtremeSeries;
    const array = extremeArray(series, extremeOf('h', e, 'ts'), (r) => extremeOf('h', e, r));
    return sql`${sql.raw(e.endsWith('_low') ? 'min' : 'max')}(${array}) as ${sql.identifier(e)}`;
  });
  return sql.join([...means, ...extremes], sql`, `);
}

/**
 * The summary columns' values from aggregates (aliased `g`): means as they are, extremes unpacked, each
 * written only when no earlier extreme is the same sample.
 */
export function summaryValues(): SQL {
  const g = col('g.');
  const means = ROLLUP_MEANS.map((f) => g(`${f}_mean`));
  /** 1 + the index of the first earlier extreme with the same time, or 0. */
  const repeatOf = (k: number): SQL =>
    k === 0
      ? sql`0`
      : sql`(case ${sql.join(
          EXTREMES.slice(0, k).map(
            (earlier, j) => sql`when ${g(EXTREMES[k]!)}[2] = ${g(earlier)}[2] then ${sql.raw(String(j + 1))}`,
          ),
          sql` `,
        )} else 0 end)`;
  const extremes = EXTREMES.flatMap((e, k) => {
    const unless = (value: SQL) => (k === 0 ? value : sql`(case when ${repeatOf(k)} = 0 then ${value} end)`);
    return [unless(arrayTime(g(e))), ...POINT_READINGS.map((r) => unless(arrayReading(g(e), r)))];
  });
  const repeats = sql.join(
    EXTREMES.slice(1).map((_, i) => sql`(${repeatOf(i + 1)} << ${sql.raw(String(shift(i + 1)))})`),
    sql` | `,
  );
  return sql.join([...means, ...extremes, sql`(${repeats})::smallint`], sql`, `);
}

/** Every summary column, extremes followed to where they are held, under its own name (for reading). */
export function summaryRead(alias: string): SQL {
  const means = ROLLUP_MEANS.map((f) => sql.raw(`${alias}."${f}_mean"`));
  const extremes = EXTREMES.flatMap((e) =>
    ['ts', ...POINT_READINGS].map(
      (name) => sql`${extremeOf(alias, e, name)} as ${sql.identifier(`${e}_${name}`)}`,
    ),
  );
  return sql.join([...means, ...extremes], sql`, `);
}

/** `col = excluded.col` for every summary column (an upsert's update list). */
export function summaryUpdates(): SQL {
  return sql.raw(SUMMARY_COLUMNS.map((c) => `"${c}" = excluded."${c}"`).join(', '));
}
