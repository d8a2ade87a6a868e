import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { API_KEY_MESSAGES as M } from '@rms/contracts/api-keys';
import { stubApi, type FakeAnswer } from '../../test-utils/fake-api';
import { makeUser, signIn } from '../../test-utils/fixtures';
import { renderRoutes } from '../../test-utils/render';
import { apiKeyRow, pageOf } from '../../test-utils/rows';
import { ApiKeysPage } from './api-keys-page';

const user = () => userEvent.setup({ pointerEventsCheck: 0 });
const KEY = 'rms_ab12cd34_Q2hvb3NlIGEgbG9uZyByYW5kb20gc2VjcmV0IGhlcmUhISEhIQ';
const CODES = ['MANAGE_API_KEYS', 'VIEW_RMS', 'CREATE_RMS'];
/** The caller's own codes, as the permissions endpoint answers them. */
const OWN: FakeAnswer = [200, CODES.map((key) => ({ key }))];

function open(rows = [apiKeyRow()]) {
  signIn(makeUser({ permissions: CODES.map((key) => ({ key })) }));
  const seen = stubApi({
    'GET admin_settings/api_keys/': () => [200, pageOf(rows)],
    'GET admin_settings/permissions/': () => OWN,
    'POST admin_settings/api_keys/': () => [
      201,
      { ...apiKeyRow({ id: 9, name: 'SIM sync' }), key: KEY, detail: M.created },
    ],
    'PUT admin_settings/api_keys/': (r) => [
      200,
      { ...apiKeyRow({ id: (r.body as { id: number }).id, status: 'revoked' }), detail: M.revoked },
    ],
  });
  renderRoutes([{ path: '/api-keys', element: <ApiKeysPage /> }], '/api-keys');
  return seen;
}

describe('API Keys', () => {
  it('lists the keys with prefix, codes, creator, expiry and last use', async () => {
    open([
      apiKeyRow({ expires_on: '2026-12-31', last_used_at: '2026-03-05T09:00:00Z' }),
      apiKeyRow({
        id: 4,
        name: 'Old feed',
        prefix: 'rms_zz99yy88',
        status: 'revoked',
        revoked_at: '2026-02-01T00:00:00Z',
      }),
    ]);
    const table = await screen.findByRole('table');
    expect(await within(table).findByText('Billing export')).toBeInTheDocument();
    expect(within(table).getByText('rms_ab12cd34')).toBeInTheDocument();
    expect(within(table).getAllByText('View Rms')).toHaveLength(2);
    expect(within(table).getByText('31/12/2026')).toBeInTheDocument();
    expect(within(table).getByText('05/03/2026 14:30:00')).toBeInTheDocument();
    expect(within(table).getAllByText('asha@example.com')).toHaveLength(2);
    // A revoked key cannot be revoked again.
    const old = within(table).getByText('Old feed').closest('tr')!;
    expect(within(old).getByText('Revoked')).toBeInTheDocument();
    expect(within(old).queryByRole('button', { name: /Revoke/ })).not.toBeInTheDocument();
  });

  it("creates a key from the creator's own codes and shows its secret once, with the warning", async () => {
    const seen = open();
    await user().click(await screen.findByRole('button', { name: /Create API Key/ }));
    const dialog = await screen.findByRole('dialog', { name: 'Create API Key' });
    // MANAGE_API_KEYS is the caller's, but no key may hold it: it is not offered.
    expect(await within(dialog).findByLabelText('View Rms')).toBeInTheDocument();
    expect(within(dialog).queryByLabelText('Manage Api Keys')).not.toBeInTheDocument();
    await user().click(within(dialog).getByLabelText('Name'));
    await user().paste('SIM sync');
    await user().click(within(dialog).getByLabelText('Create Rms'));
    await user().click(within(dialog).getByRole('button', { name: 'Create' }));

    const secret = await screen.findByTestId('api-key-secret');
    expect(secret).toHaveTextContent(KEY);
    expect(screen.getByText(M.showOnce)).toBeInTheDocument();
    expect(seen.find((r) => r.method === 'POST')?.body).toEqual({
      name: 'SIM sync',
      permissions: [{ key: 'CREATE_RMS' }],
      expires_on: null,
    });
    await user().click(screen.getByRole('button', { name: 'I have copied it' }));
    await waitFor(() => expect(screen.queryByText(KEY)).not.toBeInTheDocument());
  });

  it('asks for a name and a permission before it calls anything', async () => {
    const seen = open();
    await user().click(await screen.findByRole('button', { name: /Create API Key/ }));
    const dialog = await screen.findByRole('dialog', { name: 'Create API Key' });
    await within(dialog).findByLabelText('View Rms');
    await user().click(within(dialog).getByRole('button', { name: 'Create' }));
    expect(await within(dialog).findByText("'Name' is required!")).toBeInTheDocument();
    expect(within(dialog).getByText(M.choosePermissions)).toBeInTheDocument();
    expect(seen.filter((r) => r.method === 'POST')).toHaveLength(0);
  });

  it('shows what the server refuses on its field', async () => {
    signIn(makeUser({ permissions: CODES.map((key) => ({ key })) }));
    stubApi({
      'GET admin_settings/api_keys/': () => [200, pageOf([])],
      'GET admin_settings/permissions/': () => OWN,
      'POST admin_settings/api_keys/': () => [
        400,
        {
          detail: 'These permissions cannot be granted: VIEW_RMS',
          errors: { permissions: ['These permissions cannot be granted: VIEW_RMS'] },
        },
      ],
    });
    renderRoutes([{ path: '/api-keys', element: <ApiKeysPage /> }], '/api-keys');
    await user().click(await screen.findByRole('button', { name: /Create API Key/ }));
    const dialog = await screen.findByRole('dialog', { name: 'Create API Key' });
    await user().click(within(dialog).getByLabelText('Name'));
    await user().paste('Too much');
    await user().click(await within(dialog).findByLabelText('View Rms'));
    await user().click(within(dialog).getByRole('button', { name: 'Create' }));
    expect(
      await within(dialog).findByText('These permissions cannot be granted: VIEW_RMS'),
    ).toBeInTheDocument();
  });

  it('revokes a key after confirmation', async () => {
    const seen = open();
    const table = await screen.findByRole('table');
    await user().click(await within(table).findByRole('button', { name: 'Revoke Billing export' }));
    await user().click(await screen.findByRole('button', { name: 'Revoke' }));
    await waitFor(() =>
      expect(seen.find((r) => r.method === 'PUT')?.body).toEqual({ id: 3, is_active: false }),
    );
    expect(await screen.findByText(M.revoked)).toBeInTheDocument();
  });
});
