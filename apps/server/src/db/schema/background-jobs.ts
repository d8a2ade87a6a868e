import { integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * The periodic jobs every instance runs its share of (jobs/job-runner.ts): one row per job. An instance
 * runs a job only after claiming it (next run due, no live lease), so each run happens on one instance;
 * the lease (`locked_until`, renewed while it runs) lapses if that instance goes away.
 */
export const backgroundJobs = pgTable('background_jobs', {
  name: text('name').primaryKey(),
  nextRunAt: timestamp('next_run_at', { withTimezone: true }).notNull().defaultNow(),
  /** The instance (INSTANCE_ID and process) running the job now, while its lease holds. */
  lockedBy: text('locked_by'),
  lockedUntil: timestamp('locked_until', { withTimezone: true }),
  lastStartedAt: timestamp('last_started_at', { withTimezone: true }),
  lastFinishedAt: timestamp('last_finished_at', { withTimezone: true }),
  /** The last run's error, empty after a run that succeeded. */
  lastError: text('last_error'),
  runs: integer('runs').notNull().default(0),
  failures: integer('failures').notNull().default(0),
});
