import { cpSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { migrationsFolder } from '../db/client';

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
