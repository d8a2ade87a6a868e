import { drizzle } from 'drizzle-orm/node-postgres';
import Fastify from 'fastify';
import pg from 'pg';
import { PERMISSION_CODES } from '@rms/contracts/permissions';
import { buildApp } from '../../apps/server/src/app';
import { loadConfig } from '../../apps/server/src/config';
import { openDatabase } from '../../apps/server/src/db/client';
import { ensureFirstUser } from '../../apps/server/src/first-start';
import { seedMasterData } from '../../apps/server/src/modules/master-data/seed/seed-master-data';
import { CASES, type BenchContext } from './cases';
import type { Statement } from './sql-alone';

// The server side of bench/api, in its own process so the load generator does not share its event
// loop: the production app (buildApp, as main.ts runs it) and, on a second port, the bare twins of the
// benchmark's cases (same service functions, no API layer). Both listen on ephemeral ports; the runner
// hears them over IPC and then sends the context (the fleet's organization, its owner, a device).

const config = loadConfig();
const database = await openDatabase({ databaseUrl: config.databaseUrl, pgliteDir: 'memory://' });
await database.migrate();
await seedMasterData(database.db);
await ensureFirstUser(database.db, { email: config.adminEmail, password: config.adminPassword });
const app = await buildApp({ config, database });
await app.listen({ port: 0, host: '127.0.0.1' });

type Context = Omit<BenchContext, 'db' | 'auth'> & { organizationId: number; userId: number };

/**
 * Each case's statements as its service function sends them (sql-alone.ts runs them again on their
 * own): one run per case on a pool that records every statement, and which statements were sent while
 * another was still running (a list's page and count go at once), so that the yardstick sends those at
 * once too.
 */
async function recordStatements(context: BenchContext) {
  let current: Statement[] = [];
  let inFlight = 0;
  let group = 0;
  class RecordingPool extends pg.Pool {
    // drizzle's node-postgres driver sends every statement as pool.query(config, values).
    override query(config: unknown, values?: unknown): never {
      if (inFlight === 0) group++;
      inFlight++;
      const { text } = config as { text: string };
      current.push({ text, values: (values ?? []) as unknown[], group });
      const done = () => void inFlight--;
      return (super.query as (c: unknown, v: unknown) => Promise<unknown>)(config, values).finally(
        done,
      ) as never;
    }
  }
  const pool = new RecordingPool({ connectionString: config.databaseUrl, max: 4 });
  const recording = drizzle(pool);
  const all: Statement[][] = [];
  for (const bc of CASES) {
    current = [];
    await bc.bare({ ...context, db: recording as unknown as BenchContext['db'] })();
    all.push(current);
  }
  await pool.end();
  return all;
}
const runs: (() => Promise<unknown>)[] = [];
const bare = Fastify({ logger: false });
CASES.forEach((_, i) => bare.get(`/bare/${i}`, async () => runs[i]!()));
// The floor of any request on this box: HTTP and Fastify alone, nothing else (run.ts, "floor").
bare.get('/bare/hello', async () => ({ hello: 'world' }));
await bare.listen({ port: 0, host: '127.0.0.1' });

const portOf = (f: { server: { address(): unknown } }) => (f.server.address() as { port: number }).port;
process.send!({ type: 'ready', appPort: portOf(app), barePort: portOf(bare) });
process.on('message', (m: { type: string; context?: Context }) => {
  if (m.type === 'context') {
    const c = m.context!;
    const context: BenchContext = {
      ...c,
      db: database.db,
      auth: {
        id: c.userId,
        email: 'bench@bench.example',
        sessionId: 'bench',
        organizationId: c.organizationId,
        isProvider: false,
        is_superuser: false,
        permissions: [...PERMISSION_CODES],
        apiKey: null,
      },
    };
    CASES.forEach((bc, i) => (runs[i] = bc.bare(context)));
    void recordStatements(context).then((statements) => process.send!({ type: 'context-ok', statements }));
  }
  // The database last: the servers finish the requests a load generator left in flight first.
  if (m.type === 'stop')
    void Promise.all([app.close(), bare.close()])
      .then(() => database.close())
      .then(() => process.exit(0));
});
