import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { openDatabase } from '../db/client';
import { checkDataDir } from '../start-checks';
import { createStorage } from '../storage/storage';
import { configOrFail, fail, fromOperator, requireServerStopped } from './cli-common';
import { BackupError } from './manifest';
import { restoreBackup } from './restore-backup';

// npm run restore -- <archive.tar.gz> [--force]
// Loads a backup into the configured database and file store (the same environment as npm start), and
// migrates it to this version. A target that holds data is refused without --force. See
// docs/operations.md ("Backups and restore").

const USAGE = 'Usage: npm run restore -- <archive.tar.gz> [--force]';

let values: { force?: boolean };
let positionals: string[];
try {
  ({ values, positionals } = parseArgs({ allowPositionals: true, options: { force: { type: 'boolean' } } }));
} catch (error) {
  fail(`${(error as Error).message}\n${USAGE}`);
}
if (positionals.length !== 1) fail(USAGE);
const config = configOrFail();
const archive = fromOperator(positionals[0]!);
// Rows a running server writes meanwhile would be lost, or mixed with the backup's.
await requireServerStopped(
  config,
  config.databaseUrl
    ? 'every instance must be stopped while the database is replaced'
    : 'the embedded database is opened by one process at a time',
);

try {
  checkDataDir(config.dataDir);
} catch (error) {
  fail((error as Error).message);
}
// As a start makes it: only its owner may enter it (it will hold the secret and, embedded, the database).
mkdirSync(config.dataDir, { recursive: true, mode: 0o700 });

const database = await openDatabase({
  databaseUrl: config.databaseUrl,
  pgliteDir: path.join(config.dataDir, 'db'),
});
try {
  const restored = await restoreBackup({
    archive,
    database,
    dataDir: config.dataDir,
    storage: createStorage(config),
    force: values.force,
    log: (line) => process.stdout.write(`${line}\n`),
  });
  const { manifest } = restored;
  const rows = manifest.tables.reduce((sum, t) => sum + t.rows, 0);
  process.stdout.write(
    `\nRestored ${archive}\n` +
      `  made ${manifest.createdAt} by version ${manifest.version} from ${manifest.database.kind}\n` +
      `  ${manifest.tables.length} tables, ${rows} rows; ${restored.files} stored files\n` +
      (restored.migratedFrom !== restored.migratedTo
        ? `  migrated from ${restored.migratedFrom} to ${restored.migratedTo}\n`
        : `  migration ${restored.migratedTo}\n`) +
      (manifest.files.store === 's3' && !config.s3
        ? `  the backup's files were in S3 and are not in the archive: copy the bucket's objects under ${path.join(config.dataDir, 'files')}\n`
        : '') +
      '\n',
  );
} catch (error) {
  if (error instanceof BackupError) fail(error.message);
  throw error;
} finally {
  await database.close();
}
