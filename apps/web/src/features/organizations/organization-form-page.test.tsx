import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { GSTIN_MESSAGES, PAN_MESSAGES } from '@rms/contracts/tax-ids';
import type { OrganizationRow } from '@rms/contracts/organizations';
import { describe, expect, it } from 'vitest';
import { stubApi, type FakeAnswer } from '../../test-utils/fake-api';
import { renderRoutes } from '../../test-utils/render';
import { organizationRow } from '../../test-utils/rows';
import { OrganizationFormPage } from './organization-form-page';

// The organization form checks PAN and GST number with the contract's rules: the message names the
// problem, what was typed stays in the field, and nothing is sent.

const API = {
  'GET admin_settings/permissions/': (): FakeAnswer => [200, [{ key: 'VIEW_COMPANY' }]],
  'GET admin_settings/state/': (): FakeAnswer => [200, [{ id: 7, name: 'Delhi' }]],
  'GET admin_settings/city/': (): FakeAnswer => [200, [{ id: 70, name: 'New Delhi', state: 7 }]],
};

const record = organizationRow({
  id: 12,
  company_name: 'Ujala Lights',
  name: 'Ravi Kumar',
  email: 'owner@ujala.example',
  mobile: '9812345678',
  state: 7,
  city: 70,
  state_data: { name: 'Delhi' },
  city_data: { name: 'New Delhi' },
  address: '12 MG Road',
  gst: '07ABCPE1234F1ZD',
  pan: 'ABCPE1234F',
  activation_date: '2026-01-01',
  expiry_date: '2030-12-31',
  sub_domain: 'ujala',
  permissions: [{ key: 'VIEW_COMPANY', is_active: true }],
});

const renderForm = (state?: { record: OrganizationRow }) =>
  renderRoutes(
    [
      { path: '/company-registration', element: <OrganizationFormPage /> },
      { path: '/company-view', element: <p>All Organizations</p> },
    ],
    { pathname: '/company-registration', state },
  );

describe('organization form: PAN and GST number', () => {
  it('names a wrong check character and a PAN with no holder type, keeping what was typed', async () => {
    const seen = stubApi(API);
    renderForm();
    const user = userEvent.setup();
    await user.type(screen.getByLabelText('PAN'), 'abcde1234f');
    await user.type(screen.getByLabelText('GST'), '07abcpe1234f1zx');
    await user.click(screen.getByRole('button', { name: 'Submit' }));

    expect(await screen.findByText(PAN_MESSAGES.holderType)).toBeInTheDocument();
    expect(screen.getByText(GSTIN_MESSAGES.checksum)).toBeInTheDocument();
    expect(screen.getByLabelText('PAN')).toHaveValue('ABCDE1234F');
    expect(screen.getByLabelText('GST')).toHaveValue('07ABCPE1234F1ZX');
    expect(seen.filter((r) => r.method !== 'GET')).toEqual([]);
  });

  it('names a state code outside the list', async () => {
    stubApi(API);
    renderForm();
    const user = userEvent.setup();
    // 40 is no state; its check character is right for these 14 characters.
    await user.type(screen.getByLabelText('GST'), '40ABCPE1234F1ZN');
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    expect(await screen.findByText(GSTIN_MESSAGES.stateCode)).toBeInTheDocument();
  });

  it("asks for the organization's PAN inside the GST number, and checks again when the PAN changes", async () => {
    const seen = stubApi(API);
    renderForm({ record });
    const user = userEvent.setup();
    const panField = await screen.findByLabelText('PAN');
    await user.clear(panField);
    await user.type(panField, 'AAPFU0939F');
    await user.click(screen.getByRole('button', { name: 'Update' }));

    expect(await screen.findByText(GSTIN_MESSAGES.panMismatch)).toBeInTheDocument();
    expect(screen.getByLabelText('GST')).toHaveValue('07ABCPE1234F1ZD');
    expect(seen.filter((r) => r.method === 'PUT')).toEqual([]);

    await user.clear(panField);
    await user.type(panField, 'ABCPE1234F');
    await waitFor(() => expect(screen.queryByText(GSTIN_MESSAGES.panMismatch)).not.toBeInTheDocument());
  });
});
