import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { accessOf } from '@rms/contracts/routes';
import {
  EMPLOYEE_MESSAGES,
  employeeCreateBody,
  employeeList,
  employeeListQuery,
  employeeRow,
  employeeUpdateBody,
} from '@rms/contracts/employees';
import { caller } from '../../auth/access';
import { createEmployee, listEmployees, updateEmployee } from './service';

export const employeeRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/admin_settings/employee/',
    {
      config: { access: accessOf('/view-user') },
      schema: {
        tags: ['employees'],
        summary:
          "Employees of the caller's organization (all for the provider); ?is_active=false: the deleted ones",
        security: [{ bearer: [] }],
        querystring: employeeListQuery,
        response: { 200: employeeList },
      },
    },
    async (request) => listEmployees(app.db, app.storage, caller(request), request.query),
  );

  app.post(
    '/admin_settings/employee/',
    {
      config: { access: accessOf('/user-registration') },
      schema: {
        tags: ['employees'],
        summary: 'Create an employee',
        security: [{ bearer: [] }],
        body: employeeCreateBody,
        response: { 201: employeeRow.extend({ detail: z.string() }) },
      },
    },
    async (request, reply) => {
      const row = await createEmployee(app.db, app.storage, caller(request), request.body);
      return reply.status(201).send({ ...row, detail: EMPLOYEE_MESSAGES.created });
    },
  );

  app.put(
    '/admin_settings/employee/',
    {
      config: { access: accessOf('/user-registration') },
      schema: {
        tags: ['employees'],
        summary:
          'Update an employee; is_active=false deletes (soft), is_active=true restores a deleted one (other fields are then not applied)',
        security: [{ bearer: [] }],
        body: employeeUpdateBody,
        response: { 200: employeeRow.partial().extend({ detail: z.string() }) },
      },
    },
    async (request) => {
      const { row, detail } = await updateEmployee(app, caller(request), request.body);
      return { ...row, detail };
    },
  );
};
