import type { FastifyPluginAsync } from 'fastify';
import { msisdnApi as A } from '@rms/contracts/api/msisdn';
import { MSISDN_MESSAGES } from '@rms/contracts/msisdn';
import { caller } from '../../auth/access';
import { routeEndpoint as route } from '../../endpoint-route';
import { createMapping, listMappings, updateMapping } from './service';

// The MSISDN mapping area's handlers; paths, access and schemas are declared in contracts (api/msisdn.ts).

export const msisdnRoutes: FastifyPluginAsync = async (app) => {
  route(app, A.list, (request) => listMappings(app.db, caller(request), request.query));

  route(app, A.create, async (request) => ({
    ...(await createMapping(app.db, caller(request), request.body)),
    detail: MSISDN_MESSAGES.added,
  }));

  route(app, A.update, async (request) => {
    const { row, detail } = await updateMapping(app.db, caller(request), request.body);
    return { ...row, detail };
  });
};
