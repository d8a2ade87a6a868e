import { ConfigError, loadConfig } from './config';
import { startServer } from './start';

// Starts everything (start.ts) and stops it on SIGINT / SIGTERM. A configuration the server cannot
// start with (a taken port, an unwritable DATA_DIR, a missing secret) ends it with a message naming
// what to change, never a stack trace, and before anything was created.
//
// A stop drains (start.ts): no new HTTP or MQTT connections, the event streams end, every message
// taken in is committed and acknowledged, the jobs and the broker stop, the database closes; then the
// process exits 0. A stop that takes longer than SHUTDOWN_TIMEOUT_SECONDS (a database gone, say) ends
// the process with 1, leaving the unacknowledged messages to their devices to send again.

async function main(): Promise<void> {
  const config = (() => {
    try {
      return loadConfig();
    } catch (error) {
      if (error instanceof ConfigError) fail(error.message);
      throw error;
    }
  })();
  let started;
  try {
    started = await startServer(config);
  } catch (error) {
    if (error instanceof ConfigError) fail(error.message);
    throw error;
  }
  const { app, stop } = started;
  let stopping = false;
  const shutdown = async (signal: NodeJS.Signals) => {
    // npm passes a terminal's Ctrl-C on to the server, which also gets it from the terminal: one stop.
    if (stopping) return;
    stopping = true;
    const seconds = config.shutdownTimeoutSeconds;
    app.log.info({ signal, timeoutSeconds: seconds }, 'shutting down');
    setTimeout(() => {
      app.log.error(`shutdown: not finished after ${seconds} s (SHUTDOWN_TIMEOUT_SECONDS), exiting`);
      process.exit(1);
    }, seconds * 1000);
    try {
      await stop();
    } catch (error) {
      app.log.error({ err: error }, 'shutdown: failed');
      process.exit(1);
    }
    app.log.info('shutdown: done');
    process.exit(0);
  };
  process.on('SIGINT', (signal) => void shutdown(signal));
  process.on('SIGTERM', (signal) => void shutdown(signal));
}

function fail(message: string): never {
  process.stderr.write(`\n${message}\n\n`);
  process.exit(1);
}

await main();
