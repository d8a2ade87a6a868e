import { accessSync, constants, existsSync, mkdirSync, statSync, writeFileSync } from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { ConfigError, jwtSecretFile, type Config } from './config';

// What a start checks before it creates anything (database, super-user, demo, secrets): that every
// port it will listen on is free and that DATA_DIR can be written. A start that would fail half-way
// (a port taken after the first user was made and its password printed) leaves nothing behind instead.

/** The variables that set a port the server listens on. */
export type PortVariable = 'PORT' | 'MQTT_PORT' | 'MQTTS_PORT' | 'MQTT_WSS_PORT';

interface Listener {
  port: number;
  host: string;
  /** The variable that sets it, named in the message. */
  variable: PortVariable;
  taken: string;
}

const BROKER_LISTENERS = {
  MQTT_PORT: 'MQTT port',
  MQTTS_PORT: 'MQTT over TLS port',
  MQTT_WSS_PORT: 'MQTT over WebSocket (TLS) port',
} as const;

/** What to tell the operator when the port that `variable` sets is taken. */
export function portTaken(config: Config, variable: PortVariable): string {
  if (variable === 'PORT')
    return `Port ${config.port} is already in use. Set PORT to a free port (e.g. PORT=8081 npm start).`;
  const port = brokerPorts(config)[variable];
  const off = variable === 'MQTT_PORT' ? '' : `, or ${variable}=off`;
  return `${BROKER_LISTENERS[variable]} ${port} is already in use (another broker?). Set ${variable} to a free port${off}, or MQTT_URL to use that broker.`;
}

/** The embedded broker's ports by variable (null: off); none with an external broker. */
function brokerPorts(config: Config): Record<Exclude<PortVariable, 'PORT'>, number | null> {
  if (config.mqttUrl) return { MQTT_PORT: null, MQTTS_PORT: null, MQTT_WSS_PORT: null };
  return {
    MQTT_PORT: config.mqttPort,
    MQTTS_PORT: config.mqttTls?.mqttsPort ?? null,
    MQTT_WSS_PORT: config.mqttTls?.wssPort ?? null,
  };
}

/** The variable of the embedded broker's listener on `port` (for a port taken after the checks). */
export function brokerVariableOf(config: Config, port: number | undefined): PortVariable {
  const found = Object.entries(brokerPorts(config)).find(([, p]) => p === port);
  return (found?.[0] as PortVariable | undefined) ?? 'MQTT_PORT';
}

/** The ports this configuration listens on: HTTP, and the embedded broker's that are on. */
function listeners(config: Config): Listener[] {
  const list: Listener[] = [
    { port: config.port, host: config.host, variable: 'PORT', taken: portTaken(config, 'PORT') },
  ];
  for (const [variable, port] of Object.entries(brokerPorts(config)) as [PortVariable, number | null][])
    if (port !== null) list.push({ port, host: config.host, variable, taken: portTaken(config, variable) });
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
  variables: PortVariable[] = ['PORT', 'MQTT_PORT', 'MQTTS_PORT', 'MQTT_WSS_PORT'],
): Promise<void> {
  const wanted = listeners(config).filter((l) => variables.includes(l.variable));
  for (const [i, listener] of wanted.entries()) {
    const other = wanted.slice(i + 1).find((l) => l.port === listener.port);
    if (other)
      throw new ConfigError(
        listener.variable === 'PORT' && other.variable === 'MQTT_PORT'
          ? `PORT and MQTT_PORT are both ${listener.port}: the console and the MQTT broker need a port each.`
          : `${listener.variable} and ${other.variable} are both ${listener.port}: each needs a port of its own.`,
      );
  }
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
