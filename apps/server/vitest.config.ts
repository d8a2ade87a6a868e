import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['src/**/*.test.ts'],
    // Tests against the machine's Mosquitto run on their own (`npm run test:mosquitto`, called by .ci/run).
    exclude: ['src/**/*.mosquitto.test.ts', '**/node_modules/**'],
    // Each test file builds its own app on its own database (PGlite in memory, or a fresh PostgreSQL database).
    pool: 'forks',
    // One migrated and seeded database per run, copied for each test app (src/testing/database-template.ts).
    globalSetup: ['src/testing/database-template.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});
