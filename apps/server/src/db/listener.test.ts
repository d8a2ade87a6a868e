import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { scratchDatabase, type ScratchDatabase } from '../testing/scratch-database';
import { openDatabase, type Database } from './client';
import type { Listener } from './listener';
import { rowsOf } from './rows';

// Commit notifications on the database the tests run on (PGlite in memory, or PostgreSQL when
// DATABASE_URL is set): what a transaction notifies is heard once it commits, by a listener on another
// connection, never when it rolls back, and still after the listener's connection was lost.

const silent = { warn: () => {} };
let scratch: ScratchDatabase;
let database: Database;
let listener: Listener;
const heard: string[] = [];

beforeAll(async () => {
  scratch = await scratchDatabase();
  database = await openDatabase({ databaseUrl: scratch.url, pgliteDir: 'memory://' });
  listener = database.listener(silent);
  await listener.listen('rms_listener_test', (payload) => heard.push(payload));
});
afterAll(async () => {
  await listener.close();
  await database.close();
  await scratch.drop();
});

const notify = (db: Database['db'], payload: string) =>
  db.execute(sql`select pg_notify('rms_listener_test', ${payload})`);

describe('commit notifications', () => {
  it('are heard when their transaction commits, never when it rolls back', async () => {
    await database.db
      .transaction(async (tx) => {
        await notify(tx, 'rolled back');
        throw new Error('rollback');
      })
      .catch(() => {});
    await database.db.transaction((tx) => notify(tx, 'committed'));
    // Heard in the order of the commits: the one rolled back, had it been heard, would be first.
    await expect.poll(() => heard, { timeout: 5000 }).toEqual(['committed']);
  });

  it('are heard again after the listening connection is lost (PostgreSQL; PGlite has none to lose)', async () => {
    if (database.kind === 'postgres') {
      const ended = await rowsOf<{ ended: boolean }>(
        database.db,
        sql`select pg_terminate_backend(pid) as ended from pg_stat_activity
            where datname = current_database() and query like 'LISTEN %' and pid <> pg_backend_pid()`,
      );
      expect(ended).toEqual([{ ended: true }]);
    }
    // Sent until heard: what is notified while the connection is being opened again is not.
    let n = 0;
    await expect
      .poll(
        async () => {
          await notify(database.db, `again ${++n}`);
          return heard.some((p) => p.startsWith('again'));
        },
        { timeout: 10_000, interval: 200 },
      )
      .toBe(true);
  });
});
