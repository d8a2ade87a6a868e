import { randomBytes } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { defineConfig } from '@playwright/test';
import { chromiumPath } from '../../scripts/find-chromium.mjs';
import { E2E_ADMIN } from './e2e/fixtures';

// Browser tests: the built console served by the real server on a fresh embedded database, driven in
// Debian's Chromium. The port is picked free so the run sits beside anything else on the machine.

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.unref();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

// Playwright loads this file again in each worker: the first load keeps its choices in the environment,
// which the workers inherit, so all of them talk to the one server.
process.env.E2E_PORT ??= String(await freePort());
process.env.E2E_MQTT_PORT ??= String(await freePort());
process.env.E2E_DATA_DIR ??= mkdtempSync(path.join(tmpdir(), 'rms-e2e-'));
const port = Number(process.env.E2E_PORT);
const dataDir = process.env.E2E_DATA_DIR;

export default defineConfig({
  testDir: './e2e',
  fullyParallel: false,
  workers: 1,
  retries: 0,
  forbidOnly: true,
  reporter: [['list']],
  // A walk is a whole user journey (a dozen screens); on a loaded 2-core machine some take half a minute.
  timeout: 60_000,
  expect: { timeout: 10_000 },
  use: {
    baseURL: `http://127.0.0.1:${port}`,
    trace: 'off',
    screenshot: 'only-on-failure',
    // The browser's zone is half a day away from the server's TIME_ZONE, so a screen that counts days or
    // shows times by the browser's clock instead of the deployment's fails at any hour, not only near midnight.
    timezoneId: 'America/Los_Angeles',
    launchOptions: {
      executablePath: chromiumPath(),
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    },
  },
  projects: [{ name: 'chromium', use: { browserName: 'chromium', viewport: { width: 1440, height: 900 } } }],
  webServer: {
    command: 'node --import tsx ../server/src/main.ts',
    url: `http://127.0.0.1:${port}/api/v1/health/`,
    reuseExistingServer: false,
    timeout: 120_000,
    stdout: 'ignore',
    stderr: 'pipe',
    env: {
      PORT: String(port),
      HOST: '127.0.0.1',
      MQTT_PORT: process.env.E2E_MQTT_PORT,
      DATA_DIR: dataDir,
      DEMO: '0',
      TIME_ZONE: 'Asia/Kolkata',
      LOG_LEVEL: 'warn',
      ADMIN_EMAIL: E2E_ADMIN.email,
      ADMIN_PASSWORD: E2E_ADMIN.password,
      PUBLIC_URL: `http://127.0.0.1:${port}`,
      // E2E_DATABASE_URL runs the same walk against PostgreSQL (CI does both).
      ...(process.env.E2E_DATABASE_URL && {
        DATABASE_URL: process.env.E2E_DATABASE_URL,
        JWT_SECRET: randomBytes(48).toString('base64url'),
      }),
    },
  },
});
