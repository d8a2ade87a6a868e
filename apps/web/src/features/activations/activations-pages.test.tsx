import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { ACTIVATION_MESSAGES as M } from '@rms/contracts/activations';
import { DEVICE_STATUS_COLOURS } from '../../lib/device-status-colours';
import { PIN_MESSAGE } from '@rms/contracts/fields';
import { TAG_MESSAGE } from '@rms/contracts/lighting';
import { stubApi, type FakeAnswer } from '../../test-utils/fake-api';
import { makeUser, signIn } from '../../test-utils/fixtures';
import { activationRow, pageOf } from '../../test-utils/rows';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { TestProviders } from '../../test-utils/render';
import { ActivationFormPage } from './activation-form-page';
import { ActivationsPage } from './activations-page';

// RMS-11 fitted to STLT-12 and POLE-13, last reported on 4 March.
const row = activationRow({
  id: 7,
  name: 'Lake Road',
  device: 11,
  stlt: 12,
  pole: 13,
  address1: '12 Lake Road',
  address2: 'Indiranagar',
  state: 1,
  city: 2,
  pin: '560038',
  device_data: { id: 11, device_id: 'RMS-11' },
  stlt_data: { id: 12, stlt_id: 'STLT-12' },
  pole_data: { id: 13, pole_id: 'POLE-13' },
  last_add_on: '2026-03-04T09:05:00.000Z',
  status: 'Offline',
});
const user = () => userEvent.setup({ pointerEventsCheck: 0 });
const listed = (): FakeAnswer => [200, pageOf([row])];
const lookups = {
  'GET devices/activation/': listed,
  'GET devices/activation/projects/': (): FakeAnswer => [200, [{ name: 'Lake Road' }]],
  'GET devices/activation/poles/': (): FakeAnswer => [200, [{ id: 13, code: 'POLE-13' }]],
  'GET devices/device_list/': (): FakeAnswer => [200, []],
  'GET admin_settings/state/': (): FakeAnswer => [200, [{ id: 1, name: 'Karnataka' }]],
  'GET admin_settings/city/': (): FakeAnswer => [200, [{ id: 2, name: 'Bengaluru' }]],
  'GET devices/activation/available/': (): FakeAnswer => [200, []],
};

function open(
  url: string,
  codes: string[] = ['DEVICE_ACTIVATION', 'VIEW_DEVICE_ACTIVATION'],
  state?: unknown,
) {
  signIn(makeUser({ permissions: codes.map((key) => ({ key })) }));
  // The form reads the activation id from navigation state, so the entry carries state.
  const router = createMemoryRouter(
    [
      { path: '/view-activation', element: <ActivationsPage /> },
      { path: '/device-activation', element: <ActivationFormPage /> },
    ],
    { initialEntries: [state ? { pathname: url, state } : url] },
  );
  render(
    <TestProviders>
      <RouterProvider router={router} />
    </TestProviders>,
  );
  return router;
}

describe('Device activation screens', () => {
  it("shows the spec's messages on the required fields and calls no save", async () => {
    const seen = stubApi(lookups);
    open('/device-activation');
    await user().click(screen.getByRole('button', { name: 'Submit' }));
    for (const label of ['Project Name', 'Address 1', 'Address 2', 'State', 'City'])
      expect(await screen.findByText(`'${label}' is required!`)).toBeInTheDocument();
    expect(screen.getByText(PIN_MESSAGE)).toBeInTheDocument();
    expect(seen.filter((r) => r.method !== 'GET')).toHaveLength(0);
    // Spec 02 §2: the activation screen has Sample Download and Upload Excel.
    expect(screen.getByRole('link', { name: /Sample Download/ })).toHaveAttribute(
      'href',
      '/samples/activation.xlsx',
    );
    expect(screen.getByRole('button', { name: /Upload Excel/ })).toBeInTheDocument();
  });

  it('lists rows with the device link, last data, status and the filters sent to the server', async () => {
    const seen = stubApi(lookups);
    open('/view-activation?state=1&online=false&project=Lake%20Road');
    const link = await screen.findByRole('link', { name: 'RMS-11' });
    expect(link).toHaveAttribute('href', '/analysis');
    const cells = within(screen.getByRole('row', { name: /RMS-11/ }));
    expect(cells.getByText('12 Lake Road, Indiranagar')).toBeInTheDocument();
    expect(cells.getByText('Offline')).toBeInTheDocument();
    expect(cells.getByText(/^04-03-2026 \d\d:\d\d [AP]M$/)).toBeInTheDocument();
    const list = seen.find((r) => r.path === 'devices/activation/')!;
    expect(Object.fromEntries(list.query)).toMatchObject({
      state: '1',
      online: 'false',
      project: 'Lake Road',
    });
  });

  it('shows a reporting device with an open fault as On Error, in the colour the map gives it', async () => {
    const faulty = activationRow({
      ...row,
      id: 8,
      device: 21,
      device_data: { id: 21, device_id: 'RMS-21' },
      online: true,
      status: 'On Error',
    });
    stubApi({ ...lookups, 'GET devices/activation/': () => [200, pageOf([row, faulty])] });
    open('/view-activation');
    await screen.findByRole('link', { name: 'RMS-21' });
    // The row of the device's link (a role query by row name computes every row's text: slow).
    const status = (code: string, text: string) =>
      within(screen.getByRole('link', { name: code }).closest('tr')!).getByText(text);
    expect(status('RMS-21', 'On Error')).toHaveClass(`ant-tag-${DEVICE_STATUS_COLOURS['On Error'].tag}`);
    expect(status('RMS-11', 'Offline')).toHaveClass(`ant-tag-${DEVICE_STATUS_COLOURS.Offline.tag}`);
  });

  it('refreshes a device and deletes a row after confirmation', async () => {
    const seen = stubApi({
      ...lookups,
      'POST devices/activation/refresh/': () => [200, { detail: M.refreshed, command: 1 }],
      'PUT devices/activation/': () => [200, { id: row.id, detail: M.deleted }],
    });
    open('/view-activation');
    await user().click(await screen.findByLabelText('Refresh RMS-11'));
    expect(await screen.findByText(M.refreshed)).toBeInTheDocument();
    expect(seen.find((r) => r.method === 'POST')?.body).toEqual({ device: 11 });
    await user().click(screen.getByLabelText('Delete RMS-11'));
    await user().click(await screen.findByRole('button', { name: 'Yes' }));
    expect(await screen.findByText(M.deleted)).toBeInTheDocument();
    expect(seen.find((r) => r.method === 'PUT')?.body).toEqual({ id: row.id, is_active: false });
  });

  it('shows Add Device Activation and the actions only with DEVICE_ACTIVATION', async () => {
    stubApi(lookups);
    open('/view-activation', ['VIEW_DEVICE_ACTIVATION']);
    expect(await screen.findByRole('link', { name: 'RMS-11' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Add Device Activation' })).not.toBeInTheDocument();
    expect(screen.queryByLabelText('Edit RMS-11')).not.toBeInTheDocument();
    // The sample is offered to viewers too; uploading needs DEVICE_ACTIVATION.
    expect(screen.getByRole('link', { name: /Sample Download/ })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Upload Excel/ })).not.toBeInTheDocument();
  });

  it('edits the activation whose id arrives in navigation state, and puts server errors on fields', async () => {
    const seen = stubApi({
      ...lookups,
      'GET devices/activation/7/': () => [200, row],
      'GET devices/activation/available/': (request) => {
        const kind = request.query.get('kind');
        const current = { rms: { id: 11, code: 'RMS-11' }, stlt: { id: 12, code: 'STLT-12' } }[kind as 'rms'];
        return [200, current ? [current] : [{ id: 13, code: 'POLE-13' }]];
      },
      'PUT devices/activation/': () => [400, { detail: M.poleTaken, errors: { pole: [M.poleTaken] } }],
    });
    open('/device-activation', undefined, { id: 7 });
    expect(await screen.findByLabelText('Project Name')).toHaveValue('Lake Road');
    expect(seen.find((r) => r.path === 'devices/activation/available/')?.query.get('activation')).toBe('7');
    await user().click(screen.getByRole('button', { name: 'Update' }));
    await waitFor(() =>
      expect(document.querySelector('#device-activation_pole_help')).toHaveTextContent(M.poleTaken),
    );
    expect(seen.find((r) => r.method === 'PUT')?.body).toMatchObject({
      id: 7,
      name: 'Lake Road',
      device: 11,
      stlt: 12,
      pole: 13,
      state: 1,
      city: 2,
      pin: '560038',
    });
  });

  it('keeps an out-of-range latitude and longitude as typed, says why and saves nothing', async () => {
    const seen = stubApi(lookups);
    open('/device-activation');
    const latitude = await screen.findByLabelText('Latitude');
    const longitude = screen.getByLabelText('Longitude');
    await user().type(latitude, '128.5');
    await user().type(longitude, '-200');
    await user().click(screen.getByRole('button', { name: 'Submit' })); // leaves the field, submits

    expect(await screen.findByText(M.latitude)).toBeInTheDocument();
    expect(screen.getByText(M.longitude)).toBeInTheDocument();
    expect(latitude).toHaveValue('128.5'); // not quietly 90
    expect(longitude).toHaveValue('-200'); // not quietly -180
    expect(seen.filter((r) => r.method !== 'GET')).toHaveLength(0);
  });

  it('shows the tags in the list', async () => {
    stubApi({
      ...lookups,
      'GET devices/activation/': () => [200, pageOf([{ ...row, tags: ['festival', 'zone-1'] }])],
    });
    open('/view-activation');
    const cell = (await screen.findByText('festival')).closest('td')!;
    expect(within(cell).getByText('zone-1')).toBeInTheDocument();
  });

  it('loads the tags to edit and sends the ones added with the update', async () => {
    const seen = stubApi({
      ...lookups,
      'GET devices/activation/7/': () => [200, { ...row, tags: ['festival'] }],
      'PUT devices/activation/': () => [200, { ...row, detail: M.updated }],
    });
    open('/device-activation', undefined, { id: 7 });
    expect(await screen.findByText('festival')).toBeInTheDocument();
    await user().type(screen.getByLabelText('Tags'), 'zone-1{Enter}');
    await user().click(screen.getByRole('button', { name: 'Update' }));
    await waitFor(() => expect(seen.find((r) => r.method === 'PUT')).toBeDefined());
    expect(seen.find((r) => r.method === 'PUT')?.body).toMatchObject({ id: 7, tags: ['festival', 'zone-1'] });
  });

  it('refuses a tag the server would refuse, naming it, and saves nothing', async () => {
    const seen = stubApi({ ...lookups, 'GET devices/activation/7/': () => [200, row] });
    open('/device-activation', undefined, { id: 7 });
    await user().type(await screen.findByLabelText('Tags'), '#bad{Enter}');
    await user().click(screen.getByRole('button', { name: 'Update' }));
    expect(await screen.findByText(TAG_MESSAGE)).toBeInTheDocument();
    expect(seen.some((r) => r.method === 'PUT')).toBe(false);
  });
});
