import { sessionApi as S } from '@rms/contracts/api/session';
import { api } from '../api/client';
import { goTo } from '../lib/browser';
import { loginPath } from '../lib/safe-next';
import { clearSession, readTokens } from './session-store';

/**
 * Signs out: tells the server (which revokes the refresh token), clears the stored session and loads
 * the sign-in page afresh, so nothing of the previous user stays in memory. The server call is best
 * effort: signing out must work even when the server cannot be reached or the token has expired.
 */
export async function logout(): Promise<void> {
  const tokens = readTokens();
  if (tokens) {
    await api(S.logout, { body: { refresh: tokens.refresh, access: tokens.access } }).catch(() => undefined);
  }
  clearSession();
  goTo(loginPath('/')); // spec 01 §2: Log Out goes to /login/?next=/ (encoded like every next)
}
