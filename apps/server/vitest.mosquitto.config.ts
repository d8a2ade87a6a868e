import { defineConfig } from 'vitest/config';

// The device-link tests that need an external MQTT broker (MQTT_EXTERNAL_URL): see .ci/run.
export default defineConfig({
  test: {
    include: ['src/**/*.mosquitto.test.ts'],
    pool: 'forks',
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});
