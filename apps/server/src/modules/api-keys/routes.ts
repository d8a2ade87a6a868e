import type { FastifyPluginAsync } from 'fastify';
import { API_KEY_MESSAGES as M } from '@rms/contracts/api-keys';
import { apiKeyApi as A } from '@rms/contracts/api/api-keys';
import { caller } from '../../auth/access';
import { routeEndpoint as route } from '../../endpoint-route';
import { createKey, listKeys, revokeKey } from './service';

// The API keys' handlers; paths, access and schemas are declared in contracts (api/api-keys.ts). The
// declarations are `sessionOnly`: the guard refuses a key before any of these runs.

export const apiKeyRoutes: FastifyPluginAsync = async (app) => {
  const timeZone = app.config.timeZone;
  route(app, A.list, (request) => listKeys(app.db, caller(request), request.query, timeZone));

  route(app, A.create, (request) => createKey(app.db, caller(request), request.body, timeZone));

  route(app, A.revoke, async (request) => ({
    ...(await revokeKey(app.db, caller(request), request.body.id, timeZone)),
    detail: M.revoked,
  }));
};
