import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { stubApi } from '../../test-utils/fake-api';
import { makeUser, signIn } from '../../test-utils/fixtures';
import { renderRoutes } from '../../test-utils/render';
import { auditRow, pageOf } from '../../test-utils/rows';
import { AuditLogPage } from './audit-log-page';

const user = () => userEvent.setup({ pointerEventsCheck: 0 });

const ROWS = [
  auditRow(),
  auditRow({
    id: 42,
    actor_kind: 'api_key',
    user: null,
    api_key: 5,
    actor: 'SIM sync',
    area: 'bulk upload',
    action: 'rms',
    record_id: null,
    record_count: 250,
    fields: ['report_upload'],
    status: 200,
  }),
  auditRow({
    id: 43,
    actor_kind: 'anonymous',
    user: null,
    actor: 'someone@example.com',
    organization: null,
    organization_name: null,
    area: 'session',
    action: 'login',
    record_id: null,
    status: 400,
    fields: ['username', 'password'],
  }),
];

function open(provider: boolean, url = '/audit-log') {
  signIn(
    makeUser({
      permissions: [{ key: 'VIEW_AUDIT_LOG' }],
      organization_data: {
        id: 1,
        company_name: 'Sunrise Lighting',
        is_provider: provider,
        company_logo_url: null,
        tagline: null,
      },
    }),
  );
  const seen = stubApi({ 'GET admin_settings/audit_log/': () => [200, pageOf(ROWS, { count: 3 })] });
  const router = renderRoutes([{ path: '/audit-log', element: <AuditLogPage /> }], url);
  return { seen, router };
}

describe('Audit Log', () => {
  it('lists who did what to which record, when, from where and how it ended', async () => {
    open(true);
    const table = await screen.findByRole('table');
    const first = (await within(table).findByText('asha@example.com')).closest('tr')!;
    expect(within(first).getByText('msisdn')).toBeInTheDocument();
    expect(within(first).getByText('create')).toBeInTheDocument();
    expect(within(first).getByText('12')).toBeInTheDocument();
    expect(within(first).getByText('201')).toBeInTheDocument();
    expect(within(first).getByText('203.0.113.7')).toBeInTheDocument();
    expect(within(first).getByText('01/01/2026 05:30:00')).toBeInTheDocument();
    const byKey = within(table).getByText('SIM sync').closest('tr')!;
    expect(within(byKey).getByText('API key')).toBeInTheDocument();
    expect(within(byKey).getByText('250 records')).toBeInTheDocument();
    const failed = within(table).getByText('someone@example.com').closest('tr')!;
    expect(within(failed).getByText('Not signed in')).toBeInTheDocument();
    expect(within(failed).getByText('400')).toBeInTheDocument();
    // The provider sees whose organization each row is.
    expect(within(table).getByRole('columnheader', { name: 'Organization' })).toBeInTheDocument();
  });

  it("shows an organization's people no organization column", async () => {
    open(false);
    const table = await screen.findByRole('table');
    await within(table).findByText('asha@example.com');
    expect(within(table).queryByRole('columnheader', { name: 'Organization' })).not.toBeInTheDocument();
  });

  it('opens a row in full', async () => {
    open(true);
    await user().click(await screen.findByRole('button', { name: 'Details of entry 41' }));
    const drawer = await screen.findByRole('dialog');
    expect(within(drawer).getByText('POST /api/v1/devices/msisdn_mapping/')).toBeInTheDocument();
    expect(within(drawer).getByText('Mozilla/5.0')).toBeInTheDocument();
    expect(within(drawer).getByText('sim_number')).toBeInTheDocument();
    // The endpoint's own description, from its declaration.
    expect(within(drawer).getByText(/Map a SIM card/)).toBeInTheDocument();
  });

  it('searches by actor, area and action, from page 1, and keeps the filters in the address', async () => {
    const { seen, router } = open(true, '/audit-log?page=2');
    await screen.findByRole('table');
    await user().type(screen.getByLabelText('Actor'), 'asha');
    await user().click(screen.getByLabelText('Area'));
    await user().click(await screen.findByTitle('inventory'));
    await user().click(screen.getByLabelText('Action'));
    await user().click(await screen.findByTitle(/Make a new key for an RMS device/));
    await user().click(screen.getByRole('button', { name: /Search/ }));

    await waitFor(() => {
      const last = seen.at(-1)!;
      expect(Object.fromEntries(last.query)).toEqual({
        actor: 'asha',
        area: 'inventory',
        action: 'deviceKey',
        page: '1',
        page_size: '20',
      });
    });
    expect(router.state.location.search).toBe('?actor=asha&area=inventory&action=deviceKey');
  });
});
