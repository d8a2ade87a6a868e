import { sql } from 'drizzle-orm';
import { Gauge, type Registry } from 'prom-client';
import type { Db } from '../db/client';
import { rowsOf } from '../db/rows';
import {
  HOUR_MONTHS,
  PACKED_DAYS,
  SAMPLE_DAYS,
  defaultRows,
  partitionsOf,
} from '../telemetry/storage/partitions';
import { epochMsOf } from '../db/epoch-ms';

// Whether telemetry stays bounded (docs/operations.md "Telemetry storage"), read at scrape time: the
// partitions of each partitioned table, the rows waiting in their default partitions, the tables'
// size, how far behind the clock the hourly rollups are, and the oldest day of samples kept. One read
// per scrape, its queries one after the other (catalog queries, the default partitions counted, which
// should be empty, up to DEFAULT_ROWS_COUNTED, and one row of the rollup state). A read that fails is
// logged and leaves these series out of that scrape; /metrics still answers.

const PARTITIONED = [SAMPLE_DAYS, PACKED_DAYS, HOUR_MONTHS];
/** The tables whose size is shown: the partitioned ones (every partition) and the daily rollups. */
const SIZED = [...PARTITIONED.map((t) => t.table), 'telemetry_daily'];
/** A default partition is counted up to this many rows: more says the same, at a scan's cost. */
export const DEFAULT_ROWS_COUNTED = 100_000;

export interface TelemetryStorageFigures {
  /** Range partitions (not the default one) per partitioned table. */
  partitions: Record<string, number>;
  /** Rows in each table's default partition (up to DEFAULT_ROWS_COUNTED). */
  defaultRows: Record<string, number>;
  /** Bytes on disk per table: every partition, with indexes and TOAST. */
  bytes: Record<string, number>;
  /** How far the hourly rollups have come (rolled_to); before the first rollup, the oldest sample. */
  rolledTo: Date | null;
  /** The start of the oldest day partition of samples. */
  oldestDay: Date | null;
}

export async function readTelemetryStorage(db: Db): Promise<TelemetryStorageFigures> {
  const figures: TelemetryStorageFigures = {
    partitions: {},
    defaultRows: {},
    bytes: {},
    rolledTo: null,
    oldestDay: null,
  };
  for (const t of PARTITIONED) {
    const partitions = await partitionsOf(db, t);
    figures.partitions[t.table] = partitions.length;
    if (t === SAMPLE_DAYS) figures.oldestDay = partitions[0]?.from ?? null;
    figures.defaultRows[t.table] = await defaultRows(db, t, DEFAULT_ROWS_COUNTED);
  }
  const sizes = await rowsOf<{ name: string; bytes: number | null }>(
    db,
    sql`select t.name, coalesce(
          (select sum(pg_total_relation_size(relid)) from pg_partition_tree(t.name::regclass)),
          pg_total_relation_size(t.name::regclass))::float8 as bytes
        from unnest(${sql.param(SIZED)}::text[]) t(name)`,
  );
  for (const { name, bytes } of sizes) figures.bytes[name] = Number(bytes ?? 0);
  // Before the first rollup the hours wait from the oldest sample on (as rollUpClosedHours starts);
  // that minimum is read only then, from the key's index.
  const [state] = await rowsOf<{ ms: number | null }>(
    db,
    sql`select ${epochMsOf(sql`coalesce(rolled_to, (select min(ts) from telemetry_samples))`)} as ms
        from telemetry_rollup_state where id = 1`,
  );
  const ms = state?.ms;
  figures.rolledTo = ms === null || ms === undefined ? null : new Date(Number(ms));
  return figures;
}

export interface WarnLog {
  warn(details: object, message: string): void;
}

/** Registers the telemetry storage gauges, read from `db` at each scrape. */
export function watchTelemetryStorage(registry: Registry, db: Db, log: WarnLog): void {
  const registers = [registry];
  // Every gauge's collect() of one scrape is called before any of them resolves: they share one read.
  let reading: Promise<TelemetryStorageFigures | null> | null = null;
  const read = () =>
    (reading ??= readTelemetryStorage(db)
      .catch((err: unknown) => {
        log.warn({ err }, 'metrics: telemetry storage figures could not be read');
        return null;
      })
      .finally(() => {
        reading = null;
      }));
  const gauge = (
    name: string,
    help: string,
    labelNames: string[],
    set: (g: Gauge<string>, f: TelemetryStorageFigures) => void,
  ) =>
    new Gauge({
      name,
      help,
      labelNames,
      registers,
      async collect() {
        this.reset();
        // reset() leaves an unlabelled gauge at 0: a figure not read is left out instead.
        if (labelNames.length === 0) this.remove();
        const figures = await read();
        if (figures) set(this, figures);
      },
    });
  const byTable = (g: Gauge<string>, values: Record<string, number>) => {
    for (const [table, value] of Object.entries(values)) g.set({ table }, value);
  };

  gauge(
    'rms_telemetry_partitions',
    'Range partitions (the default one not counted) of each partitioned telemetry table',
    ['table'],
    (g, f) => byTable(g, f.partitions),
  );
  gauge(
    'rms_telemetry_default_partition_rows',
    `Rows in each telemetry table's default partition, found no partition for their range (should be 0; counted up to ${DEFAULT_ROWS_COUNTED})`,
    ['table'],
    (g, f) => byTable(g, f.defaultRows),
  );
  gauge(
    'rms_telemetry_bytes',
    'Bytes on disk of each telemetry table: every partition, with indexes and TOAST',
    ['table'],
    (g, f) => byTable(g, f.bytes),
  );
  gauge(
    'rms_telemetry_rollup_lag_seconds',
    'How far behind the clock the hourly rollups are (telemetry_rollup_state.rolled_to; before the first rollup, the oldest sample; 0 with no samples)',
    [],
    (g, f) => g.set(f.rolledTo ? Math.max(0, (Date.now() - f.rolledTo.getTime()) / 1000) : 0),
  );
  gauge(
    'rms_telemetry_oldest_sample_timestamp_seconds',
    'Start of the oldest UTC day of samples kept (its partition), Unix seconds',
    [],
    (g, f) => {
      if (f.oldestDay) g.set(f.oldestDay.getTime() / 1000);
    },
  );
}
