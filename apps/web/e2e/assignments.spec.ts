import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { E2E_ADMIN, signInThroughForm, signOut } from './fixtures';

// The provider admin assigns an RMS ID (with a device type), an STLT ID and a pole ID to a customer
// organization found by e-mail; the customer's owner then sees the RMS ID in its own inventory list.
const stamp = Date.now().toString(36);
const BUYER = {
  company: `Prakash Roads ${stamp}`,
  email: `owner.${stamp}@prakash.example`,
  password: 'Prakash-pass-1234',
};
const CODES = { rms: `RMS-AS-${stamp}`, stlt: `STLT-AS-${stamp}`, pole: `POLE-AS-${stamp}` };

function dayFrom(days: number): string {
  const d = new Date();
  d.setDate(d.getDate() + days);
  return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
}

async function adminToken(request: APIRequestContext): Promise<string> {
  const login = await request.post('/api/v1/users/login/', {
    data: { username: E2E_ADMIN.email, password: E2E_ADMIN.password },
  });
  expect(login.ok()).toBe(true);
  return ((await login.json()) as { access: string }).access;
}

/** The buyer organization (its owner may view RMS IDs) and one item of each kind, through the API. */
async function prepare(request: APIRequestContext) {
  const headers = { authorization: `Bearer ${await adminToken(request)}` };
  const states = (await (
    await request.get('/api/v1/admin_settings/state/?pagination=false', { headers })
  ).json()) as { id: number }[];
  const cities = (await (
    await request.get(`/api/v1/admin_settings/city/?state=${states[0]!.id}&pagination=false`, { headers })
  ).json()) as { id: number }[];
  const org = await request.post('/api/v1/admin_settings/organizations/', {
    headers,
    data: {
      company_name: BUYER.company,
      state: states[0]!.id,
      city: cities[0]!.id,
      address: '4 Ring Road',
      activation_date: dayFrom(0),
      expiry_date: dayFrom(700),
      pan: 'PQRCT6789K',
      sub_domain: `prakash-${stamp}`,
      name: 'Prakash Owner',
      email: BUYER.email,
      mobile: '9876512345',
      create_password: BUYER.password,
      permissions: [{ key: 'VIEW_RMS' }],
    },
  });
  expect(org.status(), await org.text()).toBe(201);
  const item = (path: string, body: object) =>
    request.post(`/api/v1/devices/${path}/`, {
      headers,
      data: { manufacture: 'Surya', inventory_date: dayFrom(0), remarks: 'For assignment', ...body },
    });
  expect((await item('rms', { device_id: CODES.rms, model: 'SP-1', expiry_date: dayFrom(30) })).ok()).toBe(
    true,
  );
  expect((await item('stlt', { stlt_id: CODES.stlt, model_no: 'ST-1' })).ok()).toBe(true);
  expect((await item('pole', { pole_id: CODES.pole, model: 'PL-1' })).ok()).toBe(true);
}

async function pick(page: Page, label: string, option: string) {
  await page.getByLabel(label, { exact: true }).click();
  await page.getByLabel(label, { exact: true }).fill(option);
  await page
    .locator('.ant-select-dropdown:visible .ant-select-item-option-content')
    .getByText(option, { exact: true })
    .click();
}

async function findBuyer(page: Page) {
  await page.getByLabel('Search Organization by Email').fill(BUYER.email);
  await page.getByRole('button', { name: /Search$/ }).click();
  await expect(page.getByText(BUYER.company)).toBeVisible();
  await expect(page.getByText('PQRCT6789K')).toBeVisible();
}

async function setExpiry(page: Page, ddmmyyyy: string) {
  await page.getByLabel('Expiry Date', { exact: true }).fill(ddmmyyyy);
  await page.getByLabel('Expiry Date', { exact: true }).press('Tab');
}

test('assign an RMS, STLT and pole ID; the buyer sees the RMS ID', async ({ page, request }) => {
  await prepare(request);
  await page.goto('/login/');
  await signInThroughForm(page, E2E_ADMIN.email, E2E_ADMIN.password);
  await expect(page.getByText(/Welcome/)).toBeVisible();

  await page.goto('/assign-rms');
  await expect(page.getByRole('heading', { name: 'Assign RMS' })).toBeVisible();
  await expect(page.getByRole('button', { name: /Add New Organization/ })).toBeVisible();

  // Before a search: the spec's warning, nothing is sent.
  await page.getByRole('button', { name: 'Submit' }).click();
  await expect(page.getByText('Please search user by email')).toBeVisible();

  await page.getByLabel('Search Organization by Email').fill(`nobody.${stamp}@nowhere.example`);
  await page.getByRole('button', { name: /Search$/ }).click();
  await expect(page.getByText('No organization found')).toBeVisible();

  await findBuyer(page);
  // The expiry picker disables today.
  await page.getByLabel('Expiry Date', { exact: true }).click();
  const today = dayFrom(0);
  await expect(page.locator(`.ant-picker-dropdown:visible td[title="${today}"]`)).toHaveClass(
    /ant-picker-cell-disabled/,
  );
  await page.keyboard.press('Escape');
  await pick(page, 'RMS ID', CODES.rms);
  await pick(page, 'Device Type', 'RMS 24V GSM');
  await setExpiry(page, '31/12/2031');
  await page.getByRole('heading', { name: 'Assign RMS' }).click();
  await expect(page.locator('.ant-select-dropdown:visible, .ant-picker-dropdown:visible')).toHaveCount(0);
  await page.setViewportSize({ width: 1440, height: 900 });
  await page.screenshot({ path: 'test-results/assign-rms-1440.png', fullPage: true });
  await page.getByRole('button', { name: 'Submit' }).click();
  await expect(page.getByText('RMS ID assigned successfully')).toBeVisible();

  // Reset: the organization card and the e-mail are gone; the history shows the assignment.
  await expect(page.getByLabel('Search Organization by Email')).toHaveValue('');
  const history = page.getByRole('region', { name: 'Recent assignments' });
  const row = history.getByRole('row', { name: new RegExp(CODES.rms) });
  await expect(row).toBeVisible();
  await expect(row.getByText(BUYER.company)).toBeVisible();
  await expect(row.getByText('31/12/2031')).toBeVisible();
  await expect(row.getByText('RMS 24V GSM')).toBeVisible();
  await page.setViewportSize({ width: 760, height: 900 });
  await page.screenshot({ path: 'test-results/assign-rms-760.png', fullPage: true });
  await page.setViewportSize({ width: 1440, height: 900 });

  for (const [path, label, code] of [
    ['/assign-stlt', 'STLT ID', CODES.stlt],
    ['/assign-pole', 'Pole ID', CODES.pole],
  ] as const) {
    await page.goto(path);
    await findBuyer(page);
    await pick(page, label, code);
    await setExpiry(page, '30/06/2032');
    await page.getByRole('button', { name: 'Submit' }).click();
    await expect(page.getByText('STLT ID and Pole ID assigned successfully')).toBeVisible();
    await expect(
      page.getByRole('region', { name: 'Recent assignments' }).getByRole('row', { name: new RegExp(code) }),
    ).toBeVisible();
  }

  // The buyer's owner now holds the RMS ID.
  await signOut(page);
  await signInThroughForm(page, BUYER.email, BUYER.password);
  await expect(page.getByText(/Welcome/)).toBeVisible();
  await page.goto('/view-rms-device-id');
  await expect(page.getByRole('row', { name: new RegExp(CODES.rms) })).toBeVisible();
  await expect(page.getByRole('row', { name: new RegExp(CODES.rms) }).getByText('31/12/2031')).toBeVisible();
});
