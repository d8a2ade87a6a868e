import { expect } from 'vitest';
import { bearer, type Session, type TestApp } from './app';

/**
 * The calls a deleted-rows (restore) test makes on one list's URL: the update, a soft delete that must
 * succeed, and the rows a list query answers. `app` is read at call time: tests make it in beforeAll.
 */
export function listCalls<Row>(app: () => TestApp, url: string) {
  const put = (session: Session, payload: object) =>
    app().app.inject({ method: 'PUT', url, payload, headers: bearer(session) });
  return {
    put,
    async remove(session: Session, id: number) {
      expect((await put(session, { id, is_active: false })).statusCode).toBe(200);
    },
    async listed(session: Session, query: string): Promise<{ results: Row[]; count: number }> {
      const res = await app().app.inject({ url: `${url}${query}`, headers: bearer(session) });
      expect(res.statusCode).toBe(200);
      return res.json<{ results: Row[]; count: number }>();
    },
  };
}
