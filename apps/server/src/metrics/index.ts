// Prometheus metrics: the instance's registry and metrics (registry.ts), HTTP timing (http.ts), who may
// scrape (access.ts) and the periodic jobs' runs (jobs.ts). Served at /metrics (modules/health).
export { metricsAccess, type MetricsAccess } from './access';
export { registerHttpMetrics } from './http';
export { recordNothing, timedJob, type JobName, type RecordJobRun } from './jobs';
export { Metrics, type IngestFigures, type PoolFigures, type ScrapeSources } from './registry';
