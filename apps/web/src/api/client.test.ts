import { beforeEach, describe, expect, it, vi } from 'vitest';
import { readSession, SESSION_KEYS } from '../auth/session-store';
import { reloadPage } from '../lib/browser';
import { takeFlash } from '../lib/flash-message';
import { stubApi } from '../test-utils/fake-api';
import { makeToken, signIn } from '../test-utils/fixtures';
import { get, post } from './client';
import { ApiError } from './errors';

vi.mock('../lib/browser', () => ({ reloadPage: vi.fn(), goTo: vi.fn() }));

async function failure(promise: Promise<unknown>): Promise<ApiError> {
  const error: unknown = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  if (!(error instanceof ApiError)) throw new Error(`expected an ApiError, got ${String(error)}`);
  return error;
}

beforeEach(() => {
  vi.mocked(reloadPage).mockClear();
});

describe('api client', () => {
  it('sends JSON with the bearer token to /api/v1/', async () => {
    const access = makeToken(600);
    signIn(undefined, access);
    const seen = stubApi({ 'GET admin_settings/state/': () => [200, [{ id: 1, name: 'Kerala' }]] });

    const states = await get<{ name: string }[]>('admin_settings/state/', {
      query: { pagination: false, page: null },
    });

    expect(states).toEqual([{ id: 1, name: 'Kerala' }]);
    expect(seen[0]?.query.toString()).toBe('pagination=false');
    expect(seen[0]?.headers.get('Authorization')).toBe(`Bearer ${access}`);
  });

  it('401 on a signed-in call clears the session, reloads and keeps the detail for after the reload', async () => {
    signIn();
    stubApi({
      'GET users/me/': () => [401, { detail: 'Token is invalid' }],
      'POST token/refresh/': () => [401, { detail: 'Token is invalid' }],
    });

    const error = await failure(get('users/me/'));

    expect(error.sessionEnded).toBe(true);
    expect(localStorage.getItem(SESSION_KEYS.refresh)).toBeNull();
    expect(readSession()).toBeNull();
    expect(reloadPage).toHaveBeenCalledTimes(1);
    expect(takeFlash()).toEqual({ type: 'error', text: 'Token is invalid' });
  });

  it("403 on a signed-in call ends the session with 'Unauthorized Request'", async () => {
    signIn();
    stubApi({ 'GET admin_settings/employee/': () => [403, { detail: 'Missing permission VIEW_USER' }] });

    const error = await failure(get('admin_settings/employee/'));

    expect(error.messages).toEqual(['Unauthorized Request']);
    expect(readSession()).toBeNull();
    expect(reloadPage).toHaveBeenCalledTimes(1);
    expect(takeFlash()?.text).toBe('Unauthorized Request');
  });

  it('calls made before sign-in leave the session alone on 400 and 401', async () => {
    stubApi({
      'POST users/login/': () => [400, { detail: 'No active account found with the given credentials' }],
      'POST users/password_reset/': () => [401, { detail: 'Nope' }],
    });

    const login = await failure(post('users/login/', { username: 'a@b.co', password: 'x' }, { auth: false }));
    await failure(post('users/password_reset/', { username: 'a@b.co' }, { auth: false }));

    expect(login.detail).toBe('No active account found with the given credentials');
    expect(reloadPage).not.toHaveBeenCalled();
    expect(takeFlash()).toBeNull();
  });

  it('refreshes an expiring token once for concurrent calls and stores the rotated refresh token', async () => {
    signIn(undefined, makeToken(10), 'refresh-1');
    const renewed = makeToken(900, 'renewed');
    const seen = stubApi({
      'POST token/refresh/': async () => {
        await new Promise((resolve) => setTimeout(resolve, 20));
        return [200, { access: renewed, refresh: 'refresh-2' }];
      },
      'GET a/': () => [200, 'a'],
      'GET b/': () => [200, 'b'],
    });

    expect(await Promise.all([get('a/'), get('b/')])).toEqual(['a', 'b']);

    const refreshes = seen.filter((r) => r.path === 'token/refresh/');
    expect(refreshes).toHaveLength(1);
    expect(refreshes[0]?.body).toEqual({ refresh: 'refresh-1' });
    expect(localStorage.getItem(SESSION_KEYS.refresh)).toBe('refresh-2');
    for (const call of seen.filter((r) => r.path !== 'token/refresh/')) {
      expect(call.headers.get('Authorization')).toBe(`Bearer ${renewed}`);
    }
  });

  it('a refused refresh token ends the session', async () => {
    signIn(undefined, makeToken(10), 'reused');
    stubApi({ 'POST token/refresh/': () => [401, { detail: 'Refresh token already used' }] });

    const error = await failure(get('users/me/'));

    expect(error.kind).toBe('unauthorized');
    expect(readSession()).toBeNull();
    expect(takeFlash()?.text).toBe('Refresh token already used');
  });

  it('a network failure keeps the session', async () => {
    signIn();
    vi.stubGlobal('fetch', vi.fn().mockRejectedValue(new TypeError('Failed to fetch')));

    const error = await failure(get('users/me/'));

    expect(error.kind).toBe('network');
    expect(readSession()).not.toBeNull();
    expect(reloadPage).not.toHaveBeenCalled();
  });
});
