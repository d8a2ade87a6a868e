import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { AlarmDetail, AlarmListRow } from '@rms/contracts/alarms';
import { stubApi, type FakeAnswer } from '../../test-utils/fake-api';
import { makeUser, signIn } from '../../test-utils/fixtures';
import { TestProviders } from '../../test-utils/render';
import { pageOf } from '../../test-utils/rows';
import { AlarmsViewPage } from './alarms-view-page';

const alarm = (over: Partial<AlarmListRow> = {}): AlarmListRow => ({
  id: 31,
  fault_type: 'Load fault',
  fault_time: '2026-03-04T09:05:00.000Z',
  resolution_time: null,
  status: 'Unresolved',
  kind: 'load_fault',
  severity: 'critical',
  acknowledged_at: null,
  acknowledged_by: null,
  assignee: null,
  cleared_by: null,
  rule: null,
  device_data: { id: 11, device_id: 'RMS-11' },
  ...over,
});
const detail = (over: Partial<AlarmDetail> = {}): AlarmDetail => ({
  ...alarm(),
  timeline: [
    { id: 1, type: 'raised', at: '2026-03-04T09:05:00.000Z', actor: null, assignee: null, note: null },
    {
      id: 2,
      type: 'commented',
      at: '2026-03-04T09:10:00.000Z',
      actor: { id: 7, name: 'Asha Rao' },
      assignee: null,
      note: 'Crew on the way',
    },
  ],
  comments: [],
  ...over,
});
const counts = {
  active: { critical: 1, major: 2, minor: 0, warning: 0, total: 3 },
  unacknowledged: { critical: 1, major: 0, minor: 0, warning: 0, total: 1 },
};
const handlers = {
  'GET monitoring/alarms/': (): FakeAnswer => [
    200,
    pageOf([alarm(), alarm({ id: 32, fault_type: 'Battery low', severity: 'minor', kind: 'battery_low' })]),
  ],
  'GET monitoring/alarms/counts/': (): FakeAnswer => [200, counts],
  'GET monitoring/alarms/31/': (): FakeAnswer => [200, detail()],
  'GET monitoring/alarms/assignees/': (): FakeAnswer => [200, [{ id: 7, name: 'Asha Rao' }]],
};
const user = () => userEvent.setup({ pointerEventsCheck: 0 });

function open(codes: string[]) {
  signIn(makeUser({ permissions: codes.map((key) => ({ key })) }));
  const router = createMemoryRouter([{ path: '/alarms-view', element: <AlarmsViewPage /> }], {
    initialEntries: ['/alarms-view'],
  });
  render(
    <TestProviders>
      <RouterProvider router={router} />
    </TestProviders>,
  );
}

afterEach(() => vi.unstubAllGlobals());

describe('Alarm Status', () => {
  it('shows counts by severity, severity tags, and the filters reach the request', async () => {
    const seen = stubApi(handlers);
    open(['VIEW_DEVICE_DATA']);
    const row = within(await screen.findByRole('row', { name: /Load fault/ }));
    expect(row.getByText('Critical')).toBeInTheDocument();
    const shown = within(await screen.findByRole('group', { name: 'Active alarms' }));
    expect(shown.getByText('Active alarms: 3')).toBeInTheDocument();
    expect(shown.getByText('Critical 1 (1 new)')).toBeInTheDocument();
    expect(shown.getByText('Major 2')).toBeInTheDocument();
    await user().click(screen.getByRole('checkbox', { name: 'Assigned to me' }));
    await waitFor(() =>
      expect(
        seen
          .filter((r) => r.path === 'monitoring/alarms/')
          .at(-1)!
          .query.get('assigned'),
      ).toBe('me'),
    );
  });

  it('offers no selection or actions without HANDLE_ALARMS', async () => {
    stubApi(handlers);
    open(['VIEW_DEVICE_DATA']);
    await screen.findByRole('row', { name: /Load fault/ });
    expect(screen.queryAllByRole('checkbox', { name: /select/i })).toHaveLength(0);
    await user().click(screen.getByRole('button', { name: 'Open Load fault of RMS-11' }));
    expect(await screen.findByText('Crew on the way')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Acknowledge' })).toBeNull();
    expect(screen.queryByLabelText('Comment')).toBeNull();
  });

  it('acknowledges a selection after confirming, and shows the answer', async () => {
    const seen = stubApi({
      ...handlers,
      'POST monitoring/alarms/acknowledge/': (): FakeAnswer => [
        200,
        { detail: '2 alarms acknowledged', changed: [31, 32] },
      ],
    });
    open(['VIEW_DEVICE_DATA', 'HANDLE_ALARMS']);
    await screen.findByRole('row', { name: /Load fault/ });
    await user().click(within(screen.getByRole('row', { name: /Load fault/ })).getByRole('checkbox'));
    await user().click(within(screen.getByRole('row', { name: /Battery low/ })).getByRole('checkbox'));
    const bar = within(screen.getByRole('toolbar', { name: 'Selected alarms' }));
    expect(bar.getByText('2 selected')).toBeInTheDocument();
    await user().click(bar.getByRole('button', { name: 'Acknowledge' }));
    // The Popconfirm's own Acknowledge, after the toolbar's.
    await waitFor(() => expect(screen.getAllByRole('button', { name: 'Acknowledge' })).toHaveLength(2));
    await user().click(screen.getAllByRole('button', { name: 'Acknowledge' })[1]!);
    expect(await screen.findByText('2 alarms acknowledged')).toBeInTheDocument();
    expect(seen.find((r) => r.method === 'POST')!.body).toEqual({ ids: [31, 32] });
  });

  it('comments from the drawer; an empty comment is refused on its field, a refusal shows the server detail', async () => {
    let refuse = true;
    const seen = stubApi({
      ...handlers,
      'POST monitoring/alarms/comment/': (): FakeAnswer =>
        refuse
          ? [404, { detail: 'Alarm not found' }]
          : [200, { detail: 'Comment added to 1 alarm', changed: [31] }],
    });
    open(['VIEW_DEVICE_DATA', 'HANDLE_ALARMS']);
    await user().click(await screen.findByRole('button', { name: 'Open Load fault of RMS-11' }));
    const drawer = within(await screen.findByRole('dialog'));
    await drawer.findByText('Crew on the way');
    expect(drawer.getByText('Raised by the device data')).toBeInTheDocument();
    await user().click(drawer.getByRole('button', { name: 'Add comment' }));
    expect(await drawer.findByText("'text' is required!")).toBeInTheDocument();
    await user().type(drawer.getByLabelText('Comment'), 'Pole 14 checked');
    await user().click(drawer.getByRole('button', { name: 'Add comment' }));
    expect(await screen.findByText('Alarm not found')).toBeInTheDocument();
    refuse = false;
    await user().click(drawer.getByRole('button', { name: 'Add comment' }));
    expect(await screen.findByText('Comment added to 1 alarm')).toBeInTheDocument();
    expect(seen.filter((r) => r.method === 'POST').at(-1)!.body).toEqual({
      ids: [31],
      text: 'Pole 14 checked',
    });
  });

  it('clears a selection with a note, after saying the device may raise it again', async () => {
    const seen = stubApi({
      ...handlers,
      'POST monitoring/alarms/clear/': (): FakeAnswer => [200, { detail: '1 alarm cleared', changed: [32] }],
    });
    open(['VIEW_DEVICE_DATA', 'HANDLE_ALARMS']);
    await user().click(within(await screen.findByRole('row', { name: /Battery low/ })).getByRole('checkbox'));
    await user().click(screen.getByRole('button', { name: 'Clear…' }));
    const dialog = within(await screen.findByRole('dialog'));
    expect(dialog.getByText('Clear 1 alarm')).toBeInTheDocument();
    expect(dialog.getByText(/raises a new alarm with its next report/)).toBeInTheDocument();
    await user().type(dialog.getByLabelText('Note (optional)'), 'Battery swapped');
    await user().click(dialog.getByRole('button', { name: 'Clear' }));
    expect(await screen.findByText('1 alarm cleared')).toBeInTheDocument();
    expect(seen.find((r) => r.method === 'POST')!.body).toEqual({ ids: [32], note: 'Battery swapped' });
  });
});
