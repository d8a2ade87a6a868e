import { sql, type SQL } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import type { AuthUser } from './access';

// Organization scope: the provider's organization sees every row; a customer organization only its own.
// Services add this condition to every query over organization-owned rows; a row outside the scope
// is answered as 404, never 403, so its existence does not leak.

/** The condition on an organization column (a table's, or a raw query's as `sql`); undefined: every row. */
export function orgScope(column: PgColumn | SQL, auth: AuthUser): SQL | undefined {
  return auth.isProvider ? undefined : sql`${column} = ${auth.organizationId}`;
}

export function canSeeOrganization(auth: AuthUser, organizationId: number): boolean {
  return auth.isProvider || auth.organizationId === organizationId;
}
