import { hashPassword } from '../auth/passwords';
import { users } from '../db/schema/employees';
import { organizations } from '../db/schema/organizations';
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

/**
 * Customer organizations holding these codes, made directly in the database (one per name, its e-mail
 * made from the name); answers their ids in the order given.
 */
export async function addOrganizations(
  t: TestApp,
  permissions: string[],
  ...names: string[]
): Promise<number[]> {
  const rows = await t.database.db
    .insert(organizations)
    .values(
      names.map((companyName) => ({
        companyName,
        email: `${companyName.toLowerCase().replace(/[^a-z0-9]+/g, '-')}@org.example`,
        permissions,
      })),
    )
    .returning({ id: organizations.id });
  return rows.map((r) => r.id);
}
