import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  BULK_AREAS,
  bulkUploadBody,
  bulkUploadFailure,
  bulkUploadSuccess,
  type BulkAreaName,
} from '@rms/contracts/bulk-upload';
import { PUBLIC } from '@rms/contracts/permissions';
import { accessOf } from '@rms/contracts/routes';
import { caller } from '../../auth/access';
import { notFound } from '../../errors';
import { BULK_SAVERS } from './areas';
import { sampleSheet } from './sample';

const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
const fileError = z.object({ detail: z.string(), errors: z.record(z.string(), z.array(z.string())) });

/** `POST <area>/bulk_upload/ {report_upload}` for every area (under /api/v1). */
export const bulkUploadRoutes: FastifyPluginAsyncZod = async (app) => {
  for (const saver of Object.values(BULK_SAVERS)) {
    const { area } = saver;
    app.post(
      `/${area.path}`,
      {
        // The same permission as creating one row of the area.
        config: { access: accessOf(area.accessPath) },
        schema: {
          tags: ['bulk upload'],
          summary: `${area.title}: every row of the uploaded sheet saved for the caller's organization, or none`,
          description:
            'report_upload is the file name the presign returned. 400 {detail: [{row, error}]} lists every bad row ' +
            '(nothing saved); 400 {detail, errors} refuses the file itself (not an xlsx, too large, too many rows).',
          security: [{ bearer: [] }],
          body: bulkUploadBody,
          response: { 200: bulkUploadSuccess, 400: z.union([bulkUploadFailure, fileError]) },
        },
      },
      async (request, reply) => {
        const outcome = await saver.upload(
          { db: app.db, storage: app.storage, timeZone: app.config.timeZone },
          caller(request),
          request.body.report_upload,
        );
        if (!outcome.ok) return reply.status(400).send({ detail: outcome.errors });
        return outcome.body;
      },
    );
  }
};

/** `GET /samples/<area>.xlsx`: public, like the console's static files. */
export const sampleRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/samples/:file',
    {
      config: { access: PUBLIC },
      schema: {
        tags: ['bulk upload'],
        summary: 'The sample sheet of an area (rms, stlt, pole, msisdn ...): its columns and one example row',
        params: z.object({ file: z.string().max(40) }),
      },
    },
    async (request, reply) => {
      const name = request.params.file.replace(/\.xlsx$/, '');
      if (!Object.hasOwn(BULK_AREAS, name)) throw notFound();
      const area = BULK_AREAS[name as BulkAreaName];
      return reply
        .header('content-type', XLSX)
        .header('content-disposition', `attachment; filename="${area.name}-sample.xlsx"`)
        .header('cache-control', 'no-cache')
        .send(await sampleSheet(area));
    },
  );
};
