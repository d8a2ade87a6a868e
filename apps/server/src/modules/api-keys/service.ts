import { and, count, desc, eq, isNull, sql } from 'drizzle-orm';
import {
  API_KEY_MESSAGES as M,
  apiKeyPrefix,
  type ApiKeyCreateBody,
  type ApiKeyCreated,
  type ApiKeyRow,
  type ApiKeyStatus,
} from '@rms/contracts/api-keys';
import { newApiKey } from '../../auth/api-key-auth';
import { permissionsRefused, type AuthUser } from '../../auth/access';
import { orgScope } from '../../auth/tenant';
import { addDays, today } from '../../calendar';
import type { Db } from '../../db/client';
import { pageOf, pageWindow, type PageParams } from '../../db/paging';
import { apiKeys } from '../../db/schema/api-keys';
import { users } from '../../db/schema/employees';
import { organizations } from '../../db/schema/organizations';
import { textSearch } from '../../db/search';
import { isUniqueViolation } from '../../db/unique-violation';
import { fieldError, notFound } from '../../errors';
import { dayStart } from '../monitoring';

// Organization API keys: made for the caller's organization with codes the caller holds, listed
// without their secret, revoked for good. The provider's people see and revoke every organization's.

/** A key's row with what its status depends on: its creator and its organization as they are now. */
function keyRows(db: Db) {
  return db
    .select({
      key: apiKeys,
      creator: { email: users.email, isActive: users.isActive, organizationId: users.organizationId },
      organization: { name: organizations.companyName, isActive: organizations.isActive },
      expired: sql<boolean>`coalesce(${apiKeys.expiresAt} <= now(), false)`,
    })
    .from(apiKeys)
    .innerJoin(users, eq(users.id, apiKeys.createdBy))
    .innerJoin(organizations, eq(organizations.id, apiKeys.organizationId));
}
type KeyRecord = Awaited<ReturnType<ReturnType<typeof keyRows>['where']>>[number];

export async function listKeys(
  db: Db,
  auth: AuthUser,
  query: PageParams & { query?: string | undefined },
  timeZone: string,
) {
  const where = and(
    orgScope(apiKeys.organizationId, auth),
    textSearch(query.query, [apiKeys.name, sql`'rms_' || ${apiKeys.publicId}`]),
  );
  const { limit, offset } = pageWindow(query);
  const [rows, [total]] = await Promise.all([
    keyRows(db).where(where).orderBy(desc(apiKeys.id)).limit(limit).offset(offset),
    db.select({ n: count() }).from(apiKeys).where(where),
  ]);
  return pageOf(
    query,
    rows.map((row) => toRow(row, timeZone)),
    total?.n ?? 0,
  );
}

/**
 * A new key for the caller's organization. Its codes must be ones the caller holds now (refused on the
 * permissions field, naming them); MANAGE_API_KEYS the contract refuses. The last day must be after
 * today (TIME_ZONE); the key stops at the start of the next day.
 */
export async function createKey(
  db: Db,
  auth: AuthUser,
  body: ApiKeyCreateBody,
  timeZone: string,
): Promise<ApiKeyCreated> {
  const codes = [...new Set(body.permissions.map(({ key }) => key))];
  const refused = codes.filter((code) => !auth.permissions.includes(code));
  if (refused.length > 0) throw permissionsRefused(refused);
  const lastDay = body.expires_on ?? null;
  if (lastDay !== null && lastDay <= today(timeZone)) throw fieldError('expires_on', M.expiryAfterToday);

  // Eight characters of 36 make a repeat unlikely but possible: the unique index decides, and a new id is drawn.
  for (let attempt = 1; ; attempt++) {
    const made = newApiKey();
    try {
      const [saved] = await db
        .insert(apiKeys)
        .values({
          publicId: made.publicId,
          secretHash: made.hash,
          name: body.name,
          organizationId: auth.organizationId,
          permissions: codes,
          createdBy: auth.id,
          expiresAt: lastDay === null ? null : sql`${dayStart(addDays(lastDay, 1), timeZone)}`,
        })
        .returning({ id: apiKeys.id });
      return { ...(await keyOf(db, saved!.id, timeZone)), key: made.key, detail: M.created };
    } catch (error) {
      if (!isUniqueViolation(error) || attempt >= 3) throw error;
    }
  }
}

/** Revokes a key in the caller's scope (at once: the next call with it answers 401); again: unchanged. */
export async function revokeKey(db: Db, auth: AuthUser, id: number, timeZone: string): Promise<ApiKeyRow> {
  const scope = orgScope(apiKeys.organizationId, auth);
  const [revoked] = await db
    .update(apiKeys)
    .set({ revokedAt: sql`now()`, revokedBy: auth.id })
    .where(and(eq(apiKeys.id, id), isNull(apiKeys.revokedAt), scope))
    .returning({ id: apiKeys.id });
  if (!revoked) {
    const [known] = await db
      .select({ id: apiKeys.id })
      .from(apiKeys)
      .where(and(eq(apiKeys.id, id), scope));
    if (!known) throw notFound(M.notFound);
  }
  return keyOf(db, id, timeZone);
}

async function keyOf(db: Db, id: number, timeZone: string): Promise<ApiKeyRow> {
  const [row] = await keyRows(db).where(eq(apiKeys.id, id));
  if (!row) throw notFound(M.notFound);
  return toRow(row, timeZone);
}

function statusOf(row: KeyRecord): ApiKeyStatus {
  if (row.key.revokedAt) return 'revoked';
  const creatorGone = !row.creator.isActive || row.creator.organizationId !== row.key.organizationId;
  if (creatorGone || !row.organization.isActive) return 'disabled';
  return row.expired ? 'expired' : 'active';
}

function toRow(row: KeyRecord, timeZone: string): ApiKeyRow {
  const { key } = row;
  return {
    id: key.id,
    name: key.name,
    prefix: apiKeyPrefix(key.publicId),
    permissions: key.permissions.map((code) => ({ key: code })),
    organization: key.organizationId,
    organization_name: row.organization.name,
    created_by: key.createdBy,
    created_by_email: row.creator.email,
    created_at: key.createdAt.toISOString(),
    // Stored as the instant it stops (the next day's start): its last day is the day before.
    expires_on: key.expiresAt ? today(timeZone, new Date(key.expiresAt.getTime() - 1)) : null,
    last_used_at: key.lastUsedAt?.toISOString() ?? null,
    revoked_at: key.revokedAt?.toISOString() ?? null,
    status: statusOf(row),
  };
}
