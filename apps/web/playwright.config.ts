import { randomBytes } from 'node:crypto';
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

// Browser tests: the built console served by the real server on a fresh embedded database, driven in
// Debian's Chromium. The port is picked free so the run sits beside anything else on the machine.

// Playwright loads this file again in each worker: the first load keeps its choices in the environment,
// which the workers inherit, so all of them talk to the one server.
process.env.E2E_PORT ??= String(await freePort());
process.env.E2E_MQTT_PORT ??= String(await freePort());
process.env.E2E_DATA_DIR ??= mkdtempSync(path.join(tmpdir(), 'rms-e2e-'));
// Nothing listens on this port: the map's tile server refuses every connection, as on a site without
// internet (the map walk checks the notice and the plain base).
process.env.E2E_TILE_PORT ??= String(await freePort());
const port = Number(process.env.E2E_PORT);
const dataDir = process.env.E2E_DATA_DIR;

export default defineConfig({
  ...runShape,
  testDir: './e2e',
  use: { ...browserUse, baseURL: `http://127.0.0.1:${port}` },
  projects,
  webServer: {
    command: SERVER_COMMAND,
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
      TIME_ZONE: SERVER_TIME_ZONE,
      LOG_LEVEL: 'warn',
      LOG_FORMAT: 'json',
      ADMIN_EMAIL: E2E_ADMIN.email,
      ADMIN_PASSWORD: E2E_ADMIN.password,
      PUBLIC_URL: `http://127.0.0.1:${port}`,
      MAP_TILE_URL: `http://127.0.0.1:${process.env.E2E_TILE_PORT}/{z}/{x}/{y}.png`,
      // The notifications walk waits for the bell: notifications are made every 2 s instead of 10.
      NOTIFY_EVERY_SECONDS: '2',
      // The energy report walk waits for its readings' rollups: the maintenance runs every 5 s, not 5 min.
      TELEMETRY_MAINTENANCE_SECONDS: '5',
      // The webhooks walk's receiver listens on this machine, over plain http.
      WEBHOOK_ALLOW_HTTP: '1',
      WEBHOOK_ALLOW_PRIVATE_ADDRESSES: '1',
      // The walks share two cores with the browser: a lag there is not overload (shedding has its own test).
      SHED_EVENT_LOOP_DELAY_MS: '0',
      // E2E_DATABASE_URL runs the same walk against PostgreSQL (CI does both).
      ...(process.env.E2E_DATABASE_URL && {
        DATABASE_URL: process.env.E2E_DATABASE_URL,
        JWT_SECRET: randomBytes(48).toString('base64url'),
      }),
    },
  },
});
