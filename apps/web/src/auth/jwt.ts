/**
 * When a JWT expires, in epoch milliseconds, or null when the token cannot be read. Only the payload
 * is decoded (base64url of the middle part): the signature is the server's business, the client only
 * needs `exp` to renew the token before the server starts refusing it.
 */
export function tokenExpiry(token: string): number | null {
  const payload = token.split('.')[1];
  if (!payload) return null;
  try {
    const base64 = payload.replace(/-/g, '+').replace(/_/g, '/');
    const padded = base64 + '='.repeat((4 - (base64.length % 4)) % 4);
    const claims: unknown = JSON.parse(atob(padded));
    if (typeof claims !== 'object' || claims === null || !('exp' in claims)) return null;
    return typeof claims.exp === 'number' ? claims.exp * 1000 : null;
  } catch {
    return null;
  }
}

/** Renew this long before expiry so that a call started now still carries a valid token when it lands. */
export const RENEW_MARGIN_MS = 30_000;

export function expiresSoon(token: string, now = Date.now()): boolean {
  const expiry = tokenExpiry(token);
  // An unreadable token is sent as is; if the server refuses it, the client refreshes once and retries.
  return expiry !== null && expiry - now < RENEW_MARGIN_MS;
}
