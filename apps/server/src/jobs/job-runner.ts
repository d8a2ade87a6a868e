import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../db/client';
import { rowsOf } from '../db/rows';

// The periodic jobs (the offline sweep, the command pass, the telemetry storage maintenance, the report
// and audit retention sweeps) through one
// runner backed by the database, so that with several instances on one PostgreSQL each run happens on
// one instance. Every instance keeps a timer per job; when it fires, the instance tries to *claim* the
// job's row in background_jobs: one UPDATE that succeeds only when the next run is due and nobody holds
// a live lease. Row locking lets exactly one of the instances trying at once succeed; the others read
// when to try again. The claimer runs the job, renewing its lease while it runs, then lets go. An
// instance that dies mid-run stops renewing: its lease lapses and another instance takes the job over.
// Times are the database's (now()), so the instances' clocks do not matter.
//
// A job about what one process holds (the devices connected to this instance's embedded broker) has
// scope 'instance': each instance runs its own, on its timer, without the table.

export interface Job {
  /** The job's row in background_jobs: the same name on every instance. */
  name: string;
  /** Time between the starts of two runs. */
  everyMs: number;
  /** One run; a rejection is recorded as the run's failure (last_error, failures). */
  run(): Promise<unknown>;
  /** 'cluster' (default): each run on one instance. 'instance': every instance runs its own. */
  scope?: 'cluster' | 'instance';
  /** How long after it is added this instance first tries it (0: at once, when due). */
  firstTryAfterMs?: number;
}

export interface ScheduledJob {
  /** Stops scheduling the job and waits for a run under way. */
  remove(): Promise<void>;
}

/** What a service needs to schedule its periodic work. */
export interface JobScheduler {
  add(job: Job): ScheduledJob;
}

export interface JobRunnerOptions {
  db: Db;
  log: FastifyBaseLogger;
  /** Who holds a lease (locked_by): the instance and its process. */
  owner: string;
  /** How long a claim holds without renewal; renewed every third of it while the job runs. */
  leaseMs?: number;
  /** False: no timers, runs happen only through `runDue` (tests). */
  timers?: boolean;
  /** Told of every run's end: the job, whether it succeeded, and how long it took. */
  onRun?: (job: string, ok: boolean, seconds: number) => void;
}

/** A dead instance's jobs are taken over at most this long after its last renewal. */
export const JOB_LEASE_MS = 30_000;
/** Least wait between two tries of one job (a claim missed by a hair is tried again this soon). */
const MIN_WAIT_MS = 5;

interface Entry {
  job: Job;
  timer: NodeJS.Timeout | null;
  /** The try under way (claim, run, release). */
  running: Promise<unknown> | null;
  registered: Promise<void> | null;
  removed: boolean;
  /** Consecutive tries that could not reach the database (logged once per streak). */
  unreachable: number;
}

export class JobRunner implements JobScheduler {
  private readonly entries = new Map<string, Entry>();
  private readonly leaseMs: number;
  private stopped = false;

  constructor(private readonly options: JobRunnerOptions) {
    this.leaseMs = options.leaseMs ?? JOB_LEASE_MS;
  }

  /** Schedules the job: tried at once (or after `firstTryAfterMs`), then as it falls due. */
  add(job: Job): ScheduledJob {
    if (this.entries.has(job.name)) throw new Error(`job ${job.name} is already scheduled`);
    const entry: Entry = {
      job,
      timer: null,
      running: null,
      registered: null,
      removed: false,
      unreachable: 0,
    };
    this.entries.set(job.name, entry);
    if (this.options.timers !== false && !this.stopped) this.schedule(entry, job.firstTryAfterMs ?? 0);
    return { remove: () => this.remove(entry) };
  }

  /** Claims the job and runs it if it is due here now; answers whether it ran. */
  async runDue(name: string): Promise<boolean> {
    const entry = this.entries.get(name);
    if (!entry) throw new Error(`no job ${name}`);
    return (await this.attempt(entry)).ran;
  }

  /** Stops every timer and waits for the runs under way (their leases are let go). */
  async stop(): Promise<void> {
    this.stopped = true;
    await Promise.all([...this.entries.values()].map((entry) => this.remove(entry)));
  }

  private async remove(entry: Entry): Promise<void> {
    entry.removed = true;
    if (entry.timer) clearTimeout(entry.timer);
    entry.timer = null;
    await entry.running?.catch(() => {});
    if (this.entries.get(entry.job.name) === entry) this.entries.delete(entry.job.name);
  }

  private schedule(entry: Entry, waitMs: number): void {
    if (entry.removed || this.stopped) return;
    entry.timer = setTimeout(() => {
      entry.timer = null;
      void this.attempt(entry).then(({ waitMs: next }) => this.schedule(entry, next));
    }, waitMs);
    entry.timer.unref();
  }

  /** One try: never throws; answers whether the job ran and how long until the next try. */
  private async attempt(entry: Entry): Promise<{ ran: boolean; waitMs: number }> {
    if (entry.running || entry.removed) return { ran: false, waitMs: entry.job.everyMs };
    const attempt = this.attemptNow(entry);
    entry.running = attempt;
    try {
      return await attempt;
    } finally {
      entry.running = null;
    }
  }

  private async attemptNow(entry: Entry): Promise<{ ran: boolean; waitMs: number }> {
    const { job } = entry;
    if (job.scope === 'instance') {
      const started = Date.now();
      await this.execute(entry, false);
      return { ran: true, waitMs: Math.max(MIN_WAIT_MS, job.everyMs - (Date.now() - started)) };
    }
    let claim: { claimed: boolean; wait_ms: number | string } | undefined;
    try {
      entry.registered ??= this.register(job).catch((error: unknown) => {
        entry.registered = null;
        throw error;
      });
      await entry.registered;
      [claim] = await this.claim(job);
      if (entry.unreachable > 0) this.options.log.info({ job: job.name }, 'jobs: the database answers again');
      entry.unreachable = 0;
    } catch (error) {
      if (entry.unreachable++ === 0)
        this.options.log.error({ err: error, job: job.name }, 'jobs: could not claim a job, trying again');
      return { ran: false, waitMs: job.everyMs };
    }
    if (!claim) return { ran: false, waitMs: MIN_WAIT_MS };
    if (!claim.claimed)
      return { ran: false, waitMs: Math.min(job.everyMs, Math.max(MIN_WAIT_MS, Number(claim.wait_ms))) };
    const started = Date.now();
    await this.execute(entry, true);
    return { ran: true, waitMs: Math.max(MIN_WAIT_MS, job.everyMs - (Date.now() - started)) };
  }

  /** The job's row, due at once when new; a shorter period than the one it was scheduled with applies now. */
  private async register(job: Job): Promise<void> {
    await this.options.db.execute(sql`
      insert into background_jobs (name, next_run_at) values (${job.name}, now())
      on conflict (name) do update set next_run_at =
        least(background_jobs.next_run_at, now() + make_interval(secs => ${job.everyMs / 1000}))`);
  }

  /**
   * Takes the job when its run is due and no lease is live, moving its next run one period on; else
   * answers how long until it may be due (the later of its next run and the lease's end).
   */
  private claim(job: Job) {
    const { owner } = this.options;
    return rowsOf<{ claimed: boolean; wait_ms: number | string }>(
      this.options.db,
      sql`
      with claimed as (
        update background_jobs set
          locked_by = ${owner},
          locked_until = now() + make_interval(secs => ${this.leaseMs / 1000}),
          last_started_at = now(),
          next_run_at = now() + make_interval(secs => ${job.everyMs / 1000}),
          runs = runs + 1
        where name = ${job.name} and next_run_at <= now() and (locked_until is null or locked_until < now())
        returning name
      )
      select true as claimed, 0 as wait_ms from claimed
      union all
      select false, ceil(extract(epoch from (
          greatest(next_run_at, coalesce(locked_until, next_run_at)) - now())) * 1000)
      from background_jobs where name = ${job.name} and not exists (select 1 from claimed)`,
    );
  }

  /** Runs the job (holding its lease, when claimed), records how it went and lets go. */
  private async execute({ job }: Entry, claimed: boolean): Promise<void> {
    const { db, log, owner } = this.options;
    const started = performance.now();
    const renewal = claimed
      ? setInterval(() => {
          db.execute(
            sql`
            update background_jobs set locked_until = now() + make_interval(secs => ${this.leaseMs / 1000})
            where name = ${job.name} and locked_by = ${owner}`,
          ).catch((error: unknown) => log.warn({ err: error, job: job.name }, 'jobs: lease not renewed'));
        }, this.leaseMs / 3)
      : null;
    renewal?.unref();
    let failure: unknown = null;
    await Promise.resolve()
      .then(() => job.run())
      .catch((error: unknown) => {
        failure = error ?? new Error('failed');
      });
    if (renewal) clearInterval(renewal);
    const seconds = (performance.now() - started) / 1000;
    if (failure) log.error({ err: failure, job: job.name }, 'jobs: run failed');
    if (claimed) await this.release(job, failure);
    // The one place each run's outcome and duration are known.
    this.options.onRun?.(job.name, !failure, seconds);
  }

  private async release(job: Job, failure: unknown): Promise<void> {
    const { db, log, owner } = this.options;
    const error = failure ? String((failure as Error).message ?? failure).slice(0, 1000) : null;
    try {
      const released = await rowsOf<{ name: string }>(
        db,
        sql`
        update background_jobs set locked_by = null, locked_until = null, last_finished_at = now(),
          last_error = ${error}, failures = failures + ${failure ? 1 : 0}
        where name = ${job.name} and locked_by = ${owner}
        returning name`,
      );
      if (released.length === 0)
        log.warn(
          { job: job.name },
          'jobs: a run outlived its lease (another instance may have run the job too)',
        );
    } catch (err) {
      // The lease lapses on its own.
      log.warn({ err, job: job.name }, 'jobs: could not record the end of a run');
    }
  }
}
