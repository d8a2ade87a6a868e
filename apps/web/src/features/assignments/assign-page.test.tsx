import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import dayjs from 'dayjs';
import { describe, expect, it } from 'vitest';
import { stubApi, type Handler } from '../../test-utils/fake-api';
import { makeUser, signIn } from '../../test-utils/fixtures';
import { renderRoutes } from '../../test-utils/render';
import { pageOf } from '../../test-utils/rows';
import { AssignPage } from './assign-page';

const user = () => userEvent.setup({ pointerEventsCheck: 0 });

const ORG = { id: 42, company_name: 'Bright Streets', email: 'owner@bright.example', pan: 'ABCPE1234F' };
const ITEMS = [
  { id: 5, code: 'RMS-005', expiry_date: '2030-01-01' },
  { id: 6, code: 'RMS-006', expiry_date: '2030-01-01' },
];
const TYPES = [
  { id: 1, name: 'device_type', parent: 9, value: 'RMS 12V', code: null },
  { id: 2, name: 'device_type', parent: 9, value: 'RMS 24V GSM', code: null },
];
const empty = pageOf([]);

function open(handlers: Record<string, Handler> = {}, permissions = ['ASSIGN_RMS']) {
  signIn(makeUser({ permissions: permissions.map((key) => ({ key })) }));
  const seen = stubApi({
    'GET devices/assign_rms/items/': () => [200, ITEMS],
    'GET publisher/dropdown_values/': () => [200, TYPES],
    'GET devices/assign_rms/': () => [200, empty],
    'GET admin_settings/organizations/': (r) => [200, r.query.get('email') === ORG.email ? [ORG] : []],
    ...handlers,
  });
  renderRoutes([{ path: '/assign-rms', element: <AssignPage kind="rms" /> }], '/assign-rms');
  return seen;
}

async function choose(label: string, option: string) {
  await user().click(screen.getByLabelText(label));
  await user().click(await screen.findByTitle(option));
}

async function search(email: string) {
  await user().type(screen.getByLabelText('Search Organization by Email'), email);
  await user().click(screen.getByRole('button', { name: 'Search' }));
}

describe('Assign RMS', () => {
  it('warns "Please search user by email" when no organization has been found, sending nothing', async () => {
    const seen = open();
    await user().click(screen.getByRole('button', { name: 'Submit' }));
    expect(await screen.findByText('Please search user by email')).toBeInTheDocument();
    expect(seen.some((r) => r.method === 'POST')).toBe(false);
  });

  it('says so when no organization has the e-mail', async () => {
    open();
    await search('nobody@else.example');
    expect(await screen.findByText('No organization found')).toBeInTheDocument();
  });

  it('asks for each field once an organization is found; device types are the enabled values', async () => {
    const seen = open();
    await search(ORG.email);
    expect(await screen.findByText('Bright Streets')).toBeInTheDocument();
    expect(screen.getByText('ABCPE1234F')).toBeInTheDocument();
    const typesCall = seen.find((r) => r.path === 'publisher/dropdown_values/');
    expect(typesCall?.query.get('name')).toBe('device_type');
    expect(typesCall?.query.get('is_disabled')).toBe('false');

    await user().click(screen.getByRole('button', { name: 'Submit' }));
    expect(await screen.findByText("'RMS ID' is required!")).toBeInTheDocument();
    expect(screen.getByText("'Expiry Date' is required!")).toBeInTheDocument();
    expect(screen.getByText("'Device Type' is required!")).toBeInTheDocument();
    expect(seen.some((r) => r.method === 'POST')).toBe(false);
  });

  it('assigns to the found organization, then resets the form and the organization', async () => {
    const seen = open({
      'POST devices/assign_rms/': () => [201, { id: 1, detail: 'RMS ID assigned successfully' }],
    });
    await search(ORG.email);
    expect(await screen.findByText('Bright Streets')).toBeInTheDocument();
    await choose('RMS ID', 'RMS-006');
    await choose('Device Type', 'RMS 24V GSM');
    const expiry = dayjs().add(1, 'year');
    await user().type(screen.getByLabelText('Expiry Date'), `${expiry.format('DD/MM/YYYY')}{Tab}`);
    await user().click(screen.getByRole('button', { name: 'Submit' }));

    expect(await screen.findByText('RMS ID assigned successfully')).toBeInTheDocument();
    expect(seen.find((r) => r.method === 'POST')?.body).toEqual({
      buyer: 42,
      device: 6,
      expiry_date: expiry.format('YYYY-MM-DD'),
      device_type: 'RMS 24V GSM',
    });
    await waitFor(() => expect(screen.queryByText('Bright Streets')).not.toBeInTheDocument());
    expect(screen.getByLabelText('Search Organization by Email')).toHaveValue('');
    expect(screen.queryByTitle('RMS-006')).not.toBeInTheDocument();
  });

  it('shows the Add New Organization button only with the registration permission', async () => {
    open({}, ['ASSIGN_RMS', 'MANAGE_COMPANY']);
    expect(await screen.findByRole('button', { name: /Add New Organization/ })).toBeInTheDocument();
  });

  it("offers the assignment sample sheet and Upload Excel (the bulk upload's route is the assign route's)", async () => {
    open();
    const sample = await screen.findByRole('link', { name: /Sample Download/ });
    expect(sample).toHaveAttribute('href', '/samples/assign_rms.xlsx');
    expect(screen.getByRole('button', { name: /Upload Excel/ })).toBeInTheDocument();
  });

  it('hides the Add New Organization button without it', async () => {
    open();
    await screen.findByRole('button', { name: 'Submit' });
    expect(screen.queryByRole('button', { name: /Add New Organization/ })).not.toBeInTheDocument();
  });
});
