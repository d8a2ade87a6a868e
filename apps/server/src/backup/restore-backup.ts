import {
  createReadStream,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import path from 'node:path';
import * as tar from 'tar';
import { STORED_KEY } from '@rms/contracts/uploads';
import { jwtSecretFile } from '../config';
import type { Database } from '../db/client';
import { CREDENTIALS_FILE } from '../first-credentials';
import type { Storage } from '../storage/storage';
import { materializedViewsOf, migrationLevelOf, rowCounts, tablesOf } from './catalog';
import { clearDatabase } from './clear-target';
import {
  BackupError,
  compareLevel,
  MANIFEST,
  migrationsUpTo,
  MIGRATIONS,
  parseManifest,
  tagOf,
  type Manifest,
} from './manifest';
import { inTransaction, quoteIdent, type Slices } from './sql-session';

// `npm run restore -- <archive>`: the backup's rows into a database and its files into the file store.
// Refused before anything changes: an archive that is not a backup, a database newer than this code,
// and a target that holds data (rows, or stored files under DATA_DIR) unless `force`. Then the target's
// schema is cleared, migrated to the backup's level, the rows loaded in one transaction (checked
// against the manifest's counts before it commits), and migrated forward to this code's level. The
// files go through the target's store (DATA_DIR/files, or S3), so a backup of the embedded database
// can move to PostgreSQL and S3; the generated JWT secret comes back for the embedded database.

export interface RestoreOptions {
  archive: string;
  database: Database;
  dataDir: string;
  storage: Storage;
  /** Replace what the target holds. */
  force?: boolean;
  /** This code's migrations (tests give an older or newer set). */
  migrationsFolder?: string;
  log?: (line: string) => void;
  slices?: Slices;
}

export interface Restored {
  manifest: Manifest;
  /** The migration the restored database was at, and the one it is at now (migrated forward). */
  migratedFrom: string | null;
  migratedTo: string | null;
  files: number;
}

/** A partition bound as PostgreSQL writes it; anything else in a manifest is not run. */
const PARTITION_BOUND = /^(FOR VALUES (FROM|IN|WITH) \([^;]*\)|DEFAULT)$/;
const INTEGER = /^-?\d{1,20}$/;

function storedKeysIn(root: string): string[] {
  if (!existsSync(root)) return [];
  return readdirSync(root, { recursive: true, encoding: 'utf8' })
    .map((relative) => relative.split(path.sep).join('/'))
    .filter((key) => STORED_KEY.test(key));
}

async function extract(archive: string, into: string): Promise<Manifest> {
  if (!existsSync(archive)) throw new BackupError(`${archive}: no such file`);
  try {
    // Only files and folders: an archive holding links or devices is not one this command wrote.
    await tar.extract({
      file: archive,
      cwd: into,
      strict: true,
      filter: (_path, entry) => 'type' in entry && (entry.type === 'File' || entry.type === 'Directory'),
    });
  } catch (error) {
    throw new BackupError(`${archive} is not a backup archive (a .tar.gz): ${(error as Error).message}`);
  }
  const manifest = path.join(into, MANIFEST);
  if (!existsSync(manifest))
    throw new BackupError(`${archive} is not an RMS Console backup: it has no ${MANIFEST}`);
  return parseManifest(readFileSync(manifest, 'utf8'));
}

/** What the target holds, in words, or null when it is empty (no rows, no stored files). */
async function contentOf(database: Database, dataDir: string, storage: Storage): Promise<string | null> {
  const counts = await inTransaction(database.db, 'snapshot', async (session) =>
    rowCounts(session, await tablesOf(session)),
  );
  const filled = [...counts].filter(([, rows]) => rows > 0).sort((a, b) => b[1] - a[1]);
  const files = storage.kind === 'local' ? storedKeysIn(path.join(dataDir, 'files')).length : 0;
  if (filled.length === 0 && files === 0) return null;
  const rows = filled.reduce((sum, [, n]) => sum + n, 0);
  const named = filled
    .slice(0, 4)
    .map(([table, n]) => `${table}: ${n}`)
    .join(', ');
  return [
    filled.length > 0
      ? `${rows} rows in ${filled.length} tables (${named}${filled.length > 4 ? ', …' : ''})`
      : null,
    files > 0 ? `${files} stored files in ${path.join(dataDir, 'files')}` : null,
  ]
    .filter(Boolean)
    .join(' and ');
}

export async function restoreBackup(options: RestoreOptions): Promise<Restored> {
  const { database, dataDir, storage } = options;
  const folder = options.migrationsFolder ?? MIGRATIONS;
  const log = options.log ?? (() => {});
  mkdirSync(dataDir, { recursive: true, mode: 0o700 });
  const staging = mkdtempSync(path.join(dataDir, '.restore-'));
  let upTo: string | undefined;
  try {
    const manifest = await extract(options.archive, staging);
    const { older } = compareLevel(manifest, folder);
    const held = await contentOf(database, dataDir, storage);
    if (held && !options.force)
      throw new BackupError(
        `The target is not empty: it holds ${held}. Restoring replaces all of it: run again with --force to do so.`,
      );
    if (storage.kind === 'local') rmSync(path.join(dataDir, 'files'), { recursive: true, force: true });

    log('clearing the target database');
    await inTransaction(database.db, 'write', clearDatabase);
    const level = manifest.database.migrations;
    if (level.count > 0) {
      upTo = migrationsUpTo(level, folder);
      await database.migrate(upTo);
    }
    log(`loading ${manifest.tables.length} tables`);
    await inTransaction(
      database.db,
      'write',
      async (session) => {
        for (const p of manifest.partitions) {
          if (!PARTITION_BOUND.test(p.bound))
            throw new BackupError(
              `the backup's partition ${p.name} has a bound this restore does not run: ${p.bound}`,
            );
          await session.query(
            `CREATE TABLE IF NOT EXISTS ${quoteIdent(p.name)} PARTITION OF ${quoteIdent(p.parent)} ${p.bound}`,
          );
        }
        const present = new Set((await tablesOf(session)).map((t) => t.name));
        const missing = manifest.tables.filter((t) => !present.has(t.name)).map((t) => t.name);
        if (missing.length > 0)
          throw new BackupError(
            `the migrations of the backup's level did not make its tables ${missing.join(', ')}`,
          );
        // Rows a migration may have seeded make way for the backup's.
        if (manifest.tables.length > 0)
          await session.query(
            `TRUNCATE ${manifest.tables.map((t) => quoteIdent(t.name)).join(', ')} CASCADE`,
          );
        for (const table of manifest.tables) {
          await session.copyIn(table, createReadStream(path.join(staging, table.file)));
          log(`  ${table.name}: ${table.rows} rows`);
        }
        for (const s of manifest.sequences) {
          if (!INTEGER.test(s.lastValue)) throw new BackupError(`the backup's sequence ${s.name} is damaged`);
          await session.query(
            `SELECT setval('${quoteIdent(s.name).replace(/'/g, "''")}', ${s.lastValue}, ${s.isCalled})`,
          );
        }
        const counts = await rowCounts(session, manifest.tables);
        const wrong = manifest.tables.filter((t) => counts.get(t.name) !== t.rows);
        if (wrong.length > 0)
          throw new BackupError(
            `rows loaded do not match the backup's manifest: ${wrong.map((t) => `${t.name} ${counts.get(t.name)} of ${t.rows}`).join(', ')}`,
          );
      },
      options.slices,
    );
    const migratedFrom = level.lastTag ?? tagOf(level, folder);
    if (older) {
      log('migrating to this version');
      await database.migrate(folder);
    }
    const migratedTo = await inTransaction(database.db, 'write', async (session) => {
      for (const view of await materializedViewsOf(session))
        await session.query(`REFRESH MATERIALIZED VIEW ${quoteIdent(view)}`);
      return tagOf(await migrationLevelOf(session), folder);
    });

    let files = 0;
    if (manifest.files.included) {
      for (const key of storedKeysIn(path.join(staging, 'files'))) {
        await storage.storeFile(key, createReadStream(path.join(staging, 'files', key)));
        files++;
      }
      log(`  ${files} files`);
    }
    // The generated JWT secret signs the embedded database's sessions; PostgreSQL's come from JWT_SECRET.
    const jwt = jwtSecretFile(dataDir);
    const destinations = new Map([
      [path.basename(jwt), database.kind === 'pglite' ? jwt : null],
      [CREDENTIALS_FILE, path.join(dataDir, CREDENTIALS_FILE)],
    ]);
    for (const name of manifest.dataDir) {
      const to = destinations.get(name);
      const from = path.join(staging, 'data', name);
      if (to && existsSync(from)) writeFileSync(to, readFileSync(from), { mode: 0o600 });
    }
    return { manifest, migratedFrom, migratedTo, files };
  } finally {
    rmSync(staging, { recursive: true, force: true });
    if (upTo) rmSync(upTo, { recursive: true, force: true });
  }
}
