import type { FastifyInstance } from 'fastify';
import type { Metrics } from './registry';

/**
 * Times every answered request under its route pattern (`/api/v1/devices/rms/:id/`, never the raw URL,
 * so ids do not make series of their own); a request no route matched (a 404, or the console's page
 * for one of its own paths) is `unmatched`.
 */
export function registerHttpMetrics(app: FastifyInstance, metrics: Metrics): void {
  app.addHook('onResponse', async (request, reply) => {
    const route = request.routeOptions.url ?? 'unmatched';
    metrics.observeRequest(route, request.method, reply.statusCode, reply.elapsedTime / 1000);
  });
}
