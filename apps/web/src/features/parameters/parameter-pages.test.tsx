import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { PARAMETER_DEFAULTS, PARAMETER_MESSAGES as M, stepMessage } from '@rms/contracts/parameters';
import { stubApi, type FakeAnswer } from '../../test-utils/fake-api';
import { makeUser, signIn } from '../../test-utils/fixtures';
import { activationRow, pageOf } from '../../test-utils/rows';
import { renderRoutes } from '../../test-utils/render';
import { BulkParameterPage } from './bulk-parameter-page';
import { ParameterSettingPage } from './parameter-setting-page';

// Forms of 38 fields and filter menus render slowly in jsdom.
const SLOW = 40_000;
const user = () => userEvent.setup({ pointerEventsCheck: 0 });
const device = { id: 7, device_id: 'RMS-007' };
const setting = (over: object = {}): FakeAnswer => [
  200,
  {
    id: null,
    device: 7,
    device_data: device,
    version: null,
    values: PARAMETER_DEFAULTS,
    created_at: null,
    command_status: null,
    ...over,
  },
];

function open(url: string, codes: string[], state?: unknown) {
  signIn(makeUser({ permissions: codes.map((key) => ({ key })) }));
  return renderRoutes(
    [
      { path: '/parameter-setting', element: <ParameterSettingPage /> },
      { path: '/add-inspection-parameter', element: <BulkParameterPage /> },
      { path: '/view-rms-device-id', element: <p>RMS list</p> },
    ],
    { pathname: url, state },
  );
}

/** An activation of the device `code` (inventory id `id` + 100) with no parameter data yet. */
const activation = (id: number, code: string) =>
  activationRow({
    id,
    name: `Project ${id}`,
    device: id + 100,
    device_data: { id: id + 100, device_id: code },
    parameter_data: null,
  });

describe('Parameter Setting', () => {
  it(
    'loads the device from navigation state and shows its version and command status',
    async () => {
      stubApi({
        'GET devices/parameter_settings/devices/': () => [200, [device]],
        'GET devices/parameter_settings/': () =>
          setting({ id: 3, version: 2, command_status: 'acknowledged', created_at: '2026-03-05T10:00:00Z' }),
      });
      open('/parameter-setting', ['CHANGE_PARAMETER_SETTINGS'], { device: 7 });
      expect(await screen.findByText('Version 2 · Applied')).toBeInTheDocument();
      await waitFor(() => expect(screen.getByLabelText('High Cut')).toHaveValue('14.6'));
      expect(screen.getByRole('button', { name: 'Save' })).toBeInTheDocument();
    },
    SLOW,
  );

  it(
    'is read-only with only VIEW_PARAMETER_SETTINGS',
    async () => {
      stubApi({
        'GET devices/parameter_settings/devices/': () => [200, [device]],
        'GET devices/parameter_settings/': () => setting(),
      });
      open('/parameter-setting', ['VIEW_PARAMETER_SETTINGS'], { device: 7 });
      expect(await screen.findByText('Defaults — never set')).toBeInTheDocument();
      expect(screen.getByLabelText('High Cut')).toBeDisabled();
      expect(screen.queryByRole('button', { name: 'Save' })).not.toBeInTheDocument();
    },
    SLOW,
  );

  it(
    'checks the rules between fields before saving, then saves and returns to the RMS list',
    async () => {
      const seen = stubApi({
        'GET devices/parameter_settings/devices/': () => [200, [device]],
        'GET devices/parameter_settings/': () => setting(),
        'POST devices/parameter_settings/': () => [201, { detail: M.added }],
      });
      const router = open('/parameter-setting', ['CHANGE_PARAMETER_SETTINGS', 'VIEW_RMS'], { device: 7 });
      const reconnect = await screen.findByLabelText('Solar Over Reconnect');
      await waitFor(() => expect(reconnect).toHaveValue('23.0'));
      await user().clear(reconnect);
      await user().type(reconnect, '30');
      await user().click(screen.getByRole('button', { name: 'Save' }));
      expect(await screen.findByText(M.reconnectBelowOverVolt)).toBeInTheDocument();
      expect(seen.some((r) => r.method === 'POST')).toBe(false);
      await user().clear(reconnect);
      await user().type(reconnect, '22');
      await user().click(screen.getByRole('button', { name: 'Save' }));
      expect(await screen.findByText(M.added)).toBeInTheDocument();
      expect(seen.find((r) => r.method === 'POST')?.body).toEqual({
        device: 7,
        ...PARAMETER_DEFAULTS,
        solar_over_reconnect: 22,
      });
      await waitFor(() => expect(router.state.location.pathname).toBe('/view-rms-device-id'));
    },
    SLOW,
  );
});

describe('Parameter Setting steps', () => {
  it(
    'refuses a value off its step by however little before saving, and saves one on it as typed',
    async () => {
      const seen = stubApi({
        'GET devices/parameter_settings/devices/': () => [200, [device]],
        'GET devices/parameter_settings/': () => setting(),
        'POST devices/parameter_settings/': () => [201, { detail: M.added }],
      });
      open('/parameter-setting', ['CHANGE_PARAMETER_SETTINGS', 'VIEW_RMS'], { device: 7 });
      const hours = await screen.findByLabelText('Full Brightness Hours');
      const recover = screen.getByLabelText('Low Cut Recover');
      await waitFor(() => expect(hours).toHaveValue('4.0'));
      await user().clear(hours);
      await user().type(hours, '4.0000001');
      await user().clear(recover);
      await user().type(recover, '12.00000001');
      await user().click(screen.getByRole('button', { name: 'Save' }));
      expect(await screen.findByText(stepMessage('dim_1'))).toBeInTheDocument();
      expect(await screen.findByText(stepMessage('low_cut_recover'))).toBeInTheDocument();
      expect(seen.some((r) => r.method === 'POST')).toBe(false);
      await user().clear(hours);
      await user().type(hours, '4.5');
      await user().clear(recover);
      await user().type(recover, '12.3');
      await user().click(screen.getByRole('button', { name: 'Save' }));
      expect(await screen.findByText(M.added)).toBeInTheDocument();
      expect(seen.find((r) => r.method === 'POST')?.body).toEqual({
        device: 7,
        ...PARAMETER_DEFAULTS,
        dim_1: 4.5,
        low_cut_recover: 12.3,
      });
    },
    SLOW,
  );
});

describe('Add Bulk Parameter', () => {
  it(
    'enables Bulk Parameter with a selection and posts the selected devices',
    async () => {
      const seen = stubApi({
        'GET admin_settings/state/': () => [200, [{ id: 1, name: 'Delhi' }]],
        'GET devices/activation/': () => [200, pageOf([activation(1, 'RMS-A'), activation(2, 'RMS-B')])],
        'POST devices/bulk_parameter/': () => [201, { detail: M.bulkAdded, devices: 1 }],
      });
      open('/add-inspection-parameter', ['DEVICE_ACTIVATION']);
      const button = screen.getByRole('button', { name: 'Bulk Parameter' });
      expect(button).toBeDisabled();
      const row = (await screen.findByText('RMS-B')).closest('tr')!;
      expect(within(row).getAllByText('--')).toHaveLength(3);
      await user().click(within(row).getByRole('checkbox'));
      expect(button).toBeEnabled();
      expect(seen.find((r) => r.path === 'devices/activation/')?.query.get('is_parameter_data')).toBe('true');
      expect(seen.find((r) => r.path === 'devices/activation/')?.query.get('page_size')).toBe('20');

      await user().click(button);
      const dialog = await screen.findByRole('dialog');
      await user().type(within(dialog).getByLabelText('Load Watt'), '40');
      await user().type(within(dialog).getByLabelText('Full Brightness Hours'), '5');
      await user().type(within(dialog).getByLabelText('Half Brightness Hours'), '6');
      await user().click(within(dialog).getByRole('button', { name: 'Save' }));
      expect(await screen.findByText(M.bulkAdded)).toBeInTheDocument();
      expect(seen.find((r) => r.method === 'POST')?.body).toEqual({
        devices: [102],
        load_regulation: 40,
        dim_1: 5,
        dim_2: 6,
      });
      await waitFor(() => expect(button).toBeDisabled());
    },
    SLOW,
  );
});
