import type { FastifyBaseLogger } from 'fastify';
import { inArray, lt, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { auditLog } from '../../db/schema/audit-log';

// Audit rows are kept AUDIT_RETENTION_DAYS (a year by default), then a sweep deletes them, so the table
// does not grow without end. It deletes in slices, so no statement holds many rows' locks or a long
// transaction while writes go on recording. Every instance sweeps; deleting what another instance has
// just deleted finds nothing.

/** How often the sweep runs: a row is gone at most this long after its retention ends. */
export const AUDIT_SWEEP_EVERY_MS = 6 * 3_600_000;
/** Rows one DELETE removes. */
const SLICE = 10_000;

export interface AuditRetentionOptions {
  db: Db;
  retentionDays: number;
  log: FastifyBaseLogger;
  /** Time between sweeps; 0 runs none on a timer (tests call `sweep`). */
  sweepEveryMs?: number;
}

export class AuditRetention {
  private timer: NodeJS.Timeout | null = null;
  private running: Promise<number> | null = null;
  private stopped = false;

  constructor(private readonly options: AuditRetentionOptions) {}

  /** Sweeps once now, then every `sweepEveryMs`. */
  start(): void {
    const every = this.options.sweepEveryMs ?? AUDIT_SWEEP_EVERY_MS;
    if (every <= 0 || this.timer || this.stopped) return;
    const tick = () => {
      if (!this.running && !this.stopped) void this.sweep();
    };
    tick();
    this.timer = setInterval(tick, every);
  }

  /** Deletes the rows older than the retention and answers how many; failures are logged, not thrown. */
  async sweep(): Promise<number> {
    while (this.running) await this.running;
    const run = this.run().finally(() => {
      this.running = null;
    });
    this.running = run;
    return run;
  }

  async stop(): Promise<void> {
    this.stopped = true;
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    while (this.running) await this.running;
  }

  private async run(): Promise<number> {
    const { db, retentionDays, log } = this.options;
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
    } catch (err) {
      log.error({ err, removed }, 'audit: retention sweep failed');
    }
    return removed;
  }
}
