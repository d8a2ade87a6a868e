// The health area's face: liveness and readiness (under /api/v1), metrics (at /metrics).
export { healthRoutes, metricsRoutes } from './routes';
