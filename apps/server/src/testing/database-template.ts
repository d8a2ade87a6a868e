import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { PGlite } from '@electric-sql/pglite';
import type { TestProject } from 'vitest/node';
import { openDatabase, type Database } from '../db/client';
import { seedMasterData } from '../modules/master-data';
import { scratchDatabase } from './scratch-database';

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

/** What a test app's new database holds before its test: the schema and the master data. */
export async function prepareTestDatabase(database: Database): Promise<void> {
  await database.migrate();
  await seedMasterData(database.db);
}

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const scratch = await scratchDatabase();
  const database = await openDatabase({ databaseUrl: scratch.url, pgliteDir: 'memory://' });
  await prepareTestDatabase(database);
  if (scratch.name) {
    await database.close();
    project.provide('databaseTemplate', { postgresName: scratch.name });
    return () => scratch.drop();
  }
  // The drizzle handle keeps its PGlite client as $client.
  const dump = await (database.db as unknown as { $client: PGlite }).$client.dumpDataDir('none');
  await database.close();
  const dir = mkdtempSync(path.join(tmpdir(), 'rms-template-'));
  const file = path.join(dir, 'pgdata.tar');
  writeFileSync(file, Buffer.from(await dump.arrayBuffer()));
  project.provide('databaseTemplate', { pgliteFile: file });
  return async () => rmSync(dir, { recursive: true, force: true });
}
