import type { PgTable } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client';

/** Rows per statement: well under PostgreSQL's 65,535 parameters for the widest factory table. */
const CHUNK = 1000;

/** Inserts the rows in chunks and answers them as stored (defaults and ids filled in), in order. */
export async function insertRows<T extends PgTable>(
  db: Db,
  table: T,
  rows: T['$inferInsert'][],
): Promise<T['$inferSelect'][]> {
  const stored: T['$inferSelect'][] = [];
  for (let i = 0; i < rows.length; i += CHUNK) {
    const chunk = await db
      .insert(table)
      .values(rows.slice(i, i + CHUNK))
      .returning();
    stored.push(...(chunk as T['$inferSelect'][]));
  }
  return stored;
}

/** The fields a test gave, without those given as undefined (which keep the factory's default). */
export function given<T extends object>(over: T): T {
  return Object.fromEntries(Object.entries(over).filter(([, value]) => value !== undefined)) as T;
}
