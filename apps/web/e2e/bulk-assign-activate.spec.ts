import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { BULK_AREAS, BULK_MESSAGES } from '@rms/contracts/bulk-upload';
import { E2E_ADMIN, signInThroughForm, shootAtWidths } from './fixtures';
import { downloadSample, expectRefused, expectSaved, rowWith, sheetOf, uploadSheet } from './sheets';

// Bulk assignment and activation from Excel: the provider admin uploads an Assign RMS sheet (a bad row
// shows the Row / Error Msg table and saves nothing; a good one moves the RMS IDs, which then show in
// the history), and a Device Activation sheet whose rows then show in View Activation.

const stamp = Date.now().toString(36);
const BUYER_EMAIL = `bulk.${stamp}@buyer.example`;
const code = (kind: string, n: number) => `${kind}-BK-${stamp}-${n}`;

function dayFrom(days: number): string {
  const d = new Date();
  d.setDate(d.getDate() + days);
  return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
}

async function adminHeaders(request: APIRequestContext) {
  const login = await request.post('/api/v1/users/login/', {
    data: { username: E2E_ADMIN.email, password: E2E_ADMIN.password },
  });
  expect(login.ok()).toBe(true);
  return { authorization: `Bearer ${((await login.json()) as { access: string }).access}` };
}

/** A buyer organization and, in the provider's inventory, RMS IDs 1–4 and STLT IDs 1–2. */
async function prepare(request: APIRequestContext) {
  const headers = await adminHeaders(request);
  const states = (await (
    await request.get('/api/v1/admin_settings/state/?pagination=false', { headers })
  ).json()) as { id: number }[];
  const cities = (await (
    await request.get(`/api/v1/admin_settings/city/?state=${states[0]!.id}&pagination=false`, { headers })
  ).json()) as { id: number }[];
  const org = await request.post('/api/v1/admin_settings/organizations/', {
    headers,
    data: {
      company_name: `Bulk Buyer ${stamp}`,
      state: states[0]!.id,
      city: cities[0]!.id,
      address: '4 Ring Road',
      activation_date: dayFrom(0),
      expiry_date: dayFrom(700),
      pan: 'PQRCT6789K',
      sub_domain: `bulk-${stamp}`,
      name: 'Bulk Owner',
      email: BUYER_EMAIL,
      mobile: '9876512345',
      create_password: 'Bulk-pass-12345',
      permissions: [{ key: 'VIEW_RMS' }],
    },
  });
  expect(org.status(), await org.text()).toBe(201);
  const item = (path: string, body: object) =>
    request.post(`/api/v1/devices/${path}/`, {
      headers,
      data: { manufacture: 'Surya', inventory_date: dayFrom(0), remarks: 'For bulk', ...body },
    });
  for (const n of [1, 2, 3, 4]) {
    const res = await item('rms', { device_id: code('RMS', n), model: 'SP-1', expiry_date: dayFrom(30) });
    expect(res.ok(), await res.text()).toBe(true);
  }
  for (const n of [1, 2]) {
    expect((await item('stlt', { stlt_id: code('STLT', n), model_no: 'ST-1' })).ok()).toBe(true);
  }
}

async function signIn(page: Page) {
  await page.goto('/login/');
  await signInThroughForm(page, E2E_ADMIN.email, E2E_ADMIN.password);
  await expect(page.getByText(/Welcome/)).toBeVisible();
}

/** 1440 and 760 px wide; a whole-page shot would leave an open modal's mask short of the page's end. */
const shoot = (page: Page, path: string) => shootAtWidths(page, path);

test.describe.configure({ mode: 'serial' });

test.beforeAll(async ({ request }) => prepare(request));

test('Assign RMS: a bad row refused, a good sheet moves the RMS IDs', async ({ page }, testInfo) => {
  const area = BULK_AREAS.assign_rms;
  await page.setViewportSize({ width: 1440, height: 900 });
  await signIn(page);
  await page.goto('/assign-rms');
  await expect(page.getByRole('heading', { name: 'Assign RMS' })).toBeVisible();
  const [header, example] = await downloadSample(page, 'assign_rms');
  const row = (n: number, over: Record<string, string> = {}) =>
    rowWith(header, example, { 'Buyer E-mail': BUYER_EMAIL, 'RMS ID': code('RMS', n), ...over });

  const bad = await sheetOf([header, row(1), row(2, { 'RMS ID': `NOPE-${stamp}` }), row(1)]);
  const dialog = await expectRefused(uploadSheet(page, area.title, bad));
  const table = dialog.getByRole('table');
  await expect(table.getByRole('columnheader', { name: 'Row' })).toBeVisible();
  await expect(table.getByRole('columnheader', { name: 'Error Msg' })).toBeVisible();
  await expect(
    table.getByRole('row', { name: `3 ${BULK_MESSAGES.notFound('RMS ID', `NOPE-${stamp}`)}` }),
  ).toBeVisible();
  await expect(
    table.getByRole('row', { name: `4 ${BULK_MESSAGES.duplicateInFile('RMS ID', 2)}` }),
  ).toBeVisible();
  await shoot(page, testInfo.outputPath('assign-rms-errors'));
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog).toBeHidden();

  const history = page.getByRole('region', { name: 'Recent assignments' });
  await expect(history.getByRole('row', { name: new RegExp(code('RMS', 1)) })).toHaveCount(0);

  const done = await expectSaved(uploadSheet(page, area.title, await sheetOf([header, row(1), row(2)])));
  await expect(page.getByText(area.success)).toBeVisible();
  await expect(done).toBeHidden();
  for (const n of [1, 2]) {
    await expect(history.getByRole('row', { name: new RegExp(code('RMS', n)) })).toBeVisible();
  }
  await shoot(page, testInfo.outputPath('assign-rms-done'));
});

test('Device activation: a bad row refused, a good sheet shows in View Activation', async ({
  page,
}, testInfo) => {
  const area = BULK_AREAS.activation;
  await page.setViewportSize({ width: 1440, height: 900 });
  await signIn(page);
  await page.goto('/device-activation');
  await expect(page.getByRole('heading', { name: 'Device Activation' })).toBeVisible();
  const [header, example] = await downloadSample(page, 'activation');
  const project = `Bulk Project ${stamp}`;
  const row = (n: number, over: Record<string, string> = {}) =>
    rowWith(header, example, {
      'Project Name': project,
      'RMS ID': code('RMS', n),
      'STLT ID': code('STLT', n - 2),
      'Pole ID': '',
      ...over,
    });

  const bad = await sheetOf([header, row(3), row(4, { State: 'Atlantis' })]);
  const dialog = await expectRefused(uploadSheet(page, area.title, bad));
  await expect(
    dialog.getByRole('row', { name: `3 ${BULK_MESSAGES.notFound('State', 'Atlantis')}` }),
  ).toBeVisible();
  await shoot(page, testInfo.outputPath('activation-errors'));
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog).toBeHidden();

  await expectSaved(uploadSheet(page, area.title, await sheetOf([header, row(3), row(4)])));
  await expect(page.getByText(area.success)).toBeVisible();

  await page.goto('/view-activation');
  await expect(page.getByRole('heading', { name: 'Activated Devices' })).toBeVisible();
  await expect(page.getByRole('link', { name: /Sample Download/ })).toBeVisible();
  await page.getByLabel('Search activated devices').fill(project);
  await page.getByRole('button', { name: 'Search' }).click();
  for (const n of [3, 4]) {
    await expect(page.getByRole('row', { name: new RegExp(code('RMS', n)) })).toBeVisible();
  }
  await shoot(page, testInfo.outputPath('view-activation'));
});
