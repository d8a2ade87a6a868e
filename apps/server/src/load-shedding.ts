import underPressure, { type FastifyUnderPressureOptions } from '@fastify/under-pressure';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { SheddingSettings } from './config';
import type { Database } from './db/client';

// Under load, degrade gently (docs/operations.md "Under load"). When this instance is saturated (its
// event loop lags, or more requests wait for a database connection than the pool serves soon), a new
// API request is answered 503 with Retry-After at once, instead of joining a queue where every request
// waits seconds and then times out anyway. Clients (the console, API keys, devices posting over HTTP)
// come back after Retry-After; the requests already running finish sooner.
//
// Never shed: health and readiness (a load balancer must see the state exactly then), the live event
// stream (cheap once open, and the console would reconnect in a loop), the session's token refresh (a
// shed refresh would sign people out), and everything outside /api/ (the console's own files).

export const BUSY_MESSAGE = 'The server is busy. Please try again in a few seconds.';

const NEVER_SHED = ['/api/v1/health', '/api/v1/events', '/api/v1/token/refresh'];

function sheddable(request: FastifyRequest): boolean {
  const path = request.url.split('?', 1)[0] ?? '';
  return path.startsWith('/api/') && !NEVER_SHED.some((p) => path.startsWith(p));
}

/**
 * Lets a request through (undefined), or answers it 503: the plugin sends what the handler returns (its
 * typings admit only void, but returning the body is its documented way to answer; sending here and
 * letting it continue would answer twice).
 */
function shedder(retryAfterSeconds: number) {
  return (request: FastifyRequest, reply: FastifyReply) => {
    if (!sheddable(request)) return undefined;
    reply.code(503).header('retry-after', String(retryAfterSeconds));
    return { detail: BUSY_MESSAGE };
  };
}

export async function registerLoadShedding(
  app: FastifyInstance,
  settings: SheddingSettings,
  database: Database,
): Promise<void> {
  const { eventLoopDelayMs, dbWaiting, retryAfterSeconds } = settings;
  const shed = shedder(retryAfterSeconds);
  await app.register(underPressure, {
    // 0 leaves a check off (the plugin's own convention).
    maxEventLoopDelay: eventLoopDelayMs,
    sampleInterval: 250,
    ...(dbWaiting > 0 && database.pool()
      ? {
          healthCheck: async () => (database.pool()?.waiting ?? 0) <= dbWaiting,
          healthCheckInterval: 250,
        }
      : {}),
    pressureHandler: shed as unknown as FastifyUnderPressureOptions['pressureHandler'],
  });
}
