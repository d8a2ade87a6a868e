import { sql, type SQL } from 'drizzle-orm';
import { PACKED_LEVELS, PACKED_READINGS } from '../../db/schema/telemetry';

// The samples as readers see them: the rows of telemetry_samples and the samples packed per device and
// UTC hour in telemetry_sample_hours (packing.ts), one FROM item with the samples table's columns.

/** Every column of a sample, in the samples table's names and order. */
export const SAMPLE_COLUMNS = ['ts', 'energy_wh', 'device_id', ...PACKED_READINGS, ...PACKED_LEVELS] as const;
type SampleColumn = (typeof SAMPLE_COLUMNS)[number];

const DAY_MS = 86_400_000;

/** The UTC hour of a timestamptz (packed rows are UTC hours: a UTC day's partition holds whole ones). */
export const utcHour = (ts: SQL) => sql`date_trunc('hour', ${ts}, 'UTC')`;

/** A column of the sample at ordinality `u.i` of packed hour `p` (unnested as in `storedSamples`). */
function packedColumn(name: SampleColumn): SQL {
  if (name === 'ts') return sql`(p.hour + u.offset_ms * interval '1 millisecond')`;
  if (name === 'energy_wh') return sql`u.energy_wh`;
  if (name === 'device_id') return sql`p.device_id`;
  const reading = (PACKED_READINGS as readonly string[]).indexOf(name);
  if (reading >= 0) return sql.raw(`p.readings[u.i][${reading + 1}]`);
  return sql.raw(`p.levels[u.i][${(PACKED_LEVELS as readonly string[]).indexOf(name) + 1}]`);
}

/** The packed hours `p` (with their conditions) unnested to one row per sample, as `select ... from`. */
export function unpacked(where: SQL): SQL {
  const columns = SAMPLE_COLUMNS.map((c) => sql`${packedColumn(c)} as ${sql.identifier(c)}`);
  return sql`select ${sql.join(columns, sql`, `)}
    from telemetry_sample_hours p
    cross join lateral unnest(p.offsets, p.energy_wh) with ordinality as u(offset_ms, energy_wh, i)
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
 * Every stored sample matching the filter, rows and packed hours alike, as one parenthesised FROM item
 * with the samples table's columns (alias it).
 */
export function storedSamples(f: SampleFilter): SQL {
  const rows = all([
    f.devices?.(sql`s.device_id`),
    f.from && sql`s.ts >= ${f.from}`,
    f.to && sql`s.ts < ${f.to}`,
  ]);
  const hours = all([
    f.devices?.(sql`p.device_id`),
    f.from && sql`p.hour > ${f.from} - interval '1 hour'`,
    f.to && sql`p.hour < ${f.to}`,
  ]);
  const times = all([f.from && sql`x.ts >= ${f.from}`, f.to && sql`x.ts < ${f.to}`]);
  const columns = sql.raw(SAMPLE_COLUMNS.join(', '));
  return sql`(
    select ${columns} from telemetry_samples s where ${rows}
    union all
    select ${columns} from (${unpacked(hours)}) x where ${times}
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
