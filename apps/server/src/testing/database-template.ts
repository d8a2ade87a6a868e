import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { openDatabase } from '../db/client';
import { seedMasterData } from '../modules/master-data';

// The suite's globalSetup: one database migrated and seeded with the master data, made once per run,
// from which every test app's database is copied (testing/app.ts). Opening a new PGlite and applying
// every migration took about 3 s of a test file's start; loading the copy takes under 1 s, and on
// PostgreSQL `CREATE DATABASE … TEMPLATE` copies it. Tests of migrations make their own databases.

export interface DatabaseTemplate {
  /** PGlite: the data directory's tarball (dumpDataDir), a file. */
  pgliteFile?: string;
  /** PostgreSQL (DATABASE_URL): the template database's name. */
  postgresName?: string;
}

declare module 'vitest' {
  export interface ProvidedContext {
    databaseTemplate: DatabaseTemplate;
  }
}

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const baseUrl = process.env.DATABASE_URL;
  if (baseUrl) {
    const name = `rms_test_template_${randomBytes(6).toString('hex')}`;
    await admin(baseUrl, `CREATE DATABASE ${name}`);
    const url = new URL(baseUrl);
    url.pathname = `/${name}`;
    const database = await openDatabase({ databaseUrl: url.toString() });
    await database.migrate();
    await seedMasterData(database.db);
    await database.close();
    project.provide('databaseTemplate', { postgresName: name });
    return () => admin(baseUrl, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  }
  const database = await openDatabase({ pgliteDir: 'memory://' });
  await database.migrate();
  await seedMasterData(database.db);
  // The drizzle handle keeps its PGlite client as $client.
  const client = (database.db as unknown as { $client: PGlite }).$client;
  const dump = await client.dumpDataDir('none');
  await database.close();
  const dir = mkdtempSync(path.join(tmpdir(), 'rms-template-'));
  const file = path.join(dir, 'pgdata.tar');
  writeFileSync(file, Buffer.from(await dump.arrayBuffer()));
  project.provide('databaseTemplate', { pgliteFile: file });
  return async () => rmSync(dir, { recursive: true, force: true });
}

async function admin(baseUrl: string, statement: string): Promise<void> {
  const client = new pg.Client({ connectionString: baseUrl });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}
