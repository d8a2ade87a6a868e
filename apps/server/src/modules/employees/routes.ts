import type { FastifyPluginAsync } from 'fastify';
import { employeeApi as E } from '@rms/contracts/api/employees';
import { EMPLOYEE_MESSAGES } from '@rms/contracts/employees';
import { caller } from '../../auth/access';
import { routeEndpoint as route } from '../../endpoint-route';
import { createEmployee, listEmployees, updateEmployee } from './service';

// The employees area's handlers; paths, access and schemas are declared in contracts (api/employees.ts).

export const employeeRoutes: FastifyPluginAsync = async (app) => {
  route(app, E.list, (request) => listEmployees(app.db, app.storage, caller(request), request.query));

  route(app, E.create, async (request) => {
    const row = await createEmployee(app.db, app.storage, caller(request), request.body);
    return { ...row, detail: EMPLOYEE_MESSAGES.created };
  });

  route(app, E.update, async (request) => {
    const { row, detail } = await updateEmployee(app, caller(request), request.body);
    return { ...row, detail };
  });
};
