// The periodic jobs (offline sweep, command redelivery pass, telemetry maintenance, report and audit
// retention) report each run:
// `recordJobRun(job, ok, seconds)` counts it in rms_job_runs_total{job,outcome} and times it. A service
// with a periodic job takes the function in its options (createServices hands it the instance's one).

/** A periodic job's name as the metrics label it: lower case, words joined by `_`. */
export type JobName = string;

export type RecordJobRun = (job: JobName, ok: boolean, seconds: number) => void;

/** For a service built without metrics (tests, the link run alone). */
export const recordNothing: RecordJobRun = () => {};

/**
 * Runs one pass of a job and records it: failed when `run` throws (the error is passed on, for the job
 * to log as it did), ok otherwise.
 */
export async function timedJob<T>(record: RecordJobRun, job: JobName, run: () => Promise<T>): Promise<T> {
  const started = performance.now();
  let ok = false;
  try {
    const result = await run();
    ok = true;
    return result;
  } finally {
    record(job, ok, (performance.now() - started) / 1000);
  }
}
