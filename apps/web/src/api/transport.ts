import { HTTP_TIMEOUT_MS } from '@rms/contracts/messages';
import { ApiError } from './errors';

// One HTTP exchange with the API: base path, JSON both ways, the 20 s timeout (spec 01 §9) and
// failures turned into ApiError. Tokens and the session are client.ts's concern.

export const API_BASE = '/api/v1/';

export type QueryParams = Record<string, string | number | boolean | null | undefined>;

export interface Exchange {
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  path: string;
  query?: QueryParams;
  body?: unknown;
  token?: string | null;
  signal?: AbortSignal;
}

export function apiUrl(path: string, query?: QueryParams): string {
  const url = API_BASE + path.replace(/^\/+/, '');
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query ?? {})) {
    if (value !== null && value !== undefined) params.set(key, String(value));
  }
  const search = params.toString();
  return search ? `${url}?${search}` : url;
}

function parseBody(text: string): unknown {
  if (text === '') return null;
  try {
    return JSON.parse(text);
  } catch {
    // A proxy or crash page answered with HTML; the catalogue falls back to its own texts.
    return null;
  }
}

/** Sends one request; resolves with the parsed body of a 2xx answer, rejects with ApiError otherwise. */
export async function exchange<T>({ method, path, query, body, token, signal }: Exchange): Promise<T> {
  const timeout = AbortSignal.timeout(HTTP_TIMEOUT_MS);
  const headers: Record<string, string> = { Accept: 'application/json' };
  if (body !== undefined) headers['Content-Type'] = 'application/json';
  if (token) headers.Authorization = `Bearer ${token}`;
  let status: number;
  let text: string;
  try {
    const response = await fetch(apiUrl(path, query), {
      method,
      headers,
      body: body === undefined ? undefined : JSON.stringify(body),
      signal: signal ? AbortSignal.any([signal, timeout]) : timeout,
    });
    status = response.status;
    text = await response.text();
  } catch (error) {
    if (signal?.aborted) throw error; // the caller cancelled (e.g. TanStack Query); not a failure
    if (timeout.aborted) throw new ApiError(0, null, 'timeout');
    throw new ApiError(0, null, 'network');
  }
  const parsed = parseBody(text);
  if (status >= 200 && status < 300) return parsed as T;
  throw new ApiError(status, parsed);
}
