import type { FastifyBaseLogger } from 'fastify';
import type { RecordJobRun } from '../metrics';
import type { Storage } from './storage';

// Generated reports (the device report's CSV exports) are kept REPORT_RETENTION_HOURS, then a periodic
// sweep (a job of the app's runner, services.ts: one instance sweeps each time) deletes them, so a deployment's storage does not grow with every export. Uploads and photos
// are never touched: the sweep only sees keys under REPORT_PREFIX.
//
// No link outlives its report: a report's links expire by `endOf(stored time)`, and the sweep removes
// only reports stored before `now - retention`, that is once that end has passed.

/** How often the sweep runs: a report is gone at most this long after its retention ends. */
export const REPORT_SWEEP_EVERY_MS = 15 * 60_000;

export interface ReportRetentionOptions {
  storage: Storage;
  retentionHours: number;
  log: FastifyBaseLogger;
  /** Told of each sweep: failed when it failed or left an expired report behind (metrics). */
  recordJobRun?: RecordJobRun;
}

export class ReportRetention {
  private readonly retentionMs: number;
  private running: Promise<number> | null = null;
  private stopped = false;

  constructor(private readonly options: ReportRetentionOptions) {
    this.retentionMs = options.retentionHours * 3_600_000;
  }

  /** The oldest a report may have been made at `now` and still be kept. */
  keptSince(now = Date.now()): Date {
    return new Date(now - this.retentionMs);
  }

  /** When a report stored at `storedAt` (ms) ends: its links expire by then, the sweep removes it after. */
  endOf(storedAt: number): number {
    return storedAt + this.retentionMs;
  }

  /** The end to cap a new link to a stored report at, or null when the report is gone or past its end. */
  async linkEnd(key: string, now = Date.now()): Promise<number | null> {
    const storedAt = await this.options.storage.storedAt(key);
    const end = storedAt ? this.endOf(storedAt.getTime()) : null;
    return end !== null && end > now ? end : null;
  }

  /**
   * Deletes the reports stored more than the retention before `now` and answers how many. Never two at
   * once: a call made while one runs waits for it, then sweeps with its own `now`. Failures are logged,
   * not thrown (a periodic job has no caller to tell); the next sweep tries again.
   */
  async sweep(now = Date.now()): Promise<number> {
    while (this.running) await this.running;
    const run = this.run(now).finally(() => {
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

  private async run(now: number): Promise<number> {
    const { storage, log } = this.options;
    const started = performance.now();
    let ok = false;
    let removed = 0;
    let failed = 0;
    let lastError: unknown;
    try {
      for await (const key of storage.reportsStoredBefore(new Date(now - this.retentionMs))) {
        if (this.stopped) break;
        try {
          await storage.remove(key);
          removed += 1;
        } catch (error) {
          // One file the store refuses to delete must not keep the others forever.
          failed += 1;
          lastError = error;
        }
      }
      if (failed > 0)
        log.error({ err: lastError, failed, removed }, 'reports: some expired reports could not be deleted');
      else if (removed > 0) log.info({ removed }, 'reports: deleted reports past their retention');
      ok = failed === 0;
    } catch (error) {
      log.error({ err: error, removed }, 'reports: retention sweep failed');
    }
    this.options.recordJobRun?.('report_retention', ok, (performance.now() - started) / 1000);
    return removed;
  }
}
