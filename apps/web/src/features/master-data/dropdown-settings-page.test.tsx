import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { DropdownValueRow } from '@rms/contracts/master-data';
import { stubApi, type FakeRequest } from '../../test-utils/fake-api';
import { signIn } from '../../test-utils/fixtures';
import { renderRoutes } from '../../test-utils/render';
import { dropdownValueRow } from '../../test-utils/rows';
import { DropdownSettingsPage } from './dropdown-settings-page';

const tree = [
  {
    id: 1,
    title: 'Devices',
    path: 'devices',
    can_disabled: false,
    children: [
      { id: 2, title: 'Device Type', path: 'device_type', can_disabled: true, children: [] },
      { id: 3, title: 'Inspection Action', path: 'inspection_action', can_disabled: false, children: [] },
    ],
  },
];
type Flags = Partial<Pick<DropdownValueRow, 'is_editable' | 'is_deletable' | 'is_disabled'>>;
const value = (id: number, parent: number, text: string, flags: Flags = {}) =>
  dropdownValueRow({
    id,
    name: parent === 2 ? 'device_type' : 'inspection_action',
    parent,
    value: text,
    ...flags,
  });
const VALUES = {
  2: [
    value(10, 2, 'RMS 12V', { is_editable: false, is_deletable: false }),
    value(11, 2, 'RMS 24V GSM', { is_disabled: true }),
  ],
  3: [value(20, 3, 'Force On', { is_editable: false }), value(21, 3, 'Force Off', { is_deletable: false })],
};
const user = () => userEvent.setup({ pointerEventsCheck: 0 });

function open(extra: Record<string, (r: FakeRequest) => [number, unknown]> = {}) {
  signIn();
  const seen = stubApi({
    'GET publisher/dropdown/': () => [200, tree],
    'GET publisher/dropdown_values/': (r) => [200, VALUES[Number(r.query.get('parent')) as 2 | 3]],
    ...extra,
  });
  const router = renderRoutes(
    [{ path: '/dropdown-settings', element: <DropdownSettingsPage /> }],
    '/dropdown-settings',
  );
  return { seen, router };
}

const rowOf = (text: string) => screen.getByText(text).closest('tr') as HTMLElement;

describe('Dropdown Settings', () => {
  it("shows the first group's values with their tags and status", async () => {
    open();
    expect(await screen.findByText('RMS 12V')).toBeInTheDocument();
    expect(rowOf('RMS 12V').textContent).toContain('Not Editable');
    expect(rowOf('RMS 12V').textContent).toContain('Not Deletable');
    expect(rowOf('RMS 24V GSM').textContent).toContain('Default');
    expect(rowOf('RMS 24V GSM').textContent).toContain('Disabled');
    expect(screen.getByLabelText('Edit RMS 12V')).toBeDisabled();
    expect(screen.getByLabelText('Delete RMS 12V')).toBeDisabled();
    expect(screen.getByLabelText('Edit RMS 24V GSM')).toBeEnabled();
  });

  it('enables a disabled value when the group allows it', async () => {
    const { seen } = open({
      'PUT publisher/dropdown_values/': () => [
        200,
        { ...VALUES[2][1], is_disabled: false, detail: 'Dropdown value enabled' },
      ],
    });
    await user().click(await screen.findByLabelText('Enable RMS 24V GSM'));
    expect(await screen.findByText('Dropdown value enabled')).toBeInTheDocument();
    expect(seen.find((r) => r.method === 'PUT')?.body).toEqual({ id: 11, is_disabled: false });
  });

  it('offers no Enable/Disable in a group that does not allow it, and requires a value', async () => {
    const { seen, router } = open();
    await user().click(await screen.findByText('Inspection Action'));
    await waitFor(() => expect(router.state.location.search).toBe('?group=3'));
    expect(await screen.findByText('Force On')).toBeInTheDocument();
    expect(screen.queryByText('Disable')).not.toBeInTheDocument();
    expect(rowOf('Force Off').textContent).toContain('Not Deletable');

    await user().click(screen.getByText('Save'));
    expect(await screen.findByText("'Value' is required!")).toBeInTheDocument();
    expect(seen.filter((r) => r.method === 'POST')).toHaveLength(0);
  });

  it('adds a value to the chosen group', async () => {
    const { seen } = open({
      'POST publisher/dropdown_values/': () => [201, { ...value(12, 2, 'RMS 48V'), detail: 'ok' }],
    });
    await screen.findByText('RMS 12V');
    await user().type(screen.getByLabelText('Value'), 'RMS 48V');
    await user().click(screen.getByText('Save'));
    expect(await screen.findByText('Dropdown Value Added Successfully.')).toBeInTheDocument();
    expect(seen.find((r) => r.method === 'POST')?.body).toEqual({
      parent: 2,
      name: 'device_type',
      value: 'RMS 48V',
    });
  });
});
