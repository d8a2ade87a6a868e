import { execFileSync, spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServerProcess, type ServerProcess } from './testing/server-process';

// The compiled server, as `npm start` runs it: scripts/build.mjs builds what changed (esbuild for the
// server, Vite for the console; nothing after `npm run build`), then `node dist/main.js` starts on a
// fresh embedded database. What it reads from disk must resolve from dist/: the migrations, the built
// console, PGlite's own files; the password reset command is compiled the same way.

const repo = path.resolve(import.meta.dirname, '../../..');
const dist = path.join(repo, 'apps/server/dist');
const dataDir = mkdtempSync(path.join(tmpdir(), 'rms-compiled-'));
const ADMIN = { ADMIN_EMAIL: 'admin@compiled.example', ADMIN_PASSWORD: 'Compiled-pass-1234' };
// The embedded database, as a first `npm start` has it (not the test run's PostgreSQL, if any).
const { DATABASE_URL: _, ...embedded } = process.env as Record<string, string>;
const env = { ...embedded, ...ADMIN, DATA_DIR: dataDir, PORT: '0', MQTT_PORT: '0', DEMO: '0' };
let server: ServerProcess | undefined;

beforeAll(() => {
  execFileSync(process.execPath, [path.join(repo, 'scripts/build.mjs'), '--if-changed'], {
    cwd: repo,
    stdio: 'pipe',
  });
}, 180_000);
afterAll(() => {
  server?.child.kill('SIGKILL');
  rmSync(dataDir, { recursive: true, force: true });
});

describe('the compiled server', () => {
  it('starts from dist/, serves the API, readiness, metrics and the console, and stops on SIGTERM with 0', async () => {
    server = await startServerProcess(['--enable-source-maps', path.join(dist, 'main.js')], env);
    const url = (p: string) => `http://127.0.0.1:${server!.httpPort}${p}`;

    const health = await fetch(url('/api/v1/health/'));
    expect(health.status).toBe(200);
    expect(await health.json()).toMatchObject({ status: 'ok', database: 'pglite' });
    // Ready: the migrations copied beside the build are the ones the database has.
    expect((await fetch(url('/api/v1/health/ready/'))).status).toBe(200);
    expect(await (await fetch(url('/metrics'))).text()).toContain('rms_http_request_duration_seconds');
    const page = await fetch(url('/'));
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('<div id="root">');

    server.child.kill('SIGTERM');
    expect(await server.exited).toBe(0);
  }, 120_000);

  it('resets the super-user’s password with the compiled command', () => {
    const run = spawnSync(
      process.execPath,
      [path.join(dist, 'reset-admin-password.js'), '--password', 'Another-pass-5678'],
      { env, encoding: 'utf8', timeout: 60_000 },
    );
    expect(run.stderr).toBe('');
    expect(run.status).toBe(0);
    expect(run.stdout).toContain(`Super-user password reset; every session of the account has ended.`);
    expect(run.stdout).toContain(ADMIN.ADMIN_EMAIL);
  }, 70_000);
});
