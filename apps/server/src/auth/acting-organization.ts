import { sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { rowsOf } from '../db/rows';
import { notFound } from '../errors';
import type { AuthUser } from './access';

/**
 * The organization a caller acts for when making something an organization owns (a group, a profile, a
 * schedule): the one named, for the provider's people, else their own. A customer naming another
 * organization, or a name that is no active organization, answers 404, as if it did not exist.
 */
export async function actingOrganization(db: Db, auth: AuthUser, named: number | undefined): Promise<number> {
  if (named === undefined || named === auth.organizationId) return auth.organizationId;
  if (!auth.isProvider) throw notFound();
  const [found] = await rowsOf<{ id: number }>(
    db,
    sql`select id from organizations where id = ${named} and is_active`,
  );
  if (!found) throw notFound();
  return named;
}
