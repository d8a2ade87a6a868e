/// <reference lib="dom" />
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { chromium, type Browser, type Page } from '@playwright/test';
import { chromiumPath } from '../../scripts/find-chromium.mjs';

// What the browser benchmarks share: the real server serving the built console (run
// `npm run build -w @rms/web` first) on a fresh embedded database, and Chromium signed in to it with a
// probe of the longest main-thread task. Each bench stubs its own data route and measures its screen.

const ADMIN = { email: 'bench@bench.example', password: 'Bench-pass-12345' };

export const log = (line: string) => process.stdout.write(`${line}\n`);

/** A deterministic pseudo-random sequence in [0, 1), so every run draws the same data. */
export function seededRandom(seed: number): () => number {
  let state = seed;
  return () => {
    state = (state * 1_103_515_245 + 12_345) % 2_147_483_648;
    return state / 2_147_483_648;
  };
}

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

export interface ConsoleServer {
  base: string;
  stop(): void;
}

/** Starts the server (no demo) on free ports and waits until it answers. */
export async function startConsole(name: string): Promise<ConsoleServer> {
  const port = await freePort();
  const dataDir = mkdtempSync(path.join(tmpdir(), `rms-${name}-bench-`));
  const server = spawn('node', ['--import', 'tsx', 'apps/server/src/main.ts'], {
    cwd: path.resolve(import.meta.dirname, '../..'),
    stdio: ['ignore', 'ignore', 'inherit'],
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      MQTT_PORT: String(await freePort()),
      DATA_DIR: dataDir,
      DEMO: '0',
      LOG_LEVEL: 'warn',
      ADMIN_EMAIL: ADMIN.email,
      ADMIN_PASSWORD: ADMIN.password,
    },
  });
  const stop = () => {
    server.kill('SIGTERM');
    rmSync(dataDir, { recursive: true, force: true });
  };
  const base = `http://127.0.0.1:${port}`;
  for (let i = 0; ; i += 1) {
    const up = await fetch(`${base}/api/v1/health/`).then(
      (res) => res.ok,
      () => false,
    );
    if (up) break;
    if (i > 240) {
      stop();
      throw new Error('the server did not start');
    }
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  return { base, stop };
}

/** The page's probe: the longest main-thread task since it was last reset (how long input waited). */
export interface LongTaskProbe {
  longest: number;
}

/**
 * Chromium at 1440 × 900 with the long-task probe in every document; `prepare` runs before sign-in
 * (route stubs, more init scripts). Signs in as the bench's super-user and waits for the dashboard.
 */
export async function signedInPage(
  base: string,
  prepare: (page: Page) => Promise<void>,
): Promise<{ browser: Browser; page: Page }> {
  const browser = await chromium.launch({
    executablePath: chromiumPath(),
    args: ['--no-sandbox', '--disable-gpu'],
  });
  const page = await browser.newPage({ viewport: { width: 1440, height: 900 } });
  await page.addInitScript(() => {
    const w = window as unknown as LongTaskProbe;
    w.longest = 0;
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) w.longest = Math.max(w.longest, entry.duration);
    }).observe({ type: 'longtask', buffered: true });
  });
  await prepare(page);
  await page.goto(`${base}/login/`);
  await page.getByLabel('Email').fill(ADMIN.email);
  await page.getByLabel('Password').fill(ADMIN.password);
  await page.getByRole('button', { name: 'Log in' }).click();
  await page.getByText(/Welcome/).waitFor();
  return { browser, page };
}
