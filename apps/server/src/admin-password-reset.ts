import { and, eq, isNull, sql } from 'drizzle-orm';
import { passwordChangeBody } from '@rms/contracts/session';
import { hashPassword } from './auth/passwords';
import type { Db } from './db/client';
import { users } from './db/schema/employees';
import { passwordResets } from './db/schema/session';
import { newPassword } from './first-credentials';
import { revokeSessions } from './modules/session';

// A super-user's password set from the command line (npm run reset-admin-password), for an operator
// who lost it: no mail needed. Every session of the account ends and its unused reset links stop
// working, as after a password change in the console.

export class AdminResetError extends Error {}

export interface AdminPasswordReset {
  email: string;
  password: string;
  generated: boolean;
}

/**
 * The super-user to reset: the one with `email` when it was named (`--email`); otherwise ADMIN_EMAIL's,
 * or, when no super-user has that e-mail (it was changed since the first start), the only one there is.
 */
async function superUser(db: Db, email: string, named: boolean) {
  const active = await db
    .select({ id: users.id, email: users.email })
    .from(users)
    .where(and(eq(users.isSuperuser, true), eq(users.isActive, true)))
    .orderBy(users.id);
  const match = active.find((u) => u.email.toLowerCase() === email.toLowerCase());
  if (match) return match;
  if (named) throw new AdminResetError(`No active super-user has the e-mail ${email}.`);
  const [only, ...others] = active;
  if (!only) throw new AdminResetError('There is no super-user yet: start the server once to create one.');
  if (others.length > 0)
    throw new AdminResetError(
      `No super-user has ADMIN_EMAIL ${email} and there are several: name one with --email (${active.map((u) => u.email).join(', ')}).`,
    );
  return only;
}

export async function resetAdminPassword(
  db: Db,
  target: { email: string; named: boolean },
  given?: string,
): Promise<AdminPasswordReset> {
  if (given !== undefined) {
    // The console's rule for a new password (8 to 128 characters).
    const checked = passwordChangeBody.shape.new_password.safeParse(given);
    if (!checked.success) throw new AdminResetError(checked.error.issues[0]!.message);
  }
  const user = await superUser(db, target.email, target.named);
  const password = given ?? newPassword();
  const passwordHash = await hashPassword(password);
  await db.transaction(async (tx) => {
    await tx.update(users).set({ passwordHash, updatedAt: new Date() }).where(eq(users.id, user.id));
    await revokeSessions(tx, { user: user.id }, 'password reset from the command line');
    await tx
      .update(passwordResets)
      .set({ usedAt: sql`now()` })
      .where(and(eq(passwordResets.userId, user.id), isNull(passwordResets.usedAt)));
  });
  return { email: user.email, password, generated: given === undefined };
}
