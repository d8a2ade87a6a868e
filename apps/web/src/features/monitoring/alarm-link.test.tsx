import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { AlarmDetail, AlarmListRow } from '@rms/contracts/alarms';
import { stubApi, type FakeAnswer } from '../../test-utils/fake-api';
import { makeUser, signIn } from '../../test-utils/fixtures';
import { renderRoutes } from '../../test-utils/render';
import { pageOf } from '../../test-utils/rows';
import { AlarmsViewPage } from './alarms-view-page';

// A notification (or its e-mail) links to /alarms-view?alarm=<id>: the alarms view opens that alarm's
// drawer, whose timeline tells when it was escalated.

const alarm: AlarmListRow = {
  id: 31,
  fault_type: 'Device fault (E7)',
  fault_time: '2026-03-04T09:05:00.000Z',
  resolution_time: null,
  status: 'Unresolved',
  kind: 'fault',
  severity: 'major',
  acknowledged_at: null,
  acknowledged_by: null,
  assignee: null,
  cleared_by: null,
  rule: null,
  device_data: { id: 11, device_id: 'RMS-11' },
};
const detail: AlarmDetail = {
  ...alarm,
  timeline: [
    { id: 1, type: 'raised', at: '2026-03-04T09:05:00.000Z', actor: null, assignee: null, note: null },
    { id: 2, type: 'escalated', at: '2026-03-04T09:35:00.000Z', actor: null, assignee: null, note: null },
  ],
  comments: [],
};
const zero = { critical: 0, major: 1, minor: 0, warning: 0, total: 1 };

afterEach(() => vi.unstubAllGlobals());

describe('an alarm linked from a notification', () => {
  it('opens in its drawer, with its escalation in the timeline, and closing it leaves the address', async () => {
    stubApi({
      'GET monitoring/alarms/': (): FakeAnswer => [200, pageOf([alarm])],
      'GET monitoring/alarms/counts/': (): FakeAnswer => [200, { active: zero, unacknowledged: zero }],
      'GET monitoring/alarms/31/': (): FakeAnswer => [200, detail],
    });
    signIn(makeUser({ permissions: [{ key: 'VIEW_DEVICE_DATA' }] }));
    const router = renderRoutes(
      [{ path: '/alarms-view', element: <AlarmsViewPage /> }],
      '/alarms-view?alarm=31',
    );
    const drawer = within(await screen.findByRole('dialog'));
    expect(await drawer.findByText('Device fault (E7) · RMS-11')).toBeInTheDocument();
    expect(
      await drawer.findByText('Escalated: still unacknowledged, the people its rule names were told'),
    ).toBeInTheDocument();
    await userEvent.setup({ pointerEventsCheck: 0 }).click(drawer.getByRole('button', { name: 'Close' }));
    expect(router.state.location.search).toBe('');
  });
});
