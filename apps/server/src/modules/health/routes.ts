import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { sql } from 'drizzle-orm';
import { z } from 'zod';
import { PUBLIC } from '@rms/contracts/permissions';

const healthResponse = z.object({
  status: z.literal('ok'),
  database: z.enum(['pglite', 'postgres']),
  version: z.string(),
});

// 200 once the app is built, which happens only after migrations ran; it also proves the database answers.
export const healthRoutes: FastifyPluginAsyncZod<{
  databaseKind: 'pglite' | 'postgres';
  version: string;
}> = async (app, { databaseKind, version }) => {
  app.get(
    '/health/',
    {
      config: { access: PUBLIC },
      schema: { tags: ['health'], summary: 'Liveness and database check', response: { 200: healthResponse } },
    },
    async () => {
      await app.db.execute(sql`select 1`);
      return { status: 'ok' as const, database: databaseKind, version };
    },
  );
};
