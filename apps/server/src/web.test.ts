import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestApp, signIn, type TestApp } from './testing/app';

// The built console at /, index.html for client routes, JSON 404 for unknown API paths, security headers.
let t: TestApp;
beforeAll(async () => {
  const dist = mkdtempSync(path.join(tmpdir(), 'rms-dist-'));
  mkdirSync(path.join(dist, 'assets'));
  writeFileSync(
    path.join(dist, 'index.html'),
    '<!doctype html><title>RMS Console</title><div id="root"></div>',
  );
  writeFileSync(path.join(dist, 'assets', 'app-1234.js'), 'console.log(1)');
  // A tile server on the LAN, over plain http (MAP_TILE_URL).
  t = await createTestApp({ env: { WEB_DIST: dist, MAP_TILE_URL: 'http://tiles.lan:8081/{z}/{x}/{y}.png' } });
});
afterAll(() => t.close());

describe('console and headers', () => {
  it('serves index.html at / and for client routes', async () => {
    for (const url of ['/', '/company-view', '/login/?next=%2Fview-user']) {
      const res = await t.app.inject({ url });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toMatch(/text\/html/);
      expect(res.body).toContain('<div id="root">');
    }
  });

  it('serves hashed assets with a long cache', async () => {
    const res = await t.app.inject({ url: '/assets/app-1234.js' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toContain('immutable');
  });

  it('answers unknown API paths with a JSON 404', async () => {
    const res = await t.app.inject({ url: '/api/v1/nothing-here/' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ detail: 'Not Found' });
  });

  it('sends a content security policy and nosniff', async () => {
    const res = await t.app.inject({ url: '/' });
    expect(res.headers['content-security-policy']).toContain("script-src 'self'");
    expect(res.headers['content-security-policy']).toContain("frame-ancestors 'none'");
    expect(res.headers['x-content-type-options']).toBe('nosniff');
  });

  it('lets the console load the map tiles MAP_TILE_URL names, and says where they come from', async () => {
    const csp = String((await t.app.inject({ url: '/' })).headers['content-security-policy']);
    expect(csp).toMatch(/img-src [^;]*http:\/\/tiles\.lan:8081/);
    const admin = await signIn(t.app);
    const map = await t.app.inject({ url: '/api/v1/monitoring/map/', headers: bearer(admin) });
    expect(map.json().extra_data).toMatchObject({ tile_url: 'http://tiles.lan:8081/{z}/{x}/{y}.png' });
  });

  it('answers health and serves the OpenAPI document and its viewer', async () => {
    expect((await t.app.inject({ url: '/api/v1/health/' })).json()).toMatchObject({ status: 'ok' });
    const doc = await t.app.inject({ url: '/api/docs/json' });
    expect(doc.statusCode).toBe(200);
    expect(Object.keys(doc.json().paths)).toContain('/api/v1/users/login/');
    expect((await t.app.inject({ url: '/api/docs' })).statusCode).toBe(200);
  });
});
