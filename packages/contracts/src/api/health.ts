import { z } from 'zod';
import { endpoint } from '../endpoint';
import { PUBLIC } from '../permissions';

export const healthResponse = z.object({
  status: z.literal('ok'),
  database: z.enum(['pglite', 'postgres']),
  version: z.string(),
});

/** What readiness checks: the database answers, its migrations are applied, the broker is connected. */
export const READINESS_CHECKS = ['database', 'migrations', 'broker'] as const;
export type ReadinessCheck = (typeof READINESS_CHECKS)[number];

const checkResult = z.object({
  ok: z.boolean(),
  /** What failed, in a few words (no addresses or credentials: the answer is public). */
  detail: z.string().optional(),
});

export const readinessResponse = z.object({
  status: z.enum(['ready', 'not_ready']),
  checks: z.object({ database: checkResult, migrations: checkResult, broker: checkResult }),
  /** The checks that failed (empty when ready). */
  failing: z.array(z.enum(READINESS_CHECKS)),
});
export type Readiness = z.infer<typeof readinessResponse>;

export const healthApi = {
  // 200 once the app is built, which happens only after migrations ran; it also proves the database answers.
  check: endpoint({
    area: 'health',
    method: 'GET',
    path: '/health/',
    access: PUBLIC,
    summary: 'Liveness and database check',
    response: healthResponse,
  }),
  ready: endpoint({
    area: 'health',
    method: 'GET',
    path: '/health/ready/',
    access: PUBLIC,
    summary: 'Readiness: 200 when this instance can take traffic, 503 naming the failing checks',
    description:
      'Ready when the database answers a query, the newest migration is recorded in it and the MQTT ' +
      'broker is connected (the embedded broker listening, or every connection to the external one up). ' +
      'A load balancer sends traffic only to ready instances; a stopping instance is not ready.',
    response: readinessResponse,
    errors: { 503: readinessResponse },
  }),
  /**
   * Prometheus metrics (text format), outside /api/v1. Public to the console's guard: the handler asks
   * for METRICS_TOKEN as a bearer token, or, without one, answers loopback clients only.
   */
  metrics: endpoint({
    area: 'health',
    method: 'GET',
    path: '/metrics',
    atRoot: true,
    access: PUBLIC,
    security: 'metrics',
    summary: 'Prometheus metrics (METRICS_TOKEN as bearer token, or loopback clients when it is unset)',
  }),
};
