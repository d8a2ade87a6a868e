import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './testing/app';

// Each request's log lines carry its id, and the answer names it in X-Request-Id: the caller's own
// when it is a short token (a proxy's or tracer's), else a new one. The lines are JSON (LOG_FORMAT=json,
// as in production).

let t: TestApp;
const lines: Record<string, unknown>[] = [];

beforeAll(async () => {
  t = await createTestApp({
    env: { LOG_LEVEL: 'info', LOG_FORMAT: 'json' },
    logStream: { write: (line: string) => void lines.push(JSON.parse(line) as Record<string, unknown>) },
  });
});
afterAll(() => t.close());

const linesOf = (id: string) => lines.filter((l) => l.reqId === id);

describe('request ids', () => {
  it('keeps the id a client sends, answers it, and puts it on every log line of the request', async () => {
    const id = '0b8f6a2e-5c1d-4a4e-9d1f-7e0c2b3a4d5e';
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/v1/health/',
      headers: { 'x-request-id': id },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['x-request-id']).toBe(id);
    expect(linesOf(id).map((l) => l.msg)).toEqual(['incoming request', 'request completed']);
  });

  it('replaces an id that is not a short token, and gives one to a request that sent none', async () => {
    const sent = ['not a token; <script>', 'x'.repeat(65)];
    const answered: string[] = [];
    for (const id of sent) {
      const res = await t.app.inject({
        method: 'GET',
        url: '/api/v1/health/',
        headers: { 'x-request-id': id },
      });
      answered.push(String(res.headers['x-request-id']));
    }
    const none = await t.app.inject({ method: 'GET', url: '/api/v1/health/' });
    answered.push(String(none.headers['x-request-id']));
    for (const id of answered) {
      expect(id).toMatch(/^[0-9a-f-]{36}$/);
      expect(linesOf(id)).toHaveLength(2);
    }
    expect(new Set(answered).size).toBe(3);
    expect(lines.some((l) => JSON.stringify(l).includes('<script>'))).toBe(false);
  });

  it('names the id on the answer to a refused request too', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/v1/users/me/',
      headers: { 'x-request-id': 'abc-123' },
    });
    expect(res.statusCode).toBe(401);
    expect(res.headers['x-request-id']).toBe('abc-123');
  });
});
