import type { FastifyBaseLogger } from 'fastify';
import { revokeSessions } from './revoke';
import type { Mailer } from '../../mail/mailer';
import { timingSafeEqual } from 'node:crypto';
import { and, eq, isNull, sql } from 'drizzle-orm';
import type { SessionUser, TokenPair } from '@rms/contracts/session';
import { MESSAGES } from '@rms/contracts/messages';
import type { Db } from '../../db/client';
import { users } from '../../db/schema/employees';
import { organizations } from '../../db/schema/organizations';
import { sessions } from '../../db/schema/session';
import { effectivePermissions } from '../../auth/access';
import { verifyAgainstDummy, verifyPassword } from '../../auth/passwords';
import {
  formatRefreshToken,
  hashSecret,
  newRefreshSecret,
  newSessionId,
  parseRefreshToken,
  type TokenService,
} from '../../auth/tokens';
import { HttpError, unauthorized } from '../../errors';
import { humanDuration, type AttemptThrottle } from '../../auth/attempt-throttle';
import type { Storage } from '../../storage/storage';
import { fileLink } from '../uploads';

const INVALID_REFRESH = 'Token is invalid or expired';

export interface SessionDeps {
  db: Db;
  storage: Storage;
  tokens: TokenService;
  throttle: AttemptThrottle;
  refreshSeconds: number;
  /** The deployment's time zone (TIME_ZONE): the console shows days and times in it. */
  timeZone: string;
  mailer: Mailer;
  log: FastifyBaseLogger;
  /** An account signed in or set a new password (the first start's kept credentials of it are dropped). */
  accountUsed?: (email: string) => void;
}

export async function login(
  deps: SessionDeps,
  input: { username: string; password: string; ip: string; userAgent: string | undefined },
): Promise<TokenPair & { user: SessionUser }> {
  const account = input.username.trim().toLowerCase();
  // Counted before the password check runs: parallel guesses cannot all pass the check first.
  const wait = deps.throttle.attempt(account, input.ip);
  if (wait > 0) throw new HttpError(429, MESSAGES.tooManyLoginAttempts(humanDuration(wait)));

  const [row] = await deps.db
    .select({ user: users, organization: organizations })
    .from(users)
    .innerJoin(organizations, eq(organizations.id, users.organizationId))
    .where(
      and(
        sql`lower(${users.email}) = ${account}`,
        eq(users.isActive, true),
        eq(organizations.isActive, true),
      ),
    );
  const ok = row
    ? await verifyPassword(row.user.passwordHash, input.password)
    : await verifyAgainstDummy(input.password);
  if (!row || !ok) throw new HttpError(400, MESSAGES.invalidCredentials);
  deps.throttle.succeeded(account, input.ip);
  deps.accountUsed?.(row.user.email);

  const sessionId = newSessionId();
  const secret = newRefreshSecret();
  await deps.db.insert(sessions).values({
    id: sessionId,
    userId: row.user.id,
    refreshHash: hashSecret(secret),
    expiresAt: new Date(Date.now() + deps.refreshSeconds * 1000),
    ip: input.ip,
    userAgent: input.userAgent?.slice(0, 300),
  });
  return {
    access: await deps.tokens.signAccess({ userId: row.user.id, sessionId }),
    refresh: formatRefreshToken(sessionId, secret),
    user: await toSessionUser(deps, row.user, row.organization),
  };
}

/**
 * Rotates a refresh token. The stored hash moves on with each use. The secret is checked before
 * anything changes: a token whose secret is wrong (a guess at a session id) changes nothing. The token
 * the last rotation replaced, presented again, is a replay (stolen, or used twice): that session is
 * ended for everyone holding it.
 */
export async function refresh(deps: SessionDeps, token: string): Promise<TokenPair> {
  const parsed = parseRefreshToken(token);
  if (!parsed) throw unauthorized(INVALID_REFRESH);
  const [session] = await deps.db.select().from(sessions).where(eq(sessions.id, parsed.sessionId));
  if (!session || session.revokedAt || session.expiresAt <= new Date()) throw unauthorized(INVALID_REFRESH);
  const presented = hashSecret(parsed.secret);
  if (!sameHash(presented, session.refreshHash)) {
    if (session.previousRefreshHash && sameHash(presented, session.previousRefreshHash))
      await revokeSessions(deps.db, { session: session.id }, 'refresh token reused');
    throw unauthorized(INVALID_REFRESH);
  }

  const next = newRefreshSecret();
  const rotated = await deps.db
    .update(sessions)
    .set({ refreshHash: hashSecret(next), previousRefreshHash: presented, lastUsedAt: new Date() })
    .where(and(eq(sessions.id, session.id), eq(sessions.refreshHash, presented), isNull(sessions.revokedAt)))
    .returning({ id: sessions.id });
  // Two uses of one token at the same moment: the other one won the rotation; this one is the replay.
  if (rotated.length === 0) {
    await revokeSessions(deps.db, { session: session.id }, 'refresh token reused');
    throw unauthorized(INVALID_REFRESH);
  }
  return {
    access: await deps.tokens.signAccess({ userId: session.userId, sessionId: session.id }),
    refresh: formatRefreshToken(session.id, next),
  };
}

/** Compares two secret hashes in constant time. */
function sameHash(a: string, b: string): boolean {
  const x = Buffer.from(a, 'base64url');
  const y = Buffer.from(b, 'base64url');
  return x.length === y.length && timingSafeEqual(x, y);
}

/**
 * Logout: the refresh token names the session; only its holder (matching secret) can end it. Answers
 * the user whose session ended (the audit log's actor), or null when nothing ended.
 */
export async function logout(deps: SessionDeps, token: string): Promise<number | null> {
  const parsed = parseRefreshToken(token);
  if (!parsed) return null;
  const secretMatches = eq(sessions.refreshHash, hashSecret(parsed.secret));
  const [ended] = await revokeSessions(deps.db, { session: parsed.sessionId }, 'logout', secretMatches);
  return ended ?? null;
}

export async function currentUser(deps: SessionDeps, userId: number): Promise<SessionUser> {
  const [row] = await deps.db
    .select({ user: users, organization: organizations })
    .from(users)
    .innerJoin(organizations, eq(organizations.id, users.organizationId))
    .where(eq(users.id, userId));
  if (!row) throw unauthorized();
  return toSessionUser(deps, row.user, row.organization);
}

async function toSessionUser(
  { storage, timeZone }: Pick<SessionDeps, 'storage' | 'timeZone'>,
  user: typeof users.$inferSelect,
  organization: typeof organizations.$inferSelect,
): Promise<SessionUser> {
  return {
    id: user.id,
    email: user.email,
    first_name: user.firstName,
    middle_name: user.middleName,
    last_name: user.lastName,
    mobile: user.mobile,
    photo: user.photo,
    photo_url: await fileLink(storage, user.photo),
    organization: organization.id,
    organization_data: {
      id: organization.id,
      company_name: organization.companyName,
      is_provider: organization.isProvider,
      company_logo_url: await fileLink(storage, organization.companyLogo),
      tagline: organization.tagline,
    },
    is_superuser: user.isSuperuser,
    is_primary: user.isPrimary,
    permissions: effectivePermissions(user, organization).map((key) => ({ key })),
    time_zone: timeZone,
  };
}
