import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { WorkOrderDetail, WorkOrderRow } from '@rms/contracts/work-orders';
import { stubApi, type FakeAnswer } from '../../test-utils/fake-api';
import { makeUser, signIn } from '../../test-utils/fixtures';
import { TestProviders } from '../../test-utils/render';
import { pageOf } from '../../test-utils/rows';
import { WorkOrdersPage } from './work-orders-page';

const order = (over: Partial<WorkOrderRow> = {}): WorkOrderRow => ({
  id: 5,
  organization: { id: 2, name: 'Customer A' },
  title: 'Dark lamp on Ring Road',
  description: '',
  status: 'open',
  assignee: { id: 7, name: 'Asha Rao' },
  due_at: '2026-03-05T09:05:00.000Z',
  overdue: false,
  created_by: { id: 1, name: 'Admin' },
  created_at: '2026-03-04T09:05:00.000Z',
  started_at: null,
  done_at: null,
  alarm_count: 2,
  active_alarms: 2,
  waiting_for_device: false,
  ...over,
});
const detail = (over: Partial<WorkOrderDetail> = {}): WorkOrderDetail => ({
  ...order(),
  alarms: [
    {
      id: 31,
      fault_type: 'Load fault',
      fault_time: '2026-03-04T09:00:00.000Z',
      resolution_time: null,
      status: 'Unresolved',
      kind: 'load_fault',
      severity: 'critical',
      acknowledged_at: null,
      device_data: { id: 11, device_id: 'RMS-11' },
    },
  ],
  timeline: [
    {
      id: 1,
      type: 'created',
      at: '2026-03-04T09:05:00.000Z',
      actor: { id: 1, name: 'Admin' },
      assignee: null,
      note: null,
    },
  ],
  photos: [],
  ...over,
});
const handlers = {
  'GET work-orders/': (): FakeAnswer => [
    200,
    pageOf([
      order({ id: 6, title: 'Late battery', overdue: true }),
      order(),
      order({ id: 4, title: 'Replaced panel', status: 'done', active_alarms: 1, waiting_for_device: true }),
    ]),
  ],
  'GET work-orders/5/': (): FakeAnswer => [200, detail()],
  'GET work-orders/assignees/': (): FakeAnswer => [200, [{ id: 7, name: 'Asha Rao' }]],
};
const user = () => userEvent.setup({ pointerEventsCheck: 0 });

function open(codes: string[], entry = '/work-orders') {
  signIn(makeUser({ permissions: codes.map((key) => ({ key })) }));
  const router = createMemoryRouter([{ path: '/work-orders', element: <WorkOrdersPage /> }], {
    initialEntries: [entry],
  });
  render(
    <TestProviders>
      <RouterProvider router={router} />
    </TestProviders>,
  );
}

afterEach(() => vi.unstubAllGlobals());

describe('Work Orders', () => {
  it('shows status tags, marks overdue orders and the ones waiting for the device, and filters', async () => {
    const seen = stubApi(handlers);
    open(['VIEW_DEVICE_DATA']);
    const late = within(await screen.findByRole('row', { name: /Late battery/ }));
    expect(late.getByText('Overdue')).toBeInTheDocument();
    const waiting = within(screen.getByRole('row', { name: /Replaced panel/ }));
    expect(waiting.getByText('Done')).toBeInTheDocument();
    expect(waiting.getByText('Waiting for the device')).toBeInTheDocument();
    expect(
      within(screen.getByRole('row', { name: /Ring Road/ })).getByText('2 active / 2'),
    ).toBeInTheDocument();
    await user().click(screen.getByRole('checkbox', { name: 'Overdue' }));
    await waitFor(() =>
      expect(
        seen
          .filter((r) => r.path === 'work-orders/')
          .at(-1)!
          .query.get('overdue'),
      ).toBe('true'),
    );
  });

  it('opens an order with its alarms and timeline; a reader gets no actions', async () => {
    stubApi(handlers);
    open(['VIEW_DEVICE_DATA'], '/work-orders?open=5');
    const drawer = within(document.body);
    expect(await drawer.findByText('Created by Admin')).toBeInTheDocument();
    expect(drawer.getByRole('cell', { name: 'RMS-11' })).toBeInTheDocument();
    expect(drawer.queryByRole('button', { name: 'Start' })).toBeNull();
    expect(drawer.queryByLabelText('Add a note')).toBeNull();
  });

  it('starts an order after confirming, and refuses an empty note by field', async () => {
    const seen = stubApi({
      ...handlers,
      'POST work-orders/5/start/': (): FakeAnswer => [200, detail({ status: 'in_progress' })],
    });
    open(['VIEW_DEVICE_DATA', 'MANAGE_WORK_ORDERS'], '/work-orders?open=5');
    const drawer = within(document.body);
    await user().click(await drawer.findByRole('button', { name: 'Start' }));
    await waitFor(() => expect(screen.getAllByRole('button', { name: 'Start' })).toHaveLength(2));
    await user().click(screen.getAllByRole('button', { name: 'Start' })[1]!);
    expect(await screen.findByText('Work order started')).toBeInTheDocument();
    expect(seen.some((r) => r.method === 'POST' && r.path === 'work-orders/5/start/')).toBe(true);
    await user().click(drawer.getByRole('button', { name: 'Add note' }));
    expect(await drawer.findByText("'text' is required!")).toBeInTheDocument();
    expect(seen.some((r) => r.path === 'work-orders/5/notes/')).toBe(false);
  });

  it('edits an order, sending only what changed', async () => {
    const seen = stubApi({
      ...handlers,
      'PUT work-orders/5/': (): FakeAnswer => [200, detail({ title: 'Lamp and driver' })],
    });
    open(['VIEW_DEVICE_DATA', 'MANAGE_WORK_ORDERS'], '/work-orders?open=5');
    await user().click(await screen.findByRole('button', { name: 'Edit' }));
    const title = await screen.findByLabelText('Title');
    await user().clear(title);
    await user().type(title, 'Lamp and driver');
    await user().click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Work order saved')).toBeInTheDocument();
    expect(seen.find((r) => r.method === 'PUT')!.body).toEqual({ title: 'Lamp and driver' });
  });
});
