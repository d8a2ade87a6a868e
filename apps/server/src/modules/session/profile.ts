import { noticeEmailChanged } from '../../mail/account-notices';
import { and, eq, ne, sql } from 'drizzle-orm';
import {
  PASSWORD_CHANGE_MESSAGES,
  PROFILE_MESSAGES,
  type PasswordChangeBody,
  type ProfileUpdateBody,
  type SessionUser,
} from '@rms/contracts/session';
import { MESSAGES } from '@rms/contracts/messages';
import { users } from '../../db/schema/employees';
import type { AuthUser } from '../../auth/access';
import { hashPassword, verifyPassword } from '../../auth/passwords';
import { humanDuration } from '../../auth/attempt-throttle';
import { fieldError, HttpError, notFound } from '../../errors';
import { verifyStoredImage } from '../uploads';
import { revokeSessions } from './revoke';
import { currentUser, type SessionDeps } from './service';

// Manage Profile and Change Password: the signed-in user's own account only.

export async function updateProfile(
  deps: SessionDeps,
  auth: AuthUser,
  body: ProfileUpdateBody,
): Promise<{ detail: string; user: SessionUser }> {
  if (body.id !== undefined && body.id !== auth.id) throw notFound();
  const [user] = await deps.db.select().from(users).where(eq(users.id, auth.id));
  if (!user) throw notFound();
  if (body.email !== user.email.toLowerCase()) {
    const [taken] = await deps.db
      .select({ id: users.id })
      .from(users)
      .where(
        and(sql`lower(${users.email}) = ${body.email}`, eq(users.isActive, true), ne(users.id, auth.id)),
      );
    if (taken) throw fieldError('email', PROFILE_MESSAGES.emailTaken);
  }
  if (body.photo && body.photo !== user.photo)
    await verifyStoredImage({ storage: deps.storage, db: deps.db, auth }, body.photo, 'photo');
  await deps.db
    .update(users)
    .set({
      firstName: body.first_name,
      middleName: body.middle_name,
      lastName: body.last_name,
      email: body.email,
      mobile: body.mobile,
      ...(body.photo !== undefined && { photo: body.photo }),
      updatedAt: new Date(),
    })
    .where(eq(users.id, auth.id));
  noticeEmailChanged(deps.mailer, deps.log, { from: user.email, to: body.email });
  return { detail: PROFILE_MESSAGES.updated, user: await currentUser(deps, auth.id) };
}

/**
 * Checks the old password (wrong guesses count like failed sign-ins, so a stolen access token cannot
 * be used to try passwords), sets the new one and ends every session of the user, this one included.
 */
export async function changePassword(
  deps: SessionDeps,
  auth: AuthUser,
  body: PasswordChangeBody,
  ip: string,
): Promise<string> {
  const account = `password-change:${auth.id}`;
  const wait = deps.throttle.attempt(account, ip);
  if (wait > 0) throw new HttpError(429, MESSAGES.tooManyLoginAttempts(humanDuration(wait)));
  const [user] = await deps.db.select().from(users).where(eq(users.id, auth.id));
  if (!user) throw notFound();
  if (!(await verifyPassword(user.passwordHash, body.old_password)))
    throw fieldError('old_password', PASSWORD_CHANGE_MESSAGES.wrongOld);
  deps.throttle.succeeded(account, ip);
  const passwordHash = await hashPassword(body.new_password);
  await deps.db.transaction(async (tx) => {
    await tx.update(users).set({ passwordHash, updatedAt: new Date() }).where(eq(users.id, auth.id));
    await revokeSessions(tx, { user: auth.id }, 'password changed');
  });
  deps.accountUsed?.(user.email);
  return PASSWORD_CHANGE_MESSAGES.changed;
}
