import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { pageQuery } from '@rms/contracts/common';
import { accessOf } from '@rms/contracts/routes';
import { gstList, gstRow, gstSaveBody } from '@rms/contracts/master-data';
import { providerOnly } from './provider-only';
import { listGst, saveGst } from './gst-service';

const saved = gstRow.extend({ detail: z.string() });

export const gstRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/publisher/gst_setting/',
    {
      // The GST screen and the HSN form (its rate pickers) read it; both need tax_settings.
      config: { access: accessOf('/gst-settings') },
      schema: {
        tags: ['master-data'],
        summary: 'Active GST rates (paged, or all with pagination=false)',
        querystring: pageQuery,
        response: { 200: gstList },
      },
    },
    async (request) => listGst(app.db, request.query),
  );

  const save = {
    config: { access: accessOf('/gst-settings') },
    preValidation: providerOnly,
    schema: {
      tags: ['master-data'],
      summary: 'Add a GST rate, edit it (with id) or soft-delete it (id, is_active=false); provider only',
      body: gstSaveBody,
      response: { 200: saved, 201: saved },
    },
  };
  // The spec's form saves through POST (with id when editing); PUT does the same for REST clients.
  app.post('/publisher/gst_setting/', save, async (request, reply) => {
    const { row, detail } = await saveGst(app.db, request.body);
    return reply.status(request.body.kind === 'save' && request.body.id === undefined ? 201 : 200).send({
      ...row,
      detail,
    });
  });
  app.put('/publisher/gst_setting/', save, async (request) => {
    const { row, detail } = await saveGst(app.db, request.body);
    return { ...row, detail };
  });
};
