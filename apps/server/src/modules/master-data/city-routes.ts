import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { SIGNED_IN } from '@rms/contracts/permissions';
import { accessOf } from '@rms/contracts/routes';
import {
  MASTER_DATA_MESSAGES as M,
  cityCreateBody,
  cityList,
  cityQuery,
  cityRow,
  cityUpdateBody,
} from '@rms/contracts/master-data';
import { providerOnly } from './provider-only';
import { createCity, listCities, updateCity } from './cities-service';

const saved = cityRow.extend({ detail: z.string() });

export const cityRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/admin_settings/city/',
    {
      // Organization registration and device activation pick cities too, not only this screen.
      config: { access: SIGNED_IN },
      schema: {
        tags: ['master-data'],
        summary: 'Active cities with their state (filter by state; paged, or all with pagination=false)',
        querystring: cityQuery,
        response: { 200: cityList },
      },
    },
    async (request) => listCities(app.db, request.query),
  );

  app.post(
    '/admin_settings/city/',
    {
      config: { access: accessOf('/admin/city') },
      preValidation: providerOnly,
      schema: {
        tags: ['master-data'],
        summary: 'Add a city to a state (provider organization only)',
        body: cityCreateBody,
        response: { 201: saved },
      },
    },
    async (request, reply) => {
      const row = await createCity(app.db, request.body);
      return reply.status(201).send({ ...row, detail: M.cityAdded });
    },
  );

  app.put(
    '/admin_settings/city/',
    {
      config: { access: accessOf('/admin/city') },
      preValidation: providerOnly,
      schema: {
        tags: ['master-data'],
        summary: 'Edit a city, or soft-delete it with is_active=false (provider organization only)',
        body: cityUpdateBody,
        response: { 200: saved },
      },
    },
    async (request) => {
      const { row, detail } = await updateCity(app.db, request.body);
      return { ...row, detail };
    },
  );
};
