import pg from 'pg';
import { openDatabase, type Database } from '../apps/server/src/db/client';
import { seedMasterData } from '../apps/server/src/modules/master-data';

// The benches that measure one thing on both databases: a fresh PGlite in memory, then a scratch
// PostgreSQL database made for the run and dropped after it, each migrated and given the master data.

export type DatabaseChoice = 'both' | 'pglite' | 'postgres';

/** Runs `measure` on each chosen database; answers what each printed, PGlite first. */
export async function onEachDatabase(
  choice: string,
  postgresUrl: string,
  name: string,
  measure: (label: string, database: Database) => Promise<string>,
): Promise<string[]> {
  const lines: string[] = [];
  if (choice === 'both' || choice === 'pglite') {
    const database = await openDatabase({ pgliteDir: 'memory://' });
    await database.migrate();
    await seedMasterData(database.db);
    lines.push(await measure('PGlite (in memory)', database));
    await database.close();
  }
  if (choice === 'both' || choice === 'postgres') {
    const scratch = `${name}_${process.pid}`;
    const admin = new pg.Client({ connectionString: postgresUrl });
    await admin.connect();
    await admin.query(`create database ${scratch}`);
    const url = new URL(postgresUrl);
    url.pathname = `/${scratch}`;
    try {
      const database = await openDatabase({ databaseUrl: url.toString(), pgliteDir: 'memory://' });
      await database.migrate();
      await seedMasterData(database.db);
      lines.push(await measure('PostgreSQL', database));
      await database.close();
    } finally {
      await admin.query(`drop database if exists ${scratch} with (force)`);
      await admin.end();
    }
  }
  return lines;
}
