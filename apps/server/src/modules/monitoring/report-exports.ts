import { EventEmitter, once } from 'node:events';
import { Readable } from 'node:stream';
import { and, count, desc, eq, gt, lt, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import {
  REPORT_EXPORT_WAIT_MS,
  REPORT_EXPORTS_PER_USER,
  REPORT_MESSAGES,
  type ReportExport,
  type ReportExportFilters,
  type ReportFile,
} from '@rms/contracts/monitoring';
import type { AuthUser } from '../../auth/access';
import type { Db } from '../../db/client';
import { reportExports } from '../../db/schema/monitoring';
import { HttpError, notFound } from '../../errors';
import type { ReportRetention } from '../../storage/report-retention';
import type { TelemetryStorageSettings } from '../../telemetry/storage/settings';
import { newReportKey, type Storage } from '../../storage/storage';
import { recordFileOwner } from '../uploads';
import { CSV_HEADER_LINE, csvRows } from './report-csv';

// The device report's CSV export as a job (spec 02 §4, §8: "Generating File ...", then "File Generated
// Successfully!" or "File Generation Failed!"). Starting one answers at once; the job counts the rows,
// streams them into storage and records its progress (rows written of the total) in report_exports, so
// the console shows a progress bar, and a user who leaves the screen finds the export there when coming
// back, on whichever instance answers. The spec's GET ...?export_csv=true starts the same job and waits.
// The file follows the report retention (REPORT_RETENTION_HOURS) like before, and so does the job's row.

/** Progress is written at most this often (and once at the end). */
const PROGRESS_EVERY_MS = 500;
/** A running job beats at least this often, also while the database has not answered its first rows. */
const HEARTBEAT_MS = 15_000;
/** A running job that has not beaten for this long lost its process: it is reported failed. */
export const STALE_AFTER_MS = 4 * HEARTBEAT_MS;
/** The newest exports the list shows. */
const LISTED = 10;

type Row = typeof reportExports.$inferSelect;

export interface ReportExportDeps {
  db: Db;
  storage: Storage;
  retention: ReportRetention;
  timeZone: string;
  /** How long samples are kept: older days are exported from the rollups. */
  telemetry: TelemetryStorageSettings;
  log: FastifyBaseLogger;
}

export class ReportExports {
  /** Jobs this process runs, by id: their end, and how to stop them when the server closes. */
  private readonly running = new Map<
    string,
    { done: Promise<void>; stop: AbortController; written: number; total: number | null }
  >();
  /** Emits a job's id each time its row is written (progress, heartbeat, end). */
  private readonly changed = new EventEmitter().setMaxListeners(0);

  constructor(private readonly deps: ReportExportDeps) {}

  /** Starts an export of every row matching `filters` and answers the job as it starts. */
  async start(auth: AuthUser, filters: ReportExportFilters): Promise<ReportExport> {
    const { db } = this.deps;
    await this.forgetExpired();
    const [busy] = await db
      .select({ n: count() })
      .from(reportExports)
      .where(
        and(
          eq(reportExports.userId, auth.id),
          eq(reportExports.status, 'running'),
          sql`${reportExports.updatedAt} > now() - make_interval(secs => ${STALE_AFTER_MS / 1000})`,
        ),
      );
    if (Number(busy?.n ?? 0) >= REPORT_EXPORTS_PER_USER) throw new HttpError(409, REPORT_MESSAGES.busy);
    const [job] = await db
      .insert(reportExports)
      .values({ organizationId: auth.organizationId, userId: auth.id, filters })
      .returning();
    const stop = new AbortController();
    const done = this.run(job!, auth, filters, stop.signal).finally(() => this.running.delete(job!.id));
    this.running.set(job!.id, { done, stop, written: 0, total: null });
    return this.answer(job!);
  }

  /**
   * The caller's export (404 for anyone else's). With `wait`, a running export is answered when it has
   * something new to show: this process's own when it writes more rows or ends (not while it only closes
   * a file whose rows are all written), another instance's after a second; at most REPORT_EXPORT_WAIT_MS.
   */
  async get(auth: AuthUser, id: string, wait = false): Promise<ReportExport> {
    if (wait) await this.nextStep(auth, id);
    const [job] = await this.deps.db
      .select()
      .from(reportExports)
      .where(and(eq(reportExports.id, id), eq(reportExports.userId, auth.id)));
    if (!job) throw notFound();
    return this.answer(job);
  }

  private async nextStep(auth: AuthUser, id: string): Promise<void> {
    const local = this.running.get(id);
    const deadline = Date.now() + REPORT_EXPORT_WAIT_MS;
    if (!local) {
      const [row] = await this.deps.db
        .select({ status: reportExports.status })
        .from(reportExports)
        .where(and(eq(reportExports.id, id), eq(reportExports.userId, auth.id)));
      if (row?.status === 'running') await new Promise((resolve) => setTimeout(resolve, 1000));
      return;
    }
    for (;;) {
      const left = deadline - Date.now();
      if (left <= 0) return;
      const moved = await Promise.race([
        once(this.changed, id, { signal: AbortSignal.timeout(left) }).then(() => true),
        local.done.then(() => false),
      ]).catch(() => false);
      if (!moved || local.total === null || local.written < local.total) return;
    }
  }

  /** The caller's newest exports (those still within the report retention), newest first. */
  async list(auth: AuthUser): Promise<ReportExport[]> {
    const jobs = await this.deps.db
      .select()
      .from(reportExports)
      .where(
        and(eq(reportExports.userId, auth.id), gt(reportExports.createdAt, this.deps.retention.keptSince())),
      )
      .orderBy(desc(reportExports.createdAt))
      .limit(LISTED);
    return Promise.all(jobs.map((job) => this.answer(job)));
  }

  /** The spec's call (GET ...?export_csv=true): the same job, answered once its file is stored. */
  async exportNow(auth: AuthUser, filters: ReportExportFilters): Promise<ReportFile> {
    const started = await this.start(auth, filters);
    await this.running.get(started.id)?.done;
    const job = await this.get(auth, started.id);
    if (job.status !== 'done' || !job.report_upload || !job.report_path)
      throw new Error('report export failed');
    return { report_upload: job.report_upload, report_path: job.report_path };
  }

  /** Stops this process's jobs (the server is closing): they are recorded failed. */
  async stop(): Promise<void> {
    const jobs = [...this.running.values()];
    for (const job of jobs) job.stop.abort();
    await Promise.all(jobs.map((job) => job.done));
  }

  private async run(job: Row, auth: AuthUser, filters: ReportExportFilters, signal: AbortSignal) {
    const { db, storage, timeZone, telemetry, log } = this.deps;
    let written = 0;
    let savedAt = 0;
    const save = async (fields: Partial<typeof reportExports.$inferInsert>) => {
      await db
        .update(reportExports)
        .set({ ...fields, updatedAt: new Date() })
        .where(eq(reportExports.id, job.id));
      this.changed.emit(job.id);
    };
    // The heartbeat; progress is saved between chunks (never two writes of one job at once).
    let saving: Promise<unknown> = Promise.resolve();
    const beat = setInterval(() => {
      saving = saving.then(() => save({ rowsWritten: written })).catch(() => {});
    }, HEARTBEAT_MS);
    try {
      const rows = await csvRows(db, timeZone, telemetry, auth, filters);
      const progress = this.running.get(job.id);
      if (progress) progress.total = rows.total;
      await save({ rowsTotal: rows.total });
      const wrote = (n: number) => {
        written += n;
        if (progress) progress.written = written;
        const now = Date.now();
        if (now - savedAt < PROGRESS_EVERY_MS) return;
        savedAt = now;
        saving = saving.then(() => save({ rowsWritten: written })).catch(() => {});
      };
      async function* file() {
        yield Buffer.from(CSV_HEADER_LINE);
        for await (const chunk of rows.chunks(wrote, signal)) {
          yield chunk;
          // Lets the progress write go out between chunks (PGlite runs one statement at a time).
          await saving;
        }
        if (signal.aborted) throw new Error('report export stopped: the server is closing');
      }
      const key = newReportKey();
      // One chunk ahead of the store at most: "rows written" is what the store has taken, and a slow
      // store holds the database's slices back instead of piling them up in memory.
      await storage.storeFile(key, Readable.from(file(), { highWaterMark: 1 }));
      await recordFileOwner(db, auth, key, new Date());
      clearInterval(beat);
      await saving;
      // The file is the truth: its rows are the total once written.
      await save({
        status: 'done',
        rowsWritten: written,
        rowsTotal: written,
        fileKey: key,
        finishedAt: new Date(),
      });
    } catch (error) {
      clearInterval(beat);
      log.error({ err: error, export: job.id }, 'report export failed');
      await saving;
      await save({ status: 'failed', rowsWritten: written, finishedAt: new Date() }).catch(() => {});
    }
  }

  /** The job as the API answers it: the spec's message for its state, a link to its file while kept. */
  private async answer(job: Row): Promise<ReportExport> {
    const { storage, retention } = this.deps;
    let status: ReportExport['status'] = job.status;
    // Its process went away mid-export (a crash, a kill): it will never finish.
    if (status === 'running' && Date.now() - job.updatedAt.getTime() > STALE_AFTER_MS) status = 'failed';
    let link: string | null = null;
    if (status === 'done' && job.fileKey) {
      const end = await retention.linkEnd(job.fileKey);
      if (end === null) status = 'expired';
      else link = await storage.downloadUrl(job.fileKey, end);
    }
    const detail = {
      running: REPORT_MESSAGES.generating,
      done: REPORT_MESSAGES.generated,
      failed: REPORT_MESSAGES.failed,
      expired: REPORT_MESSAGES.expired,
    }[status];
    return {
      id: job.id,
      status,
      rows_written: job.rowsWritten,
      rows_total: job.rowsTotal,
      created_at__gte: job.filters.created_at__gte ?? null,
      created_at__lte: job.filters.created_at__lte ?? null,
      created_at: job.createdAt.toISOString(),
      finished_at: job.finishedAt?.toISOString() ?? null,
      report_upload: status === 'done' ? job.fileKey : null,
      report_path: link,
      detail,
    };
  }

  /** Jobs older than the report retention go (their files are swept by the retention). */
  private async forgetExpired(): Promise<void> {
    await this.deps.db
      .delete(reportExports)
      .where(lt(reportExports.createdAt, this.deps.retention.keptSince()));
  }
}
