import { createHash, randomBytes, randomInt, timingSafeEqual } from 'node:crypto';
import { and, eq, gt, isNull, lt, or, sql, type SQL } from 'drizzle-orm';
import { API_KEY_PATTERN, CODES_KEYS_NEVER_HOLD } from '@rms/contracts/api-keys';
import type { Db } from '../db/client';
import { apiKeys } from '../db/schema/api-keys';
import { users } from '../db/schema/employees';
import { organizations } from '../db/schema/organizations';
import { effectivePermissions, type AuthUser } from './auth-user';

// Organization API keys as callers. A key acts for its organization with the codes it was given that
// its creator still holds (the creator's effective codes, capped by the organization's list), never
// MANAGE_API_KEYS and never as a super-user. It stops working when revoked, past its last day, when its
// organization is deleted, and when its creator's account is deleted or leaves the organization.

const PUBLIC_ID_ALPHABET = 'abcdefghijklmnopqrstuvwxyz0123456789';
/** How often a key's last use is written: a key in steady use costs one UPDATE a minute, not one per call. */
const LAST_USED_EVERY = sql`interval '1 minute'`;

/** A new key: its public id, the whole key (shown once) and the hash kept in its place. */
export function newApiKey(): { publicId: string; key: string; hash: string } {
  let publicId = '';
  for (let i = 0; i < 8; i++) publicId += PUBLIC_ID_ALPHABET[randomInt(PUBLIC_ID_ALPHABET.length)];
  const key = `rms_${publicId}_${randomBytes(32).toString('base64url')}`;
  return { publicId, key, hash: hashApiKey(key) };
}

/**
 * SHA-256, not argon2: a key carries 256 random bits, so no guess list or GPU makes inverting its hash
 * feasible, while a deliberately slow hash would cost tens of milliseconds of CPU on every API call a
 * key authenticates, and would let anyone send keys to burn the server's CPU.
 */
export function hashApiKey(key: string): string {
  return createHash('sha256').update(key).digest('base64url');
}

/** Whether a bearer token is written as an API key (a JWT never starts with `rms_`). */
export function looksLikeApiKey(token: string): boolean {
  return token.startsWith('rms_');
}

function keyCallerQuery(db: Db, where: SQL | undefined) {
  return db
    .select({
      key: {
        id: apiKeys.id,
        name: apiKeys.name,
        secretHash: apiKeys.secretHash,
        permissions: apiKeys.permissions,
        expiresAt: apiKeys.expiresAt,
        lastUsedAt: apiKeys.lastUsedAt,
      },
      user: {
        id: users.id,
        email: users.email,
        isSuperuser: users.isSuperuser,
        permissions: users.permissions,
      },
      organization: {
        id: organizations.id,
        isProvider: organizations.isProvider,
        permissions: organizations.permissions,
      },
    })
    .from(apiKeys)
    .innerJoin(
      users,
      and(
        eq(users.id, apiKeys.createdBy),
        eq(users.isActive, true),
        eq(users.organizationId, apiKeys.organizationId),
      ),
    )
    .innerJoin(
      organizations,
      and(eq(organizations.id, apiKeys.organizationId), eq(organizations.isActive, true)),
    )
    .where(
      and(where, isNull(apiKeys.revokedAt), or(isNull(apiKeys.expiresAt), gt(apiKeys.expiresAt, sql`now()`))),
    );
}

// Prepared once per database, like the session lookup: it runs on every call a key makes.
const byPublicId = new WeakMap<Db, ReturnType<typeof preparePublicId>>();
const preparePublicId = (db: Db) =>
  keyCallerQuery(db, eq(apiKeys.publicId, sql.placeholder('publicId'))).prepare('api_key_caller');

type KeyCallerRow = Awaited<ReturnType<ReturnType<typeof preparePublicId>['execute']>>[number];

function toCaller(row: KeyCallerRow): AuthUser {
  const held = effectivePermissions(row.user, row.organization);
  const never: readonly string[] = CODES_KEYS_NEVER_HOLD;
  return {
    id: row.user.id,
    email: row.user.email,
    sessionId: null,
    organizationId: row.organization.id,
    isProvider: row.organization.isProvider,
    is_superuser: false,
    permissions: row.key.permissions.filter((code) => held.includes(code) && !never.includes(code)),
    apiKey: { id: row.key.id, name: row.key.name, expiresAt: row.key.expiresAt },
  };
}

/** The caller a bearer API key stands for, or null when the key is unknown, wrong or no longer works. */
export async function loadKeyCaller(db: Db, token: string): Promise<AuthUser | null> {
  const match = API_KEY_PATTERN.exec(token);
  if (!match) return null;
  let query = byPublicId.get(db);
  if (!query) byPublicId.set(db, (query = preparePublicId(db)));
  const [row] = await query.execute({ publicId: match[1] });
  if (!row || !sameHash(hashApiKey(token), row.key.secretHash)) return null;
  const stale = !row.key.lastUsedAt || Date.now() - row.key.lastUsedAt.getTime() >= 60_000;
  // The condition is checked again in the UPDATE: instances racing on one key write it once a minute.
  if (stale)
    await db
      .update(apiKeys)
      .set({ lastUsedAt: sql`now()` })
      .where(
        and(
          eq(apiKeys.id, row.key.id),
          or(isNull(apiKeys.lastUsedAt), lt(apiKeys.lastUsedAt, sql`now() - ${LAST_USED_EVERY}`)),
        ),
      );
  return toCaller(row);
}

/** A key caller looked up again (an open event stream checks its caller every heartbeat). */
export async function reloadKeyCaller(db: Db, keyId: number): Promise<AuthUser | null> {
  const [row] = await keyCallerQuery(db, eq(apiKeys.id, keyId));
  return row ? toCaller(row) : null;
}

function sameHash(a: string, b: string): boolean {
  const x = Buffer.from(a, 'base64url');
  const y = Buffer.from(b, 'base64url');
  return x.length === y.length && timingSafeEqual(x, y);
}
