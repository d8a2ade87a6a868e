import type { FastifyPluginAsync } from 'fastify';
import { sql } from 'drizzle-orm';
import { healthApi } from '@rms/contracts/api/health';
import { routeEndpoint as route } from '../../endpoint-route';
import { metricsAccess } from '../../metrics';
import { readinessCheck } from './readiness';

// 200 once the app is built, which happens only after migrations ran; it also proves the database answers.
export const healthRoutes: FastifyPluginAsync<{
  databaseKind: 'pglite' | 'postgres';
  version: string;
}> = async (app, { databaseKind, version }) => {
  route(app, healthApi.check, async () => {
    await app.db.execute(sql`select 1`);
    return { status: 'ok' as const, database: databaseKind, version };
  });

  const readiness = readinessCheck({ db: app.db, deviceLink: app.deviceLink, log: app.log });
  route(app, healthApi.ready, async (_request, reply) => {
    const answer = await readiness();
    if (answer.status !== 'ready') reply.status(503);
    return answer;
  });
};

/** `GET /metrics` (at the site's root): Prometheus text, for METRICS_TOKEN or a loopback client. */
export const metricsRoutes: FastifyPluginAsync = async (app) => {
  route(app, healthApi.metrics, async (request, reply) => {
    const access = metricsAccess(request, app.config.metricsToken);
    if (access === 'no-token')
      return reply
        .status(401)
        .header('www-authenticate', 'Bearer realm="metrics"')
        .send({ detail: 'METRICS_TOKEN is required as a bearer token' });
    if (access === 'not-local')
      return reply.status(403).send({
        detail: 'metrics are served to this machine only (set METRICS_TOKEN to read them remotely)',
      });
    return reply
      .header('content-type', app.metrics.contentType)
      .header('cache-control', 'no-store')
      .send(await app.metrics.render());
  });
};
