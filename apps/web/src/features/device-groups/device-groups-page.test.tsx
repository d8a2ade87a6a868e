import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { GROUP_MESSAGES as M, type GroupRow } from '@rms/contracts/groups';
import { stubApi } from '../../test-utils/fake-api';
import { makeUser, signIn } from '../../test-utils/fixtures';
import { renderRoutes } from '../../test-utils/render';
import { DeviceGroupsPage } from './device-groups-page';

const user = () => userEvent.setup({ pointerEventsCheck: 0 });
const BASE = 'lighting/groups/';

const row = (over: Partial<GroupRow> = {}): GroupRow => ({
  id: 7,
  organization: 1,
  organization_name: 'Sunrise Lighting',
  name: 'Main road',
  kind: 'dynamic',
  filter: { project: 'Ring Road', tag: 'main-road' },
  devices: 42,
  schedules: 2,
  created_at: '2026-11-01T10:00:00.000Z',
  updated_at: '2026-11-02T10:00:00.000Z',
  ...over,
});

function open(permissions = ['MANAGE_GROUPS', 'VIEW_DEVICE_DATA']) {
  signIn(makeUser({ permissions: permissions.map((key) => ({ key })) }));
  const seen = stubApi({
    [`GET ${BASE}`]: () => [200, { results: [row()], count: 1, current: 1, next: null }],
    [`POST ${BASE}preview/`]: (r) => {
      const filter = (r.body as { filter: { tag?: string } }).filter;
      return [200, { count: filter.tag ? 3 : 120, devices: [] }];
    },
    [`POST ${BASE}`]: (r) => [201, { detail: M.created, group: row(r.body as object) }],
    'GET admin_settings/states/': () => [200, []],
  });
  renderRoutes([{ path: '/device-groups', element: <DeviceGroupsPage /> }], '/device-groups');
  return seen;
}

describe('Device Groups', () => {
  it('lists groups with their criteria, device count and schedules', async () => {
    open();
    const table = await screen.findByRole('table');
    expect(await within(table).findByText('Project Ring Road · Tag main-road')).toBeInTheDocument();
    expect(within(table).getByText('42')).toBeInTheDocument();
    expect(within(table).getByText('Dynamic')).toBeInTheDocument();
  });

  it('counts what the criteria select as they change, and saves only the criteria given', async () => {
    const seen = open();
    await user().click(await screen.findByRole('button', { name: /Add Group/ }));
    const drawer = await screen.findByRole('dialog');
    await user().type(within(drawer).getByLabelText('Name'), 'Park lights');
    expect(await within(drawer).findByText('120 devices match now')).toBeInTheDocument();
    await user().type(within(drawer).getByLabelText('Tag'), 'park');
    expect(await within(drawer).findByText('3 devices match now')).toBeInTheDocument();
    await user().click(within(drawer).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(seen.some((c) => c.method === 'POST' && c.path === BASE)).toBe(true));
    const saved = seen.find((c) => c.method === 'POST' && c.path === BASE)!;
    expect(saved.body).toEqual({ name: 'Park lights', kind: 'dynamic', filter: { tag: 'park' } });
  });

  it('lets a viewer read but not add or delete', async () => {
    open(['VIEW_DEVICE_DATA']);
    await screen.findByText('Main road');
    expect(screen.queryByRole('button', { name: /Add Group/ })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Delete Main road/ })).not.toBeInTheDocument();
  });
});
