import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { anyOf, SIGNED_IN } from '@rms/contracts/permissions';
import { ADMIN, bearer, createTestApp, signIn, type TestApp } from '../testing/app';
import { makeOrganization, makeUser, type User } from '../testing/factories';
import { signInAs } from '../testing/users';
import { registerAccessGuard } from './access';
import { TokenService } from './tokens';

// The guard on routes of each kind: no rule (refused to all), signed-in, and codes (capped by the organization).
let t: TestApp;
let clerkUser: User;
beforeAll(async () => {
  t = await createTestApp();
  // A customer organization that holds VIEW_COMPANY only; its clerk is given two codes, one above the cap.
  const customer = await makeOrganization(t.database.db, { permissions: ['VIEW_COMPANY'] });
  clerkUser = await makeUser(t.database.db, {
    organizationId: customer.id,
    permissions: ['VIEW_COMPANY', 'MANAGE_COMPANY'],
  });
});
afterAll(() => t.close());

async function guardedApp() {
  const { default: Fastify } = await import('fastify');
  const app = Fastify();
  app.decorate('db', t.database.db);
  registerAccessGuard(app, new TokenService(t.config.jwtSecret, 60));
  app.setErrorHandler((error: { statusCode?: number }, _req, reply) =>
    reply.status(error.statusCode ?? 500).send({}),
  );
  app.get('/api/v1/no-rule/', async () => 'open');
  app.get('/api/v1/signed-in/', { config: { access: SIGNED_IN } }, async () => 'ok');
  app.get('/api/v1/view/', { config: { access: anyOf('VIEW_COMPANY') } }, async () => 'ok');
  app.get('/api/v1/manage/', { config: { access: anyOf('MANAGE_COMPANY') } }, async () => 'ok');
  return app;
}

describe('access guard', () => {
  it('refuses a route that declares no rule, even to a super-user', async () => {
    const app = await guardedApp();
    const admin = await signIn(t.app);
    expect((await app.inject({ url: '/api/v1/no-rule/', headers: bearer(admin) })).statusCode).toBe(403);
  });

  it('answers 401 without a token and 403 without the code', async () => {
    const app = await guardedApp();
    const clerk = await signInAs(t, clerkUser);
    expect((await app.inject({ url: '/api/v1/signed-in/' })).statusCode).toBe(401);
    expect((await app.inject({ url: '/api/v1/signed-in/', headers: bearer(clerk) })).statusCode).toBe(200);
    expect((await app.inject({ url: '/api/v1/view/', headers: bearer(clerk) })).statusCode).toBe(200);
    // MANAGE_COMPANY is on the clerk's list but not on the organization's: the organization caps it.
    expect((await app.inject({ url: '/api/v1/manage/', headers: bearer(clerk) })).statusCode).toBe(403);
  });

  it('lets a super-user through every code', async () => {
    const app = await guardedApp();
    const admin = await signIn(t.app, ADMIN.email, ADMIN.password);
    expect((await app.inject({ url: '/api/v1/manage/', headers: bearer(admin) })).statusCode).toBe(200);
  });

  it('reports the capped permission list to the console', async () => {
    const clerk = await signInAs(t, clerkUser);
    const me = await t.app.inject({ url: '/api/v1/users/me/', headers: bearer(clerk) });
    expect(me.json().permissions).toEqual([{ key: 'VIEW_COMPANY' }]);
    expect(me.json().is_superuser).toBe(false);
  });
});
