import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { INSPECTION_MESSAGES as M } from '@rms/contracts/inspections';
import { stubApi, type FakeRequest } from '../../test-utils/fake-api';
import { makeUser, signIn } from '../../test-utils/fixtures';
import { activationRow, inspectionRow, pageOf } from '../../test-utils/rows';
import { renderRoutes } from '../../test-utils/render';
import { AddInspectionPage } from './add-inspection-page';
import { InspectionHistoryPage } from './inspection-history-page';

// Forms of 38 fields and filter menus render slowly in jsdom.
const SLOW = 40_000;
const user = () => userEvent.setup({ pointerEventsCheck: 0 });
// RMS-11, activated with no PIN, and an inspection of it and RMS-12 (one acknowledged, one waiting).
const activation = activationRow({
  id: 1,
  device: 11,
  device_data: { id: 11, device_id: 'RMS-11' },
  parameter_data: { load_regulation: 30, dim_1: 4, dim_2: 6 },
  state_data: { id: 1, name: 'Delhi' },
  city_data: { id: 2, name: 'New Delhi' },
  pin: '',
});
const history = inspectionRow({
  id: 9,
  created_at: '2026-03-05T09:00:00.000Z', // 02:30 pm in India, the deployment's zone
  devices: [11, 12],
  devices_data: [
    { id: 11, device_id: 'RMS-11', command_status: 'acknowledged' },
    { id: 12, device_id: 'RMS-12', command_status: 'pending' },
  ],
  insp: 1,
});

function open(url: string) {
  signIn(makeUser({ permissions: [{ key: 'DEVICE_ACTIVATION' }] }));
  return renderRoutes(
    [
      { path: '/add-inspection', element: <AddInspectionPage /> },
      { path: '/view-inspection', element: <InspectionHistoryPage /> },
    ],
    url,
  );
}

const lastList = (seen: FakeRequest[]) => seen.filter((r) => r.path === 'devices/activation/').at(-1)!.query;

describe('inspection screens', () => {
  it(
    'filters by state then city; a new state clears the city',
    async () => {
      const seen = stubApi({
        'GET admin_settings/state/': () => [
          200,
          [
            { id: 1, name: 'Delhi' },
            { id: 3, name: 'Goa' },
          ],
        ],
        'GET admin_settings/city/': (r) => [
          200,
          r.query.get('state') === '1' ? [{ id: 2, name: 'New Delhi' }] : [{ id: 4, name: 'Panaji' }],
        ],
        'GET devices/activation/': () => [200, pageOf([activation])],
      });
      open('/add-inspection');
      expect(await screen.findByText('RMS-11')).toBeInTheDocument();
      const pick = async (column: string, option: string) => {
        const header = screen.getByRole('columnheader', { name: new RegExp(column) });
        await user().click(within(header).getByRole('button'));
        const menu = (await screen.findAllByRole('menu')).at(-1)!;
        await user().click(await within(menu).findByText(option));
        await user().click(screen.getAllByRole('button', { name: 'OK' }).at(-1)!);
      };
      await pick('State', 'Delhi');
      await waitFor(() => expect(lastList(seen).get('state')).toBe('1'));
      await pick('City', 'New Delhi');
      await waitFor(() => expect(lastList(seen).get('city')).toBe('2'));
      await pick('State', 'Goa');
      await waitFor(() => expect(lastList(seen).get('state')).toBe('3'));
      expect(lastList(seen).get('city')).toBeNull();
    },
    SLOW,
  );

  it(
    'disables Inspection until a row is selected; Force On posts and opens the history',
    async () => {
      const seen = stubApi({
        'GET admin_settings/state/': () => [200, []],
        'GET devices/activation/': () => [200, pageOf([activation])],
        'POST devices/inspection/': () => [201, { ...history, detail: M.inspected }],
        'GET devices/inspection/': () => [200, pageOf([history])],
      });
      const router = open('/add-inspection');
      const button = screen.getByRole('button', { name: 'Inspection' });
      expect(button).toBeDisabled();
      const row = (await screen.findByText('RMS-11')).closest('tr')!;
      expect(within(row).getByText('--')).toBeInTheDocument(); // empty PIN
      await user().click(within(row).getByRole('checkbox'));
      await user().click(button);
      const dialog = await screen.findByRole('dialog');
      await user().click(within(dialog).getByRole('button', { name: 'Save' }));
      expect(await within(dialog).findByText(M.actionRequired)).toBeInTheDocument();
      await user().click(within(dialog).getByLabelText('Select Action'));
      await user().click(await screen.findByTitle('Force On'));
      await user().click(within(dialog).getByRole('button', { name: 'Save' }));
      expect(await screen.findByText(M.inspected)).toBeInTheDocument();
      expect(seen.find((r) => r.method === 'POST')?.body).toEqual({ devices: [11], insp: 1 });
      await waitFor(() => expect(router.state.location.pathname).toBe('/view-inspection'));
    },
    SLOW,
  );

  it(
    'lists the history with the date, View All and Force On',
    async () => {
      stubApi({
        'GET devices/inspection/': () => [
          200,
          pageOf([history, inspectionRow({ ...history, id: 10, insp: 0 })]),
        ],
      });
      open('/view-inspection');
      expect(await screen.findAllByText('05/03/2026 02:30 pm')).toHaveLength(2);
      expect(screen.getByText('Force On')).toBeInTheDocument();
      expect(screen.getAllByText('--').length).toBeGreaterThan(0);
      expect(screen.getByRole('button', { name: /Add Device Activation/ })).toBeInTheDocument();
      await user().click(screen.getAllByRole('button', { name: 'View All' })[0]!);
      const dialog = await screen.findByRole('dialog');
      expect(within(dialog).getByText('RMS-11')).toBeInTheDocument();
      expect(within(dialog).getByText('RMS-12')).toBeInTheDocument();
      // Each device's command progress: applied by one, still waiting for the other.
      expect(within(dialog).getByText('Applied')).toBeInTheDocument();
      expect(within(dialog).getByText('Pending')).toBeInTheDocument();
    },
    SLOW,
  );
});
