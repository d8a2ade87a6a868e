#!/usr/bin/env node
// Finds Debian's Chromium for the browser tests, installing it with apt-get when run as root.
// Imported: `chromiumPath()` answers the path or undefined. Run: makes sure it is there or says what is needed.
import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';

const CANDIDATES = [
  '/usr/bin/chromium',
  '/usr/bin/chromium-browser',
  '/usr/bin/google-chrome',
  '/snap/bin/chromium',
];

/** How the tests start it: headless on a server without a sandbox, GPU or background traffic. */
export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

export function chromiumPath() {
  if (process.env.CHROMIUM_PATH && existsSync(process.env.CHROMIUM_PATH)) return process.env.CHROMIUM_PATH;
  for (const name of ['chromium', 'chromium-browser']) {
    const found = spawnSync('which', [name], { encoding: 'utf8' });
    if (found.status === 0 && found.stdout.trim()) return found.stdout.trim();
  }
  return CANDIDATES.find((p) => existsSync(p));
}

function ensure() {
  const found = chromiumPath();
  if (found) {
    console.log(`browser tests use ${found}`);
    return;
  }
  if (process.getuid?.() === 0 && spawnSync('which', ['apt-get']).status === 0) {
    console.log('Chromium not found: installing Debian package "chromium" with apt-get ...');
    execFileSync('apt-get', ['update'], { stdio: 'inherit' });
    execFileSync('apt-get', ['install', '-y', 'chromium'], {
      stdio: 'inherit',
      env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' },
    });
    const installed = chromiumPath();
    if (installed) {
      console.log(`browser tests use ${installed}`);
      return;
    }
  }
  console.error(
    '\nThe browser tests need Chromium and it is not installed.\n' +
      '  Debian/Ubuntu: sudo apt-get install -y chromium\n' +
      '  elsewhere: install Chromium or Chrome and set CHROMIUM_PATH to its executable.\n',
  );
  process.exit(1);
}

if (import.meta.url === `file://${process.argv[1]}`) ensure();
