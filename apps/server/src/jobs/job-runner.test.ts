import { eq, sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type Database } from '../db/client';
import { backgroundJobs } from '../db/schema/background-jobs';
import { scratchDatabase, type ScratchDatabase } from '../testing/scratch-database';
import { JobRunner, type Job, type JobRunnerOptions } from './job-runner';

// Several instances on one database run each periodic job once per period: the instance that claims
// the job's row runs it, the others find it taken or not due. On PostgreSQL each runner has its own
// pool, as separate instances do; on PGlite (one instance) the runners share the one database.

const silent = { error: () => {}, warn: () => {}, info: () => {} } as unknown as JobRunnerOptions['log'];

let scratch: ScratchDatabase;
const databases: Database[] = [];
let runners: JobRunner[] = [];
const gates: (() => void)[] = [];

/** A run that lasts until `release` is called. */
function gate(): { held: Promise<void>; release: () => void } {
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  gates.push(release);
  return { held, release };
}

beforeAll(async () => {
  scratch = await scratchDatabase();
  const first = await openDatabase({ databaseUrl: scratch.url, pgliteDir: 'memory://' });
  await first.migrate();
  databases.push(first);
  for (let i = 1; i < 3; i++)
    databases.push(scratch.url ? await openDatabase({ databaseUrl: scratch.url }) : first);
});
afterEach(async () => {
  // A test that failed midway leaves its held runs to end here, or the runners could not stop.
  for (const release of gates.splice(0)) release();
  await Promise.all(runners.map((r) => r.stop()));
  runners = [];
});
afterAll(async () => {
  for (const database of new Set(databases)) await database.close();
  await scratch.drop();
});

const db = () => databases[0]!.db;

/** The runner of instance `i` (its own pool on PostgreSQL). */
function runner(i: number, options: Partial<JobRunnerOptions> = {}): JobRunner {
  const made = new JobRunner({
    db: databases[i]!.db,
    log: silent,
    owner: `instance-${i}`,
    timers: false,
    ...options,
  });
  runners.push(made);
  return made;
}

let serial = 0;
/** A job of its own name that counts its runs. */
function countingJob(over: Partial<Job> = {}) {
  const counted = { runs: 0 };
  const job: Job & { counted: typeof counted } = {
    name: `test-job-${++serial}`,
    everyMs: 3_600_000,
    run: async () => {
      counted.runs++;
    },
    ...over,
    counted,
  };
  return job;
}

const rows = (name: string) => db().select().from(backgroundJobs).where(eq(backgroundJobs.name, name));
const row = async (name: string) => (await rows(name))[0]!;

describe('a job on several instances', () => {
  it('runs once when all of them find it due at the same moment', async () => {
    const job = countingJob();
    const all = [runner(0), runner(1), runner(2)];
    for (const r of all) r.add(job);
    const ran = await Promise.all([...all, ...all].map((r) => r.runDue(job.name)));
    expect(ran.filter(Boolean)).toHaveLength(1);
    expect(job.counted.runs).toBe(1);
    expect(await row(job.name)).toMatchObject({ runs: 1, failures: 0, lockedBy: null, lockedUntil: null });
  });

  it('runs on no other instance while one holds it, even when it has fallen due again', async () => {
    const { held, release } = gate();
    let runs = 0;
    const job: Job = {
      name: `test-job-${++serial}`,
      everyMs: 3_600_000,
      run: async () => {
        runs++;
        await held;
      },
    };
    const [a, b] = [runner(0), runner(1)];
    a.add(job);
    b.add(job);
    const first = a.runDue(job.name);
    await expect.poll(() => runs).toBe(1);
    await db().execute(sql`update background_jobs set next_run_at = now() where name = ${job.name}`);
    expect(await b.runDue(job.name)).toBe(false);
    release();
    expect(await first).toBe(true);
    expect(runs).toBe(1);
  });

  it('is taken over once the lease of an instance that went away has lapsed', async () => {
    const job = countingJob();
    const b = runner(1);
    b.add(job);
    // As an instance that claimed the job and died leaves it: locked, the lease still live.
    await db().execute(sql`
      insert into background_jobs (name, next_run_at, locked_by, locked_until, runs)
      values (${job.name}, now() - interval '1 minute', 'gone:1', now() + interval '1 hour', 1)
      on conflict (name) do update set next_run_at = excluded.next_run_at, locked_by = excluded.locked_by,
        locked_until = excluded.locked_until, runs = excluded.runs`);
    expect(await b.runDue(job.name)).toBe(false);
    expect(job.counted.runs).toBe(0);
    // Its lease has lapsed: the next instance to look takes the job over.
    await db().execute(
      sql`update background_jobs set locked_until = now() - interval '1 second' where name = ${job.name}`,
    );
    expect(await b.runDue(job.name)).toBe(true);
    expect(job.counted.runs).toBe(1);
    expect(await row(job.name)).toMatchObject({ runs: 2, lockedBy: null });
  });

  it('keeps its lease while a run lasts longer than the lease', async () => {
    const { held, release } = gate();
    const job: Job = { name: `test-job-${++serial}`, everyMs: 3_600_000, run: () => held };
    const [a, b] = [runner(0, { leaseMs: 3000 }), runner(1, { leaseMs: 3000 })];
    a.add(job);
    b.add(job);
    const first = a.runDue(job.name);
    await expect.poll(async () => (await row(job.name)).lockedBy).toBe('instance-0');
    const claimedUntil = (await row(job.name)).lockedUntil!.getTime();
    await expect
      .poll(async () => (await row(job.name)).lockedUntil!.getTime(), { timeout: 10_000 })
      .toBeGreaterThan(claimedUntil);
    await db().execute(sql`update background_jobs set next_run_at = now() where name = ${job.name}`);
    expect(await b.runDue(job.name)).toBe(false);
    release();
    expect(await first).toBe(true);
  });

  it('records a failed run and lets go of the job', async () => {
    const seen: [string, boolean][] = [];
    const job: Job = {
      name: `test-job-${++serial}`,
      everyMs: 3_600_000,
      run: async () => {
        throw new Error('the store refused');
      },
    };
    const a = runner(0, { onRun: (name, ok) => seen.push([name, ok]) });
    a.add(job);
    expect(await a.runDue(job.name)).toBe(true);
    expect(await row(job.name)).toMatchObject({
      runs: 1,
      failures: 1,
      lastError: 'the store refused',
      lockedBy: null,
    });
    expect(seen).toEqual([[job.name, false]]);
  });

  it('of scope instance runs on every instance', async () => {
    const job = countingJob({ scope: 'instance' });
    const [a, b] = [runner(0), runner(1)];
    a.add(job);
    b.add(job);
    expect(await Promise.all([a.runDue(job.name), b.runDue(job.name)])).toEqual([true, true]);
    expect(job.counted.runs).toBe(2);
    expect(await rows(job.name)).toEqual([]);
  });
});

describe('the runner’s timers', () => {
  it('run a job at once, then again each period, on one of the instances', async () => {
    const job = countingJob({ everyMs: 200 });
    const [a, b] = [runner(0, { timers: true }), runner(1, { timers: true })];
    a.add(job);
    b.add(job);
    await expect.poll(() => job.counted.runs, { timeout: 10_000 }).toBeGreaterThanOrEqual(3);
    await a.stop();
    await b.stop();
    expect((await row(job.name)).runs).toBe(job.counted.runs);
  });

  it('let go of a job when the runner stops, so another instance need not wait for the lease', async () => {
    const { held, release } = gate();
    const job: Job = { name: `test-job-${++serial}`, everyMs: 3_600_000, run: () => held };
    const a = runner(0, { timers: true });
    a.add(job);
    await expect.poll(async () => (await rows(job.name))[0]?.lockedBy).toBe('instance-0');
    const stopped = a.stop();
    release();
    await stopped;
    expect(await row(job.name)).toMatchObject({ lockedBy: null, lockedUntil: null, runs: 1 });
  });
});
