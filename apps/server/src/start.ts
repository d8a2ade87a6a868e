import type { FastifyInstance } from 'fastify';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { buildApp } from './app';
import { ConfigError, type Config } from './config';
import { openDatabase, type Database } from './db/client';
import { DEMO_EMAIL } from './demo/demo-fleet';
import { DemoRunner } from './demo/run-demo';
import { seedDemo } from './demo/seed-demo';
import { samplesKeptSince } from './telemetry/storage/settings';
import { credentialsNotice, FirstCredentials, type FirstAccount } from './first-credentials';
import { ensureFirstUser } from './first-start';
import { seedMasterData } from './modules/master-data';
import { checkBeforeStart, keepDataDir, portTaken } from './start-checks';

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
  await database.migrate();
  await seedMasterData(database.db);

  const app = await buildApp({ config, database });
  const db = database.db;
  const credentials = new FirstCredentials(config.dataDir);
  const created = new Set<FirstAccount>();

  const email = config.adminEmail;
  const first = await ensureFirstUser(
    db,
    // A password kept by a start that stopped before it made the account is used again.
    { email, password: config.adminPassword ?? credentials.password('super-user', email) },
    (password) => credentials.remember({ account: 'super-user', email, password }),
  );
  if (first) created.add('super-user');
  if (first && config.adminPassword)
    app.log.info({ email }, 'first start: super-user created from ADMIN_EMAIL / ADMIN_PASSWORD');

  if (config.demo) {
    const started = Date.now();
    const demo = await seedDemo(db, undefined, undefined, {
      password: credentials.password('demo', DEMO_EMAIL),
      keep: (password) => credentials.remember({ account: 'demo', email: DEMO_EMAIL, password }),
    });
    if (demo) {
      created.add('demo');
      app.log.info(
        { devices: demo.devices, seconds: Math.round((Date.now() - started) / 100) / 10 },
        'demo: customer organization seeded',
      );
    }
  }
  for (const credential of await credentials.pending(db))
    print(credentialsNotice(credential, created.has(credential.account), credentials.file));

  let demo: DemoRunner | null = null;
  const stop = async () => {
    await demo?.stop();
    await app.close();
    await database.close();
  };

  // Checked before, but another program may have taken a port since: stop cleanly and say which.
  const listen = async (variable: 'PORT' | 'MQTT_PORT', run: () => Promise<unknown>) => {
    try {
      await run();
    } catch (error) {
      await stop();
      if ((error as NodeJS.ErrnoException).code === 'EADDRINUSE')
        throw new ConfigError(portTaken(config, variable));
      throw error;
    }
  };
  await listen('MQTT_PORT', () => app.deviceLink.start());
  await listen('PORT', () => app.listen({ port: config.port, host: config.host }));
  const port = (app.server.address() as AddressInfo).port;
  app.log.info(`RMS Console on http://localhost:${port} (database: ${database.kind})`);
  const mqttPort = app.deviceLink.mqttPort;
  // The broker URL may carry credentials: only its host is logged.
  app.log.info(
    mqttPort ? `MQTT broker on port ${mqttPort}` : `MQTT: subscribed at ${new URL(config.mqttUrl!).host}`,
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
