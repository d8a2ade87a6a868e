import { randomBytes } from 'node:crypto';
import pg from 'pg';

export interface ScratchDatabase {
  /** A fresh PostgreSQL database's URL; undefined on PGlite (the test opens one in memory). */
  url: string | undefined;
  /** Its name (undefined on PGlite). */
  name: string | undefined;
  drop(): Promise<void>;
}

/**
 * A database of one test file's own: when DATABASE_URL (or the `baseUrl` given) is set (CI's second
 * run), a new PostgreSQL database created beside it and dropped after; otherwise nothing to make
 * (PGlite in memory).
 */
export async function scratchDatabase({
  baseUrl = process.env.DATABASE_URL,
  template,
}: {
  baseUrl?: string;
  /** A database to copy (database-template.ts) instead of an empty one. */
  template?: string;
} = {}): Promise<ScratchDatabase> {
  if (!baseUrl) return { url: undefined, name: undefined, drop: async () => {} };
  const name = `rms_test_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: baseUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}${template ? ` TEMPLATE ${template}` : ''}`);
  await admin.end();
  const url = new URL(baseUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    name,
    async drop() {
      const client = new pg.Client({ connectionString: baseUrl });
      await client.connect();
      await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await client.end();
    },
  };
}
