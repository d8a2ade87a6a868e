#!/usr/bin/env node
// Runs the cluster test (apps/server/cluster): two server instances on one fresh PostgreSQL database
// (created on CLUSTER_DATABASE_URL's server, by default the machine's) and one Mosquitto (see
// mosquitto-broker.mjs), driven by a simulated fleet and a browser. Builds the console first when it
// has not been built, and finds Chromium as the browser tests do.
import { existsSync } from 'node:fs';
import { spawnSync } from 'node:child_process';
import { mosquittoForTests } from './mosquitto-broker.mjs';

const root = new URL('..', import.meta.url).pathname;
const step = (command, args) => {
  const run = spawnSync(command, args, { stdio: 'inherit', cwd: root });
  if (run.status !== 0) process.exit(run.status ?? 1);
};
if (!existsSync(`${root}apps/web/dist/index.html`)) step('npm', ['run', 'build', '-w', '@rms/web']);
step(process.execPath, ['scripts/find-chromium.mjs']);

const broker = await mosquittoForTests();
console.log(`cluster test uses ${broker.url}`);
const run = spawnSync('npm', ['run', 'test:cluster', '-w', '@rms/server'], {
  stdio: 'inherit',
  cwd: root,
  env: { ...process.env, MQTT_EXTERNAL_URL: broker.url },
});
broker.stop();
process.exit(run.status ?? 1);
