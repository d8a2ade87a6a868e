import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { SIGNED_IN } from '@rms/contracts/permissions';
import { accessOf } from '@rms/contracts/routes';
import {
  MASTER_DATA_MESSAGES as M,
  stateCreateBody,
  stateList,
  stateQuery,
  stateRow,
  stateUpdateBody,
} from '@rms/contracts/master-data';
import { providerOnly } from './provider-only';
import { createState, listStates, updateState } from './states-service';

const saved = stateRow.extend({ detail: z.string() });

export const stateRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/admin_settings/state/',
    {
      // Organization registration and device activation pick states too, not only this screen.
      config: { access: SIGNED_IN },
      schema: {
        tags: ['master-data'],
        summary: 'Active states by name (paged, or all with pagination=false)',
        querystring: stateQuery,
        response: { 200: stateList },
      },
    },
    async (request) => listStates(app.db, request.query),
  );

  app.post(
    '/admin_settings/state/',
    {
      config: { access: accessOf('/admin/state') },
      preValidation: providerOnly,
      schema: {
        tags: ['master-data'],
        summary: 'Add a state (provider organization only)',
        body: stateCreateBody,
        response: { 201: saved },
      },
    },
    async (request, reply) => {
      const row = await createState(app.db, request.body);
      return reply.status(201).send({ ...row, detail: M.stateAdded });
    },
  );

  app.put(
    '/admin_settings/state/',
    {
      config: { access: accessOf('/admin/state') },
      preValidation: providerOnly,
      schema: {
        tags: ['master-data'],
        summary: 'Rename a state, or soft-delete it with is_active=false (provider organization only)',
        body: stateUpdateBody,
        response: { 200: saved },
      },
    },
    async (request) => {
      const { row, detail } = await updateState(app.db, request.body);
      return { ...row, detail };
    },
  );
};
