import { cpSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { z } from 'zod';
import type { MigrationLevel } from './catalog';

// The backup archive's table of contents (manifest.json, its first entry), and the migration levels a
// restore compares: the backup's (the migrations its database had applied) against this code's journal.

export const FORMAT = 'rms-backup/1';
export const MANIFEST = 'manifest.json';

export const MIGRATIONS = path.join(import.meta.dirname, '../db/migrations');

const manifestSchema = z.object({
  format: z.literal(FORMAT),
  createdAt: z.string(),
  /** The server's version that made it (apps/server/package.json). */
  version: z.string(),
  database: z.object({
    kind: z.enum(['pglite', 'postgres']),
    /** `SHOW server_version` of the database it was made from. */
    serverVersion: z.string(),
    migrations: z.object({
      count: z.number().int().min(0),
      lastAt: z.number().int().nullable(),
      /** The last migration's name (e.g. 0019_report_exports), when this code knew it. */
      lastTag: z.string().nullable(),
    }),
  }),
  /** In load order: parents before the tables that refer to them. */
  tables: z.array(
    z.object({
      name: z.string(),
      // Read from the unpacked archive: never a path outside it.
      file: z.string().regex(/^database\/\d{3}-[^/\\]+\.copy$/),
      columns: z.array(z.string()),
      rows: z.number().int(),
    }),
  ),
  partitions: z.array(z.object({ name: z.string(), parent: z.string(), bound: z.string() })),
  sequences: z.array(z.object({ name: z.string(), lastValue: z.string(), isCalled: z.boolean() })),
  materializedViews: z.array(z.string()),
  files: z.object({
    /** Where the files were: under DATA_DIR/files (included) or in S3 (not included). */
    store: z.enum(['local', 's3']),
    included: z.boolean(),
    count: z.number().int(),
    bytes: z.number().int(),
  }),
  /** DATA_DIR files the data depends on (the generated JWT secret, the first start's credentials). */
  dataDir: z.array(z.string()),
});

export type Manifest = z.infer<typeof manifestSchema>;

export class BackupError extends Error {}

export function parseManifest(text: string): Manifest {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    throw new BackupError('not an RMS Console backup: its manifest.json is not JSON');
  }
  if ((json as { format?: unknown } | null)?.format !== FORMAT)
    throw new BackupError(
      `not a backup this version reads: its format is ${JSON.stringify((json as { format?: unknown } | null)?.format)}, not ${FORMAT}`,
    );
  const parsed = manifestSchema.safeParse(json);
  if (!parsed.success)
    throw new BackupError(`the backup's manifest.json is damaged: ${parsed.error.issues[0]?.message}`);
  return parsed.data;
}

interface JournalEntry {
  idx: number;
  when: number;
  tag: string;
}

function journalOf(folder: string): { entries: JournalEntry[] } {
  return JSON.parse(readFileSync(path.join(folder, 'meta', '_journal.json'), 'utf8')) as {
    entries: JournalEntry[];
  };
}

/** The name of the migration applied at `lastAt` in this code's journal, or null. */
export function tagOf(level: MigrationLevel, folder = MIGRATIONS): string | null {
  return journalOf(folder).entries.find((e) => e.when === level.lastAt)?.tag ?? null;
}

/**
 * Where the backup's migration level stands against this code's: the same, older (migrated forward after
 * the restore), or refused: newer than the code, or a migration this code does not know.
 */
export function compareLevel(manifest: Manifest, folder = MIGRATIONS): { older: boolean } {
  const backup = manifest.database.migrations;
  const entries = journalOf(folder).entries;
  const last = entries.at(-1);
  const theirs = `its last migration is ${backup.lastTag ?? 'one this code does not know'}`;
  const ours = `this code's is ${last?.tag ?? 'none'}`;
  if (backup.lastAt === null) return { older: entries.length > 0 };
  if (last && backup.lastAt > last.when)
    throw new BackupError(
      `This backup's database is newer than this code (${theirs}; ${ours}). Restore it with version ${manifest.version} (which made it) or newer.`,
    );
  const at = entries.findIndex((e) => e.when === backup.lastAt);
  if (at < 0 || at + 1 !== backup.count)
    throw new BackupError(
      `This backup's migrations are not this code's (${backup.count} applied, ${theirs}; ${ours}). Restore it with version ${manifest.version}, which made it.`,
    );
  return { older: at + 1 < entries.length };
}

/** A copy of the migrations folder that ends at the backup's level (the schema its rows were saved from). */
export function migrationsUpTo(level: Manifest['database']['migrations'], folder = MIGRATIONS): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'rms-restore-migrations-'));
  cpSync(folder, dir, { recursive: true });
  const journal = journalOf(dir);
  journal.entries = journal.entries.slice(0, level.count);
  writeFileSync(path.join(dir, 'meta', '_journal.json'), JSON.stringify(journal));
  return dir;
}
