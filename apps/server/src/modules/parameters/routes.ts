import type { FastifyPluginAsync } from 'fastify';
import { parameterApi as A } from '@rms/contracts/api/parameters';
import { PARAMETER_MESSAGES } from '@rms/contracts/parameters';
import { caller } from '../../auth/access';
import { routeEndpoint as route } from '../../endpoint-route';
import { deviceChoices } from './devices-in-scope';
import { getSetting, saveBulk, saveSetting } from './service';

// The parameter area's handlers; paths, access and schemas are declared in contracts (api/parameters.ts).

export const parameterRoutes: FastifyPluginAsync = async (app) => {
  route(app, A.setting, (request) => getSetting(app.db, caller(request), request.query.device));
  route(app, A.devices, (request) => deviceChoices(app.db, caller(request), request.query.query));

  // POST and PUT are the same save: every save is a new version.
  for (const save of [A.create, A.update]) {
    route(app, save, async (request) => ({
      ...(await saveSetting(app.db, caller(request), request.body)),
      detail: PARAMETER_MESSAGES.added,
    }));
  }

  route(app, A.bulk, async (request) => ({
    detail: PARAMETER_MESSAGES.bulkAdded,
    devices: await saveBulk(app.db, caller(request), request.body),
  }));
};
