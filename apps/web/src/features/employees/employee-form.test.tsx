import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { EmployeeRow } from '@rms/contracts/employees';
import { describe, expect, it, vi } from 'vitest';
import { stubApi } from '../../test-utils/fake-api';
import { renderRoutes } from '../../test-utils/render';
import { employeeRow } from '../../test-utils/rows';
import { EmployeeForm } from './employee-form';

const PERMISSIONS = () => [200, [{ key: 'VIEW_USER' }, { key: 'MANAGE_USER' }]] as [number, unknown];

function renderForm(props: { record?: EmployeeRow; isProvider?: boolean } = {}) {
  const onSaved = vi.fn();
  renderRoutes(
    [
      {
        path: '/',
        element: (
          <EmployeeForm record={props.record} isProvider={props.isProvider ?? false} onSaved={onSaved} />
        ),
      },
    ],
    '/',
  );
  return onSaved;
}

const row = employeeRow({
  id: 42,
  name: 'Asha Rao',
  first_name: 'Asha',
  last_name: 'Rao',
  email: 'asha@example.com',
  mobile: '9876543210',
  permissions: [{ key: 'VIEW_USER' }, { key: 'DEVICE_REPORT' }],
  is_primary: true,
});

describe('employee form', () => {
  it("shows the spec's messages for a form sent empty", async () => {
    const seen = stubApi({ 'GET admin_settings/permissions/': PERMISSIONS });
    renderForm();
    await userEvent.click(screen.getByRole('button', { name: 'Submit' }));

    expect(await screen.findByText('Please enter a valid Email')).toBeInTheDocument();
    expect(screen.getByText('Please enter a valid mobile number')).toBeInTheDocument();
    expect(screen.getByText('Enter Password !')).toBeInTheDocument();
    expect(screen.getByText('Please repeat your password!')).toBeInTheDocument();
    expect(seen.filter((r) => r.method === 'POST')).toHaveLength(0);
  });

  it('asks for matching passwords, then creates with the chosen permissions', async () => {
    const seen = stubApi({
      'GET admin_settings/permissions/': PERMISSIONS,
      'POST admin_settings/employee/': () => [201, { ...row, detail: 'User created successfully' }],
    });
    const onSaved = renderForm();
    const user = userEvent.setup();
    await user.type(screen.getByLabelText('Name'), 'Asha Rao');
    await user.type(screen.getByLabelText('Email'), 'asha@example.com');
    await user.type(screen.getByLabelText('Mobile'), '9876543210');
    await user.type(screen.getByLabelText('Password'), 'Secret-pass-1');
    await user.type(screen.getByLabelText('Repeat Password'), 'Secret-pass-2');
    await user.click(await screen.findByLabelText('Manage User'));
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    expect(await screen.findByText('The two passwords that you entered do not match!')).toBeInTheDocument();

    await user.clear(screen.getByLabelText('Repeat Password'));
    await user.type(screen.getByLabelText('Repeat Password'), 'Secret-pass-1');
    await user.click(screen.getByRole('button', { name: 'Submit' }));

    await waitFor(() => expect(onSaved).toHaveBeenCalledWith('User created successfully'));
    expect(seen.find((r) => r.method === 'POST')?.body).toEqual({
      name: 'Asha Rao',
      email: 'asha@example.com',
      mobile: '9876543210',
      photo: null,
      permissions: [{ key: 'MANAGE_USER' }],
      password: 'Secret-pass-1',
      simple_password: 'Secret-pass-1',
      is_primary: true,
    });
  });

  it("puts the server's field errors on their fields", async () => {
    stubApi({
      'GET admin_settings/permissions/': PERMISSIONS,
      'POST admin_settings/employee/': () => [
        400,
        {
          detail: 'A user with this e-mail already exists',
          errors: { email: ['A user with this e-mail already exists'] },
        },
      ],
    });
    const onSaved = renderForm();
    const user = userEvent.setup();
    await user.type(screen.getByLabelText('Email'), 'asha@example.com');
    await user.type(screen.getByLabelText('Mobile'), '9876543210');
    await user.type(screen.getByLabelText('Password'), 'Secret-pass-1');
    await user.type(screen.getByLabelText('Repeat Password'), 'Secret-pass-1');
    await user.click(screen.getByRole('button', { name: 'Submit' }));

    expect((await screen.findAllByText('A user with this e-mail already exists')).length).toBeGreaterThan(0);
    expect(onSaved).not.toHaveBeenCalled();
  });

  it('edits without password fields and keeps codes it cannot show', async () => {
    const seen = stubApi({
      'GET admin_settings/permissions/': PERMISSIONS,
      'PUT admin_settings/employee/': () => [200, { ...row, detail: 'Account has been updated' }],
    });
    const onSaved = renderForm({ record: row });
    expect(screen.queryByLabelText('Password')).not.toBeInTheDocument();
    await userEvent.clear(screen.getByLabelText('Mobile'));
    await userEvent.type(screen.getByLabelText('Mobile'), '9000000001');
    await userEvent.click(screen.getByRole('button', { name: 'Update' }));

    await waitFor(() => expect(onSaved).toHaveBeenCalledWith('Account has been updated'));
    expect(seen.find((r) => r.method === 'PUT')?.body).toMatchObject({
      id: 42,
      mobile: '9000000001',
      permissions: [{ key: 'VIEW_USER' }, { key: 'DEVICE_REPORT' }],
    });
  });

  it('offers the organizations to a provider user when the list loads, and none otherwise', async () => {
    stubApi({
      'GET admin_settings/permissions/': PERMISSIONS,
      'GET admin_settings/organizations/': () => [200, [{ id: 3, company_name: 'Acme' }]],
    });
    renderForm({ isProvider: true });
    expect(await screen.findByLabelText('Organization')).toBeInTheDocument();
  });

  it('keeps the own organization when the organization list is not there', async () => {
    const seen = stubApi({ 'GET admin_settings/permissions/': PERMISSIONS });
    renderForm({ isProvider: true });
    await waitFor(() => expect(seen.some((r) => r.path === 'admin_settings/organizations/')).toBe(true));
    expect(screen.queryByLabelText('Organization')).not.toBeInTheDocument();
  });
});
