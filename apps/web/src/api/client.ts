import {
  endpointPath,
  type Endpoint,
  type EndpointInput,
  type EndpointOutput,
} from '@rms/contracts/endpoint';
import { MESSAGES } from '@rms/contracts/messages';
import { clearSession, readTokens } from '../auth/session-store';
import { reloadPage } from '../lib/browser';
import { stashFlash } from '../lib/flash-message';
import { ApiError, endsSession } from './errors';
import { renewAccessToken, validAccessToken } from './token-refresh';
import { exchange, type Exchange, type QueryParams } from './transport';

// The console's one API client. Signed-in calls carry the bearer token, renewed ~30 s before it
// expires; a 401/403 on them ends the session (spec 01 §8: clear storage, reload, then tell the user).
// Calls made before sign-in (`auth: false`: login, password reset, branding) leave the session alone
// and simply reject, so the sign-in form can show the server's detail.

export interface RequestOptions {
  query?: QueryParams;
  /** false for calls made before sign-in; default true. */
  auth?: boolean;
  signal?: AbortSignal;
}

async function request<T>(
  method: Exchange['method'],
  path: string,
  body: unknown,
  options: RequestOptions = {},
): Promise<T> {
  const { query, signal, auth = true } = options;
  if (!auth) return exchange<T>({ method, path, query, body, signal });
  try {
    const token = await validAccessToken();
    try {
      return await exchange<T>({ method, path, query, body, signal, token });
    } catch (error) {
      // The server may judge expiry a little earlier than this clock: renew once and retry.
      if (!(error instanceof ApiError) || error.status !== 401 || !token) throw error;
      const renewed = await renewAccessToken(token);
      if (!renewed) throw error;
      return await exchange<T>({ method, path, query, body, signal, token: renewed });
    }
  } catch (error) {
    if (error instanceof ApiError && endsSession(error.kind)) endSession(error);
    throw error;
  }
}

function endSession(error: ApiError): void {
  const text = error.kind === 'unauthorized' ? error.detail : MESSAGES.unauthorized;
  // Only the first failure reloads; calls still in flight find the session already gone.
  if (readTokens() === null) return;
  error.sessionEnded = true;
  clearSession();
  stashFlash({ type: 'error', text });
  reloadPage();
}

export function get<T>(path: string, options?: RequestOptions): Promise<T> {
  return request<T>('GET', path, undefined, options);
}

export function post<T>(path: string, body: unknown, options?: RequestOptions): Promise<T> {
  return request<T>('POST', path, body, options);
}

export function put<T>(path: string, body: unknown, options?: RequestOptions): Promise<T> {
  return request<T>('PUT', path, body, options);
}

type ApiArgs<E extends Endpoint> =
  object extends EndpointInput<E>
    ? [input?: EndpointInput<E>, options?: { signal?: AbortSignal }]
    : [input: EndpointInput<E>, options?: { signal?: AbortSignal }];

/**
 * Calls an endpoint declared in contracts (packages/contracts/src/api/): its method and path, the
 * path parameters filled in, the query and body typed from its schemas, the answer typed from its
 * response. Public endpoints go without the session (see `auth` above).
 */
export function api<E extends Endpoint>(
  endpoint: E,
  ...[input, options]: ApiArgs<E>
): Promise<EndpointOutput<E>> {
  const { params, query, body } = (input ?? {}) as {
    params?: Record<string, unknown>;
    query?: QueryParams;
    body?: unknown;
  };
  return request<EndpointOutput<E>>(endpoint.method, endpointPath(endpoint, params), body, {
    query,
    signal: options?.signal,
    auth: endpoint.access.kind !== 'public',
  });
}
