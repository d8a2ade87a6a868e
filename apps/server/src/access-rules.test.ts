import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RouteOptions } from 'fastify';
import { CODES_KEYS_NEVER_HOLD } from '@rms/contracts/api-keys';
import { isPermissionCode, PERMISSION_CODES } from '@rms/contracts/permissions';
import { users } from './db/schema/employees';
import { bearer, createTestApp, signIn, type TestApp } from './testing/app';
import { addUser } from './testing/users';

// Walks every registered API route: each must declare who may call it (public, signed-in, or codes).
let t: TestApp;
const apiRoutes: RouteOptions[] = [];
let nobody: string;
beforeAll(async () => {
  t = await createTestApp({ onRoute: (route) => route.url.startsWith('/api/v1/') && apiRoutes.push(route) });
  // A signed-in user of the provider organization who holds no permission code at all.
  const [me] = await t.database.db.select({ organizationId: users.organizationId }).from(users);
  nobody = (await addUser(t, me!.organizationId, 'nobody@test.example', [])).access;
});
afterAll(() => t.close());

const name = (r: RouteOptions) => `${String(r.method)} ${r.url}`;

describe('every API route declares an access rule', () => {
  it('sees the registered API routes', () => {
    expect(apiRoutes.map(name)).toEqual(
      expect.arrayContaining(['POST /api/v1/users/login/', 'GET /api/v1/users/me/']),
    );
  });

  it('leaves no /api/v1 route without public, signed-in or codes', () => {
    const missing = apiRoutes.filter((r) => !r.config?.access).map(name);
    expect(missing).toEqual([]);
  });

  it('names only known permission codes, and at least one', () => {
    const bad = apiRoutes.filter((r) => {
      const access = r.config?.access;
      return access?.kind === 'codes' && (access.anyOf.length === 0 || !access.anyOf.every(isPermissionCode));
    });
    expect(bad.map(name)).toEqual([]);
  });
});

// Each route's guard, proven on the real app: without a token every non-public route answers 401;
// a signed-in user holding no code gets 403 from every route that names codes.
describe('every API route enforces its rule', () => {
  const methodsOf = (r: RouteOptions) =>
    (Array.isArray(r.method) ? r.method : [r.method]).filter((m) => m !== 'HEAD');
  const urlOf = (r: RouteOptions) => r.url.replace(/:\w+/g, '1');

  it('answers 401 without a token on every non-public route', async () => {
    const wrong: string[] = [];
    for (const route of apiRoutes.filter((r) => r.config?.access?.kind !== 'public')) {
      for (const method of methodsOf(route)) {
        const res = await t.app.inject({
          method: method as 'GET',
          url: urlOf(route),
          payload: method === 'GET' ? undefined : {},
        });
        if (res.statusCode !== 401) wrong.push(`${method} ${route.url} → ${res.statusCode}`);
      }
    }
    expect(wrong).toEqual([]);
  });

  it('answers 403 to a user without the code on every route that names codes', async () => {
    const wrong: string[] = [];
    for (const route of apiRoutes.filter((r) => r.config?.access?.kind === 'codes')) {
      for (const method of methodsOf(route)) {
        const res = await t.app.inject({
          method: method as 'GET',
          url: urlOf(route),
          headers: bearer(nobody),
          payload: method === 'GET' ? undefined : {},
        });
        if (res.statusCode !== 403) wrong.push(`${method} ${route.url} → ${res.statusCode}`);
      }
    }
    expect(wrong).toEqual([]);
  });
});

// Organization API keys: whatever codes a key holds, the endpoints that manage keys or anyone's sign-in
// (`sessionOnly`) refuse it, so a key can never make another key, set a password or become a person.
// Adding or repointing a webhook is theirs too: a webhook goes on sending after a revoked key is gone.
// So are a person's own notifications and their settings: a key is no person.
describe('API keys on sessionOnly routes', () => {
  const sessionOnly = () => apiRoutes.filter((r) => r.config?.endpoint?.sessionOnly && r.method !== 'HEAD');

  it('are the key, own-account, own-notification, sign-in and webhook-target routes', () => {
    expect(sessionOnly().map(name).sort()).toEqual([
      'GET /api/v1/admin_settings/api_keys/',
      'GET /api/v1/notifications/',
      'GET /api/v1/notifications/preferences/',
      'GET /api/v1/notifications/unread/',
      'GET /api/v1/users/me/',
      'POST /api/v1/admin_settings/api_keys/',
      'POST /api/v1/admin_settings/employee/',
      'POST /api/v1/admin_settings/organizations/',
      'POST /api/v1/notifications/:id/read/',
      'POST /api/v1/notifications/read_all/',
      'POST /api/v1/notifications/webhooks/',
      'POST /api/v1/users/password_change/',
      'POST /api/v1/users/update_profile/',
      'PUT /api/v1/admin_settings/api_keys/',
      'PUT /api/v1/admin_settings/employee/',
      'PUT /api/v1/admin_settings/organizations/',
      'PUT /api/v1/notifications/preferences/',
      'PUT /api/v1/notifications/webhooks/:id/',
    ]);
  });

  it('answer 403 to a key holding every code a key may hold', async () => {
    const admin = await signIn(t.app);
    const never: readonly string[] = CODES_KEYS_NEVER_HOLD;
    const made = await t.app.inject({
      method: 'POST',
      url: '/api/v1/admin_settings/api_keys/',
      headers: bearer(admin),
      payload: {
        name: 'Everything',
        permissions: PERMISSION_CODES.filter((c) => !never.includes(c)).map((key) => ({ key })),
      },
    });
    const key = made.json<{ key: string }>().key;
    const wrong: string[] = [];
    for (const route of sessionOnly()) {
      const method = String(route.method) as 'GET';
      const res = await t.app.inject({
        method,
        url: route.url,
        headers: bearer(key),
        payload: method === 'GET' ? undefined : {},
      });
      if (res.statusCode !== 403) wrong.push(`${method} ${route.url} → ${res.statusCode}`);
    }
    expect(wrong).toEqual([]);
  });
});
