import type { FastifyPluginAsync } from 'fastify';
import { dashboardApi as D } from '@rms/contracts/api/dashboard';
import { caller } from '../../auth/access';
import { routeEndpoint as route } from '../../endpoint-route';
import { harvestOf } from '../monitoring';
import { dashboardAlarms, deviceSummary, inventoryCounts } from './service';

// The dashboard's device panels (spec 01 §2); paths, access and schemas are declared in contracts
// (api/dashboard.ts). Company counts are `admin_settings/dashboard_companies/` (organizations).

export const dashboardRoutes: FastifyPluginAsync = async (app) => {
  route(app, D.summary, (request) => deviceSummary(app.db, caller(request), request.query));
  route(app, D.inventory, (request) => inventoryCounts(app.db, caller(request)));
  route(app, D.alarms, (request) =>
    dashboardAlarms(app.db, app.config.timeZone, caller(request), request.query),
  );
  route(app, D.harvest, (request) => harvestOf(app.db, caller(request), request.query));
};
