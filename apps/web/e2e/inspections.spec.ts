import { expect, test } from '@playwright/test';
import { activate, adminToken, createRmsId } from './device-fixtures';
import { E2E_ADMIN, signInThroughForm } from './fixtures';

// An inspection forcing two activated devices on, then its row in the history with View All.
const stamp = Date.now().toString(36).toUpperCase();
const SHOTS = 'test-results/screens';

test('inspection: Force On two devices, then the history row lists them', async ({ page, request }) => {
  const token = await adminToken(request);
  const codes = [`INS-A-${stamp}`, `INS-B-${stamp}`];
  let place = { state: '', city: '' };
  for (const code of codes)
    place = await activate(request, token, await createRmsId(request, token, code), `Insp ${code}`);
  await page.goto('/login/');
  await signInThroughForm(page, E2E_ADMIN.email, E2E_ADMIN.password);
  await expect(page.getByText(/Welcome/)).toBeVisible();

  await page.goto('/add-inspection');
  const inspectButton = page.getByRole('button', { name: 'Inspection' });
  await expect(inspectButton).toBeDisabled();
  await expect(page.getByLabel('Rows')).toBeVisible();
  await expect(page.locator('.ant-select', { has: page.getByLabel('Rows') })).toContainText('20');

  // The State filter narrows the rows; the City filter then offers that state's cities.
  await page.getByRole('columnheader', { name: /State/ }).getByRole('button').click();
  await page.locator('.ant-dropdown:visible').getByText(place.state, { exact: true }).click();
  await page.locator('.ant-dropdown:visible').getByRole('button', { name: 'OK' }).click();
  await page.getByPlaceholder('Enter User Name or CID or Email Id or Mobile No.').fill('INS-');
  for (const code of codes) await expect(page.getByRole('link', { name: code })).toBeVisible();
  for (const code of codes)
    await page
      .getByRole('row', { name: new RegExp(code) })
      .getByRole('checkbox')
      .check();
  await expect(inspectButton).toBeEnabled();

  await page.setViewportSize({ width: 1440, height: 900 });
  await page.screenshot({ path: `${SHOTS}/add-inspection-1440.png`, fullPage: true });
  await page.setViewportSize({ width: 760, height: 900 });
  await page.screenshot({ path: `${SHOTS}/add-inspection-760.png`, fullPage: true });
  await page.setViewportSize({ width: 1440, height: 900 });

  await inspectButton.click();
  const modal = page.getByRole('dialog', { name: 'Inspection' });
  // The modal's form mounts with its content: Save before the field is there submits no form yet.
  await expect(modal.getByLabel('Select Action')).toBeVisible();
  await modal.getByRole('button', { name: 'Save' }).click();
  await expect(modal.getByText("'Select Action' is required!")).toBeVisible();
  await modal.getByLabel('Select Action').click();
  await page.locator('.ant-select-item-option', { hasText: 'Force On' }).click();
  await modal.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Inspected successfully')).toBeVisible();
  await expect(page).toHaveURL(/\/view-inspection/);

  await expect(page.getByRole('heading', { name: 'Inspection History' })).toBeVisible();
  await page.getByLabel('Search inspections').fill(codes[0]!);
  const row = page.getByRole('row', { name: /Force On/ }).first();
  await expect(row).toBeVisible();
  await expect(row.getByRole('cell').nth(1)).toHaveText(/^\d{2}\/\d{2}\/\d{4} \d{2}:\d{2} (am|pm)$/);
  await expect(page.getByRole('button', { name: 'Add Device Activation' })).toBeVisible();

  await page.setViewportSize({ width: 1440, height: 900 });
  await page.screenshot({ path: `${SHOTS}/view-inspection-1440.png`, fullPage: true });
  await page.setViewportSize({ width: 760, height: 900 });
  await page.screenshot({ path: `${SHOTS}/view-inspection-760.png`, fullPage: true });
  await page.setViewportSize({ width: 1440, height: 900 });

  await row.getByRole('button', { name: 'View All' }).click();
  const devices = page.getByRole('dialog', { name: 'Devices' });
  for (const code of codes) await expect(devices.getByText(code)).toBeVisible();
  // Let the modal finish opening before the picture.
  await devices.evaluate((el) => Promise.all(el.getAnimations({ subtree: true }).map((a) => a.finished)));
  await expect(page.getByText('Inspected successfully')).toBeHidden();
  await page.screenshot({ path: `${SHOTS}/view-inspection-devices-1440.png` });
});
