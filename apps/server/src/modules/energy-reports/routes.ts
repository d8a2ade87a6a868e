import type { FastifyPluginAsync } from 'fastify';
import { energyReportApi as E } from '@rms/contracts/api/energy-reports';
import { ENERGY_REPORT_MESSAGES as M } from '@rms/contracts/energy-reports';
import { caller } from '../../auth/access';
import { routeEndpoint as route } from '../../endpoint-route';
import { reportPdf, reportXlsx } from './exports';
import { energyReport, exportReport, type ReportSettings } from './report';
import {
  createSubscription,
  deleteSubscription,
  listSubscriptions,
  updateSubscription,
} from './subscriptions';

// The energy report's routes (docs/energy-reports.md); paths, access and schemas in contracts
// (api/energy-reports.ts).

const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

export const energyReportRoutes: FastifyPluginAsync = async (app) => {
  const settings: ReportSettings = { timeZone: app.config.timeZone, gridFactor: app.config.gridCo2KgPerKwh };
  route(app, E.report, (request) => energyReport(app.db, caller(request), settings, request.query));
  route(app, E.reportExport, async (request, reply) => {
    const { format, ...query } = request.query;
    const { report, devices } = await exportReport(app.db, caller(request), settings, query);
    reply
      .header('content-disposition', `attachment; filename="energy-report-${query.month}.${format}"`)
      .header('cache-control', 'no-store');
    if (format === 'pdf')
      return reply.header('content-type', 'application/pdf').send(await reportPdf(report, devices));
    return reply.header('content-type', XLSX).send(await reportXlsx(report, devices));
  });
  route(app, E.subscriptionList, (request) => listSubscriptions(app.db, caller(request)));
  route(app, E.subscriptionCreate, async (request) => ({
    detail: M.subscriptionSaved,
    subscription: await createSubscription(app.db, caller(request), request.body),
  }));
  route(app, E.subscriptionUpdate, async (request) => ({
    detail: M.subscriptionSaved,
    subscription: await updateSubscription(app.db, caller(request), request.params.id, request.body),
  }));
  route(app, E.subscriptionDelete, async (request) => {
    await deleteSubscription(app.db, caller(request), request.params.id);
    return { detail: M.subscriptionDeleted };
  });
};
