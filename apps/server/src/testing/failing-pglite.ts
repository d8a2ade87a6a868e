import type { PGlite } from '@electric-sql/pglite';
import { drizzle } from 'drizzle-orm/pglite';
import type { Db } from '../db/client';

// PGlite has no connection to lose. For outage tests on it, this puts a switch between Drizzle and the
// PGlite driver: while "down", every statement, also inside an open transaction, fails as a lost
// PostgreSQL connection does (SQLSTATE 08006), and the transaction rolls back. Our code above the
// driver runs unchanged.

export interface FailingPglite {
  db: Db;
  down(): void;
  up(): void;
}

interface Queryable {
  query(...args: unknown[]): Promise<unknown>;
}

function lostConnection(): Promise<never> {
  return Promise.reject(
    Object.assign(new Error('terminating connection: the database went away'), { code: '08006' }),
  );
}

export function failingPglite(pglite: PGlite): FailingPglite {
  let isDown = false;
  const guard = (target: Queryable): Queryable => ({
    query: (...args) => (isDown ? lostConnection() : target.query(...args)),
  });
  const client = {
    ...guard(pglite as unknown as Queryable),
    transaction: (fn: (tx: Queryable) => Promise<unknown>) =>
      isDown ? lostConnection() : pglite.transaction((tx) => fn(guard(tx as unknown as Queryable))),
  };
  return {
    db: drizzle(client as unknown as PGlite) as unknown as Db,
    down: () => void (isDown = true),
    up: () => void (isDown = false),
  };
}
