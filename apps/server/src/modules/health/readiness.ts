import { readFileSync } from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Readiness, ReadinessCheck } from '@rms/contracts/api/health';
import { migrationsFolder, type Db } from '../../db/client';
import { rowsOf } from '../../db/rows';
import type { DeviceLink } from '../../telemetry/device-link';

// Whether this instance can take traffic: the database answers, it has the newest migration this
// build knows (the journal beside the migrations; drizzle records each applied one by its time), and
// the broker is connected. Liveness (/health/) asks less: a database that answers.

interface Journal {
  entries: { tag: string; when: number }[];
}

/** The newest migration of this build, read once. */
function newestMigration(folder: string): { tag: string; when: number } {
  const journal = JSON.parse(readFileSync(path.join(folder, 'meta/_journal.json'), 'utf8')) as Journal;
  return journal.entries.reduce((a, b) => (b.when > a.when ? b : a));
}

type Result = Readiness['checks'][ReadinessCheck];

export function readinessCheck(deps: { db: Db; deviceLink: DeviceLink; log: FastifyBaseLogger }) {
  const newest = newestMigration(migrationsFolder);
  const { db, deviceLink, log } = deps;

  const database = async (): Promise<{ database: Result; migrations: Result }> => {
    try {
      await db.execute(sql`select 1`);
    } catch (error) {
      log.warn({ err: error }, 'readiness: the database does not answer');
      return {
        database: { ok: false, detail: 'the database does not answer' },
        migrations: { ok: false, detail: 'not known: the database does not answer' },
      };
    }
    try {
      const [applied] = await rowsOf<{ when: string | number | null }>(
        db,
        sql`select max(created_at) as when from drizzle.__drizzle_migrations`,
      );
      const ok = Number(applied?.when ?? 0) >= newest.when;
      return {
        database: { ok: true },
        migrations: ok ? { ok: true } : { ok: false, detail: `migration ${newest.tag} not applied` },
      };
    } catch (error) {
      log.warn({ err: error }, 'readiness: applied migrations could not be read');
      return { database: { ok: true }, migrations: { ok: false, detail: 'no migrations recorded' } };
    }
  };

  const broker = (): Result => {
    const status = deviceLink.brokerStatus();
    if (status?.connected) return { ok: true };
    return { ok: false, detail: status ? 'MQTT broker not connected' : 'MQTT broker not started' };
  };

  return async (): Promise<Readiness> => {
    const checks = { ...(await database()), broker: broker() };
    const failing = (Object.keys(checks) as ReadinessCheck[]).filter((name) => !checks[name].ok);
    return { status: failing.length === 0 ? 'ready' : 'not_ready', checks, failing };
  };
}
