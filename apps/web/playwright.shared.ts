import { createServer } from 'node:net';
import type { PlaywrightTestConfig } from '@playwright/test';
import { CHROMIUM_ARGS, chromiumPath } from '../../scripts/find-chromium.mjs';

// What both browser-test configs share: the run's shape, Debian's Chromium with its options, and the
// deployment's time zone half a day away from the browser's. playwright.config.ts walks the console
// against its own fixtures; playwright.demo.config.ts against the demo fleet.

/** A port free now; picked so a run sits beside anything else on the machine. */
export async function freePort(): Promise<number> {
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

/** The server's TIME_ZONE in the walks. */
export const SERVER_TIME_ZONE = 'Asia/Kolkata';

export const runShape = {
  fullyParallel: false,
  workers: 1,
  retries: 0,
  forbidOnly: true,
  reporter: [['list']],
  // A walk is a whole user journey (a dozen screens); on a loaded 2-core machine some take half a minute.
  timeout: 60_000,
  expect: { timeout: 10_000 },
} satisfies PlaywrightTestConfig;

export const browserUse = {
  trace: 'off',
  screenshot: 'only-on-failure',
  // The browser's zone is half a day away from the server's TIME_ZONE, so a screen that counts days or
  // shows times by the browser's clock instead of the deployment's fails at any hour, not only near midnight.
  timezoneId: 'America/Los_Angeles',
  // The browser asks for reduced motion, so the console runs without antd's animations: a click aimed
  // at a menu entry while its sub-menu is still sliding open would land on the entry sliding past
  // below (the Settings title instead of Webhooks). The console honours the setting for its users too.
  contextOptions: { reducedMotion: 'reduce' },
  launchOptions: {
    executablePath: chromiumPath(),
    args: CHROMIUM_ARGS,
  },
} satisfies PlaywrightTestConfig['use'];

export const projects = [
  { name: 'chromium', use: { browserName: 'chromium', viewport: { width: 1440, height: 900 } } },
] satisfies PlaywrightTestConfig['projects'];

/**
 * The compiled server, as `npm start` runs it, serving the built console. Either is built first when its
 * sources changed since its last build (scripts/build.mjs; nothing to do after `npm run build`).
 */
export const SERVER_COMMAND =
  'node ../../scripts/build.mjs --if-changed && node --enable-source-maps ../server/dist/main.js';
