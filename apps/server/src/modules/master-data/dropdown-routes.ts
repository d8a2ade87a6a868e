import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { SIGNED_IN } from '@rms/contracts/permissions';
import { accessOf } from '@rms/contracts/routes';
import {
  MASTER_DATA_MESSAGES as M,
  dropdownTree as dropdownTreeSchema,
  dropdownValueCreateBody,
  dropdownValueList,
  dropdownValueQuery,
  dropdownValueRow,
  dropdownValueUpdateBody,
} from '@rms/contracts/master-data';
import { providerOnly } from './provider-only';
import {
  createDropdownValue,
  dropdownTree,
  listDropdownValues,
  updateDropdownValue,
} from './dropdown-service';

const saved = dropdownValueRow.extend({ detail: z.string() });

export const dropdownRoutes: FastifyPluginAsyncZod = async (app) => {
  // Reading is for every signed-in user: device type, operator, battery and the other lists feed the
  // forms of other screens (activation, assignment, inspections), not only Dropdown Settings.
  app.get(
    '/publisher/dropdown/',
    {
      config: { access: SIGNED_IN },
      schema: {
        tags: ['master-data'],
        summary: 'The tree of dropdown groups',
        response: { 200: dropdownTreeSchema },
      },
    },
    async () => dropdownTree(app.db),
  );

  app.get(
    '/publisher/dropdown_values/',
    {
      config: { access: SIGNED_IN },
      schema: {
        tags: ['master-data'],
        summary: "A group's active values, by group id (parent) or group path (name)",
        querystring: dropdownValueQuery,
        response: { 200: dropdownValueList },
      },
    },
    async (request) => listDropdownValues(app.db, request.query),
  );

  app.post(
    '/publisher/dropdown_values/',
    {
      config: { access: accessOf('/dropdown-settings') },
      preValidation: providerOnly,
      schema: {
        tags: ['master-data'],
        summary: 'Add a value to a group (provider organization only)',
        body: dropdownValueCreateBody,
        response: { 201: saved },
      },
    },
    async (request, reply) => {
      const row = await createDropdownValue(app.db, request.body);
      return reply.status(201).send({ ...row, detail: M.dropdownAdded });
    },
  );

  app.put(
    '/publisher/dropdown_values/',
    {
      config: { access: accessOf('/dropdown-settings') },
      preValidation: providerOnly,
      schema: {
        tags: ['master-data'],
        summary:
          'Edit a value, enable/disable it (is_disabled) or soft-delete it (is_active=false); provider only',
        body: dropdownValueUpdateBody,
        response: { 200: saved },
      },
    },
    async (request) => {
      const { row, detail } = await updateDropdownValue(app.db, request.body);
      return { ...row, detail };
    },
  );
};
