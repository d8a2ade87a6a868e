import { z } from 'zod';
import { endpoint } from '../endpoint';
import { PUBLIC } from '../permissions';

export const healthResponse = z.object({
  status: z.literal('ok'),
  database: z.enum(['pglite', 'postgres']),
  version: z.string(),
});

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
};
