import { z } from 'zod';
import { endpoint } from '../endpoint';
import {
  employeeCreateBody,
  employeeList,
  employeeListQuery,
  employeeRow,
  employeeUpdateBody,
} from '../employees';
import { accessOf } from '../routes';

// The employees area: the list, registration and the edit (which also deletes and restores).
const WRITE = accessOf('/user-registration');
const area = 'employees';
const URL = '/admin_settings/employee/';

export const employeeApi = {
  list: endpoint({
    area,
    method: 'GET',
    path: URL,
    access: accessOf('/view-user'),
    summary:
      "Employees of the caller's organization (all for the provider); ?is_active=false: the deleted ones",
    query: employeeListQuery,
    response: employeeList,
  }),
  create: endpoint({
    area,
    method: 'POST',
    path: URL,
    access: WRITE,
    sessionOnly: true,
    summary: 'Create an employee',
    body: employeeCreateBody,
    response: employeeRow.extend({ detail: z.string() }),
    status: 201,
  }),
  update: endpoint({
    area,
    method: 'PUT',
    path: URL,
    access: WRITE,
    sessionOnly: true,
    summary:
      'Update an employee; is_active=false deletes (soft), is_active=true restores a deleted one (other fields are then not applied)',
    body: employeeUpdateBody,
    response: employeeRow.partial().extend({ detail: z.string() }),
  }),
};
