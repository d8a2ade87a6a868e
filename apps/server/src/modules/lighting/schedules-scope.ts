import { sql, type SQL } from 'drizzle-orm';
import type { AuthUser } from '../../auth/access';
import { actingOrganization } from '../../auth/acting-organization';
import type { Db } from '../../db/client';

// Whose schedules a caller reaches: a customer its own organization's, the provider's people any
// organization's. Anything outside answers 404, as if it did not exist.

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
  if (named !== undefined) return sql`${column} = ${await actingOrganization(db, auth, named)}`;
  return auth.isProvider ? sql`true` : sql`${column} = ${auth.organizationId}`;
}
