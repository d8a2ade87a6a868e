import type { FastifyPluginAsync } from 'fastify';
import { BULK_UPLOAD_API, bulkUploadApi } from '@rms/contracts/api/bulk-upload';
import { BULK_AREA_NAMES, BULK_AREAS, type BulkAreaName } from '@rms/contracts/bulk-upload';
import { caller } from '../../auth/access';
import { routeEndpoint as route } from '../../endpoint-route';
import { notFound } from '../../errors';
import { BULK_SAVERS } from './areas';
import { sampleSheet } from './sample';

// Bulk upload's handlers; paths, access and schemas are declared in contracts (api/bulk-upload.ts).

const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/** `POST <area>/bulk_upload/ {report_upload}` for every area (under /api/v1). */
export const bulkUploadRoutes: FastifyPluginAsync = async (app) => {
  for (const name of BULK_AREA_NAMES) {
    const saver = BULK_SAVERS[name];
    route(app, BULK_UPLOAD_API[name], async (request, reply) => {
      const outcome = await saver.upload(
        { db: app.db, storage: app.storage, timeZone: app.config.timeZone },
        caller(request),
        request.body.report_upload,
      );
      if (outcome.ok) return outcome.body;
      reply.status(400);
      return { detail: outcome.errors };
    });
  }
};

/** `GET /samples/<area>.xlsx`: public, like the console's static files. */
export const sampleRoutes: FastifyPluginAsync = async (app) => {
  route(app, bulkUploadApi.sample, async (request, reply) => {
    const name = request.params.file.replace(/\.xlsx$/, '');
    if (!Object.hasOwn(BULK_AREAS, name)) throw notFound();
    const area = BULK_AREAS[name as BulkAreaName];
    return reply
      .header('content-type', XLSX)
      .header('content-disposition', `attachment; filename="${area.name}-sample.xlsx"`)
      .header('cache-control', 'no-cache')
      .send(await sampleSheet(area));
  });
};
