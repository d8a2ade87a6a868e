import { afterEach, describe, expect, it, vi } from 'vitest';
import { TokenService } from './tokens';

const SECRET = 'a-test-secret-that-is-long-enough-for-hs256';

describe('access tokens', () => {
  afterEach(() => vi.useRealTimers());

  it('answers the claims of a valid token, again and again, and refuses it once it has expired', async () => {
    vi.useFakeTimers({ now: new Date('2026-11-22T10:00:00Z'), toFake: ['Date'] });
    const tokens = new TokenService(SECRET, 60);
    const token = await tokens.signAccess({ userId: 7, sessionId: 's-1' });
    expect(await tokens.verifyAccess(token)).toEqual({ userId: 7, sessionId: 's-1' });
    expect(await tokens.verifyAccess(token)).toEqual({ userId: 7, sessionId: 's-1' });
    vi.setSystemTime(new Date('2026-11-22T10:01:01Z'));
    expect(await tokens.verifyAccess(token)).toBeNull();
  });

  it('refuses a token signed with another secret or with its claims changed', async () => {
    const tokens = new TokenService(SECRET, 60);
    const token = await tokens.signAccess({ userId: 7, sessionId: 's-1' });
    expect(await tokens.verifyAccess(token)).not.toBeNull();
    const other = await new TokenService('another-secret-that-is-long-enough-too', 60).signAccess({
      userId: 7,
      sessionId: 's-1',
    });
    expect(await tokens.verifyAccess(other)).toBeNull();
    const [header, , signature] = token.split('.');
    const forged = Buffer.from(JSON.stringify({ sid: 's-1', sub: '1', exp: 4_000_000_000 })).toString(
      'base64url',
    );
    expect(await tokens.verifyAccess(`${header}.${forged}.${signature}`)).toBeNull();
  });
});
