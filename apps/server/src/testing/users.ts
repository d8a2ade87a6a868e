import { signIn, type Session, type TestApp } from './app';
import { makeOrganizations, makeUser, USER_PASSWORD, type User, type UserFields } from './factories';

/** A user of the organization holding these codes, made directly in the database, and signed in. */
export async function addUser(
  t: TestApp,
  organizationId: number,
  email: string,
  permissions: string[],
): Promise<Session> {
  await makeUser(t.database.db, { organizationId, email, permissions });
  return signIn(t.app, email, USER_PASSWORD);
}

/** A user made by the factory (a fresh e-mail unless given), signed in. */
export async function signedInUser(t: TestApp, fields: UserFields): Promise<Session> {
  const user = await makeUser(t.database.db, fields);
  return signInAs(t, user, fields.password);
}

/** Signs in a user a factory made (with its password, USER_PASSWORD unless it was given another). */
export function signInAs(t: TestApp, user: Pick<User, 'email'>, password = USER_PASSWORD): Promise<Session> {
  return signIn(t.app, user.email, password);
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
  const rows = await makeOrganizations(
    t.database.db,
    names.map((companyName) => ({
      companyName,
      email: `${companyName.toLowerCase().replace(/[^a-z0-9]+/g, '-')}@org.example`,
      permissions,
    })),
  );
  return rows.map((r) => r.id);
}
