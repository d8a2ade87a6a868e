import path from 'node:path';
import { buildApp } from './app';
import { ConfigError, loadConfig, type Config } from './config';
import { openDatabase } from './db/client';
import { DemoRunner } from './demo/run-demo';
import { seedDemo } from './demo/seed-demo';
import { ensureFirstUser } from './first-start';
import { seedMasterData } from './modules/master-data/seed/seed-master-data';

// Starts everything: configuration, database and migrations, first user, HTTP server.

async function main(): Promise<void> {
  let config: Config;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) fail(error.message);
    throw error;
  }

  const database = await openDatabase({
    databaseUrl: config.databaseUrl,
    pgliteDir: path.join(config.dataDir, 'db'),
  });
  await database.migrate();
  await seedMasterData(database.db);

  const app = await buildApp({ config, database });
  const first = await ensureFirstUser(database.db, {
    email: config.adminEmail,
    password: config.adminPassword,
  });
  if (first?.generatedPassword) {
    // Printed once, on the start that created the account; it is not stored anywhere in clear.
    const line = '='.repeat(72);
    process.stdout.write(
      `\n${line}\n First start: super-user created\n   e-mail:   ${first.email}\n   password: ${first.generatedPassword}\n Keep it now: it will not be shown again.\n${line}\n\n`,
    );
  } else if (first) {
    app.log.info({ email: first.email }, 'first start: super-user created from ADMIN_EMAIL / ADMIN_PASSWORD');
  }

  if (config.demo) {
    const started = Date.now();
    const demo = await seedDemo(database.db);
    if (demo) {
      app.log.info(
        { devices: demo.devices, seconds: Math.round((Date.now() - started) / 100) / 10 },
        'demo: customer organization seeded',
      );
      const line = '='.repeat(72);
      process.stdout.write(
        `\n${line}\n Demo customer "Demo Solar Lighting" (${demo.devices} street lights; DEMO=0 turns the demo off)\n   e-mail:   ${demo.email}\n   password: ${demo.password}\n Shown once.\n${line}\n\n`,
      );
    }
  }

  let demoRunner: DemoRunner | null = null;
  const shutdown = async (signal: string) => {
    app.log.info({ signal }, 'shutting down');
    await demoRunner?.stop();
    await app.close();
    await database.close();
    process.exit(0);
  };
  process.once('SIGINT', () => void shutdown('SIGINT'));
  process.once('SIGTERM', () => void shutdown('SIGTERM'));

  try {
    await app.deviceLink.start();
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'EADDRINUSE') {
      fail(
        `MQTT port ${config.mqttPort} is already in use (another broker?). Set MQTT_PORT to a free port, or MQTT_URL to use that broker.`,
      );
    }
    throw error;
  }
  try {
    await app.listen({ port: config.port, host: config.host });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'EADDRINUSE') {
      fail(`Port ${config.port} is already in use. Set PORT to a free port (e.g. PORT=8081 npm start).`);
    }
    throw error;
  }
  app.log.info(`RMS Console on http://localhost:${config.port} (database: ${database.kind})`);
  const mqttPort = app.deviceLink.mqttPort;
  // The broker URL may carry credentials: only its host is logged.
  app.log.info(
    mqttPort ? `MQTT broker on port ${mqttPort}` : `MQTT: subscribed at ${new URL(config.mqttUrl!).host}`,
  );
  if (config.demo) {
    // In the background: the console is usable while the demo fleet writes its history.
    demoRunner = new DemoRunner({
      db: database.db,
      queue: app.deviceLink.queue,
      log: app.log,
      mqttUrl: config.mqttUrl ?? `mqtt://127.0.0.1:${mqttPort}`,
      historyDays: config.demoHistoryDays,
    });
  }
}

function fail(message: string): never {
  process.stderr.write(`\n${message}\n\n`);
  process.exit(1);
}

await main();
