import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { stubApi } from '../../test-utils/fake-api';
import { makeUser, signIn } from '../../test-utils/fixtures';
import { renderRoutes } from '../../test-utils/render';
import { EmployeesPage } from './employees-page';

// An organization's owner is deleted only with its organization (the server refuses it alone), so the
// list offers no Delete on the owner's row; the owner can still be edited.

const employee = (id: number, email: string, isPrimary: boolean) => ({
  id,
  name: email.split('@')[0],
  first_name: email.split('@')[0],
  last_name: '',
  email,
  mobile: '9812345678',
  photo: null,
  photo_url: null,
  organization: 1,
  organization_data: { company_name: 'Surya Lights' },
  permissions: [],
  is_primary: isPrimary,
  is_superuser: false,
  is_active: true,
});

describe('All Employees', () => {
  it("offers Delete on an employee's row but not on the owner's", async () => {
    const rows = [employee(21, 'owner@surya.example', true), employee(22, 'ravi@surya.example', false)];
    stubApi({
      'GET admin_settings/employee/': () => [200, { results: rows, count: 2, current: 1, next: null }],
    });
    signIn(makeUser({ permissions: [{ key: 'VIEW_USER' }, { key: 'MANAGE_USER' }] }));
    renderRoutes([{ path: '/view-user', element: <EmployeesPage /> }], '/view-user');

    expect(await screen.findByLabelText('Delete ravi@surya.example')).toBeInTheDocument();
    expect(screen.getByLabelText('Edit owner@surya.example')).toBeInTheDocument();
    expect(screen.queryByLabelText('Delete owner@surya.example')).not.toBeInTheDocument();
  });
});
