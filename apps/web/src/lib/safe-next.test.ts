import { describe, expect, it } from 'vitest';
import { loginPath, safeNext } from './safe-next';

describe('safeNext', () => {
  it('follows same-origin paths, with their query', () => {
    expect(safeNext('/company-view')).toBe('/company-view');
    expect(safeNext('/view-user?page=2&query=a%20b')).toBe('/view-user?page=2&query=a%20b');
  });

  it('falls back to the dashboard for missing, external or protocol-relative targets', () => {
    for (const bad of [
      null,
      undefined,
      '',
      'company-view',
      'https://evil.example',
      '//evil.example',
      '/\\evil.example',
    ]) {
      expect(safeNext(bad)).toBe('/');
    }
  });

  it('refuses control characters that browsers strip ("/\\t/evil" would become "//evil")', () => {
    expect(safeNext('/\t/evil.example')).toBe('/');
    expect(safeNext('/\n/evil.example')).toBe('/');
  });

  it('does not send the user back to the sign-in page', () => {
    expect(safeNext('/login')).toBe('/');
    expect(safeNext('/login/?next=/')).toBe('/');
    expect(safeNext('/login-history')).toBe('/login-history');
  });

  it('builds the sign-in address with the target encoded', () => {
    expect(loginPath('/view-user?page=2')).toBe('/login/?next=%2Fview-user%3Fpage%3D2');
  });
});
