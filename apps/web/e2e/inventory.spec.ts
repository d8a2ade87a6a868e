import { expect, test, type Page } from '@playwright/test';
import { INVENTORY_MESSAGES } from '@rms/contracts/inventory';
import { signsIn } from './device-fixtures';
import { E2E_ADMIN, signInThroughForm } from './fixtures';

// The provider admin keeps the three inventories: empty submit shows the spec's messages, an ID is
// created, found by search, edited and deleted after confirmation. RMS also checks the expiry picker.
const stamp = Date.now().toString(36);

const KINDS = [
  {
    name: 'RMS',
    create: '/create-rms-device-id',
    view: '/view-rms-device-id',
    idLabel: 'RMS ID',
    modelLabel: 'Model',
    search: 'Search RMS IDs',
    created: 'RMS ID created successfully',
    updated: 'RMS ID updated successfully',
  },
  {
    name: 'STLT',
    create: '/create-stltid',
    view: '/view-stltid',
    idLabel: 'STLT ID',
    modelLabel: 'Model No.',
    search: 'Search STLT IDs',
    created: 'STLD ID created successfully',
    updated: 'STLT ID updated successfully',
  },
  {
    name: 'Pole',
    create: '/create-poleid',
    view: '/view-poleid',
    idLabel: 'Pole ID',
    modelLabel: 'Model',
    search: 'Search Pole IDs',
    created: 'Pole ID created successfully',
    updated: 'Pole ID updated successfully',
  },
] as const;

async function find(page: Page, label: string, text: string) {
  await page.getByLabel(label).fill(text);
  await expect(page.getByRole('row')).toHaveCount(2);
  return page.getByRole('row', { name: new RegExp(text) });
}

for (const kind of KINDS) {
  test(`${kind.name} ID: validate, create, search, edit, delete`, async ({ page }) => {
    const code = `${kind.name}-${stamp}`;
    await page.goto('/login/');
    await signInThroughForm(page, E2E_ADMIN.email, E2E_ADMIN.password);
    await expect(page.getByText(/Welcome/)).toBeVisible();
    await page.goto(kind.view);
    await page.getByRole('button', { name: `Add ${kind.idLabel}` }).click();
    await expect(page).toHaveURL(new RegExp(kind.create));

    // Empty submit: the generic required message on each field.
    await page.getByRole('button', { name: 'Submit' }).click();
    for (const label of [kind.idLabel, 'Manufacture', kind.modelLabel, 'Inventory Date', 'Remarks'])
      await expect(page.getByText(`'${label}' is required!`)).toBeVisible();

    await page.getByLabel(kind.idLabel, { exact: true }).fill(code);
    await page.getByLabel('Manufacture', { exact: true }).fill('Surya Power');
    await page.getByLabel(kind.modelLabel, { exact: true }).fill('SP-100');
    await page.getByLabel('Inventory Date', { exact: true }).fill('15/01/2026');
    await page.getByLabel('Inventory Date', { exact: true }).press('Enter');
    await page.getByLabel('Remarks', { exact: true }).fill('First batch');

    if (kind.name === 'RMS') {
      await expect(page.getByText("'Expiry Date' is required!")).toBeVisible();
      // Today and earlier are disabled in the picker; tomorrow is not.
      const expiry = page.getByLabel('Expiry Date', { exact: true });
      await expiry.click();
      const dropdown = page.locator('.ant-picker-dropdown:visible');
      const now = new Date();
      const iso = (d: Date) =>
        `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
      await expect(dropdown.locator(`td[title="${iso(now)}"]`)).toHaveClass(/ant-picker-cell-disabled/);
      // A past day typed in stays in the field with the rule's message (antd alone would drop it).
      await expiry.fill('01/01/2020');
      await expiry.press('Tab');
      await expect(page.getByText(INVENTORY_MESSAGES.expiryAfterToday)).toBeVisible();
      await expect(expiry).toHaveValue('01/01/2020');
      await expiry.click();
      await expiry.fill('31/12/2030');
      // Tab commits the typed date without submitting the form (Enter would submit it).
      await expiry.press('Tab');
      await expect(page.getByText("'Expiry Date' is required!")).toHaveCount(0);
    }

    await page.getByRole('button', { name: 'Submit' }).click();
    await expect(page.locator('.ant-message').getByText(kind.created)).toBeVisible();
    if (kind.name === 'RMS') {
      await expect(page.getByRole('dialog', { name: kind.created })).toBeVisible();
      // The new device's key is shown once, and the device signs in to the broker with it.
      const key = (await page.getByTestId('device-key').textContent())!.trim();
      expect(key).toMatch(/^rmsk_/);
      await expect(signsIn(code, key)).resolves.toBe(true);
      await expect(signsIn(code, `${key}x`)).resolves.toBe(false);
      await page.getByRole('button', { name: 'OK' }).click();
    }
    await expect(page).toHaveURL(new RegExp(kind.view));

    let row = await find(page, kind.search, code);
    await expect(row.getByText('15/01/2026')).toBeVisible();
    await expect(row.getByText('First batch')).toBeVisible();
    if (kind.name === 'RMS') await expect(row.getByText('31/12/2030')).toBeVisible();

    // Clearing the search reloads the whole list.
    await page.getByLabel(kind.search).fill('');
    await expect(page).not.toHaveURL(/query=/);

    row = await find(page, kind.search, code);
    await row.getByRole('button', { name: `Edit ${code}` }).click();
    await expect(page).toHaveURL(new RegExp(kind.create));
    await expect(page.getByLabel(kind.idLabel, { exact: true })).toHaveValue(code);
    if (kind.name === 'RMS') {
      // A new key replaces the old one.
      await page.getByRole('button', { name: 'Create new key' }).click();
      await page.getByRole('button', { name: 'Yes' }).click();
      const key = (await page.getByTestId('device-key').textContent())!.trim();
      await expect(signsIn(code, key)).resolves.toBe(true);
      await page.getByRole('button', { name: 'OK' }).click();
    }
    await page.getByLabel('Remarks', { exact: true }).fill('Moved to store 2');
    await page.getByRole('button', { name: 'Update' }).click();
    await expect(page.getByText(kind.updated)).toBeVisible();
    await expect(page).toHaveURL(new RegExp(kind.view));

    row = await find(page, kind.search, code);
    await expect(row.getByText('Moved to store 2')).toBeVisible();
    await row.getByRole('button', { name: `Delete ${code}` }).click();
    await expect(page.getByText('Are you sure to delete this?')).toBeVisible();
    await page.getByRole('button', { name: 'Yes' }).click();
    await expect(page.getByText('Pole ID/STLT ID/Device ID has been Deleted Successfully.')).toBeVisible();
    await expect(page.getByText(`No ${kind.idLabel} matches this search`)).toBeVisible();
  });
}
