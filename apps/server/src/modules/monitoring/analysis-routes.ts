import type { FastifyPluginAsync } from 'fastify';
import { monitoringApi as M } from '@rms/contracts/api/monitoring';
import { caller } from '../../auth/access';
import { routeEndpoint as route } from '../../endpoint-route';
import { alarmStatusOf, listAlarms } from './alarms-service';
import { harvestOf, mpptDaysOf } from './harvest-service';
import { liveReportOf } from './live-report-service';

// Device analysis (/analysis: live report, MPPT list, alarm status, harvest chart) and the alarms view
// (/alarms-view); paths, access and schemas are declared in contracts (api/monitoring.ts).

export const analysisRoutes: FastifyPluginAsync = async (app) => {
  const { timeZone } = app.config;

  route(app, M.liveReport, (request) =>
    liveReportOf(app.db, timeZone, caller(request), request.query.device),
  );
  route(app, M.mppt, (request) => mpptDaysOf(app.db, timeZone, caller(request), request.query.device));
  route(app, M.alarmStatus, (request) => alarmStatusOf(app.db, caller(request), request.query.device));
  route(app, M.harvest, (request) => harvestOf(app.db, caller(request), request.query));
  route(app, M.alarms, (request) => listAlarms(app.db, caller(request), request.query));
};
