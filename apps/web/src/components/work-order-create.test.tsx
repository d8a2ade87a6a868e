import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { WorkOrderDraft } from '@rms/contracts/work-orders';
import { stubApi, type FakeAnswer } from '../test-utils/fake-api';
import { makeUser, signIn } from '../test-utils/fixtures';
import { TestProviders } from '../test-utils/render';
import { CreateWorkOrderButton } from './work-order-create';

const draft: WorkOrderDraft = {
  organization: { id: 2, name: 'Customer A' },
  sla_hours: 24,
  due_at: '2026-03-05T09:05:00.000Z',
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
  assignees: [{ id: 7, name: 'Asha Rao' }],
};
const user = () => userEvent.setup({ pointerEventsCheck: 0 });

function open() {
  signIn(makeUser({ permissions: [{ key: 'MANAGE_WORK_ORDERS' }] }));
  const router = createMemoryRouter(
    [
      { path: '/alarms-view', element: <CreateWorkOrderButton alarmIds={[31, 32]} /> },
      { path: '/work-orders', element: <p>Work orders screen</p> },
    ],
    { initialEntries: ['/alarms-view'] },
  );
  render(
    <TestProviders>
      <RouterProvider router={router} />
    </TestProviders>,
  );
}

afterEach(() => vi.unstubAllGlobals());

describe('Create work order', () => {
  it("shows the due time the alarms' SLA gives, and sends the alarms, title and assignee", async () => {
    const seen = stubApi({
      'GET work-orders/draft/': (): FakeAnswer => [200, draft],
      'POST work-orders/': (): FakeAnswer => [201, { id: 9 }],
    });
    open();
    await user().click(screen.getByRole('button', { name: 'Create work order' }));
    expect(await screen.findByText(/SLA 24 h/)).toBeInTheDocument();
    expect(seen.find((r) => r.path === 'work-orders/draft/')!.query.get('alarms')).toBe('31,32');
    const title = screen.getByLabelText('Title');
    expect(title).toHaveValue('Load fault · RMS-11 and 1 more');
    await user().clear(title);
    await user().click(screen.getByRole('button', { name: 'Create' }));
    expect(await screen.findByText("'title' is required!")).toBeInTheDocument();
    await user().type(title, 'Dark lamps');
    await user().click(screen.getByRole('button', { name: 'Create' }));
    expect(await screen.findByText('Work orders screen')).toBeInTheDocument();
    await waitFor(() =>
      expect(seen.find((r) => r.method === 'POST')!.body).toEqual({
        alarm_ids: [31, 32],
        title: 'Dark lamps',
        assignee: null,
      }),
    );
  });

  it('says why when an alarm is already in an open order', async () => {
    stubApi({
      'GET work-orders/draft/': (): FakeAnswer => [
        409,
        { detail: 'Alarm 31 is already in open work order #4' },
      ],
    });
    open();
    await user().click(screen.getByRole('button', { name: 'Create work order' }));
    expect(await screen.findAllByText('Alarm 31 is already in open work order #4')).not.toHaveLength(0);
  });
});
