import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { defineConfig } from '@playwright/test';
import { E2E_ADMIN } from './e2e/fixtures';
import {
  browserUse,
  freePort,
  projects,
  runShape,
  SERVER_COMMAND,
  SERVER_TIME_ZONE,
} from './playwright.shared';

// Browser walks over the demo fleet (issue 6): the server seeds the demo customer on a fresh embedded
// database, writes a short history (3 days: the full 90 take minutes) and runs the 200 devices live
// over MQTT; the walks look at what that real data makes of each monitoring screen. Always PGlite: the
// demo needs an empty database of its own, which E2E_DATABASE_URL (shared with the other walks) is not.

// Playwright loads this file again in each worker: the first load keeps its choices in the environment.
// Names of their own, so this run never picks up the other config's server.
process.env.E2E_DEMO_PORT ??= String(await freePort());
process.env.E2E_DEMO_MQTT_PORT ??= String(await freePort());
process.env.E2E_DEMO_DATA_DIR ??= mkdtempSync(path.join(tmpdir(), 'rms-e2e-demo-'));
const port = Number(process.env.E2E_DEMO_PORT);

export default defineConfig({
  ...runShape,
  testDir: './e2e-demo',
  // Apart from the other walks' results, which a run of this config would otherwise clear.
  outputDir: 'test-results/demo',
  use: { ...browserUse, baseURL: `http://127.0.0.1:${port}` },
  projects,
  webServer: {
    command: SERVER_COMMAND,
    // Ready when the whole history is written and every device is live: run-demo.ts logs this line
    // then (the health URL answers long before). Only `wait`: with a url too, whichever comes first wins.
    wait: { stdout: /"msg":"demo: fleet live over MQTT"/ },
    reuseExistingServer: false,
    timeout: 180_000,
    stdout: 'ignore',
    stderr: 'pipe',
    env: {
      PORT: String(port),
      HOST: '127.0.0.1',
      MQTT_PORT: process.env.E2E_DEMO_MQTT_PORT,
      DATA_DIR: process.env.E2E_DEMO_DATA_DIR,
      DEMO: '1',
      DEMO_HISTORY_DAYS: '3',
      TIME_ZONE: SERVER_TIME_ZONE,
      // The ready line above is an info line, of the JSON logs.
      LOG_LEVEL: 'info',
      LOG_FORMAT: 'json',
      ADMIN_EMAIL: E2E_ADMIN.email,
      ADMIN_PASSWORD: E2E_ADMIN.password,
      PUBLIC_URL: `http://127.0.0.1:${port}`,
    },
  },
});
