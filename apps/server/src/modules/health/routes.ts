import type { FastifyPluginAsync } from 'fastify';
import { sql } from 'drizzle-orm';
import { healthApi } from '@rms/contracts/api/health';
import { routeEndpoint as route } from '../../endpoint-route';

// 200 once the app is built, which happens only after migrations ran; it also proves the database answers.
export const healthRoutes: FastifyPluginAsync<{
  databaseKind: 'pglite' | 'postgres';
  version: string;
}> = async (app, { databaseKind, version }) => {
  route(app, healthApi.check, async () => {
    await app.db.execute(sql`select 1`);
    return { status: 'ok' as const, database: databaseKind, version };
  });
};
