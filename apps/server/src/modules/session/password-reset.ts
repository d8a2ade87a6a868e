import { randomBytes } from 'node:crypto';
import { revokeSessions } from './revoke';
import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import { MESSAGES } from '@rms/contracts/messages';
import { PASSWORD_RESET_MESSAGES } from '@rms/contracts/session';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client';
import { users } from '../../db/schema/employees';
import { passwordResets } from '../../db/schema/session';
import { hashPassword } from '../../auth/passwords';
import { hashSecret } from '../../auth/tokens';
import { badRequest, HttpError } from '../../errors';
import { humanDuration, type AttemptThrottle } from '../../auth/attempt-throttle';
import type { Mailer } from '../../mail/mailer';

const LINK_MINUTES = 60;

export interface ResetDeps {
  db: Db;
  mailer: Mailer;
  publicUrl: string;
  log: FastifyBaseLogger;
  throttle: AttemptThrottle;
  /** An account set a new password (the first start's kept credentials of it are dropped). */
  accountUsed?: (email: string) => void;
}

/**
 * Sends a single-use link when the account exists. The answer is the same either way and the mail
 * goes out after the answer, so neither the text nor the time tells whether an e-mail has an account.
 */
export async function requestPasswordReset(deps: ResetDeps, email: string, ip: string): Promise<string> {
  const wait = deps.throttle.attempt(email, ip);
  if (wait > 0) throw new HttpError(429, `Too many requests. Please try again in ${humanDuration(wait)}.`);
  const [user] = await deps.db
    .select({ id: users.id, email: users.email, firstName: users.firstName })
    .from(users)
    .where(and(sql`lower(${users.email}) = ${email}`, eq(users.isActive, true)));
  if (user) {
    const code = randomBytes(32).toString('base64url');
    await deps.db.insert(passwordResets).values({
      userId: user.id,
      codeHash: hashSecret(code),
      expiresAt: new Date(Date.now() + LINK_MINUTES * 60_000),
    });
    const link = `${deps.publicUrl}/password-reset/${code}`;
    deps.mailer
      .send({
        to: user.email,
        subject: 'Reset your RMS Console password',
        text: `Hello ${user.firstName || ''},\n\nTo choose a new password, open this link within ${LINK_MINUTES} minutes:\n\n${link}\n\nIf you did not ask for this, ignore this mail: your password stays as it is.\n`,
        html: `<p>Hello ${escapeHtml(user.firstName)},</p><p>To choose a new password, open this link within ${LINK_MINUTES} minutes:</p><p><a href="${link}">${link}</a></p><p>If you did not ask for this, ignore this mail: your password stays as it is.</p>`,
      })
      .catch((err: unknown) => deps.log.error({ err }, 'password reset mail failed'));
  }
  return MESSAGES.resetLinkSent;
}

/** Sets the new password, spends the code and ends every session of the user. */
export async function confirmPasswordReset(
  deps: ResetDeps,
  code: string,
  password: string,
  ip: string,
): Promise<string> {
  // Each try runs the password hash: counted per address before it runs (the code itself is 256 bits).
  const wait = deps.throttle.attempt(`reset-confirm:${code.slice(0, 16)}`, ip);
  if (wait > 0) throw new HttpError(429, `Too many requests. Please try again in ${humanDuration(wait)}.`);
  const passwordHash = await hashPassword(password);
  const done = await deps.db.transaction(async (tx) => {
    const [reset] = await tx
      .update(passwordResets)
      .set({ usedAt: new Date() })
      .where(
        and(
          eq(passwordResets.codeHash, hashSecret(code)),
          isNull(passwordResets.usedAt),
          gt(passwordResets.expiresAt, new Date()),
        ),
      )
      .returning({ userId: passwordResets.userId });
    if (!reset) return null;
    const [user] = await tx
      .update(users)
      .set({ passwordHash, updatedAt: new Date() })
      .where(eq(users.id, reset.userId))
      .returning({ email: users.email });
    await revokeSessions(tx as unknown as Db, { user: reset.userId }, 'password reset');
    return user ?? null;
  });
  if (!done)
    throw badRequest(PASSWORD_RESET_MESSAGES.invalidLink, { code: [PASSWORD_RESET_MESSAGES.invalidLink] });
  deps.accountUsed?.(done.email);
  return PASSWORD_RESET_MESSAGES.changed;
}

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}
