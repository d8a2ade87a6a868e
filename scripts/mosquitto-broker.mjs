// The MQTT broker for the tests that need an external one (Mosquitto): MQTT_EXTERNAL_URL, else a
// Mosquitto already listening on 127.0.0.1:1883, else one started (installing Debian's package when
// run as root) on a free port for the run. Used by mosquitto-tests.mjs and cluster-tests.mjs. The TLS
// tests start Mosquittos of their own, with generated certificates and configuration: they get the
// program's path (MOSQUITTO_BIN, found here when not given).
import { execFileSync, spawn, spawnSync } from 'node:child_process';
import { createServer, connect } from 'node:net';

function reachable(port, host = '127.0.0.1') {
  return new Promise((resolve) => {
    const socket = connect({ port, host }, () => {
      socket.end();
      resolve(true);
    });
    socket.on('error', () => resolve(false));
  });
}

function freePort() {
  return new Promise((resolve) => {
    const server = createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

function mosquittoBinary() {
  for (const path of ['/usr/sbin/mosquitto', '/usr/bin/mosquitto', '/usr/local/sbin/mosquitto']) {
    if (spawnSync('test', ['-x', path]).status === 0) return path;
  }
  if (process.getuid?.() === 0 && spawnSync('which', ['apt-get']).status === 0) {
    console.log('Mosquitto not found: installing Debian package "mosquitto" with apt-get ...');
    execFileSync('apt-get', ['update'], { stdio: 'inherit' });
    execFileSync('apt-get', ['install', '-y', 'mosquitto'], {
      stdio: 'inherit',
      env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' },
    });
    return '/usr/sbin/mosquitto';
  }
  throw new Error(
    'Mosquitto is needed for these tests (the TLS test starts one of its own): install the "mosquitto" package, or set MOSQUITTO_BIN to its program.',
  );
}

/** The broker's URL, Mosquitto's program, and how to stop the one started here (nothing otherwise). */
export async function mosquittoForTests() {
  let url = process.env.MQTT_EXTERNAL_URL;
  let broker;
  const bin = process.env.MOSQUITTO_BIN ?? mosquittoBinary();
  if (!url && (await reachable(1883))) url = 'mqtt://127.0.0.1:1883';
  if (!url) {
    const port = await freePort();
    // Without a configuration file Mosquitto 2 listens on the loopback interface only and allows anonymous clients.
    broker = spawn(bin, ['-p', String(port)], { stdio: 'ignore' });
    for (let i = 0; i < 50 && !(await reachable(port)); i++) await new Promise((r) => setTimeout(r, 100));
    url = `mqtt://127.0.0.1:${port}`;
  }
  return { url, bin, stop: () => broker?.kill() };
}
