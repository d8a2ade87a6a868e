import { hashPassword } from '../auth/passwords';
import { users } from '../db/schema/employees';
import { signIn, type Session, type TestApp } from './app';

export const USER_PASSWORD = 'User-pass-1234';

/** A user of the organization holding these codes, made directly in the database, and signed in. */
export async function addUser(
  t: TestApp,
  organizationId: number,
  email: string,
  permissions: string[],
): Promise<Session> {
  await t.database.db.insert(users).values({
    organizationId,
    email,
    passwordHash: await hashPassword(USER_PASSWORD),
    permissions,
  });
  return signIn(t.app, email, USER_PASSWORD);
}
