import type { FastifyPluginAsync } from 'fastify';
import { workOrderApi as W } from '@rms/contracts/api/work-orders';
import type { WorkOrderTransition } from '@rms/contracts/work-orders';
import { caller } from '../../auth/access';
import { routeEndpoint as route } from '../../endpoint-route';
import { assigneesFor } from '../monitoring';
import { workOrderReport, reportCsv, reportXlsx } from './report';
import { alarmsWithDevice, listWorkOrders, visibleOrganization, workOrderDetailOf } from './service';
import {
  addNote,
  addPhoto,
  alarmsForOrder,
  createWorkOrder,
  removePhoto,
  transitionWorkOrder,
  updateWorkOrder,
} from './workflow';
import { inArray } from 'drizzle-orm';
import { alarms } from '../../db/schema/telemetry';

// The work orders' routes (docs/work-orders.md). Paths, access and schemas are declared in contracts
// (api/work-orders.ts); every change answers the order as it now is.

const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

export const workOrderRoutes: FastifyPluginAsync = async (app) => {
  const detail = (request: Parameters<typeof caller>[0], id: number) =>
    workOrderDetailOf(app.db, app.storage, caller(request), id);

  route(app, W.list, (request) => listWorkOrders(app.db, caller(request), request.query));
  route(app, W.get, (request) => detail(request, request.params.id));

  route(app, W.draft, async (request) => {
    const auth = caller(request);
    const ids = request.query.alarms;
    const { organizationId, slaHours } = await alarmsForOrder(app.db, auth, ids, false);
    const [organization, list, assignees] = await Promise.all([
      visibleOrganization(app.db, auth, organizationId),
      alarmsWithDevice(app.db, inArray(alarms.id, ids)),
      assigneesFor(app.db, auth, [organizationId]),
    ]);
    const due = new Date(Date.now() + slaHours * 3_600_000).toISOString();
    return { organization, sla_hours: slaHours, due_at: due, alarms: list, assignees };
  });
  route(app, W.assignees, async (request) => {
    const auth = caller(request);
    const org = await visibleOrganization(app.db, auth, request.query.organization);
    return assigneesFor(app.db, auth, [org.id]);
  });

  route(app, W.create, async (request, reply) => {
    const id = await createWorkOrder(app.db, caller(request), request.body);
    reply.status(201);
    return detail(request, id);
  });
  route(app, W.update, async (request) => {
    await updateWorkOrder(app.db, caller(request), request.params.id, request.body);
    return detail(request, request.params.id);
  });

  const transition = (action: WorkOrderTransition) =>
    route(app, W[action], async (request) => {
      const cleared = await transitionWorkOrder(
        app.db,
        caller(request),
        request.params.id,
        action,
        request.body?.note,
      );
      if (cleared.length > 0) app.liveEvents.changed({ alarms: cleared });
      return detail(request, request.params.id);
    });
  transition('start');
  transition('finish');
  transition('cancel');
  transition('reopen');

  route(app, W.note, async (request) => {
    await addNote(app.db, caller(request), request.params.id, request.body.text);
    return detail(request, request.params.id);
  });
  route(app, W.addPhoto, async (request, reply) => {
    await addPhoto(app.db, app.storage, caller(request), request.params.id, request.body.file_name);
    reply.status(201);
    return detail(request, request.params.id);
  });
  route(app, W.removePhoto, async (request) => {
    await removePhoto(app.db, caller(request), request.params.id, request.params.photo);
    return detail(request, request.params.id);
  });

  route(app, W.report, (request) =>
    workOrderReport(app.db, caller(request), app.config.timeZone, request.query),
  );
  route(app, W.reportExport, async (request, reply) => {
    const { format, ...query } = request.query;
    const rows = await workOrderReport(app.db, caller(request), app.config.timeZone, query);
    const name = `work-orders-${query.from}-${query.to}.${format}`;
    reply.header('content-disposition', `attachment; filename="${name}"`).header('cache-control', 'no-store');
    if (format === 'csv')
      return reply.header('content-type', 'text/csv; charset=utf-8').send(reportCsv(rows));
    return reply.header('content-type', XLSX).send(await reportXlsx(rows));
  });
};
