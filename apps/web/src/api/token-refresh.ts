import { sessionApi as S } from '@rms/contracts/api/session';
import { endpointPath, type EndpointInput, type EndpointOutput } from '@rms/contracts/endpoint';
import { expiresSoon } from '../auth/jwt';
import { readTokens, storeTokens } from '../auth/session-store';
import { ApiError } from './errors';
import { exchange } from './transport';

// The refresh token rotates: each one works once, and reusing an old one ends the session on the
// server. So only one refresh may be in flight per browser, not per call and not per tab:
// `inFlight` joins concurrent calls of this tab, a Web Lock serialises tabs, and inside the lock the
// stored tokens are read again because another tab may have just rotated them.

const LOCK_NAME = 'rms-token-refresh';
let inFlight: Promise<string | null> | null = null;

/** An access token good for at least the renew margin, or null when nobody is signed in. */
export async function validAccessToken(): Promise<string | null> {
  const tokens = readTokens();
  if (!tokens) return null;
  if (!expiresSoon(tokens.access)) return tokens.access;
  return renewAccessToken(tokens.access);
}

/**
 * Replaces `stale` with a new access token (single-flight). Rejects with an ApiError: kind
 * 'unauthorized' when the refresh token was refused (the session is over), any other kind when the
 * server could not be asked (the session is kept).
 */
export function renewAccessToken(stale: string): Promise<string | null> {
  inFlight ??= withBrowserLock(() => refreshUnlessRenewed(stale)).finally(() => {
    inFlight = null;
  });
  return inFlight;
}

async function refreshUnlessRenewed(stale: string): Promise<string | null> {
  const current = readTokens();
  if (!current) return null;
  if (current.access !== stale && !expiresSoon(current.access)) return current.access;
  try {
    // Straight through the transport: this call is what keeps the session, so it never ends one.
    const body: EndpointInput<typeof S.refresh>['body'] = { refresh: current.refresh };
    const pair = await exchange<EndpointOutput<typeof S.refresh>>({
      method: S.refresh.method,
      path: endpointPath(S.refresh),
      body,
    });
    storeTokens(pair);
    return pair.access;
  } catch (error) {
    // A refused refresh token (reused, revoked, expired) means the session is over, whatever the code.
    if (error instanceof ApiError && error.status >= 400 && error.status < 500 && error.status !== 429) {
      throw new ApiError(401, error.body, 'unauthorized');
    }
    throw error;
  }
}

function withBrowserLock<T>(task: () => Promise<T>): Promise<T> {
  const locks = typeof navigator !== 'undefined' ? navigator.locks : undefined;
  return locks ? locks.request(LOCK_NAME, task) : task();
}
