import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { stubApi } from '../../test-utils/fake-api';
import { makeUser, signIn } from '../../test-utils/fixtures';
import { employeeRow, pageOf } from '../../test-utils/rows';
import { renderRoutes } from '../../test-utils/render';
import { EmployeesPage } from './employees-page';

// An organization's owner is deleted only with its organization (the server refuses it alone), so the
// list offers no Delete on the owner's row; the owner can still be edited.

const employee = (id: number, email: string, isPrimary: boolean) =>
  employeeRow({ id, email, is_primary: isPrimary });

describe('All Employees', () => {
  it("offers Delete on an employee's row but not on the owner's", async () => {
    const rows = [employee(21, 'owner@surya.example', true), employee(22, 'ravi@surya.example', false)];
    stubApi({
      'GET admin_settings/employee/': () => [200, pageOf(rows)],
    });
    signIn(makeUser({ permissions: [{ key: 'VIEW_USER' }, { key: 'MANAGE_USER' }] }));
    renderRoutes([{ path: '/view-user', element: <EmployeesPage /> }], '/view-user');

    expect(await screen.findByLabelText('Delete ravi@surya.example')).toBeInTheDocument();
    expect(screen.getByLabelText('Edit owner@surya.example')).toBeInTheDocument();
    expect(screen.queryByLabelText('Delete owner@surya.example')).not.toBeInTheDocument();
  });
});
