import type { SQL } from 'drizzle-orm';
import type { Db } from './client';

/**
 * Runs raw SQL and returns its rows. Both drivers (PGlite, node-postgres) answer `{rows}`; the shared
 * `Db` type cannot say so, hence this one typed door for the set-based statements of ingest.
 */
export async function rowsOf<T>(db: Db, query: SQL): Promise<T[]> {
  const result = (await db.execute(query)) as unknown as { rows: T[] };
  return result.rows;
}
