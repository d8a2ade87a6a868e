import { and, eq, isNull, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { sessions } from '../../db/schema/session';

// The one way a session ends before it expires: its refresh token stops working at once and the
// access token at its next check (the guard reads the session). Every reason goes through here, so
// what "revoked" means (the time, the reason, never revoking twice) is written once.

export type RevokeReason =
  | 'logout'
  | 'refresh token reused'
  | 'password changed'
  | 'password reset'
  | 'password reset from the command line'
  | 'account deleted'
  | 'organization deleted';

/** Whose sessions end: one session, one user's, or those of every user of an organization. */
export type RevokeWhom = { session: string } | { user: number } | { organization: number };

function whereOf(whom: RevokeWhom): SQL {
  if ('session' in whom) return eq(sessions.id, whom.session);
  if ('user' in whom) return eq(sessions.userId, whom.user);
  return sql`${sessions.userId} in (select id from users where organization_id = ${whom.organization})`;
}

/**
 * Ends the open sessions of `whom`; `also` narrows further (logout: only with the matching secret).
 * Answers the users whose sessions ended (one per session).
 */
export async function revokeSessions(
  db: Db,
  whom: RevokeWhom,
  reason: RevokeReason,
  also?: SQL,
): Promise<number[]> {
  const ended = await db
    .update(sessions)
    .set({ revokedAt: new Date(), revokedReason: reason })
    .where(and(whereOf(whom), isNull(sessions.revokedAt), also))
    .returning({ userId: sessions.userId });
  return ended.map((row) => row.userId);
}
