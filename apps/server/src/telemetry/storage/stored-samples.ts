import { sql, type SQL } from 'drizzle-orm';
import { PACKED_LEVELS, PACKED_READINGS } from '../../db/schema/telemetry';

// The samples as readers see them: the rows of telemetry_samples and the samples packed per device and
// UTC day in telemetry_sample_days (packing.ts), one FROM item with the samples table's columns.

/** Every column of a sample, in the samples table's names and order. */
export const SAMPLE_COLUMNS = ['ts', 'energy_wh', 'device_id', ...PACKED_READINGS, ...PACKED_LEVELS] as const;
/** The packed day's arrays after `offsets`, one per sample column (the same names). */
export const PACKED_ARRAYS = ['energy_wh', ...PACKED_READINGS, ...PACKED_LEVELS] as const;

const DAY_MS = 86_400_000;

/** The UTC day of a timestamptz (packed rows are UTC days: a UTC day's partition holds whole ones). */
export const utcDay = (ts: SQL) => sql`date_trunc('day', ${ts}, 'UTC')`;
/** The UTC hour of a timestamptz. */
export const utcHour = (ts: SQL) => sql`date_trunc('hour', ${ts}, 'UTC')`;

/**
 * The packed days `p` (with their conditions) unnested to one row per sample, as `select ... from`.
 * The arrays are unnested together, each read (and decompressed) once per day; a sample's time is its
 * day plus the running sum of the offsets, summed within the day's row.
 */
export function unpacked(where: SQL): SQL {
  const arrays = sql.raw(PACKED_ARRAYS.map((c) => `p.${c}`).join(', '));
  const names = sql.raw(PACKED_ARRAYS.join(', '));
  const columns = sql.raw(
    SAMPLE_COLUMNS.map((c) =>
      c === 'ts'
        ? `p.day + u.offset_ms * interval '1 millisecond' as ts`
        : c === 'device_id'
          ? 'p.device_id'
          : `u.${c}`,
    ).join(', '),
  );
  return sql`select ${columns}
    from telemetry_sample_days p
    cross join lateral (
      select sum(v.delta_ms) over (order by v.i) as offset_ms, v.*
      from unnest(p.offsets, ${arrays}) with ordinality as v(delta_ms, ${names}, i)
    ) u
    where ${where}`;
}

export interface SampleFilter {
  /** The devices, as a condition on a device id column. */
  devices?: (column: SQL) => SQL;
  /** The instants, [from, to). */
  from?: SQL;
  to?: SQL;
}

const all = (conditions: (SQL | undefined | false)[]) => {
  const kept = conditions.filter((c): c is SQL => Boolean(c));
  return kept.length > 0 ? sql.join(kept, sql` and `) : sql`true`;
};

/**
 * Every stored sample matching the filter, rows and packed days alike, as one parenthesised FROM item
 * with the samples table's columns (alias it).
 */
export function storedSamples(f: SampleFilter): SQL {
  const rows = all([
    f.devices?.(sql`s.device_id`),
    f.from && sql`s.ts >= ${f.from}`,
    f.to && sql`s.ts < ${f.to}`,
  ]);
  const days = all([
    f.devices?.(sql`p.device_id`),
    f.from && sql`p.day > ${f.from} - interval '1 day'`,
    f.to && sql`p.day < ${f.to}`,
  ]);
  const times = all([f.from && sql`x.ts >= ${f.from}`, f.to && sql`x.ts < ${f.to}`]);
  const columns = sql.raw(SAMPLE_COLUMNS.join(', '));
  return sql`(
    select ${columns} from telemetry_samples s where ${rows}
    union all
    select ${columns} from (${unpacked(days)}) x where ${times}
  )`;
}

/**
 * The instant before which UTC days may be packed: the UTC midnight at or before the start of the local
 * day under way, so that the local day under way is all rows (the device report reads it by its key).
 * With `dayOf` unknown (the ingest), the UTC midnight before `now`, which is never earlier.
 */
export function packableBefore(now: number, dayOf?: (epochMs: number) => string): number {
  const utcDay = (ms: number) => Math.floor(ms / DAY_MS) * DAY_MS;
  if (!dayOf) return utcDay(now);
  // The local midnight at or before now: a local day lasts 23 to 25 hours.
  const quarter = 15 * 60_000;
  let midnight = Math.floor(now / quarter) * quarter;
  while (dayOf(midnight - 1) === dayOf(now)) midnight -= quarter;
  return utcDay(midnight);
}
