import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import net from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { count } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../db/client';
import { users } from '../db/schema/employees';
import { ensureFirstUser } from '../first-start';
import { seedMasterData } from '../modules/master-data';
import { scratchDatabase, type ScratchDatabase } from '../testing/scratch-database';

// `npm run backup` and `npm run restore` as an operator runs them, with the environment of `npm start`:
// the embedded database under DATA_DIR (or PostgreSQL with DATABASE_URL, when the tests run on it).

const work = mkdtempSync(path.join(tmpdir(), 'rms-backup-cli-'));
const scratches: ScratchDatabase[] = [];
const key = `image/${randomBytes(16).toString('hex')}.png`;
const secret = randomBytes(48).toString('base64url');

/** A deployment's environment: its DATA_DIR and, on PostgreSQL, a database of its own. */
async function deployment(name: string): Promise<Record<string, string>> {
  const { DATABASE_URL: _, ...inherited } = process.env as Record<string, string>;
  const dataDir = path.join(work, name);
  const scratch = await scratchDatabase();
  scratches.push(scratch);
  return {
    ...inherited,
    DATA_DIR: dataDir,
    LOG_LEVEL: 'silent',
    PORT: String(await freePort()),
    ...(scratch.url && { DATABASE_URL: scratch.url, JWT_SECRET: secret }),
  };
}

function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const server = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

function run(script: 'backup' | 'restore', args: string[], env: Record<string, string>) {
  return new Promise<{ status: number | null; stdout: string; stderr: string }>((resolve) => {
    const child = spawn(
      process.execPath,
      ['--import', 'tsx', path.join(import.meta.dirname, `${script}-cli.ts`), ...args],
      { env },
    );
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.on('close', (status) => resolve({ status, stdout, stderr }));
  });
}

const openOf = (env: Record<string, string>) =>
  openDatabase({ databaseUrl: env.DATABASE_URL, pgliteDir: path.join(env.DATA_DIR!, 'db') });

let source: Record<string, string>;
const image = randomBytes(2048);

beforeAll(async () => {
  source = await deployment('source');
  const database = await openOf(source);
  await database.migrate();
  await seedMasterData(database.db);
  await ensureFirstUser(database.db, { email: 'admin@cli.example', password: 'Admin-pass-1234' });
  await database.close();
  mkdirSync(path.join(source.DATA_DIR!, 'files', 'image'), { recursive: true });
  writeFileSync(path.join(source.DATA_DIR!, 'files', key), image);
});
afterAll(async () => {
  for (const scratch of scratches) await scratch.drop();
  rmSync(work, { recursive: true, force: true });
});

describe('npm run backup / npm run restore', () => {
  const archive = path.join(work, 'nightly.tar.gz');

  it('backs up, restores into another deployment, and refuses to restore over it again', async () => {
    const made = await run('backup', [archive], source);
    expect(made.stderr).toBe('');
    expect(made.status).toBe(0);
    expect(made.stdout).toMatch(
      /Backup written: .*nightly\.tar\.gz \(.* MB\)\n .*tables, \d+ rows, migration \d{4}_\w+\n {2}1 stored files/,
    );
    expect((await run('backup', [archive], source)).stderr).toContain('nightly.tar.gz already exists');

    const target = await deployment('target');
    const restored = await run('restore', [archive], target);
    expect(restored.stderr).toBe('');
    expect(restored.status).toBe(0);
    expect(restored.stdout).toMatch(
      /Restored .*nightly\.tar\.gz\n {2}made .* by version \S+ from (pglite|postgres)\n/,
    );
    expect(readFileSync(path.join(target.DATA_DIR!, 'files', key))).toEqual(image);
    const database = await openOf(target);
    try {
      expect((await database.db.select({ n: count() }).from(users))[0]!.n).toBe(1);
    } finally {
      await database.close();
    }

    const again = await run('restore', [archive], target);
    expect(again.status).toBe(1);
    expect(again.stderr).toMatch(/The target is not empty: it holds .* run again with --force/);
    expect(again.stderr).not.toMatch(/\n\s+at /);
    expect((await run('restore', [archive, '--force'], target)).status).toBe(0);
  }, 240_000);

  it('backs up PostgreSQL while the server runs, but not the embedded database, which it holds open', async () => {
    const held = net.createServer();
    await new Promise<void>((resolve) => held.listen(Number(source.PORT), '0.0.0.0', resolve));
    try {
      const made = await run('backup', [path.join(work, 'while-running.tar.gz')], source);
      if (source.DATABASE_URL) {
        // One snapshot: consistent while the server writes.
        expect(made.status).toBe(0);
      } else {
        expect(made.status).toBe(1);
        expect(made.stderr).toContain(`Port ${source.PORT} is in use: stop the server first`);
      }
    } finally {
      await new Promise((resolve) => held.close(resolve));
    }
  }, 60_000);
});
