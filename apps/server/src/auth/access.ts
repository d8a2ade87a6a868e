import type { FastifyInstance, FastifyRequest } from 'fastify';
import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import { allows, type Access } from '@rms/contracts/permissions';
import type { Endpoint } from '@rms/contracts/endpoint';
import type { Db } from '../db/client';
import { users } from '../db/schema/employees';
import { organizations } from '../db/schema/organizations';
import { sessions } from '../db/schema/session';
import { fieldError, forbidden, unauthorized } from '../errors';
import type { TokenService } from './tokens';
import { looksLikeApiKey, loadKeyCaller, reloadKeyCaller } from './api-key-auth';
import { effectivePermissions, type AuthUser } from './auth-user';

// The permission guard. Every API route declares `config.access` (public, signed-in, or codes);
// a route that declares nothing is refused to everyone (fail closed) and a test lists it. The bearer
// token is a session's access token (JWT) or an organization API key (`rms_...`, auth/api-key-auth.ts);
// a key is refused on the endpoints declared `sessionOnly`.

declare module 'fastify' {
  interface FastifyContextConfig {
    access?: Access;
    /** The declaration the route was registered from (endpoint-route.ts): the guard and the audit log read it. */
    endpoint?: Endpoint;
  }
  interface FastifyRequest {
    auth: AuthUser | null;
  }
}

export { effectivePermissions, type AuthUser } from './auth-user';

/**
 * The caller's session, user and organization in one prepared statement: it runs on every API call,
 * so its SQL is built once per database (drizzle's query building showed in bench/api's profile), and
 * it reads only the columns the guard needs (whole rows cost PostgreSQL and the driver on each call).
 */
function prepareAuthQuery(db: Db) {
  return db
    .select({
      user: {
        id: users.id,
        email: users.email,
        isSuperuser: users.isSuperuser,
        permissions: users.permissions,
      },
      organization: {
        id: organizations.id,
        isProvider: organizations.isProvider,
        permissions: organizations.permissions,
      },
    })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .innerJoin(organizations, eq(organizations.id, users.organizationId))
    .where(
      and(
        eq(sessions.id, sql.placeholder('sessionId')),
        eq(sessions.userId, sql.placeholder('userId')),
        isNull(sessions.revokedAt),
        gt(sessions.expiresAt, sql`now()`),
        eq(users.isActive, true),
        eq(organizations.isActive, true),
      ),
    )
    .prepare('auth_user');
}
const authQueries = new WeakMap<Db, ReturnType<typeof prepareAuthQuery>>();

export async function loadAuthUser(db: Db, userId: number, sessionId: string): Promise<AuthUser | null> {
  let query = authQueries.get(db);
  if (!query) authQueries.set(db, (query = prepareAuthQuery(db)));
  const [row] = await query.execute({ sessionId, userId });
  if (!row) return null;
  return {
    id: row.user.id,
    email: row.user.email,
    sessionId,
    organizationId: row.organization.id,
    isProvider: row.organization.isProvider,
    is_superuser: row.user.isSuperuser,
    permissions: effectivePermissions(row.user, row.organization),
    apiKey: null,
  };
}

/** The caller looked up again, session or key (an open event stream checks it at every heartbeat). */
export function reloadCaller(db: Db, auth: AuthUser): Promise<AuthUser | null> {
  if (auth.apiKey) return reloadKeyCaller(db, auth.apiKey.id);
  return auth.sessionId ? loadAuthUser(db, auth.id, auth.sessionId) : Promise.resolve(null);
}

/** The caller a bearer token stands for: an organization API key, or a session's access token. */
async function callerOf(db: Db, tokens: TokenService, token: string): Promise<AuthUser | null> {
  if (looksLikeApiKey(token)) return loadKeyCaller(db, token);
  const claims = await tokens.verifyAccess(token);
  return claims ? loadAuthUser(db, claims.userId, claims.sessionId) : null;
}

export const KEY_REFUSED = "An API key cannot manage API keys or anyone's sign-in: sign in as a person.";

function bearerToken(request: FastifyRequest): string | null {
  const header = request.headers.authorization;
  if (!header?.startsWith('Bearer ')) return null;
  return header.slice(7).trim() || null;
}

export function registerAccessGuard(app: FastifyInstance, tokens: TokenService): void {
  app.decorateRequest('auth', null);
  app.addHook('onRoute', (route) => {
    if (!route.url.startsWith('/api/v1/')) return;
    const access = route.config?.access;
    const sessionOnly = route.config?.endpoint?.sessionOnly === true;
    const guard = async (request: FastifyRequest) => {
      if (!access) throw forbidden('This route declares no access rule.');
      const token = bearerToken(request);
      if (token) {
        request.auth = await callerOf(app.db, tokens, token);
        if (!request.auth && access.kind !== 'public')
          throw unauthorized('Given token not valid for any token type');
      }
      if (access.kind === 'public') return;
      if (!request.auth) throw unauthorized('Authentication credentials were not provided.');
      if (sessionOnly && request.auth.apiKey) throw forbidden(KEY_REFUSED);
      if (!allows(access, request.auth)) throw forbidden();
    };
    const existing = route.onRequest;
    route.onRequest = existing ? [guard, ...(Array.isArray(existing) ? existing : [existing])] : [guard];
  });
}

/** The signed-in caller of a route whose access is not public. */
export function caller(request: FastifyRequest): AuthUser {
  if (!request.auth) throw unauthorized();
  return request.auth;
}

/** Nobody grants a code they do not hold: the error names the codes refused, on the permissions field. */
export function permissionsRefused(keys: string[]) {
  return fieldError('permissions', `These permissions cannot be granted: ${keys.join(', ')}`);
}
