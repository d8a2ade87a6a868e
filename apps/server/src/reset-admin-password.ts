import { existsSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { AdminResetError, resetAdminPassword } from './admin-password-reset';
import { ConfigError, loadConfig, type Config } from './config';
import { openDatabase } from './db/client';
import { FirstCredentials } from './first-credentials';
import { checkPorts } from './start-checks';

// npm run reset-admin-password [-- --email <super-user's e-mail>] [--password <new password>]
// Sets a new password (generated unless given) for the super-user on the configured database (the same
// environment as npm start: DATABASE_URL, or the embedded database under DATA_DIR), ends its sessions and
// prints it. See docs/operations.md.

const USAGE = 'Usage: npm run reset-admin-password [-- --email <e-mail>] [--password <password>]';

function fail(message: string): never {
  process.stderr.write(`\n${message}\n\n`);
  process.exit(1);
}

let values: { email?: string | undefined; password?: string | undefined } = {};
let config: Config;
try {
  ({ values } = parseArgs({ options: { email: { type: 'string' }, password: { type: 'string' } } }));
  config = loadConfig();
} catch (error) {
  if (error instanceof ConfigError) fail(error.message);
  fail(`${(error as Error).message}\n${USAGE}`);
}

if (!config.databaseUrl) {
  const dir = path.join(config.dataDir, 'db');
  if (!existsSync(dir))
    fail(`No embedded database in ${dir}: run this where you run npm start (or with its DATA_DIR).`);
  // The embedded database is opened by one process at a time: a running server must be stopped first.
  try {
    await checkPorts(config, ['PORT']);
  } catch {
    fail(
      `Port ${config.port} is in use: stop the server first (the embedded database is opened by one process at a time). If another program holds that port, set PORT to the server's.`,
    );
  }
}

const database = await openDatabase({
  databaseUrl: config.databaseUrl,
  pgliteDir: path.join(config.dataDir, 'db'),
});
try {
  // Under the start's lock: servers may be starting meanwhile (PostgreSQL).
  await database.exclusive(() => database.migrate());
  const reset = await resetAdminPassword(
    database.db,
    { email: values.email ?? config.adminEmail, named: values.email !== undefined },
    values.password,
  );
  new FirstCredentials(config.dataDir).forget(reset.email);
  const line = '='.repeat(72);
  process.stdout.write(
    `\n${line}\n Super-user password reset; every session of the account has ended.\n   e-mail:   ${reset.email}\n` +
      (reset.generated ? `   password: ${reset.password}\n` : '   password: the one given\n') +
      `${line}\n\n`,
  );
} catch (error) {
  if (!(error instanceof AdminResetError)) throw error;
  process.stderr.write(`\n${error.message}\n\n`);
  process.exitCode = 1;
} finally {
  await database.close();
}
