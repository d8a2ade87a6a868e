import { Param, sql, type SQLWrapper } from 'drizzle-orm';
import type { Db } from './client';

// Set-based inserts: one statement per batch whose rows come from `unnest` of one array parameter per
// column (several times faster than row-by-row VALUES, on PGlite and
// PostgreSQL alike), instead of one bound parameter per cell.

export type ColumnType = 'text' | 'date' | 'integer' | 'boolean' | 'double precision';

export interface UnnestColumn {
  name: string;
  type: ColumnType;
  values: unknown[];
}

const BATCH = 2000;

/**
 * Inserts the columns' values row by row into `table` (`constants` are the same on every row) and
 * answers the new rows' ids, in no promised order: a caller matching them to its rows selects them by a
 * unique key (a single create's one row is its one id).
 */
export async function insertUnnest(
  db: Db,
  table: string,
  columns: UnnestColumn[],
  constants: Record<string, string | number | boolean | null> = {},
): Promise<number[]> {
  const length = columns[0]?.values.length ?? 0;
  const ids: number[] = [];
  const constantNames = Object.keys(constants);
  const names = [...columns.map((c) => c.name), ...constantNames].map((n) => sql.identifier(n));
  for (let start = 0; start < length; start += BATCH) {
    const arrays = columns.map(
      (c) => sql`${new Param(c.values.slice(start, start + BATCH))}::${sql.raw(c.type)}[]`,
    );
    const selected: SQLWrapper[] = [
      ...columns.map((_, i) => sql.identifier(`c${i}`)),
      ...constantNames.map((n) => sql`${constants[n]}`),
    ];
    const aliases = columns.map((_, i) => sql.identifier(`c${i}`));
    const made = await db.execute(
      sql`insert into ${sql.identifier(table)} (${sql.join(names, sql`, `)})
          select ${sql.join(selected, sql`, `)}
          from unnest(${sql.join(arrays, sql`, `)}) as u(${sql.join(aliases, sql`, `)})
          returning id`,
    );
    // PGlite and node-postgres both answer `rows`; Db's union type leaves the result unknown.
    for (const row of (made as { rows: { id: number }[] }).rows) ids.push(row.id);
  }
  return ids;
}
