import { readFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';

// The built console's JavaScript per route, gzip: what a browser downloads to show each screen on a
// cold cache. A fresh load of /login by someone signed out needs only the entry chunk and its static
// imports (main.tsx draws the sign-in screen without the console). Every other route also needs the
// console (console.tsx: antd's providers, the router), the signed-in shell (all but the public
// routes) and the screen's own chunk, each with its static imports. Reads Vite's manifest; run after
// `npm run build`. The sign-in page's budget (SIGN_IN_BUDGET_KB) is also checked in the browser, by
// apps/web/e2e/session.spec.ts.

interface Chunk {
  file: string;
  src?: string;
  isEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
}

const root = path.join(import.meta.dirname, '../../apps/web');
const dist = path.join(root, 'dist');
const manifest = JSON.parse(readFileSync(path.join(dist, '.vite/manifest.json'), 'utf8')) as Record<
  string,
  Chunk
>;
const routesText = readFileSync(path.join(root, 'src/routes.tsx'), 'utf8');

/** The chunk files a module loads before it runs (itself and its static imports, transitively). */
function closure(key: string, into = new Set<string>()): Set<string> {
  const chunk = manifest[key]!;
  if (into.has(chunk.file)) return into;
  into.add(chunk.file);
  for (const imported of chunk.imports ?? []) closure(imported, into);
  return into;
}

const gzipped = new Map<string, number>();
function gzipOf(files: Iterable<string>): number {
  let total = 0;
  for (const file of files) {
    if (!file.endsWith('.js')) continue;
    if (!gzipped.has(file))
      gzipped.set(file, gzipSync(readFileSync(path.join(dist, file)), { level: 9 }).length);
    total += gzipped.get(file)!;
  }
  return total;
}

const entryKey = Object.keys(manifest).find((k) => manifest[k]!.isEntry)!;
const consoleKey = 'src/console.tsx';
const shellKey = 'src/layout/app-shell.tsx';
const SIGN_IN = '/login';
const SIGN_IN_BUDGET_KB = 120;
const PUBLIC = new Set(['/login', '/ourpolicy', '/password-reset/:token']);
const routes = [...routesText.matchAll(/'(\/[^']*)': page\(\s*\(\) => import\('\.\/([^']+)'\)/g)].map(
  (m) => ({
    path: m[1]!,
    key: `src/${m[2]!}.tsx`,
  }),
);

const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} kB`;
const cell = (bytes: number | null, width: number) => (bytes === null ? '—' : kb(bytes)).padStart(width);
process.stdout.write(
  `route                               | JS gzip (cold) | entry + React | console + shell | the screen's own\n`,
);
let signIn = 0;
for (const route of routes) {
  if (!manifest[route.key]) continue;
  const files = closure(entryKey);
  const entry = gzipOf(files);
  if (route.path === SIGN_IN) {
    signIn = entry;
    process.stdout.write(
      `${route.path.padEnd(35)} | ${cell(entry, 14)} | ${cell(entry, 13)} | ${cell(null, 15)} | ${cell(null, 16)}\n`,
    );
    continue;
  }
  closure(consoleKey, files);
  if (!PUBLIC.has(route.path)) closure(shellKey, files);
  const before = new Set(files);
  closure(route.key, files);
  const own = [...files].filter((f) => !before.has(f));
  const total = gzipOf(files);
  process.stdout.write(
    `${route.path.padEnd(35)} | ${cell(total, 14)} | ${cell(entry, 13)} | ${cell(total - entry - gzipOf(own), 15)} | ${cell(gzipOf(own), 16)}\n`,
  );
}
const verdict = signIn <= SIGN_IN_BUDGET_KB * 1024 ? 'within' : 'OVER';
process.stdout.write(
  `\nsign-in page: ${kb(signIn)} of JavaScript, ${verdict} its ${SIGN_IN_BUDGET_KB} kB budget\n`,
);
