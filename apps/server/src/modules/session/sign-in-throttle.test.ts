import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN, createTestApp, type TestApp } from '../../testing/app';

// The sign-in throttle with the shipped limits: counted per (account, address) before the password
// check, so parallel guesses cannot slip past it; X-Forwarded-For believed only from TRUST_PROXY; the
// real owner, from their own address, is not locked out by someone else's guesses.

let t: TestApp;
let proxied: TestApp;

beforeAll(async () => {
  t = await createTestApp();
  proxied = await createTestApp({ env: { TRUST_PROXY: '127.0.0.1' } });
});
afterAll(async () => {
  await t.close();
  await proxied.close();
});

const login = (app: TestApp, password: string, address: string, forwarded?: string, username = ADMIN.email) =>
  app.app.inject({
    method: 'POST',
    url: '/api/v1/users/login/',
    remoteAddress: address,
    headers: forwarded ? { 'x-forwarded-for': forwarded } : {},
    payload: { username, password },
  });

describe('sign-in throttle', () => {
  it('checks at most 5 of 25 parallel guesses on one account from one address', async () => {
    const answers = await Promise.all(
      Array.from({ length: 25 }, (_, i) => login(t, `guess-${i}`, '10.20.0.1')),
    );
    const checked = answers.filter((r) => r.statusCode === 400).length;
    expect(checked).toBe(5);
    expect(answers.filter((r) => r.statusCode === 429)).toHaveLength(20);
    // The right password from that address waits too.
    expect((await login(t, ADMIN.password, '10.20.0.1')).statusCode).toBe(429);
  });

  it('does not lock the real owner out: from their own address they get in', async () => {
    expect((await login(t, ADMIN.password, '10.20.0.2')).statusCode).toBe(200);
  });

  it('ignores X-Forwarded-For unless the request comes from a configured proxy', async () => {
    for (let i = 0; i < 5; i++)
      expect((await login(t, `guess-${i}`, '10.30.0.1', `203.0.113.${i}`)).statusCode).toBe(400);
    expect((await login(t, 'guess-x', '10.30.0.1', '203.0.113.99')).statusCode).toBe(429);
  });

  it('believes X-Forwarded-For from TRUST_PROXY, and throttles the forwarded address', async () => {
    for (let i = 0; i < 5; i++)
      expect((await login(proxied, `guess-${i}`, '127.0.0.1', '198.51.100.7')).statusCode).toBe(400);
    expect((await login(proxied, ADMIN.password, '127.0.0.1', '198.51.100.7')).statusCode).toBe(429);
    expect((await login(proxied, ADMIN.password, '127.0.0.1', '198.51.100.8')).statusCode).toBe(200);
  });
});

describe('request-rate limit', () => {
  it('answers 429 with Retry-After once an address sends more sign-ins a minute than allowed', async () => {
    const limited = await createTestApp();
    try {
      const answers = [];
      for (let i = 0; i < 61; i++)
        answers.push(await login(limited, 'x', '10.40.0.1', undefined, `user${i}@nowhere.example`));
      const last = answers.at(-1)!;
      expect(last.statusCode).toBe(429);
      expect(last.headers['retry-after']).toBeDefined();
      expect(last.json().detail).toMatch(/Too many requests/);
      expect(
        answers
          .slice(0, 60)
          .every((r) => r.statusCode !== 429 || r.json().detail.startsWith('Too many sign-in')),
      ).toBe(true);
    } finally {
      await limited.close();
    }
  });
});
