import type { FastifyPluginAsync } from 'fastify';
import { inspectionApi as A } from '@rms/contracts/api/inspections';
import { INSPECTION_MESSAGES } from '@rms/contracts/inspections';
import { caller } from '../../auth/access';
import { routeEndpoint as route } from '../../endpoint-route';
import { inspect, listInspections } from './service';

// The inspection area's handlers; paths, access and schemas are declared in contracts (api/inspections.ts).

export const inspectionRoutes: FastifyPluginAsync = async (app) => {
  route(app, A.list, (request) => listInspections(app.db, caller(request), request.query));

  route(app, A.inspect, async (request) => ({
    ...(await inspect(app.db, caller(request), request.body)),
    detail: INSPECTION_MESSAGES.inspected,
  }));
};
