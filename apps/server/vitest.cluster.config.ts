import { defineConfig } from 'vitest/config';

// The cluster test (cluster/): two server instances on PostgreSQL and Mosquitto, run by
// `npm run test:cluster` from the root (scripts/cluster-tests.mjs), never by `npm run test:server`.
export default defineConfig({
  test: {
    include: ['cluster/**/*.cluster.test.ts'],
    pool: 'forks',
    testTimeout: 60_000,
    hookTimeout: 120_000,
  },
});
