import type { Config } from './config';
import type { Database } from './db/client';
import { DEMO_EMAIL } from './demo/demo-fleet';
import { seedDemo, type DemoSeedResult } from './demo/seed-demo';
import type { FirstAccount, FirstCredentials } from './first-credentials';
import { ensureFirstUser } from './first-start';
import { seedMasterData } from './modules/master-data';

// What a start writes before it serves: the migrations, the master data, the first super-user and the
// demo customer. Instances started together on one empty database would each find it empty and each
// write it (a migration applied twice fails the start; two super-users, two demo customers), so the
// whole step runs under one lock (Database.exclusive): the first instance prepares, the others wait
// and then find it done.

export interface Prepared {
  /** The accounts this start created (their generated passwords are printed as new). */
  created: Set<FirstAccount>;
  /** The super-user was created from ADMIN_EMAIL / ADMIN_PASSWORD. */
  firstFromEnv: boolean;
  demo: (DemoSeedResult & { seconds: number }) | null;
}

export function prepareDatabase(
  database: Database,
  config: Config,
  credentials: FirstCredentials,
): Promise<Prepared> {
  return database.exclusive(async () => {
    const { db } = database;
    await database.migrate();
    await seedMasterData(db);
    const created = new Set<FirstAccount>();
    const email = config.adminEmail;
    const first = await ensureFirstUser(
      db,
      // A password kept by a start that stopped before it made the account is used again.
      { email, password: config.adminPassword ?? credentials.password('super-user', email) },
      (password) => credentials.remember({ account: 'super-user', email, password }),
    );
    if (first) created.add('super-user');
    let demo: Prepared['demo'] = null;
    if (config.demo) {
      const started = Date.now();
      const seeded = await seedDemo(
        db,
        undefined,
        undefined,
        {
          password: credentials.password('demo', DEMO_EMAIL),
          keep: (password) => credentials.remember({ account: 'demo', email: DEMO_EMAIL, password }),
        },
        config.timeZone,
      );
      if (seeded) {
        created.add('demo');
        demo = { ...seeded, seconds: Math.round((Date.now() - started) / 100) / 10 };
      }
    }
    return { created, firstFromEnv: Boolean(first && config.adminPassword), demo };
  });
}
