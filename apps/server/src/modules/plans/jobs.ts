import type { FastifyBaseLogger } from 'fastify';
import type { Job } from '../../jobs/job-runner';
import { replan, type PlanDeps } from './replan';
import { syncDeliveries } from './tracking';

// The periodic work of schedule delivery (docs/schedule-delivery.md), each run on one instance.

/** Deliveries follow their commands within this long. */
export const SYNC_EVERY_MS = 5_000;
/**
 * The top-up: every device's plan computed again; those running short are extended and those whose
 * nights changed (an exception starting or ending, a dynamic group's membership) are sent. Hourly, so a
 * new day, a restart or a missed change is caught soon; it sends only what changed.
 */
export const TOP_UP_EVERY_MS = 3_600_000;

/** The top-up's first try after a start. */
export const TOP_UP_FIRST_AFTER_MS = 5 * 60_000;

export function planJobs(deps: PlanDeps & { log: FastifyBaseLogger }): Job[] {
  return [
    {
      name: 'schedules.sync',
      everyMs: SYNC_EVERY_MS,
      run: () => syncDeliveries(deps.db, deps.now?.() ?? new Date()),
    },
    {
      name: 'schedules.top-up',
      everyMs: TOP_UP_EVERY_MS,
      // Not the moment the server starts: devices reconnect and take their waiting commands first.
      firstTryAfterMs: TOP_UP_FIRST_AFTER_MS,
      run: async () => {
        const result = await replan(deps);
        if (result.changed > 0) deps.log.info(result, 'schedules: plans topped up');
      },
    },
  ];
}
