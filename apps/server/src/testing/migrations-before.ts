import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { migrationsFolder, openDatabase, type Database } from '../db/client';
import { scratchDatabase } from './scratch-database';

/**
 * A copy of the migrations folder that ends just before the migration whose tag matches `tag`: a
 * migration's test applies it, writes the data the migration must carry over, then migrates on.
 */
export function migrationsBefore(tag: RegExp): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'rms-migrations-'));
  cpSync(migrationsFolder, dir, { recursive: true });
  const journalPath = path.join(dir, 'meta', '_journal.json');
  const journal = JSON.parse(readFileSync(journalPath, 'utf8')) as { entries: { tag: string }[] };
  const at = journal.entries.findIndex((e) => tag.test(e.tag));
  if (at < 0) throw new Error(`no migration ${String(tag)} in the journal`);
  journal.entries = journal.entries.slice(0, at);
  writeFileSync(journalPath, JSON.stringify(journal));
  return dir;
}

/**
 * A scratch database migrated up to just before the migration `tag`: the setup every migration test
 * shares. `close` closes it, drops it and removes the copied folder.
 */
export async function databaseBefore(
  tag: RegExp,
): Promise<{ database: Database; close: () => Promise<void> }> {
  const scratch = await scratchDatabase();
  const database = await openDatabase({ databaseUrl: scratch.url, pgliteDir: 'memory://' });
  const before = migrationsBefore(tag);
  await database.migrate(before);
  return {
    database,
    close: async () => {
      await database.close();
      await scratch.drop();
      rmSync(before, { recursive: true, force: true });
    },
  };
}
