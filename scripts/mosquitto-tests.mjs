#!/usr/bin/env node
// Runs the server's tests that need an external MQTT broker (Mosquitto, see mosquitto-broker.mjs).
import { spawnSync } from 'node:child_process';
import { mosquittoForTests } from './mosquitto-broker.mjs';

const broker = await mosquittoForTests();
console.log(`external-broker tests use ${broker.url}`);
const run = spawnSync('npm', ['run', 'test:mosquitto', '-w', '@rms/server'], {
  stdio: 'inherit',
  env: { ...process.env, MQTT_EXTERNAL_URL: broker.url, MOSQUITTO_BIN: broker.bin },
});
broker.stop();
process.exit(run.status ?? 1);
