#!/usr/bin/env node
// Builds the server (apps/server/dist, esbuild) and the console (apps/web/dist, Vite).
//
//   node scripts/build.mjs                     both, always (npm run build)
//   node scripts/build.mjs --if-changed        each only when its sources changed since its last build
//   node scripts/build.mjs --if-changed server one of them (server | web)
//
// A build records a digest of its sources (the workspace's files and those of the workspace packages it
// bundles, the lock file, less the tests) in node_modules/.cache/rms-build/<part>.json; --if-changed
// compares the sources with it, so `npm start` with nothing changed starts at once. A fresh `npm ci`
// empties node_modules, and with it the record: the first start builds.
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const contracts = ['packages/contracts/src', 'packages/contracts/package.json'];

const PARTS = {
  server: {
    workspace: '@rms/server',
    output: 'apps/server/dist/main.js',
    sources: [
      'apps/server/src',
      'apps/server/build.mjs',
      'apps/server/package.json',
      'tools/simulator/src',
      'tools/simulator/package.json',
      ...contracts,
    ],
  },
  web: {
    workspace: '@rms/web',
    output: 'apps/web/dist/index.html',
    sources: [
      'apps/web/src',
      'apps/web/public',
      'apps/web/index.html',
      'apps/web/vite.config.ts',
      'apps/web/tsconfig.json',
      'apps/web/package.json',
      ...contracts,
    ],
  },
};

/** Not part of what is shipped: a change to a test does not call for a build. */
const isTest = (file) => /\.test\.tsx?$|[/\\](testing|test-utils)[/\\]/.test(file);

function* files(entry) {
  const full = path.join(root, entry);
  if (!existsSync(full)) return;
  if (statSync(full).isFile()) return yield entry;
  for (const name of readdirSync(full).sort()) yield* files(path.join(entry, name));
}

/** One digest of the part's sources: their paths and contents (and the locked dependency versions). */
function digest(part) {
  const hash = createHash('sha256');
  for (const file of [...part.sources.flatMap((s) => [...files(s)]), 'package-lock.json']) {
    if (isTest(file)) continue;
    hash
      .update(`${file}\0`)
      .update(readFileSync(path.join(root, file)))
      .update('\0');
  }
  return hash.digest('hex');
}

const stampDir = path.join(root, 'node_modules/.cache/rms-build');
const stampOf = (name) => path.join(stampDir, `${name}.json`);

function builtFrom(name) {
  try {
    return JSON.parse(readFileSync(stampOf(name), 'utf8')).sources;
  } catch {
    return null;
  }
}

const args = process.argv.slice(2);
const ifChanged = args.includes('--if-changed');
const asked = args.filter((a) => !a.startsWith('--'));
const unknown = asked.filter((a) => !Object.hasOwn(PARTS, a));
if (unknown.length > 0) {
  console.error(`scripts/build.mjs: unknown part ${unknown.join(', ')} (server, web)`);
  process.exit(2);
}

for (const name of asked.length > 0 ? asked : Object.keys(PARTS)) {
  const part = PARTS[name];
  const sources = digest(part);
  if (ifChanged && existsSync(path.join(root, part.output)) && builtFrom(name) === sources) continue;
  console.error(`building the ${name === 'web' ? 'console' : 'server'} (${part.workspace}) ...`);
  // Always the production build, whoever calls: a build started from a test runner (NODE_ENV=test)
  // would bake test-mode library code into the console (antd then gives every dialog the same id, so
  // dialogs lose their accessible names) and be reused by later starts as if it were the real one.
  execFileSync('npm', ['run', 'build', '-w', part.workspace], {
    cwd: root,
    stdio: 'inherit',
    env: { ...process.env, NODE_ENV: 'production' },
  });
  mkdirSync(stampDir, { recursive: true });
  writeFileSync(stampOf(name), JSON.stringify({ sources, builtAt: new Date().toISOString() }));
}
