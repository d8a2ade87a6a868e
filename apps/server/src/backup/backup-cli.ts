import { existsSync, statSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { openDatabase } from '../db/client';
import { configOrFail, fail, fromOperator, requireServerStopped } from './cli-common';
import { makeBackup } from './make-backup';

// npm run backup [-- <archive.tar.gz>]
// Writes the database, the stored files and the DATA_DIR secrets of the configured server (the same
// environment as npm start) into one archive. See docs/operations.md ("Backups and restore").

const USAGE = 'Usage: npm run backup [-- <archive.tar.gz>]';

let positionals: string[];
try {
  ({ positionals } = parseArgs({ allowPositionals: true, options: {} }));
} catch (error) {
  fail(`${(error as Error).message}\n${USAGE}`);
}
if (positionals.length > 1) fail(USAGE);
const config = configOrFail();
const stamp = new Date().toISOString().slice(0, 19).replace(/[-:]/g, '').replace('T', '-');
const out = fromOperator(positionals[0] ?? `rms-backup-${stamp}.tar.gz`);
if (existsSync(out)) fail(`${out} already exists: give the backup another name.`);
if (!existsSync(path.dirname(out)))
  fail(`${path.dirname(out)} does not exist: create it, or give another path.`);

if (!config.databaseUrl) {
  const dir = path.join(config.dataDir, 'db');
  if (!existsSync(dir))
    fail(`No embedded database in ${dir}: run this where you run npm start (or with its DATA_DIR).`);
  // A consistent copy of the embedded database needs it closed: one process opens it at a time.
  await requireServerStopped(config, 'the embedded database is opened by one process at a time');
}

const database = await openDatabase({
  databaseUrl: config.databaseUrl,
  pgliteDir: path.join(config.dataDir, 'db'),
});
try {
  process.stdout.write(
    `Backing up the ${database.kind === 'postgres' ? 'PostgreSQL' : 'embedded'} database\n`,
  );
  const manifest = await makeBackup({
    database,
    dataDir: config.dataDir,
    filesStore: config.s3 ? 's3' : 'local',
    out,
    log: (line) => process.stdout.write(`${line}\n`),
  });
  const rows = manifest.tables.reduce((sum, t) => sum + t.rows, 0);
  const megabytes = (statSync(out).size / 1024 / 1024).toFixed(1);
  process.stdout.write(
    `\nBackup written: ${out} (${megabytes} MB)\n` +
      `  ${manifest.tables.length} tables, ${rows} rows, migration ${manifest.database.migrations.lastTag ?? 'none'}\n` +
      (manifest.files.included
        ? `  ${manifest.files.count} stored files\n`
        : `  stored files are in S3 (bucket ${config.s3?.bucket}), not in the archive: back the bucket up with the store's own tools\n`) +
      `  readable by its owner only: it holds password hashes and secrets. Keep a copy off this machine.\n\n`,
  );
} finally {
  await database.close();
}
