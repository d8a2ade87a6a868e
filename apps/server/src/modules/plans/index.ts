// Schedule delivery (docs/schedule-delivery.md): each device is sent the plan of the schedules
// covering it, and its delivery follows the command's outcome.
export { planJobs, SYNC_EVERY_MS, TOP_UP_EVERY_MS } from './jobs';
export { deviceNights, planDays, planHash, MIN_NIGHTS_LEFT, type ComputedNight } from './nights';
export { replan, SUPERSEDED, type PlanDeps, type ReplanResult, type ReplanScope } from './replan';
export { syncDeliveries, MAX_ATTEMPTS, GAVE_UP, RETRY_AFTER_MS, type SyncResult } from './tracking';
