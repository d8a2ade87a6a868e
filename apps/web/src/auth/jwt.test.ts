import { describe, expect, it } from 'vitest';
import { makeToken } from '../test-utils/fixtures';
import { expiresSoon, tokenExpiry } from './jwt';

describe('access token expiry', () => {
  it('reads exp from the payload', () => {
    const expiry = tokenExpiry(makeToken(600));
    expect(expiry).not.toBeNull();
    expect(Math.abs((expiry ?? 0) - (Date.now() + 600_000))).toBeLessThan(2_000);
  });

  it('is null for tokens it cannot read', () => {
    expect(tokenExpiry('not-a-jwt')).toBeNull();
    expect(tokenExpiry('a.@@@.c')).toBeNull();
  });

  it('renews within 30 seconds of expiry', () => {
    expect(expiresSoon(makeToken(600))).toBe(false);
    expect(expiresSoon(makeToken(20))).toBe(true);
    expect(expiresSoon(makeToken(-5))).toBe(true);
    expect(expiresSoon('not-a-jwt')).toBe(false);
  });
});
