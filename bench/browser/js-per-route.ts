import { readFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';

// The built console's JavaScript per route, gzip: what a browser downloads to show each screen on a
// cold cache: the entry chunk and its static imports, the signed-in shell (for every route but the
// public ones) and the screen's own chunk with its static imports. Reads Vite's manifest; run after
// `npm run build`.

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
const shellKey = 'src/layout/app-shell.tsx';
const PUBLIC = new Set(['/login', '/ourpolicy', '/password-reset/:token']);
const routes = [...routesText.matchAll(/'(\/[^']*)': page\(\s*\(\) => import\('\.\/([^']+)'\)/g)].map(
  (m) => ({
    path: m[1]!,
    key: `src/${m[2]!}.tsx`,
  }),
);

const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} kB`;
process.stdout.write(`route                               | JS gzip (cold) | of which the screen's own\n`);
for (const route of routes) {
  if (!manifest[route.key]) continue;
  const files = closure(entryKey);
  if (!PUBLIC.has(route.path)) closure(shellKey, files);
  const before = new Set(files);
  closure(route.key, files);
  const own = [...files].filter((f) => !before.has(f));
  process.stdout.write(
    `${route.path.padEnd(35)} | ${kb(gzipOf(files)).padStart(14)} | ${kb(gzipOf(own)).padStart(10)}\n`,
  );
}
