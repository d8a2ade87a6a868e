import { count } from 'drizzle-orm';
import { PERMISSION_CODES } from '@rms/contracts/permissions';
import type { Db } from './db/client';
import { users } from './db/schema/employees';
import { organizations } from './db/schema/organizations';
import { hashPassword } from './auth/passwords';
import { newPassword } from './first-credentials';

export interface FirstStartResult {
  email: string;
  /** Set only when the password was generated: the caller prints it once. */
  generatedPassword?: string;
}

/**
 * On an empty database: the provider organization (holding every code) and its super-user.
 * Returns null when the database already has organizations. A generated password is handed to `keep`
 * before the account is made (main.ts keeps it in DATA_DIR to print it until the first sign-in).
 */
export async function ensureFirstUser(
  db: Db,
  admin: { email: string; password: string | undefined },
  keep?: (password: string) => void,
): Promise<FirstStartResult | null> {
  const [existing] = await db.select({ n: count() }).from(organizations);
  if ((existing?.n ?? 0) > 0) return null;
  const password = admin.password ?? newPassword();
  if (!admin.password) keep?.(password);
  const passwordHash = await hashPassword(password);
  await db.transaction(async (tx) => {
    const [provider] = await tx
      .insert(organizations)
      .values({
        companyName: 'RMS Provider',
        name: 'Administrator',
        email: admin.email,
        isProvider: true,
        permissions: [...PERMISSION_CODES],
        activationDate: new Date().toISOString().slice(0, 10),
      })
      .returning({ id: organizations.id });
    if (!provider) throw new Error('could not create the provider organization');
    await tx.insert(users).values({
      organizationId: provider.id,
      email: admin.email,
      firstName: 'Admin',
      passwordHash,
      permissions: [...PERMISSION_CODES],
      isSuperuser: true,
      isPrimary: true,
    });
  });
  return { email: admin.email, ...(admin.password ? {} : { generatedPassword: password }) };
}
