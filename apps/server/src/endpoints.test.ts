import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RouteOptions } from 'fastify';
import { API } from '@rms/contracts/api/index';
import { createTestApp, type TestApp } from './testing/app';

// The API is declared once, in contracts (packages/contracts/src/api/): every route the server
// answers under /api/v1 is one of those declarations, registered with the access it declares, and
// every declaration is answered. A route added by hand, or a declaration nobody serves, fails here.

let t: TestApp;
const routes: RouteOptions[] = [];
beforeAll(async () => {
  t = await createTestApp({ onRoute: (route) => routes.push(route) });
});
afterAll(() => t.close());

const methodsOf = (r: RouteOptions) =>
  (Array.isArray(r.method) ? r.method : [r.method]).filter((m) => m !== 'HEAD' && m !== 'OPTIONS');

const declared = Object.values(API).flatMap((group) =>
  Object.values(group).flatMap((e) =>
    [e.path, ...(e.aliases ?? [])].map((path) => ({
      key: `${e.method} ${e.atRoot ? '' : '/api/v1'}${path}`,
      access: e.access,
    })),
  ),
);

describe('the API surface, declared once', () => {
  it('answers every declared endpoint, with the access it declares', () => {
    const served = new Map<string, unknown>(
      routes.flatMap((r) => methodsOf(r).map((m) => [`${m} ${r.url}`, r.config?.access] as const)),
    );
    const wrong = declared
      .filter((d) => JSON.stringify(served.get(d.key)) !== JSON.stringify(d.access))
      .map((d) => `${d.key}: ${served.has(d.key) ? 'other access' : 'not served'}`);
    expect(wrong).toEqual([]);
  });

  it('serves nothing under /api/v1 that is not declared', () => {
    const keys = new Set(declared.map((d) => d.key));
    const undeclared = routes
      .filter((r) => r.url.startsWith('/api/v1/'))
      .flatMap((r) => methodsOf(r).map((m) => `${m} ${r.url}`))
      .filter((k) => !keys.has(k));
    expect(undeclared).toEqual([]);
  });
});
