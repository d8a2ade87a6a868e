import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PASSWORD_CHANGE_MESSAGES } from '@rms/contracts/session';
import { AdminResetError, resetAdminPassword } from './admin-password-reset';
import { users } from './db/schema/employees';
import { ADMIN, createTestApp, signIn, type TestApp } from './testing/app';
import { makeUser } from './testing/factories';
import { addUser } from './testing/users';

// npm run reset-admin-password, through its function: a new password for the super-user, every
// session of the account ended, on the configured database.

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const login = (username: string, password: string) =>
  t.app.inject({ method: 'POST', url: '/api/v1/users/login/', payload: { username, password } });
const refresh = (token: string) =>
  t.app.inject({ method: 'POST', url: '/api/v1/token/refresh/', payload: { refresh: token } });

describe('reset-admin-password', () => {
  it('sets a generated password for ADMIN_EMAIL’s super-user and ends its sessions', async () => {
    const session = await signIn(t.app);
    const reset = await resetAdminPassword(t.database.db, { email: ADMIN.email, named: false });
    expect(reset).toMatchObject({ email: ADMIN.email, generated: true });
    expect(reset.password).toMatch(/^[\w-]{16}$/);
    expect((await login(ADMIN.email, ADMIN.password)).statusCode).toBe(400);
    expect((await login(ADMIN.email, reset.password)).statusCode).toBe(200);
    expect((await refresh(session.refresh)).statusCode).toBe(401);
  });

  it('takes a given password by the console’s rule, and refuses a short one', async () => {
    await expect(
      resetAdminPassword(t.database.db, { email: ADMIN.email, named: false }, 'short'),
    ).rejects.toThrow(PASSWORD_CHANGE_MESSAGES.newLength);
    const reset = await resetAdminPassword(
      t.database.db,
      { email: ADMIN.email, named: false },
      ADMIN.password,
    );
    expect(reset).toMatchObject({ email: ADMIN.email, password: ADMIN.password, generated: false });
    expect((await login(ADMIN.email, ADMIN.password)).statusCode).toBe(200);
  });

  it('finds the only super-user when ADMIN_EMAIL was changed, and never resets anyone else', async () => {
    const [admin] = await t.database.db.select().from(users).where(eq(users.email, ADMIN.email));
    const reset = await resetAdminPassword(t.database.db, { email: 'renamed@test.example', named: false });
    expect(reset.email).toBe(ADMIN.email);

    await addUser(t, admin!.organizationId, 'plain@test.example', []);
    await expect(
      resetAdminPassword(t.database.db, { email: 'plain@test.example', named: true }),
    ).rejects.toThrow(AdminResetError);
    await expect(
      resetAdminPassword(t.database.db, { email: 'plain@test.example', named: true }),
    ).rejects.toThrow('No active super-user has the e-mail plain@test.example.');

    // Two super-users and none with ADMIN_EMAIL: the operator has to name one.
    await makeUser(t.database.db, {
      organizationId: admin!.organizationId,
      email: 'second-root@test.example',
      isSuperuser: true,
    });
    await expect(
      resetAdminPassword(t.database.db, { email: 'renamed@test.example', named: false }),
    ).rejects.toThrow(/name one with --email \(admin@test\.example, second-root@test\.example\)/);
    const named = await resetAdminPassword(t.database.db, {
      email: 'second-root@test.example',
      named: true,
    });
    expect((await login('second-root@test.example', named.password)).statusCode).toBe(200);
  });
});
