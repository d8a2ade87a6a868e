import { describe, expect, it } from 'vitest';
import { openDatabase } from './db/client';
import { ensureFirstUser } from './first-start';
import { verifyPassword } from './auth/passwords';
import { users } from './db/schema/employees';

describe('first start', () => {
  it('creates the provider and a super-user with a generated password once', async () => {
    const database = await openDatabase({ pgliteDir: 'memory://' });
    try {
      await database.migrate();
      const first = await ensureFirstUser(database.db, { email: 'owner@test.example', password: undefined });
      expect(first?.generatedPassword?.length).toBeGreaterThanOrEqual(12);
      const [user] = await database.db.select().from(users);
      expect(user?.isSuperuser).toBe(true);
      expect(await verifyPassword(user!.passwordHash, first!.generatedPassword!)).toBe(true);
      expect(
        await ensureFirstUser(database.db, { email: 'owner@test.example', password: undefined }),
      ).toBeNull();
    } finally {
      await database.close();
    }
  });

  it('uses ADMIN_PASSWORD when given and prints nothing', async () => {
    const database = await openDatabase({ pgliteDir: 'memory://' });
    try {
      await database.migrate();
      const first = await ensureFirstUser(database.db, {
        email: 'owner@test.example',
        password: 'Given-pass-123',
      });
      expect(first).toEqual({ email: 'owner@test.example' });
    } finally {
      await database.close();
    }
  });
});
