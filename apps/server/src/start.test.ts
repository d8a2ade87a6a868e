import { spawnSync } from 'node:child_process';
import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import net from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config';
import { users } from './db/schema/employees';
import { DEMO_EMAIL } from './demo/demo-fleet';
import { CREDENTIALS_FILE } from './first-credentials';
import { startServer, type Started } from './start';
import { waitForMail } from './testing/outbox';

// The first minutes of a new user: a start checks its ports and DATA_DIR before it creates anything,
// and the generated passwords of the super-user and the demo owner are printed at every start until
// that account signs in or changes its password (then never again).

const scratch = () => mkdtempSync(path.join(tmpdir(), 'rms-start-'));
const ADMIN_EMAIL = 'owner@first-start.example';

const quiet = { LOG_LEVEL: 'silent', PORT: '0', MQTT_PORT: '0', DEMO: '0', ADMIN_EMAIL };

/** Holds a port the way another program would; answers it and the way to let it go. */
async function holdPort(): Promise<{ port: number; release: () => Promise<void> }> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '0.0.0.0', resolve));
  const port = (server.address() as net.AddressInfo).port;
  return { port, release: () => new Promise((resolve) => server.close(() => resolve())) };
}

let running: Started[] = [];
afterEach(async () => {
  for (const s of running) await s.stop();
  running = [];
});

describe('a start that cannot run creates nothing', () => {
  it('stops on a taken HTTP port, naming it and PORT, before DATA_DIR exists', async () => {
    const held = await holdPort();
    try {
      const dataDir = path.join(scratch(), 'data');
      const start = startServer(loadConfig({ ...quiet, DATA_DIR: dataDir, PORT: String(held.port) }));
      await expect(start).rejects.toThrow(ConfigError);
      await expect(start).rejects.toThrow(new RegExp(`Port ${held.port} is already in use. Set PORT`));
      expect(existsSync(dataDir)).toBe(false);
    } finally {
      await held.release();
    }
  });

  it('stops on a taken MQTT port, naming it and MQTT_PORT, and leaves an existing DATA_DIR as it was', async () => {
    const held = await holdPort();
    try {
      const dataDir = scratch();
      const start = startServer(loadConfig({ ...quiet, DATA_DIR: dataDir, MQTT_PORT: String(held.port) }));
      await expect(start).rejects.toThrow(
        new RegExp(`MQTT port ${held.port} is already in use .*Set MQTT_PORT to a free port`),
      );
      expect(readdirSync(dataDir)).toEqual([]);
    } finally {
      await held.release();
    }
  });

  it('stops when DATA_DIR cannot be a directory, naming DATA_DIR', async () => {
    const file = path.join(scratch(), 'a-file');
    writeFileSync(file, 'not a directory');
    await expect(startServer(loadConfig({ ...quiet, DATA_DIR: path.join(file, 'data') }))).rejects.toThrow(
      /DATA_DIR .* cannot be used: .*a-file is not a directory/,
    );
  });

  it('refuses the same port for PORT and MQTT_PORT', async () => {
    const dataDir = path.join(scratch(), 'data');
    await expect(
      startServer(loadConfig({ ...quiet, DATA_DIR: dataDir, PORT: '18999', MQTT_PORT: '18999' })),
    ).rejects.toThrow(/PORT and MQTT_PORT are both 18999/);
    expect(existsSync(dataDir)).toBe(false);
  });

  it('`npm start` with the MQTT port taken prints the message, no stack trace and no password, and exits 1', async () => {
    const { DATABASE_URL: _, ...embedded } = process.env;
    const held = await holdPort();
    try {
      const dataDir = path.join(scratch(), 'data');
      const run = spawnSync(
        process.execPath,
        ['--import', 'tsx', path.join(import.meta.dirname, 'main.ts')],
        {
          // The embedded database, as a first `npm start` has it (not the test run's PostgreSQL, if any).
          env: { ...embedded, ...quiet, DEMO: '1', DATA_DIR: dataDir, MQTT_PORT: String(held.port) },
          encoding: 'utf8',
          timeout: 120_000,
        },
      );
      expect(run.status).toBe(1);
      expect(run.stderr).toContain(`MQTT port ${held.port} is already in use`);
      expect(run.stderr).not.toMatch(/\n\s+at /);
      expect(run.stdout).not.toContain('password');
      expect(existsSync(dataDir)).toBe(false);
    } finally {
      await held.release();
    }
  }, 130_000);
});

describe('the first start’s passwords', () => {
  async function start(dataDir: string, env: Record<string, string> = {}) {
    let printed = '';
    const started = await startServer(
      loadConfig({ ...quiet, DEMO: '1', DEMO_HISTORY_DAYS: '1', DATA_DIR: dataDir, ...env }),
      { print: (text) => (printed += text) },
    );
    // The demo fleet's history is not what these tests look at.
    await started.demo?.stop();
    running.push(started);
    return { started, printed };
  }
  const stop = async (s: Started) => {
    running = running.filter((r) => r !== s);
    await s.stop();
  };
  const passwordOf = (printed: string, email: string) =>
    new RegExp(`e-mail:\\s+${email.replace(/[.]/g, '\\.')}\\n\\s+password: (\\S+)`).exec(printed)?.[1];

  it('prints both accounts at every start until each is used, then never again', async () => {
    const dataDir = path.join(scratch(), 'data');
    const file = path.join(dataDir, CREDENTIALS_FILE);

    const first = await start(dataDir);
    const admin = passwordOf(first.printed, ADMIN_EMAIL);
    const demo = passwordOf(first.printed, DEMO_EMAIL);
    expect(admin).toMatch(/^[\w-]{16}$/);
    expect(demo).toMatch(/^[\w-]{16}$/);
    expect(first.printed).toContain('First start: super-user created');
    // Kept for the next start, readable by its owner only.
    expect(statSync(file).mode & 0o777).toBe(0o600);
    await stop(first.started);

    // Not signed in yet: the next start shows the same two again.
    const second = await start(dataDir);
    expect(passwordOf(second.printed, ADMIN_EMAIL)).toBe(admin);
    expect(passwordOf(second.printed, DEMO_EMAIL)).toBe(demo);
    expect(second.printed).toContain('Super-user (not signed in yet)');

    // The super-user signs in: its password is gone from the file at once, and from the next start.
    const login = await second.started.app.inject({
      method: 'POST',
      url: '/api/v1/users/login/',
      payload: { username: ADMIN_EMAIL, password: admin },
    });
    expect(login.statusCode).toBe(200);
    expect(readFileSync(file, 'utf8')).not.toContain(admin!);
    expect(readFileSync(file, 'utf8')).toContain(demo!);
    await stop(second.started);

    const third = await start(dataDir);
    expect(third.printed).not.toContain(ADMIN_EMAIL);
    expect(passwordOf(third.printed, DEMO_EMAIL)).toBe(demo);

    // The demo owner sets a new password from a reset link (no sign-in): nothing is kept or shown after.
    const app = third.started.app;
    await app.inject({
      method: 'POST',
      url: '/api/v1/users/password_reset/',
      payload: { username: DEMO_EMAIL },
    });
    const [mail] = await waitForMail(dataDir, DEMO_EMAIL);
    const code = /\/password-reset\/([\w-]+)/.exec(mail!)![1]!;
    const confirmed = await app.inject({
      method: 'POST',
      url: '/api/v1/users/password_reset/confirm/',
      payload: { code, password: 'A-new-demo-pass-1' },
    });
    expect(confirmed.statusCode).toBe(200);
    expect(existsSync(file)).toBe(false);
    await stop(third.started);

    const fourth = await start(dataDir);
    expect(fourth.printed).toBe('');
  }, 240_000);

  it('drops a kept password the database no longer matches (changed while this start was not running)', async () => {
    const dataDir = path.join(scratch(), 'data');
    const first = await start(dataDir, { DEMO: '0' });
    expect(passwordOf(first.printed, ADMIN_EMAIL)).toBeDefined();
    // Another instance (or the reset command) changed it: this directory's copy is stale.
    await first.started.database.db
      .update(users)
      .set({ passwordHash: 'changed elsewhere' })
      .where(eq(users.email, ADMIN_EMAIL));
    await stop(first.started);
    const second = await start(dataDir, { DEMO: '0' });
    expect(second.printed).toBe('');
    expect(existsSync(path.join(dataDir, CREDENTIALS_FILE))).toBe(false);
  }, 120_000);

  it('never prints or keeps a password the operator gave in ADMIN_PASSWORD', async () => {
    const dataDir = path.join(scratch(), 'data');
    mkdirSync(dataDir);
    const given = 'Operator-chose-this-1';
    const first = await start(dataDir, { DEMO: '0', ADMIN_PASSWORD: given });
    expect(first.printed).toBe('');
    expect(existsSync(path.join(dataDir, CREDENTIALS_FILE))).toBe(false);
    const login = await first.started.app.inject({
      method: 'POST',
      url: '/api/v1/users/login/',
      payload: { username: ADMIN_EMAIL, password: given },
    });
    expect(login.statusCode).toBe(200);
  }, 120_000);
});
