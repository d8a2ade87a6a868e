import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestApp, signIn, type Session, type TestApp } from './testing/app';

// Answers of 1 KB and more are compressed as the client accepts: brotli when offered (Chromium, even
// over plain http), else gzip (Node's fetch); smaller ones and clients that accept nothing get the
// bytes as they are. Whatever the encoding, the client reads the same answer.

let t: TestApp;
let admin: Session;
beforeAll(async () => {
  t = await createTestApp();
  admin = await signIn(t.app);
});
afterAll(() => t.close());

/** The signed-in user with every code (a super-user): a few KB of JSON. */
const me = (acceptEncoding?: string) =>
  t.app.inject({
    url: '/api/v1/users/me/',
    headers: { ...bearer(admin), ...(acceptEncoding && { 'accept-encoding': acceptEncoding }) },
  });

describe('compressed answers', () => {
  it('sends brotli when the client offers it, gzip when it offers gzip only, and the same answer', async () => {
    const plain = await me();
    expect(plain.statusCode).toBe(200);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.rawPayload.length).toBeGreaterThan(1024);

    const br = await me('gzip, deflate, br');
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.rawPayload.length).toBeLessThan(plain.rawPayload.length);
    expect(JSON.parse(brotliDecompressSync(br.rawPayload).toString())).toEqual(plain.json());

    const gzip = await me('gzip, deflate');
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(gunzipSync(gzip.rawPayload).toString())).toEqual(plain.json());
  });

  it('leaves an answer under 1 KB as it is', async () => {
    const res = await t.app.inject({ url: '/api/v1/health/', headers: { 'accept-encoding': 'br, gzip' } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(res.json()).toMatchObject({ status: 'ok' });
  });
});
