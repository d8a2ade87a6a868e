import { expect, test } from '@playwright/test';
import { activate, adminToken, createRmsId } from './device-fixtures';
import { E2E_ADMIN, pickByText, signInThroughForm } from './fixtures';

// Parameter setting for one device (a range message, then a valid save that records version 1), and a
// bulk parameter on two selected activated devices.
const stamp = Date.now().toString(36).toUpperCase();
const SHOTS = 'test-results/screens';

test('parameter setting: out-of-range value refused, valid save stored as a new version', async ({
  page,
  request,
}) => {
  const token = await adminToken(request);
  const code = `PAR-${stamp}`;
  await createRmsId(request, token, code);
  await page.goto('/login/');
  await signInThroughForm(page, E2E_ADMIN.email, E2E_ADMIN.password);
  await expect(page.getByText(/Welcome/)).toBeVisible();

  await page.goto('/parameter-setting');
  await expect(page.getByText('Select a device to see and set its parameters.')).toBeVisible();
  await page.getByLabel('Device').click();
  await pickByText(page, page.getByLabel('Device'), code, code);
  await expect(page.getByText('Defaults — never set')).toBeVisible();
  for (const group of ['Battery', 'Solar', 'Load', 'Timers', 'Features', 'Calibration'])
    await expect(page.locator('.ant-card-head-title', { hasText: new RegExp(`^${group}$`) })).toBeVisible();
  await expect(page.getByLabel('High Cut', { exact: true })).toHaveValue('14.6');

  await page.setViewportSize({ width: 1440, height: 900 });
  await page.screenshot({ path: `${SHOTS}/parameter-setting-1440.png`, fullPage: true });
  await page.setViewportSize({ width: 760, height: 900 });
  await page.screenshot({ path: `${SHOTS}/parameter-setting-760.png`, fullPage: true });
  await page.setViewportSize({ width: 1440, height: 900 });

  await page.getByLabel('High Cut', { exact: true }).fill('40');
  await page.getByLabel('Load Watt', { exact: true }).fill('');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText("'High Cut' must be between 9 and 32 V")).toBeVisible();
  await expect(page.getByText("'Load Watt' is required!")).toBeVisible();

  await page.getByLabel('High Cut', { exact: true }).fill('14.6');
  await page.getByLabel('Load Watt', { exact: true }).fill('45');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Parameter setting added successfully')).toBeVisible();
  await expect(page).toHaveURL(/\/view-rms-device-id/);

  // Back on the screen with the device: version 1, its command pending, the saved value shown.
  await page.goto('/parameter-setting');
  await page.getByLabel('Device').click();
  await pickByText(page, page.getByLabel('Device'), code, code);
  await expect(page.getByText('Version 1 · Pending')).toBeVisible();
  await expect(page.getByLabel('Load Watt', { exact: true })).toHaveValue('45');
});

test('bulk parameter: two selected rows get load watt and hours', async ({ page, request }) => {
  const token = await adminToken(request);
  const codes = [`BLK-A-${stamp}`, `BLK-B-${stamp}`];
  for (const code of codes)
    await activate(request, token, await createRmsId(request, token, code), `Bulk ${code}`);
  await page.goto('/login/');
  await signInThroughForm(page, E2E_ADMIN.email, E2E_ADMIN.password);
  await expect(page.getByText(/Welcome/)).toBeVisible();

  await page.goto('/add-inspection-parameter');
  await expect(page.getByRole('heading', { name: 'Add Bulk Parameter' })).toBeVisible();
  const bulkButton = page.getByRole('button', { name: 'Bulk Parameter' });
  await expect(bulkButton).toBeDisabled();
  await page.getByPlaceholder('Enter User Name or CID or Email Id or Mobile No.').fill(`BLK-`);
  for (const code of codes) await expect(page.getByRole('link', { name: code })).toBeVisible();
  for (const code of codes)
    await page
      .getByRole('row', { name: new RegExp(code) })
      .getByRole('checkbox')
      .check();
  await expect(bulkButton).toBeEnabled();

  await page.setViewportSize({ width: 1440, height: 900 });
  await page.screenshot({ path: `${SHOTS}/bulk-parameter-1440.png`, fullPage: true });
  await page.setViewportSize({ width: 760, height: 900 });
  await page.screenshot({ path: `${SHOTS}/bulk-parameter-760.png`, fullPage: true });
  await page.setViewportSize({ width: 1440, height: 900 });

  await bulkButton.click();
  const modal = page.getByRole('dialog', { name: 'Add Bulk Parameter' });
  await modal.getByLabel('Load Watt').fill('500');
  await modal.getByLabel('Full Brightness Hours').fill('5');
  await modal.getByLabel('Half Brightness Hours').fill('6');
  await modal.getByRole('button', { name: 'Save' }).click();
  await expect(modal.getByText("'Load Watt' must be between 1 and 150 W")).toBeVisible();
  await modal.getByLabel('Load Watt').fill('48');
  await expect(modal.getByText("'Load Watt' must be between 1 and 150 W")).toBeHidden();
  await page.screenshot({ path: `${SHOTS}/bulk-parameter-modal-1440.png` });
  await modal.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Inspected parameter added successfully')).toBeVisible();
  await expect(modal).toBeHidden();
  await expect(bulkButton).toBeDisabled();
  for (const code of codes) {
    const row = page.getByRole('row', { name: new RegExp(code) });
    await expect(row.getByRole('cell', { name: '48', exact: true })).toBeVisible();
    await expect(row.getByRole('cell', { name: '5', exact: true })).toBeVisible();
    await expect(row.getByRole('cell', { name: '6', exact: true })).toBeVisible();
  }
});
