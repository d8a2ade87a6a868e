import type { FastifyPluginAsync } from 'fastify';
import { monitoringApi as M } from '@rms/contracts/api/monitoring';
import { caller } from '../../auth/access';
import { routeEndpoint as route } from '../../endpoint-route';
import { createLoadStatus, loadStatusOf, updateLoadStatus } from './load-status-service';

// A light's load switch (spec 02 §4); paths, access and schemas are declared in contracts
// (api/monitoring.ts).

export const loadStatusRoutes: FastifyPluginAsync = async (app) => {
  route(app, M.loadStatus, (request) => loadStatusOf(app.db, caller(request), request.query.device));

  route(app, M.loadStatusCreate, async (request) => {
    const { row, detail } = await createLoadStatus(app.db, caller(request), request.body);
    return { ...row, detail };
  });

  route(app, M.loadStatusUpdate, async (request) => {
    const { row, detail } = await updateLoadStatus(app.db, caller(request), request.body);
    return { ...row, detail };
  });
};
