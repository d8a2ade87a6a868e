import { accessSync, constants, existsSync, mkdirSync, statSync, writeFileSync } from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { ConfigError, jwtSecretFile, type Config } from './config';

// What a start checks before it creates anything (database, super-user, demo, secrets): that every
// port it will listen on is free and that DATA_DIR can be written. A start that would fail half-way
// (a port taken after the first user was made and its password printed) leaves nothing behind instead.

interface Listener {
  port: number;
  host: string;
  /** The variable that sets it, named in the message. */
  variable: 'PORT' | 'MQTT_PORT';
  taken: string;
}

/** What to tell the operator when the port that `variable` sets is taken. */
export function portTaken(config: Config, variable: 'PORT' | 'MQTT_PORT'): string {
  return variable === 'PORT'
    ? `Port ${config.port} is already in use. Set PORT to a free port (e.g. PORT=8081 npm start).`
    : `MQTT port ${config.mqttPort} is already in use (another broker?). Set MQTT_PORT to a free port, or MQTT_URL to use that broker.`;
}

/** The ports this configuration listens on: HTTP, and MQTT when the broker is the embedded one. */
function listeners(config: Config): Listener[] {
  const list: Listener[] = [
    { port: config.port, host: config.host, variable: 'PORT', taken: portTaken(config, 'PORT') },
  ];
  if (!config.mqttUrl)
    list.push({
      port: config.mqttPort,
      host: config.host,
      variable: 'MQTT_PORT',
      taken: portTaken(config, 'MQTT_PORT'),
    });
  // 0 is "any free port" (tests): nothing to check.
  return list.filter((l) => l.port !== 0);
}

/** Listens on the port for a moment, as the server will, and answers the error it got (null: free). */
function tryListen({ port, host }: Listener): Promise<NodeJS.ErrnoException | null> {
  return new Promise((resolve) => {
    const server = net.createServer();
    server.once('error', (error: NodeJS.ErrnoException) => resolve(error));
    server.listen({ port, host }, () => server.close(() => resolve(null)));
  });
}

/** Throws ConfigError when a port the server will listen on (or only those of `variables`) is not free. */
export async function checkPorts(
  config: Config,
  variables: Listener['variable'][] = ['PORT', 'MQTT_PORT'],
): Promise<void> {
  const wanted = listeners(config).filter((l) => variables.includes(l.variable));
  const [http, mqtt] = wanted;
  if (http && mqtt && http.port === mqtt.port)
    throw new ConfigError(
      `PORT and MQTT_PORT are both ${http.port}: the console and the MQTT broker need a port each.`,
    );
  for (const listener of wanted) {
    const error = await tryListen(listener);
    if (!error) continue;
    if (error.code === 'EADDRINUSE') throw new ConfigError(listener.taken);
    if (error.code === 'EACCES')
      throw new ConfigError(
        `Port ${listener.port} needs privileges this user does not have. Set ${listener.variable} to a port above 1023.`,
      );
    if (error.code === 'EADDRNOTAVAIL')
      throw new ConfigError(
        `HOST ${listener.host} is not an address of this machine. Set HOST (e.g. 0.0.0.0).`,
      );
    throw new ConfigError(`Cannot listen on port ${listener.port} (${listener.variable}): ${error.message}`);
  }
}

/**
 * DATA_DIR must be a directory this user may write, or a path that can be created: its nearest existing
 * ancestor must be a writable directory. Nothing is created here.
 */
export function checkDataDir(dataDir: string): void {
  let existing = dataDir;
  while (!existsSync(existing)) {
    const parent = path.dirname(existing);
    if (parent === existing) break;
    existing = parent;
  }
  const cannot = (why: string) =>
    new ConfigError(
      `DATA_DIR ${dataDir} cannot be used: ${why}. Set DATA_DIR to a directory this user may write.`,
    );
  if (!statSync(existing).isDirectory())
    throw cannot(existing === dataDir ? 'it is not a directory' : `${existing} is not a directory`);
  // The directory itself, or the ancestor it will be created in; and what the server writes inside it.
  const toWrite = [existing, ...['db', 'files', 'outbox'].map((d) => path.join(dataDir, d))].filter((p) =>
    existsSync(p),
  );
  for (const dir of toWrite) {
    try {
      accessSync(dir, constants.W_OK | constants.X_OK);
    } catch {
      throw cannot(dir === dataDir ? 'it is not writable' : `${dir} is not writable`);
    }
  }
}

/** Both checks, in the order a person would fix them. Throws ConfigError naming what to change. */
export async function checkBeforeStart(config: Config): Promise<void> {
  checkDataDir(config.dataDir);
  await checkPorts(config);
}

/** After the checks: DATA_DIR exists (only its owner may enter it) and a generated JWT secret is kept. */
export function keepDataDir(config: Config): void {
  mkdirSync(config.dataDir, { recursive: true, mode: 0o700 });
  if (config.jwtSecretGenerated)
    writeFileSync(jwtSecretFile(config.dataDir), config.jwtSecret, { mode: 0o600 });
}
