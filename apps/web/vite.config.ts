import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';

// The API server (apps/server) listens on 8080; the dev server forwards API and sample-file calls to it
// so the console runs on its own origin exactly as it does when the server serves the built files.
const API_TARGET = 'http://localhost:8080';

export default defineConfig({
  plugins: [react()],
  server: {
    proxy: {
      '/api': { target: API_TARGET },
      '/samples': { target: API_TARGET },
    },
  },
  build: {
    outDir: 'dist',
    // dist/.vite/manifest.json: which chunks each screen loads (bench/browser/js-per-route.ts reads it).
    manifest: true,
    rolldownOptions: {
      output: {
        // React and TanStack Query change rarely and every page needs them, the sign-in page included:
        // one long-cached chunk. The router is the console's alone (main.tsx shows a fresh /login
        // without it). antd is left to per-route splitting; none of it is on the sign-in page.
        codeSplitting: {
          groups: [
            {
              name: 'react-vendor',
              test: /node_modules[\\/](react|react-dom|scheduler|@tanstack)[\\/]/,
            },
            { name: 'router', test: /node_modules[\\/]react-router[\\/]/ },
          ],
        },
      },
    },
  },
  test: {
    environment: 'jsdom',
    setupFiles: ['src/test-setup.ts'],
    include: ['src/**/*.test.{ts,tsx}'],
    exclude: ['e2e/**', 'node_modules/**', 'dist/**'],
    // antd renders are slow under jsdom; the default 5 s is tight for form flows.
    testTimeout: 15_000,
  },
});
