import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { accessOf } from '@rms/contracts/routes';
import { pageQuery } from '@rms/contracts/common';
import { EMPLOYEE_MESSAGES, employeeCreateBody, employeeList, employeeRow } from '@rms/contracts/employees';
import { caller } from '../../auth/access';
import { createEmployee, listEmployees } from './service';

export const employeeRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/admin_settings/employee/',
    {
      config: { access: accessOf('/view-user') },
      schema: {
        tags: ['employees'],
        summary: "Employees of the caller's organization (all for the provider)",
        querystring: pageQuery,
        response: { 200: employeeList },
      },
    },
    async (request) => listEmployees(app.db, caller(request), request.query),
  );

  app.post(
    '/admin_settings/employee/',
    {
      config: { access: accessOf('/user-registration') },
      schema: {
        tags: ['employees'],
        summary: 'Create an employee',
        body: employeeCreateBody,
        response: { 201: employeeRow.extend({ detail: z.string() }) },
      },
    },
    async (request, reply) => {
      const row = await createEmployee(app.db, caller(request), request.body);
      return reply.status(201).send({ ...row, detail: EMPLOYEE_MESSAGES.created });
    },
  );
};
