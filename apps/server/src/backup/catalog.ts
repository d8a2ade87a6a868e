import { quoteIdent, type SqlSession } from './sql-session';

// What the database holds, read from its catalog rather than from the schema in code, so that a
// backup takes every table a migration made (and a restore every table of the backup's level): the
// tables of the public schema in an order that loads parents before the rows that refer to them,
// their stored columns, partitions with their bounds, sequences, materialized views, and the
// migrations applied (drizzle's own table).

export interface TableEntry {
  name: string;
  columns: string[];
  /** Relations holding the rows: the table itself, or a partitioned table's leaf partitions. */
  leaves: string[];
}

export interface PartitionEntry {
  name: string;
  parent: string;
  /** `FOR VALUES ...` as PostgreSQL writes it. */
  bound: string;
}

export interface SequenceEntry {
  name: string;
  lastValue: string;
  isCalled: boolean;
}

export interface MigrationLevel {
  /** Migrations applied. */
  count: number;
  /** The last one's journal time (drizzle's `created_at`), null when none was applied. */
  lastAt: number | null;
}

/**
 * Tables that hold no data of their own and are left out of a backup. `map_version` counts the changes
 * of what the map shows so that each version is new (migration 0036): restored, it would go back to the
 * backup's count and then repeat versions a browser may still hold for another map. Left out, the
 * restore's migrations start it afresh at random.
 */
const NOT_BACKED_UP = ['map_version'];

/** Tables of the public schema (partitioned tables as one), parents before the tables referring to them. */
export async function tablesOf(session: SqlSession): Promise<TableEntry[]> {
  const tables = await session.query<{ oid: number; name: string; kind: string }>(
    `SELECT c.oid::int AS oid, c.relname AS name, c.relkind::text AS kind
       FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
      WHERE n.nspname = 'public' AND c.relkind IN ('r', 'p') AND NOT c.relispartition
        AND c.relname NOT IN (${NOT_BACKED_UP.map((name) => `'${name}'`).join(', ')})
      ORDER BY c.relname`,
  );
  if (tables.length === 0) return [];
  const oids = tables.map((t) => t.oid).join(',');
  const columns = await session.query<{ oid: number; name: string }>(
    `SELECT attrelid::int AS oid, attname AS name FROM pg_attribute
      WHERE attrelid IN (${oids}) AND attnum > 0 AND NOT attisdropped AND attgenerated = ''
      ORDER BY attrelid, attnum`,
  );
  const leaves = await session.query<{ oid: number; leaf: string }>(
    `SELECT t.oid::int AS oid, l.relname AS leaf
       FROM pg_class t, pg_partition_tree(t.oid) p JOIN pg_class l ON l.oid = p.relid
      WHERE t.oid IN (${oids}) AND t.relkind = 'p' AND p.isleaf
      ORDER BY l.relname`,
  );
  const references = await session.query<{ child: number; parent: number }>(
    `SELECT DISTINCT conrelid::int AS child, confrelid::int AS parent FROM pg_constraint
      WHERE contype = 'f' AND conrelid <> confrelid AND conrelid IN (${oids}) AND confrelid IN (${oids})`,
  );
  const entries = new Map(
    tables.map((t) => [
      t.oid,
      {
        name: t.name,
        columns: columns.filter((c) => c.oid === t.oid).map((c) => c.name),
        leaves: t.kind === 'p' ? leaves.filter((l) => l.oid === t.oid).map((l) => l.leaf) : [t.name],
      },
    ]),
  );
  // Kahn's order: a table comes once every table it refers to has come (a reference to itself is
  // checked at the end of its own COPY, so it needs no order).
  const ordered: TableEntry[] = [];
  const waiting = new Map(tables.map((t) => [t.oid, new Set<number>()]));
  for (const r of references) waiting.get(r.child)!.add(r.parent);
  while (waiting.size > 0) {
    const ready = [...waiting].filter(([, parents]) => parents.size === 0).map(([oid]) => oid);
    if (ready.length === 0)
      throw new Error(
        `backup: tables refer to each other in a cycle (${[...waiting.keys()].map((o) => entries.get(o)!.name).join(', ')})`,
      );
    for (const oid of ready) {
      ordered.push(entries.get(oid)!);
      waiting.delete(oid);
      for (const parents of waiting.values()) parents.delete(oid);
    }
  }
  return ordered;
}

/** Partitions of the public schema's tables, a partition before the partitions it holds. */
export async function partitionsOf(session: SqlSession): Promise<PartitionEntry[]> {
  const partitions = await session.query<PartitionEntry>(
    `SELECT c.relname AS name, p.relname AS parent, pg_get_expr(c.relpartbound, c.oid) AS bound
       FROM pg_class c
       JOIN pg_namespace n ON n.oid = c.relnamespace
       JOIN pg_inherits i ON i.inhrelid = c.oid
       JOIN pg_class p ON p.oid = i.inhparent
      WHERE n.nspname = 'public' AND c.relispartition AND c.relkind IN ('r', 'p')
      ORDER BY c.relname`,
  );
  const byName = new Map(partitions.map((p) => [p.name, p]));
  const depth = (p: PartitionEntry): number => {
    const parent = byName.get(p.parent);
    return parent ? depth(parent) + 1 : 0;
  };
  return partitions.sort((a, b) => depth(a) - depth(b));
}

export async function sequencesOf(session: SqlSession): Promise<SequenceEntry[]> {
  const names = await session.query<{ name: string }>(
    `SELECT c.relname AS name FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
      WHERE n.nspname = 'public' AND c.relkind = 'S' ORDER BY c.relname`,
  );
  const sequences: SequenceEntry[] = [];
  for (const { name } of names) {
    const [state] = await session.query<{ lastValue: string; isCalled: boolean }>(
      `SELECT last_value::text AS "lastValue", is_called AS "isCalled" FROM ${quoteIdent(name)}`,
    );
    sequences.push({ name, ...state! });
  }
  return sequences;
}

export async function materializedViewsOf(session: SqlSession): Promise<string[]> {
  const views = await session.query<{ name: string }>(
    `SELECT c.relname AS name FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
      WHERE n.nspname = 'public' AND c.relkind = 'm' ORDER BY c.relname`,
  );
  return views.map((v) => v.name);
}

/** The migrations drizzle has applied (its `drizzle.__drizzle_migrations`); none on an empty database. */
export async function migrationLevelOf(session: SqlSession): Promise<MigrationLevel> {
  const [exists] = await session.query<{ found: boolean }>(
    `SELECT to_regclass('drizzle.__drizzle_migrations') IS NOT NULL AS found`,
  );
  if (!exists?.found) return { count: 0, lastAt: null };
  const [level] = await session.query<{ count: number; lastAt: string | null }>(
    `SELECT count(*)::int AS count, max(created_at)::text AS "lastAt" FROM drizzle.__drizzle_migrations`,
  );
  return { count: level?.count ?? 0, lastAt: level?.lastAt ? Number(level.lastAt) : null };
}

/** Rows of each table of the public schema (for the emptiness check and the restore's count check). */
export async function rowCounts(
  session: SqlSession,
  tables: { name: string }[],
): Promise<Map<string, number>> {
  const counts = new Map<string, number>();
  for (const { name } of tables) {
    const [row] = await session.query<{ rows: number }>(
      `SELECT count(*)::int AS rows FROM ${quoteIdent(name)}`,
    );
    counts.set(name, row?.rows ?? 0);
  }
  return counts;
}
