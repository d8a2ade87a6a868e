import type { FastifyBaseLogger } from 'fastify';
import { inArray, lt, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import type { RecordJobRun } from '../../metrics';
import { auditLog } from '../../db/schema/audit-log';

// Audit rows are kept AUDIT_RETENTION_DAYS (a year by default), then a sweep deletes them, so the table
// does not grow without end. It deletes in slices, so no statement holds many rows' locks or a long
// transaction while writes go on recording. The sweep is a periodic job of the app's runner
// (services.ts): one instance sweeps each time.

/** How often the sweep runs: a row is gone at most this long after its retention ends. */
export const AUDIT_SWEEP_EVERY_MS = 6 * 3_600_000;
/** Rows one DELETE removes. */
const SLICE = 10_000;

export interface AuditRetentionOptions {
  db: Db;
  retentionDays: number;
  log: FastifyBaseLogger;
  /** Told of each sweep: failed when it failed (metrics). */
  recordJobRun?: RecordJobRun;
}

export class AuditRetention {
  private running: Promise<number> | null = null;
  private stopped = false;

  constructor(private readonly options: AuditRetentionOptions) {}

  /** Deletes the rows older than the retention and answers how many; failures are logged, not thrown. */
  async sweep(): Promise<number> {
    while (this.running) await this.running;
    const run = this.run().finally(() => {
      this.running = null;
    });
    this.running = run;
    return run;
  }

  /** Ends a sweep under way early and waits for it. */
  async stop(): Promise<void> {
    this.stopped = true;
    while (this.running) await this.running;
  }

  private async run(): Promise<number> {
    const { db, retentionDays, log } = this.options;
    const started = performance.now();
    let ok = false;
    let removed = 0;
    try {
      for (;;) {
        const expired = db
          .select({ id: auditLog.id })
          .from(auditLog)
          .where(lt(auditLog.createdAt, sql`now() - make_interval(days => ${retentionDays})`))
          .limit(SLICE);
        const deleted = await db
          .delete(auditLog)
          .where(inArray(auditLog.id, expired))
          .returning({ id: auditLog.id });
        const count = deleted.length;
        removed += count;
        if (count < SLICE || this.stopped) break;
      }
      if (removed > 0) log.info({ removed }, 'audit: deleted rows past their retention');
      ok = true;
    } catch (err) {
      log.error({ err, removed }, 'audit: retention sweep failed');
    }
    this.options.recordJobRun?.('audit_retention', ok, (performance.now() - started) / 1000);
    return removed;
  }
}
