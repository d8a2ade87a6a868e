import {
  copyFileSync,
  createWriteStream,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
  statSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { finished } from 'node:stream/promises';
import path from 'node:path';
import * as tar from 'tar';
import { STORED_KEY } from '@rms/contracts/uploads';
import { jwtSecretFile } from '../config';
import type { Database } from '../db/client';
import { CREDENTIALS_FILE } from '../first-credentials';
import { materializedViewsOf, migrationLevelOf, partitionsOf, sequencesOf, tablesOf } from './catalog';
import { FORMAT, MANIFEST, tagOf, type Manifest } from './manifest';
import { inTransaction, type Slices } from './sql-session';

// `npm run backup`: one tar.gz holding manifest.json (first), every table of the database as COPY text
// (database/NNN-<table>.copy, in load order), the files stored under DATA_DIR/files (files/<key>), and
// the DATA_DIR files the data depends on (data/: the generated JWT secret that signs sessions and
// file links, the first start's credentials until used). The rows are read in one read-only snapshot
// (sql-session.ts): consistent while PostgreSQL takes writes. The embedded database must be closed by
// the server first (one process opens it; backup-cli.ts checks). The archive is written beside its
// final name and renamed when complete, readable by its owner only: it holds password hashes, device
// key hashes and the secret.

export interface BackupOptions {
  database: Pick<Database, 'db' | 'kind'>;
  dataDir: string;
  /** Where files are stored: under DATA_DIR/files (included), or S3 (not included: back the bucket up). */
  filesStore: 'local' | 's3';
  /** The archive to write (.tar.gz). */
  out: string;
  log?: (line: string) => void;
  slices?: Slices;
}

const VERSION = (
  JSON.parse(readFileSync(path.join(import.meta.dirname, '../../package.json'), 'utf8')) as {
    version: string;
  }
).version;

/** Stored files under DATA_DIR/files, by key (kind/name), with their sizes; `.part` files are not keys. */
function storedFiles(dataDir: string): { key: string; bytes: number }[] {
  const root = path.join(dataDir, 'files');
  if (!existsSync(root)) return [];
  return readdirSync(root, { recursive: true, encoding: 'utf8' })
    .map((relative) => relative.split(path.sep).join('/'))
    .filter((key) => STORED_KEY.test(key))
    .map((key) => ({ key, bytes: statSync(path.join(root, key)).size }))
    .sort((a, b) => a.key.localeCompare(b.key));
}

export async function makeBackup(options: BackupOptions): Promise<Manifest> {
  const { database, dataDir, out } = options;
  const log = options.log ?? (() => {});
  const staging = mkdtempSync(path.join(path.dirname(out), '.rms-backup-'));
  const partial = `${out}.partial`;
  try {
    mkdirSync(path.join(staging, 'database'));
    const snapshot = await inTransaction(
      database.db,
      'snapshot',
      async (session) => {
        const [server] = await session.query<{ version: string }>('SHOW server_version');
        const level = await migrationLevelOf(session);
        const tables: Manifest['tables'] = [];
        for (const [i, table] of (await tablesOf(session)).entries()) {
          const file = `database/${String(i).padStart(3, '0')}-${table.name}.copy`;
          const sink = createWriteStream(path.join(staging, file));
          const rows = await session.copyOut(table, sink);
          sink.end();
          await finished(sink);
          tables.push({ name: table.name, file, columns: table.columns, rows });
          log(`  ${table.name}: ${rows} rows`);
        }
        return {
          serverVersion: server?.version ?? 'unknown',
          level,
          tables,
          partitions: await partitionsOf(session),
          sequences: await sequencesOf(session),
          materializedViews: await materializedViewsOf(session),
        };
      },
      options.slices,
    );

    const files = options.filesStore === 'local' ? storedFiles(dataDir) : [];
    // The archive takes them from DATA_DIR/files itself, through a link: they are not copied first.
    if (files.length > 0) symlinkSync(path.join(dataDir, 'files'), path.join(staging, 'files'), 'dir');
    const kept = [jwtSecretFile(dataDir), path.join(dataDir, CREDENTIALS_FILE)].filter((f) => existsSync(f));
    if (kept.length > 0) mkdirSync(path.join(staging, 'data'));
    for (const file of kept) copyFileSync(file, path.join(staging, 'data', path.basename(file)));

    const manifest: Manifest = {
      format: FORMAT,
      createdAt: new Date().toISOString(),
      version: VERSION,
      database: {
        kind: database.kind,
        serverVersion: snapshot.serverVersion,
        migrations: { ...snapshot.level, lastTag: tagOf(snapshot.level) },
      },
      tables: snapshot.tables,
      partitions: snapshot.partitions,
      sequences: snapshot.sequences,
      materializedViews: snapshot.materializedViews,
      files: {
        store: options.filesStore,
        included: options.filesStore === 'local',
        count: files.length,
        bytes: files.reduce((sum, f) => sum + f.bytes, 0),
      },
      dataDir: kept.map((f) => path.basename(f)),
    };
    writeFileSync(path.join(staging, MANIFEST), `${JSON.stringify(manifest, null, 2)}\n`);

    // Created empty first so the archive is never readable by others, even while it is written.
    writeFileSync(partial, '', { mode: 0o600 });
    await tar.create({ gzip: true, file: partial, cwd: staging, portable: true }, [
      MANIFEST,
      ...manifest.tables.map((t) => t.file),
      ...manifest.dataDir.map((name) => `data/${name}`),
      ...files.map((f) => `files/${f.key}`),
    ]);
    renameSync(partial, out);
    return manifest;
  } finally {
    rmSync(partial, { force: true });
    rmSync(staging, { recursive: true, force: true });
  }
}
