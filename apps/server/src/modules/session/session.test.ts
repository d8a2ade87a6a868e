import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PERMISSION_CODES } from '@rms/contracts/permissions';
import { MESSAGES } from '@rms/contracts/messages';
import { ADMIN, bearer, createTestApp, detail, signIn, type TestApp } from '../../testing/app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ loginLimits: { perAccount: 3, perAddress: 1000, windowMs: 60_000 } });
});
afterAll(() => t.close());

const login = (username: string, password: string, ip = '10.0.0.1') =>
  t.app.inject({
    method: 'POST',
    url: '/api/v1/users/login/',
    payload: { username, password },
    remoteAddress: ip,
  });

describe('POST users/login/', () => {
  it('answers tokens and the user with is_superuser and every permission', async () => {
    const res = await login(ADMIN.email, ADMIN.password);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.detail).toBe(MESSAGES.loginSuccess);
    expect(body.access).toMatch(/^ey/);
    expect(body.refresh).toContain('.');
    expect(body.user.email).toBe(ADMIN.email);
    expect(body.user.is_superuser).toBe(true);
    expect(body.user.permissions.map((p: { key: string }) => p.key).sort()).toEqual(
      [...PERMISSION_CODES].sort(),
    );
  });

  it('takes the e-mail in any case', async () => {
    const res = await login(ADMIN.email.toUpperCase(), ADMIN.password);
    expect(res.statusCode).toBe(200);
  });

  it('names the missing field', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/users/login/',
      payload: { username: '', password: '' },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toEqual({
      username: [MESSAGES.usernameRequired],
      password: [MESSAGES.passwordRequired],
    });
  });

  it('refuses a wrong password and an unknown account with the same message', async () => {
    const wrong = await login(ADMIN.email, 'not-the-password', '10.0.0.2');
    const unknown = await login('nobody@test.example', 'whatever', '10.0.0.2');
    expect(wrong.statusCode).toBe(400);
    expect(unknown.statusCode).toBe(400);
    expect(detail(wrong)).toBe(MESSAGES.invalidCredentials);
    expect(detail(unknown)).toBe(MESSAGES.invalidCredentials);
  });

  it('stops guessing on one account after the limit, with a clear message, even with the right password', async () => {
    const victim = 'victim@test.example';
    for (let i = 0; i < 3; i++)
      expect((await login(victim, `guess-${i}`, `10.1.0.${i}`)).statusCode).toBe(400);
    const blocked = await login(victim, 'guess-4', '10.1.0.9');
    expect(blocked.statusCode).toBe(429);
    expect(detail(blocked)).toMatch(
      /^Too many sign-in attempts\. Please try again in \d+ (minute|second)s?\.$/,
    );
  });
});

describe('per address limit', () => {
  it('stops one address that tries many accounts', async () => {
    const local = await createTestApp({ loginLimits: { perAccount: 100, perAddress: 2, windowMs: 60_000 } });
    try {
      const attempt = (user: string) =>
        local.app.inject({
          method: 'POST',
          url: '/api/v1/users/login/',
          payload: { username: user, password: 'x' },
          remoteAddress: '10.9.9.9',
        });
      expect((await attempt('a@test.example')).statusCode).toBe(400);
      expect((await attempt('b@test.example')).statusCode).toBe(400);
      expect((await attempt('c@test.example')).statusCode).toBe(429);
      const elsewhere = await local.app.inject({
        method: 'POST',
        url: '/api/v1/users/login/',
        payload: { username: ADMIN.email, password: ADMIN.password },
        remoteAddress: '10.9.9.10',
      });
      expect(elsewhere.statusCode).toBe(200);
    } finally {
      await local.close();
    }
  });
});

describe('GET users/me/', () => {
  it('requires authentication', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/v1/users/me/' });
    expect(res.statusCode).toBe(401);
  });

  it('refuses a forged token', async () => {
    const session = await signIn(t.app);
    const [h, p] = session.access.split('.');
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/v1/users/me/',
      headers: bearer(`${h}.${p}.forged`),
    });
    expect(res.statusCode).toBe(401);
  });

  it('answers the signed-in user', async () => {
    const session = await signIn(t.app);
    const res = await t.app.inject({ method: 'GET', url: '/api/v1/users/me/', headers: bearer(session) });
    expect(res.statusCode).toBe(200);
    expect(res.json().email).toBe(ADMIN.email);
    expect(res.json().organization_data.is_provider).toBe(true);
  });
});

describe('POST token/refresh/', () => {
  const refresh = (token: string) =>
    t.app.inject({ method: 'POST', url: '/api/v1/token/refresh/', payload: { refresh: token } });

  it('rotates the refresh token', async () => {
    const session = await signIn(t.app);
    const res = await refresh(session.refresh);
    expect(res.statusCode).toBe(200);
    const next = res.json();
    expect(next.refresh).not.toBe(session.refresh);
    const me = await t.app.inject({ method: 'GET', url: '/api/v1/users/me/', headers: bearer(next.access) });
    expect(me.statusCode).toBe(200);
    expect((await refresh(next.refresh)).statusCode).toBe(200);
  });

  it('refuses a reused refresh token and ends that session', async () => {
    const session = await signIn(t.app);
    const first = await refresh(session.refresh);
    expect(first.statusCode).toBe(200);
    const reused = await refresh(session.refresh);
    expect(reused.statusCode).toBe(401);
    // The thief's replay also ends the legitimate holder's session: its new tokens no longer work.
    expect((await refresh(first.json().refresh)).statusCode).toBe(401);
    const me = await t.app.inject({
      method: 'GET',
      url: '/api/v1/users/me/',
      headers: bearer(first.json().access),
    });
    expect(me.statusCode).toBe(401);
  });

  it('changes nothing for a token with a real session id and a forged secret', async () => {
    const victim = await signIn(t.app);
    const sessionId = victim.refresh.split('.')[0]!;
    for (const forged of [`${sessionId}.forged-secret`, `${sessionId}.${'A'.repeat(43)}`]) {
      expect((await refresh(forged)).statusCode).toBe(401);
      const out = await t.app.inject({
        method: 'POST',
        url: '/api/v1/logout/',
        payload: { refresh: forged },
      });
      expect(out.statusCode).toBeLessThan(500);
    }
    // The victim's tokens still work.
    const me = await t.app.inject({ method: 'GET', url: '/api/v1/users/me/', headers: bearer(victim) });
    expect(me.statusCode).toBe(200);
    expect((await refresh(victim.refresh)).statusCode).toBe(200);
  });

  it('refuses garbage', async () => {
    expect((await refresh('not-a-token')).statusCode).toBe(401);
    expect((await refresh('00000000-0000-0000-0000-000000000000.secret')).statusCode).toBe(401);
  });
});

describe('POST logout/', () => {
  it('revokes the session: its access and refresh tokens stop working', async () => {
    const session = await signIn(t.app);
    const res = await t.app.inject({ method: 'POST', url: '/api/v1/logout/', payload: session });
    expect(res.statusCode).toBe(200);
    const me = await t.app.inject({ method: 'GET', url: '/api/v1/users/me/', headers: bearer(session) });
    expect(me.statusCode).toBe(401);
    const again = await t.app.inject({
      method: 'POST',
      url: '/api/v1/token/refresh/',
      payload: { refresh: session.refresh },
    });
    expect(again.statusCode).toBe(401);
  });

  it("leaves the user's other sessions alone", async () => {
    const a = await signIn(t.app);
    const b = await signIn(t.app);
    await t.app.inject({ method: 'POST', url: '/api/v1/logout/', payload: a });
    const me = await t.app.inject({ method: 'GET', url: '/api/v1/users/me/', headers: bearer(b) });
    expect(me.statusCode).toBe(200);
  });
});
