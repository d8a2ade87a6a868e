import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { jwtVerify, SignJWT } from 'jose';

// Access tokens: short-lived HS256 JWTs naming the user and the session.
// Refresh tokens: `<session id>.<secret>`, opaque; the server keeps only the secret's SHA-256.

export interface AccessClaims {
  userId: number;
  sessionId: string;
}

/** How many verified access tokens are remembered (about one per active session). */
const VERIFIED_TOKENS_KEPT = 10_000;

export class TokenService {
  private readonly key: Uint8Array;
  /**
   * Access tokens already verified, with their claims and expiry: a token's signature and claims never
   * change, so a token seen before is answered from memory until it expires instead of by another HMAC
   * (an asynchronous WebCrypto job on every API call). Revocation is not a token matter: the session
   * lookup of the access guard still runs on every call.
   */
  private readonly verified = new Map<string, { claims: AccessClaims; expiresAtMs: number }>();

  constructor(
    secret: string,
    private readonly accessSeconds: number,
  ) {
    this.key = new TextEncoder().encode(secret);
  }

  signAccess(claims: AccessClaims): Promise<string> {
    return new SignJWT({ sid: claims.sessionId })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject(String(claims.userId))
      .setIssuedAt()
      .setExpirationTime(`${this.accessSeconds}s`)
      .sign(this.key);
  }

  /** The claims of a valid, unexpired access token, or null. */
  async verifyAccess(token: string): Promise<AccessClaims | null> {
    const known = this.verified.get(token);
    if (known) {
      if (known.expiresAtMs > Date.now()) return known.claims;
      this.verified.delete(token);
      return null;
    }
    try {
      const { payload } = await jwtVerify(token, this.key, { algorithms: ['HS256'] });
      const userId = Number(payload.sub);
      if (!Number.isInteger(userId) || typeof payload.sid !== 'string' || payload.exp === undefined)
        return null;
      const claims = { userId, sessionId: payload.sid };
      this.remember(token, claims, payload.exp * 1000);
      return claims;
    } catch {
      return null;
    }
  }

  private remember(token: string, claims: AccessClaims, expiresAtMs: number): void {
    // A Map iterates in insertion order: past the limit, the oldest entry goes.
    if (this.verified.size >= VERIFIED_TOKENS_KEPT) {
      const oldest = this.verified.keys().next();
      if (!oldest.done) this.verified.delete(oldest.value);
    }
    this.verified.set(token, { claims, expiresAtMs });
  }
}

export function newRefreshSecret(): string {
  return randomBytes(32).toString('base64url');
}

export function newSessionId(): string {
  return randomUUID();
}

export function hashSecret(secret: string): string {
  return createHash('sha256').update(secret).digest('base64url');
}

export function formatRefreshToken(sessionId: string, secret: string): string {
  return `${sessionId}.${secret}`;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

export function parseRefreshToken(token: string): { sessionId: string; secret: string } | null {
  const [sessionId, secret, ...rest] = token.split('.');
  if (!sessionId || !secret || rest.length > 0 || !UUID.test(sessionId)) return null;
  return { sessionId, secret };
}
