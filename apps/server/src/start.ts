import type { FastifyInstance } from 'fastify';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { buildApp } from './app';
import { ConfigError, type Config } from './config';
import { openDatabase, type Database } from './db/client';
import { DemoRunner } from './demo/run-demo';
import { credentialsNotice, FirstCredentials } from './first-credentials';
import { prepareDatabase } from './prepare-database';
import { samplesKeptSince } from './telemetry/storage/settings';
import {
  brokerVariableOf,
  checkBeforeStart,
  keepDataDir,
  portTaken,
  type PortVariable,
} from './start-checks';

// One start of the whole server (main.ts runs it; tests too): checks first, then the data directory,
// database and migrations, the first user and the demo, the HTTP server and the device link. Nothing is
// created before the checks pass; the first start's generated passwords are printed at every start until
// their account is used (first-credentials.ts).

export interface Started {
  app: FastifyInstance;
  database: Database;
  /** The HTTP port listened on (the system's choice when PORT is 0). */
  port: number;
  demo: DemoRunner | null;
  stop(): Promise<void>;
}

export interface StartOptions {
  /** Where the credentials notices go (the terminal by default). */
  print?: (text: string) => void;
}

/** Throws ConfigError (a message naming what to change) when a check fails or a port is taken. */
export async function startServer(config: Config, options: StartOptions = {}): Promise<Started> {
  const print = options.print ?? ((text: string) => void process.stdout.write(text));
  await checkBeforeStart(config);
  keepDataDir(config);

  const database = await openDatabase({
    databaseUrl: config.databaseUrl,
    pgliteDir: path.join(config.dataDir, 'db'),
  });
  const credentials = new FirstCredentials(config.dataDir);
  // Migrations, master data, the first super-user and the demo: once, whichever instances start together.
  const { created, firstFromEnv, demo: seeded } = await prepareDatabase(database, config, credentials);

  const app = await buildApp({ config, database });
  const db = database.db;
  if (firstFromEnv)
    app.log.info(
      { email: config.adminEmail },
      'first start: super-user created from ADMIN_EMAIL / ADMIN_PASSWORD',
    );
  if (seeded)
    app.log.info({ devices: seeded.devices, seconds: seeded.seconds }, 'demo: customer organization seeded');
  for (const credential of await credentials.pending(db))
    print(credentialsNotice(credential, created.has(credential.account), credentials.file));

  let demo: DemoRunner | null = null;
  const stop = async () => {
    await demo?.stop();
    await app.close();
    await database.close();
  };

  // Checked before, but another program may have taken a port since: stop cleanly and say which.
  const listen = async (variable: PortVariable | 'broker', run: () => Promise<unknown>) => {
    try {
      await run();
    } catch (error) {
      await stop();
      const { code, port } = error as NodeJS.ErrnoException & { port?: number };
      if (code === 'EADDRINUSE')
        throw new ConfigError(
          portTaken(config, variable === 'broker' ? brokerVariableOf(config, port) : variable),
        );
      throw error;
    }
  };
  await listen('broker', () => app.deviceLink.start());
  await listen('PORT', () => app.listen({ port: config.port, host: config.host }));
  const port = (app.server.address() as AddressInfo).port;
  app.log.info(`RMS Console on http://localhost:${port} (database: ${database.kind})`);
  const mqttPort = app.deviceLink.mqttPort;
  // e.g. "MQTT broker on port 1883 (MQTT), 8883 (MQTTS), 8884 (WSS)".
  const brokerPorts = Object.entries(app.deviceLink.brokerPorts ?? {})
    .filter(([, listening]) => listening !== null)
    .map(([kind, listening]) => `${listening} (${kind.toUpperCase()})`);
  // The broker URL may carry credentials: only its host is logged.
  app.log.info(
    config.mqttUrl
      ? `MQTT: subscribed at ${new URL(config.mqttUrl).host}`
      : `MQTT broker on port ${brokerPorts.join(', ')}`,
  );
  if (config.demo) {
    // In the background: the console is usable while the demo fleet writes its history.
    demo = new DemoRunner({
      db,
      queue: app.deviceLink.queue,
      log: app.log,
      mqttUrl: config.mqttUrl ?? `mqtt://127.0.0.1:${mqttPort}`,
      historyDays: config.demoHistoryDays,
      storage: {
        timeZone: config.timeZone,
        samplesKeptSince: (now) => samplesKeptSince(config.telemetry, now),
      },
      // The history rolled up at once (not at the next maintenance), then the embedded database tidied.
      afterHistory: async () => {
        await app.deviceLink.maintainStorage();
        await database.tidy();
      },
    });
  }
  return { app, database, port, demo, stop };
}
