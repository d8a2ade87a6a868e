#!/usr/bin/env node
// The server's production build: each entry point npm runs (the server, the password reset) bundled
// by esbuild into dist/ as ES modules for Node 20, with the workspace packages (@rms/contracts,
// @rms/simulator: TypeScript sources Node cannot load) inside and every npm dependency left to
// node_modules, where it resolves from dist/ as it does from src/. What the server reads from disk
// next to its code is placed the same way relative to dist/: the migrations are copied to
// dist/migrations (db/client.ts looks beside itself), and dist/ sits at src/'s depth, so the built
// console (../../web/dist) is found from both. `npm run build` at the root runs this (scripts/build.mjs).
import { cpSync, rmSync } from 'node:fs';
import path from 'node:path';
import * as esbuild from 'esbuild';

const root = import.meta.dirname;
const dist = path.join(root, 'dist');

/** Bare imports stay imports, except the workspace's own packages, which are bundled. */
const npmExternal = {
  name: 'npm-external',
  setup(build) {
    build.onResolve({ filter: /^[^./]/ }, (args) =>
      args.path.startsWith('@rms/') ? undefined : { path: args.path, external: true },
    );
  },
};

rmSync(dist, { recursive: true, force: true });
await esbuild.build({
  absWorkingDir: root,
  // The ingest worker thread's code (telemetry/ingest-workers.ts starts dist/ingest-worker.js).
  entryPoints: {
    main: 'src/main.ts',
    'reset-admin-password': 'src/reset-admin-password.ts',
    'ingest-worker': 'src/telemetry/ingest-worker.ts',
  },
  outdir: dist,
  bundle: true,
  // The two entries share most of their code: one copy of it, in a chunk both import. Chunks sit in
  // dist/ itself, beside the entries: code that finds files from import.meta.dirname sees one place.
  splitting: true,
  chunkNames: 'chunk-[hash]',
  platform: 'node',
  format: 'esm',
  target: 'node20.19',
  // Stack traces name the TypeScript sources (`node --enable-source-maps`, as npm start runs it).
  sourcemap: 'linked',
  plugins: [npmExternal],
  logLevel: 'warning',
});
cpSync(path.join(root, 'src/db/migrations'), path.join(dist, 'migrations'), { recursive: true });
