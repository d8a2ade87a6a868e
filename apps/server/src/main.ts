import { ConfigError, loadConfig } from './config';
import { startServer } from './start';

// Starts everything (start.ts) and stops it on SIGINT / SIGTERM. A configuration the server cannot
// start with (a taken port, an unwritable DATA_DIR, a missing secret) ends it with a message naming
// what to change, never a stack trace, and before anything was created.

async function main(): Promise<void> {
  let started;
  try {
    started = await startServer(loadConfig());
  } catch (error) {
    if (error instanceof ConfigError) fail(error.message);
    throw error;
  }
  const { app, stop } = started;
  const shutdown = async (signal: string) => {
    app.log.info({ signal }, 'shutting down');
    await stop();
    process.exit(0);
  };
  process.once('SIGINT', () => void shutdown('SIGINT'));
  process.once('SIGTERM', () => void shutdown('SIGTERM'));
}

function fail(message: string): never {
  process.stderr.write(`\n${message}\n\n`);
  process.exit(1);
}

await main();
