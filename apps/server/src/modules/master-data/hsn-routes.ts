import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { pageQuery } from '@rms/contracts/common';
import { accessOf } from '@rms/contracts/routes';
import { hsnList, hsnRow, hsnSaveBody } from '@rms/contracts/master-data';
import { providerOnly } from './provider-only';
import { listHsn, saveHsn } from './hsn-service';

const saved = hsnRow.extend({ detail: z.string() });

export const hsnRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/publisher/hsn_settings/',
    {
      config: { access: accessOf('/hsn-settings') },
      schema: {
        tags: ['master-data'],
        summary: 'Active HSN codes with their GST rates (paged, or all with pagination=false)',
        querystring: pageQuery,
        response: { 200: hsnList },
      },
    },
    async (request) => listHsn(app.db, request.query),
  );

  const save = {
    config: { access: accessOf('/hsn-settings') },
    preValidation: providerOnly,
    schema: {
      tags: ['master-data'],
      summary: 'Add an HSN code, edit it (with id) or soft-delete it (id, is_active=false); provider only',
      body: hsnSaveBody,
      response: { 200: saved, 201: saved },
    },
  };
  // The spec's form saves through POST (with id when editing); PUT does the same for REST clients.
  app.post('/publisher/hsn_settings/', save, async (request, reply) => {
    const { row, detail } = await saveHsn(app.db, request.body);
    return reply.status(request.body.kind === 'save' && request.body.id === undefined ? 201 : 200).send({
      ...row,
      detail,
    });
  });
  app.put('/publisher/hsn_settings/', save, async (request) => {
    const { row, detail } = await saveHsn(app.db, request.body);
    return { ...row, detail };
  });
};
