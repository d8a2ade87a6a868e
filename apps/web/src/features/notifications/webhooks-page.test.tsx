import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { WEBHOOK_MESSAGES as M } from '@rms/contracts/notifications';
import { stubApi } from '../../test-utils/fake-api';
import { makeUser, signIn } from '../../test-utils/fixtures';
import { renderRoutes } from '../../test-utils/render';
import { pageOf, webhookDeliveryRow, webhookRow } from '../../test-utils/rows';
import { WebhooksPage } from './webhooks-page';

const user = () => userEvent.setup({ pointerEventsCheck: 0 });
const HOOKS = 'notifications/webhooks/';

function open(rows = [webhookRow()], extra: Parameters<typeof stubApi>[0] = {}) {
  signIn(makeUser({ permissions: [{ key: 'MANAGE_WEBHOOKS' }] }));
  const seen = stubApi({
    [`GET ${HOOKS}`]: () => [200, pageOf(rows)],
    [`POST ${HOOKS}`]: (r) => [201, { ...webhookRow({ id: 9, ...(r.body as object) }), detail: M.created }],
    [`PUT ${HOOKS}5/`]: (r) => [200, { ...webhookRow(r.body as object), detail: M.updated }],
    [`DELETE ${HOOKS}5/`]: () => [200, { detail: M.deleted }],
    [`POST ${HOOKS}5/test/`]: () => [
      200,
      { ok: false, status_code: 500, error: 'HTTP 500', event_id: 'e', detail: M.pingFailed('HTTP 500') },
    ],
    [`POST ${HOOKS}5/resume/`]: () => [200, { ...webhookRow({ status: 'active' }), detail: M.resumed }],
    [`GET ${HOOKS}5/deliveries/`]: (r) =>
      r.query.get('page') === '2'
        ? [200, pageOf([webhookDeliveryRow({ id: 80, type: 'device.offline' })], { count: 21, current: 2 })]
        : [
            200,
            pageOf(
              [
                webhookDeliveryRow(),
                webhookDeliveryRow({
                  id: 102,
                  status: 'pending',
                  attempts: 3,
                  last_status_code: 503,
                  last_error: 'HTTP 503',
                  delivered_at: null,
                }),
              ],
              { count: 21, next: 2 },
            ),
          ],
    ...extra,
  });
  renderRoutes([{ path: '/webhooks', element: <WebhooksPage /> }], '/webhooks');
  return seen;
}

describe('Webhooks', () => {
  it('lists the webhooks with their events and status, Resume only on a paused one', async () => {
    open([
      webhookRow(),
      webhookRow({ id: 6, url: 'https://b.example.com/x', status: 'paused', consecutive_failures: 20 }),
    ]);
    const table = await screen.findByRole('table');
    expect(await within(table).findByText('https://hooks.example.com/rms')).toBeInTheDocument();
    expect(within(table).getAllByText('Alarm raised')).toHaveLength(2);
    const paused = within(table).getByText('https://b.example.com/x').closest('tr')!;
    expect(within(paused).getByText('Paused')).toBeInTheDocument();
    expect(within(paused).getByRole('button', { name: /Resume/ })).toBeInTheDocument();
    const active = within(table).getByText('https://hooks.example.com/rms').closest('tr')!;
    expect(within(active).queryByRole('button', { name: /Resume/ })).not.toBeInTheDocument();
  });

  it('shows an empty state', async () => {
    open([]);
    expect(await screen.findByText(/No webhooks yet/)).toBeInTheDocument();
  });

  it('adds a webhook, checking the fields with the contract’s messages first', async () => {
    const seen = open();
    await user().click(await screen.findByRole('button', { name: /Add Webhook/ }));
    const dialog = await screen.findByRole('dialog', { name: 'Add Webhook' });
    await user().click(within(dialog).getByRole('button', { name: 'Add' }));
    expect(await within(dialog).findByText(M.eventsRequired)).toBeInTheDocument();
    await user().type(within(dialog).getByLabelText('URL'), 'https://hooks.example.com/new');
    await user().type(within(dialog).getByLabelText('Secret'), 'short');
    await user().click(within(dialog).getByLabelText('Alarm cleared'));
    await user().click(within(dialog).getByRole('button', { name: 'Add' }));
    expect(await within(dialog).findByText(M.secretShort)).toBeInTheDocument();
    await user().type(within(dialog).getByLabelText('Secret'), '-now-long-enough');
    await user().click(within(dialog).getByRole('button', { name: 'Add' }));
    await waitFor(() => expect(seen.find((r) => r.method === 'POST')).toBeDefined());
    expect(seen.find((r) => r.method === 'POST')?.body).toEqual({
      url: 'https://hooks.example.com/new',
      secret: 'short-now-long-enough',
      events: ['alarm.cleared'],
    });
    expect(await screen.findByText(M.created)).toBeInTheDocument();
  });

  it("shows the server's refusal on the field it names", async () => {
    open([webhookRow()], {
      [`POST ${HOOKS}`]: () => [400, { detail: M.urlNotPublic, errors: { url: [M.urlNotPublic] } }],
    });
    await user().click(await screen.findByRole('button', { name: /Add Webhook/ }));
    const dialog = await screen.findByRole('dialog', { name: 'Add Webhook' });
    await user().type(within(dialog).getByLabelText('URL'), 'https://intranet.example.com/x');
    await user().type(within(dialog).getByLabelText('Secret'), 'a-secret-of-enough-length');
    await user().click(within(dialog).getByLabelText('Device offline'));
    await user().click(within(dialog).getByRole('button', { name: 'Add' }));
    expect(await within(dialog).findByText(M.urlNotPublic)).toBeInTheDocument();
  });

  it('edits without the secret unless a new one is typed', async () => {
    const seen = open();
    await user().click(await screen.findByRole('button', { name: 'Edit https://hooks.example.com/rms' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit Webhook' });
    expect(within(dialog).getByText(/ends in …x9Qz/)).toBeInTheDocument();
    await user().click(within(dialog).getByLabelText('Device online'));
    await user().click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(seen.find((r) => r.method === 'PUT')).toBeDefined());
    expect(seen.find((r) => r.method === 'PUT')?.body).toEqual({
      url: 'https://hooks.example.com/rms',
      events: ['alarm.raised', 'device.offline', 'device.online'],
    });
  });

  it('tests, resumes and deletes', async () => {
    const seen = open([webhookRow({ status: 'paused' })]);
    await user().click(await screen.findByRole('button', { name: 'Test https://hooks.example.com/rms' }));
    expect(await screen.findByText(M.pingFailed('HTTP 500'))).toBeInTheDocument();
    await user().click(screen.getByRole('button', { name: 'Resume https://hooks.example.com/rms' }));
    expect(await screen.findByText(M.resumed)).toBeInTheDocument();
    await user().click(screen.getByRole('button', { name: 'Delete https://hooks.example.com/rms' }));
    await user().click(await screen.findByRole('button', { name: 'Delete' }));
    expect(await screen.findByText(M.deleted)).toBeInTheDocument();
    expect(seen.map((r) => `${r.method} ${r.path}`)).toEqual(
      expect.arrayContaining([`POST ${HOOKS}5/test/`, `POST ${HOOKS}5/resume/`, `DELETE ${HOOKS}5/`]),
    );
  });

  it('opens the delivery log and pages through it', async () => {
    open();
    await user().click(
      await screen.findByRole('button', { name: 'Deliveries of https://hooks.example.com/rms' }),
    );
    const drawer = await screen.findByRole('dialog', { name: /Deliveries to/ });
    expect(await within(drawer).findByText('HTTP 503')).toBeInTheDocument();
    expect(within(drawer).getByText('Retrying')).toBeInTheDocument();
    expect(within(drawer).getByText('Delivered')).toBeInTheDocument();
    await user().click(within(drawer).getByTitle('2'));
    expect(await within(drawer).findByText('device.offline')).toBeInTheDocument();
  });
});
