import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { App, ConfigProvider } from 'antd';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { NotificationRow } from '@rms/contracts/notifications';
import { liveUpdater } from '../../api/live';
import { stubApi, type FakeAnswer } from '../../test-utils/fake-api';
import { makeUser, signIn } from '../../test-utils/fixtures';
import { renderRoutes } from '../../test-utils/render';
import { pageOf } from '../../test-utils/rows';
import { NotificationBell } from './notification-bell';
import { NotificationSettingsPage } from './notification-settings-page';

const note = (over: Partial<NotificationRow> = {}): NotificationRow => ({
  id: 5,
  kind: 'raised',
  title: 'Load fault on RMS-11 · Ring Road',
  alarm: 31,
  severity: 'critical',
  created_at: '2026-03-04T09:05:00.000Z',
  read_at: null,
  ...over,
});
const user = () => userEvent.setup({ pointerEventsCheck: 0 });

afterEach(() => vi.unstubAllGlobals());

describe('the notification bell', () => {
  it('shows the unread count, lists the newest, and opening one marks it read and opens its alarm', async () => {
    let unread = 2;
    const seen = stubApi({
      'GET notifications/unread/': (): FakeAnswer => [200, { unread }],
      'GET notifications/': (): FakeAnswer => [
        200,
        pageOf([note(), note({ id: 4, kind: 'escalated', title: 'Escalated: E7 on RMS-12', alarm: 30 })]),
      ],
      'POST notifications/5/read/': (): FakeAnswer => {
        unread = 1;
        return [200, { detail: 'Marked as read', unread }];
      },
    });
    signIn(makeUser());
    const router = renderRoutes(
      [
        { path: '/', element: <NotificationBell /> },
        { path: '/alarms-view', element: <p>alarms view</p> },
      ],
      '/',
    );
    const bell = await screen.findByRole('button', { name: 'Notifications: 2 unread' });
    await user().click(bell);
    expect(await screen.findByText('Escalated to you')).toBeInTheDocument();
    await user().click(
      await screen.findByRole('listitem', { name: 'Unread: Load fault on RMS-11 · Ring Road' }),
    );
    await waitFor(() => expect(router.state.location.pathname).toBe('/alarms-view'));
    expect(router.state.location.search).toBe('?alarm=31');
    expect(seen.some((r) => r.method === 'POST' && r.path === 'notifications/5/read/')).toBe(true);
  });

  it('takes the live count from the live channel', async () => {
    stubApi({ 'GET notifications/unread/': (): FakeAnswer => [200, { unread: 0 }] });
    signIn(makeUser());
    const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    const router = createMemoryRouter([{ path: '/', element: <NotificationBell /> }]);
    render(
      <ConfigProvider theme={{ token: { motion: false } }}>
        <App>
          <QueryClientProvider client={queryClient}>
            <RouterProvider router={router} />
          </QueryClientProvider>
        </App>
      </ConfigProvider>,
    );
    expect(await screen.findByRole('button', { name: 'Notifications' })).toBeInTheDocument();
    liveUpdater(queryClient)({ event: 'notification', data: { unread: 3, newest: note() } });
    expect(await screen.findByRole('button', { name: 'Notifications: 3 unread' })).toBeInTheDocument();
  });
});

describe('Notification Settings', () => {
  it('shows the defaults, saves the choice and shows a refused field under it', async () => {
    const seen = stubApi({
      'GET notifications/preferences/': (): FakeAnswer => [
        200,
        {
          organizations: [],
          projects: [],
          severities: ['critical', 'major'],
          channels: ['in_app'],
          saved: false,
          choices: { organizations: [{ id: 3, name: 'Acme' }], projects: ['Ring Road'] },
        },
      ],
      'PUT notifications/preferences/': (): FakeAnswer => [
        400,
        {
          detail: "'Projects' names a project you cannot see",
          errors: { projects: ["'Projects' names a project you cannot see"] },
        },
      ],
    });
    signIn(makeUser());
    renderRoutes([{ path: '/', element: <NotificationSettingsPage /> }], '/');
    expect(await screen.findByText(/Not saved yet/)).toBeInTheDocument();
    expect(screen.getByRole('checkbox', { name: 'Critical' })).toBeChecked();
    expect(screen.getByRole('checkbox', { name: 'Minor' })).not.toBeChecked();
    await user().click(screen.getByRole('checkbox', { name: 'E-mail' }));
    await user().click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText("'Projects' names a project you cannot see")).toBeInTheDocument();
    const put = seen.find((r) => r.method === 'PUT')!;
    expect(put.body).toEqual({
      organizations: [],
      projects: [],
      severities: ['critical', 'major'],
      channels: ['in_app', 'email'],
    });
  });
});
