import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  GRAPH_KINDS,
  deviceReportPage,
  deviceReportQuery,
  graphPoints,
  graphQuery,
  mapQuery,
  mapResponse,
  reportExport,
  reportExportBody,
  reportExportList,
  reportExportParams,
  reportExportWaitQuery,
  reportFile,
  type MapResponse,
} from '@rms/contracts/monitoring';
import { accessOf } from '@rms/contracts/routes';
import { caller } from '../../auth/access';
import { graphOf } from './graph-service';
import { mapJson } from './map-service';
import { reportPage } from './report-service';

// The graphs (/graph-view), the device report with its CSV export (/device-report) and the map
// (/map-view). Each narrows the devices the caller sees with the activation list's filters. The export
// runs as a job (report-exports.ts): POST starts it, GET follows its progress; the spec's
// GET ...?export_csv=true runs the same job and answers when the file is stored.

const tags = ['monitoring'];
const security = [{ bearer: [] }];

export const reportRoutes: FastifyPluginAsyncZod = async (app) => {
  const { timeZone, mapTileUrl, mapTileAttribution } = app.config;

  for (const kind of GRAPH_KINDS) {
    app.get(
      `/monitoring/graph/${kind}/`,
      {
        config: { access: accessOf('/graph-view') },
        schema: {
          tags,
          summary: `Graph points of one device for the ${kind} tab (local days; long ranges reduced to about \`points\` rows keeping each bucket's min and max)`,
          security,
          querystring: graphQuery,
          response: { 200: graphPoints },
        },
      },
      async (request) => graphOf(app.db, timeZone, caller(request), kind, request.query),
    );
  }

  app.get(
    '/monitoring/device_report/',
    {
      config: { access: accessOf('/device-report') },
      schema: {
        tags,
        summary:
          'Report rows (samples) of the devices the caller sees matching the filters, newest first; export_csv=true stores them all as CSV and answers its link',
        security,
        querystring: deviceReportQuery,
        response: { 200: z.union([deviceReportPage, reportFile]) },
      },
    },
    async (request) => {
      const auth = caller(request);
      if (request.query.export_csv === 'true') {
        const { page: _page, page_size: _size, export_csv: _csv, ...filters } = request.query;
        return app.reportExports.exportNow(auth, filters);
      }
      return reportPage(app.db, timeZone, auth, request.query);
    },
  );

  app.post(
    '/monitoring/device_report/export/',
    {
      config: { access: accessOf('/device-report') },
      schema: {
        tags,
        summary:
          'Start a CSV export of every report row matching the filters, as a job: answers it at once (202); follow it with GET .../export/{id}/',
        security,
        body: reportExportBody,
        response: { 202: reportExport },
      },
    },
    async (request, reply) =>
      reply.code(202).send(await app.reportExports.start(caller(request), request.body)),
  );

  app.get(
    '/monitoring/device_report/export/',
    {
      config: { access: accessOf('/device-report') },
      schema: {
        tags,
        summary:
          "The caller's newest CSV exports still kept (REPORT_RETENTION_HOURS), newest first, at most 10",
        security,
        response: { 200: reportExportList },
      },
    },
    async (request) => app.reportExports.list(caller(request)),
  );

  app.get(
    '/monitoring/device_report/export/:id/',
    {
      config: { access: accessOf('/device-report') },
      schema: {
        tags,
        summary:
          "One of the caller's CSV exports: its status, rows written of the total and, once done, the file's link; wait=true answers when it next moves on (at most 2 s)",
        security,
        params: reportExportParams,
        querystring: reportExportWaitQuery,
        response: { 200: reportExport },
      },
    },
    async (request) =>
      app.reportExports.get(caller(request), request.params.id, request.query.wait === 'true'),
  );

  app.get(
    '/monitoring/map/',
    {
      config: { access: accessOf('/map-view') },
      schema: {
        tags,
        summary:
          'Markers of every activated device with coordinates the caller sees (activation filters), with the centre and tile source',
        security,
        querystring: mapQuery,
        response: { 200: mapResponse },
      },
    },
    async (request, reply) => {
      const tiles = { url: mapTileUrl, attribution: mapTileAttribution };
      const body = await mapJson(app.db, caller(request), request.query, tiles);
      // Serialized by the database in the contract's shape: sent as it is (see map-service.ts).
      return reply
        .type('application/json; charset=utf-8')
        .serializer((payload) => payload as string)
        .send(body as unknown as MapResponse);
    },
  );
};
