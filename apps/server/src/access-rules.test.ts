import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RouteOptions } from 'fastify';
import { isPermissionCode } from '@rms/contracts/permissions';
import { createTestApp, type TestApp } from './testing/app';

// Walks every registered API route: each must declare who may call it (public, signed-in, or codes).
let t: TestApp;
const apiRoutes: RouteOptions[] = [];
beforeAll(async () => {
  t = await createTestApp({ onRoute: (route) => route.url.startsWith('/api/v1/') && apiRoutes.push(route) });
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
