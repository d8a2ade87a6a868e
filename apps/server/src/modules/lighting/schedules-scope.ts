import { sql, type SQL } from 'drizzle-orm';
import type { AuthUser } from '../../auth/access';
import type { Db } from '../../db/client';
import { rowsOf } from '../../db/rows';
import { notFound } from '../../errors';

// Whose schedules a caller reaches: a customer its own organization's, the provider's people any
// organization's. Anything outside answers 404, as if it did not exist.

/** The organization the caller acts for: the one named (the provider's people only) or their own. */
export async function organizationOf(db: Db, auth: AuthUser, named: number | undefined): Promise<number> {
  if (named === undefined || named === auth.organizationId) return auth.organizationId;
  if (!auth.isProvider) throw notFound();
  const [found] = await rowsOf<{ id: number }>(
    db,
    sql`select id from organizations where id = ${named} and is_active`,
  );
  if (!found) throw notFound();
  return named;
}

/**
 * The organization filter of a list: the one named, else the caller's own (a customer) or every one
 * (the provider's people).
 */
export async function listScope(
  db: Db,
  auth: AuthUser,
  named: number | undefined,
  column: SQL,
): Promise<SQL> {
  if (named !== undefined) return sql`${column} = ${await organizationOf(db, auth, named)}`;
  return auth.isProvider ? sql`true` : sql`${column} = ${auth.organizationId}`;
}

/** Whether the caller reaches a row of `organizationId`. */
export const reaches = (auth: AuthUser, organizationId: number) =>
  auth.isProvider || organizationId === auth.organizationId;
