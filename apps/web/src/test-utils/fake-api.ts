import { vi } from 'vitest';

export interface FakeRequest {
  method: string;
  /** The path under /api/v1/, e.g. "users/login/". */
  path: string;
  query: URLSearchParams;
  body: unknown;
  headers: Headers;
}

export type FakeAnswer = [status: number, body: unknown];
export type Handler = (request: FakeRequest) => FakeAnswer | Promise<FakeAnswer>;

/**
 * Replaces fetch with a fake API: handlers keyed "METHOD path" answer with [status, body]; anything
 * else answers 404. Returns the requests seen, in order.
 */
export function stubApi(handlers: Record<string, Handler>): FakeRequest[] {
  const seen: FakeRequest[] = [];
  const fake = vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const url = new URL(String(input), 'http://localhost');
    const request: FakeRequest = {
      method: init.method ?? 'GET',
      path: url.pathname.replace(/^\/api\/v1\//, ''),
      query: url.searchParams,
      body: typeof init.body === 'string' ? JSON.parse(init.body) : undefined,
      headers: new Headers(init.headers),
    };
    seen.push(request);
    const handler = handlers[`${request.method} ${request.path}`];
    const [status, body] = handler ? await handler(request) : [404, { detail: 'Not Found' }];
    return new Response(body === undefined ? '' : JSON.stringify(body), {
      status,
      headers: { 'Content-Type': 'application/json' },
    });
  });
  vi.stubGlobal('fetch', fake);
  return seen;
}
