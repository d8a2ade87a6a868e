import path from 'node:path';
import { baseDir, ConfigError, loadConfig, type Config } from '../config';
import { checkPorts } from '../start-checks';

// What the backup and restore commands share: the configuration of `npm start` (same environment), a
// message instead of a stack trace, paths from where npm was run, and the check that the server is
// stopped where it must be.

export function fail(message: string): never {
  process.stderr.write(`\n${message}\n\n`);
  process.exit(1);
}

export function configOrFail(): Config {
  try {
    return loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) fail(error.message);
    throw error;
  }
}

/** A path the operator typed, from the directory npm was run in. */
export const fromOperator = (file: string) => path.resolve(baseDir(), file);

/** Refuses to go on while this machine's server holds its port (`why`: what a running server would break). */
export async function requireServerStopped(config: Config, why: string): Promise<void> {
  try {
    await checkPorts(config, ['PORT']);
  } catch {
    fail(
      `Port ${config.port} is in use: stop the server first (${why}). If another program holds that port, set PORT to the server's.`,
    );
  }
}
