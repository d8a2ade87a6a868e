import { hashPassword } from '../../auth/passwords';
import type { Db } from '../../db/client';
import { users } from '../../db/schema/employees';
import { given, insertRows } from './rows';
import { nextSerial } from './serial';

export type User = typeof users.$inferSelect;
type NewUser = typeof users.$inferInsert;

/** The password of every user a factory makes, unless it is given one. */
export const USER_PASSWORD = 'User-pass-1234';

/** Users the factory makes, with their password in clear (to sign in) instead of its hash. */
export type UserFields = Partial<Omit<NewUser, 'passwordHash'>> &
  Pick<NewUser, 'organizationId'> & { password?: string };

// Hashing is slow on purpose; one hash per password serves every user of a file.
const hashes = new Map<string, Promise<string>>();
const hashOf = (password: string) => {
  if (!hashes.has(password)) hashes.set(password, hashPassword(password));
  return hashes.get(password)!;
};

/** An employee of the organization; the e-mail is fresh and the password USER_PASSWORD unless given. */
export async function makeUser(db: Db, fields: UserFields): Promise<User> {
  const [row] = await makeUsers(db, [fields]);
  return row!;
}

export async function makeUsers(db: Db, list: UserFields[]): Promise<User[]> {
  const rows = await Promise.all(
    list.map(async ({ password = USER_PASSWORD, ...over }) => ({
      email: `user-${nextSerial()}@factory.example`,
      passwordHash: await hashOf(password),
      ...given(over),
    })),
  );
  return insertRows(db, users, rows);
}
