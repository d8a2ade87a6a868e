import { randomBytes } from 'node:crypto';
import { mkdtempSync, openAsBlob, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyInstance, LightMyRequestResponse, RouteOptions } from 'fastify';
import type { DestinationStream } from 'pino';
import { inject } from 'vitest';
import { buildApp } from '../app';
import { loadConfig, type Config } from '../config';
import { openDatabase, type Database } from '../db/client';
import { ensureFirstUser } from '../first-start';
import type { ThrottleLimits } from '../auth/attempt-throttle';
import { prepareTestDatabase, type DatabaseTemplate } from './database-template';
import { scratchDatabase } from './scratch-database';

// Builds the real app on a real database for one test file: PGlite in memory by default, or, when
// DATABASE_URL is set (CI's second run), a fresh PostgreSQL database created for this file and dropped after.

export const ADMIN = { email: 'admin@test.example', password: 'Admin-pass-1234' };

export interface TestApp {
  app: FastifyInstance;
  config: Config;
  database: Database;
  close(): Promise<void>;
}

export interface TestAppOptions {
  env?: Record<string, string>;
  loginLimits?: ThrottleLimits;
  onRoute?: (route: RouteOptions) => void;
  /** Where the app's log lines go (with `env: {LOG_LEVEL: ...}`; silent by default). */
  logStream?: DestinationStream;
  /** What the app sees of the database (a test that needs the pool's figures to read a certain way). */
  viewDatabase?: (database: Database) => Database;
}

/**
 * What every server a test builds runs with: quiet, without the demo, and not shedding load on an
 * event-loop lag (tests run side by side on a busy box, where a lag is not overload; on PostgreSQL
 * the check is on by default; load-shedding.test.ts turns it on for itself).
 */
export const TEST_SERVER_ENV = { LOG_LEVEL: 'silent', DEMO: '0', SHED_EVENT_LOOP_DELAY_MS: '0' } as const;

export async function createTestApp(options: TestAppOptions = {}): Promise<TestApp> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'rms-test-'));
  // Copied from the suite's migrated and seeded database when there is one (database-template.ts;
  // the Mosquitto and cluster suites start from an empty one).
  const template = inject('databaseTemplate') as DatabaseTemplate | undefined;
  const scratch = await scratchDatabase({ template: template?.postgresName });
  const databaseUrl = scratch.url;
  const config = loadConfig({
    ...TEST_SERVER_ENV,
    DATA_DIR: dataDir,
    PORT: '0',
    MQTT_PORT: '0',
    // Tests write history at fixed dates through the ingest: samples are kept as long as the device
    // link takes them at all (400 days), unless a test sets its own retention.
    TELEMETRY_RETENTION_DAYS: '400',
    ...(databaseUrl && { DATABASE_URL: databaseUrl, JWT_SECRET: randomBytes(48).toString('base64url') }),
    ...options.env,
  });
  // The copy serves only the database it was made for (a test's env may name another).
  const pgliteCopy = !config.databaseUrl ? template?.pgliteFile : undefined;
  const copied = config.databaseUrl
    ? Boolean(template?.postgresName) && config.databaseUrl === databaseUrl
    : Boolean(pgliteCopy);
  const database = await openDatabase({
    databaseUrl: config.databaseUrl,
    pgliteDir: 'memory://',
    pgliteDataDir: pgliteCopy ? await openAsBlob(pgliteCopy) : undefined,
  });
  if (!copied) await prepareTestDatabase(database);
  await ensureFirstUser(database.db, { email: ADMIN.email, password: ADMIN.password });
  const app = await buildApp({
    config,
    database: options.viewDatabase ? options.viewDatabase(database) : database,
    loginLimits: options.loginLimits,
    onRoute: options.onRoute,
    logStream: options.logStream,
  });
  await app.ready();
  return {
    app,
    config,
    database,
    async close() {
      await app.close();
      await database.close();
      await scratch.drop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

export interface Session {
  access: string;
  refresh: string;
}

export async function signIn(
  app: FastifyInstance,
  email = ADMIN.email,
  password = ADMIN.password,
): Promise<Session> {
  const res = await app.inject({
    method: 'POST',
    url: '/api/v1/users/login/',
    payload: { username: email, password },
  });
  if (res.statusCode !== 200) throw new Error(`sign-in failed for ${email}: ${res.statusCode} ${res.body}`);
  const body = res.json<Session>();
  return { access: body.access, refresh: body.refresh };
}

export function bearer(session: Session | string): { authorization: string } {
  return { authorization: `Bearer ${typeof session === 'string' ? session : session.access}` };
}

export function detail(res: LightMyRequestResponse): unknown {
  return res.json<{ detail: unknown }>().detail;
}
