import { expect, test, type Page } from '@playwright/test';
import { E2E_ADMIN, signInThroughForm } from './fixtures';

// A person's path through the five master-data screens, as the provider's super-user.
// Names carry a run suffix so the spec can run again against the same server.
const run = Date.now().toString(36).slice(-5);

async function signIn(page: Page, path: string) {
  await page.goto(`/login/?next=${encodeURIComponent(path)}`);
  await signInThroughForm(page, E2E_ADMIN.email, E2E_ADMIN.password);
  await expect(page).toHaveURL(new RegExp(`${path.replace(/[?]/g, '\\?')}$`));
}

/** Picks an option of an antd Select, typing to search first; the option is looked up in that Select's own list. */
async function choose(page: Page, label: string, option: string) {
  const input = page.getByLabel(label, { exact: true });
  await input.click();
  await input.fill(option);
  const list = await input.getAttribute('aria-controls');
  const dropdown = page.locator('.ant-select-dropdown', { has: page.locator(`[id="${list}"]`) });
  await dropdown
    .locator('.ant-select-item-option')
    .filter({ hasText: new RegExp(`^${option}$`) })
    .click();
  // A multiple select stays open after a pick and would cover the next field.
  await input.press('Escape');
  await expect(dropdown).toBeHidden();
}

async function confirmDelete(page: Page, label: string) {
  await page.getByRole('button', { name: label }).click();
  await expect(page.getByText('Are you sure to delete this?')).toBeVisible();
  await page.getByRole('button', { name: 'Yes' }).click();
}

const tab = (page: Page, name: string) => page.getByRole('tab', { name });

test.describe('master data', () => {
  test('State: validate, add, find, edit, cancel, delete, Load More', async ({ page }) => {
    const name = `Zed State ${run}`;
    await signIn(page, '/admin/state');
    await page.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByText("'State Name' is required!")).toBeVisible();

    await page.getByLabel('State Name').fill(name);
    await page.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByText('State Added Successfully.')).toBeVisible();
    await expect(tab(page, 'View States')).toHaveAttribute('aria-selected', 'true');

    await page.getByLabel('Search state').fill(name);
    // The search has applied once the seeded states are gone from the list.
    await expect(page.getByRole('row', { name: /Andhra Pradesh/ })).toHaveCount(0);
    await expect(page.getByRole('row', { name: new RegExp(name) })).toBeVisible();
    await page.getByRole('button', { name: `Edit ${name}` }).click();
    await expect(tab(page, 'Edit State')).toHaveAttribute('aria-selected', 'true');
    await expect(page.getByLabel('State Name')).toHaveValue(name);
    await page.getByRole('button', { name: 'Cancel' }).click();
    await expect(tab(page, 'View States')).toHaveAttribute('aria-selected', 'true');

    await page.getByRole('button', { name: `Edit ${name}` }).click();
    await page.getByLabel('State Name').fill(`${name} B`);
    await page.getByRole('button', { name: 'Update' }).click();
    await expect(page.getByText('State Updated Successfully.')).toBeVisible();
    await expect(tab(page, 'View States')).toHaveAttribute('aria-selected', 'true');

    // The search box kept its text across the tabs, and "<name>" still finds "<name> B".
    await expect(page.getByLabel('Search state')).toHaveValue(name);
    await confirmDelete(page, `Delete ${name} B`);
    await expect(page.getByText('State deleted successfully')).toBeVisible();
    await expect(page.getByRole('row', { name: new RegExp(`${name} B`) })).toHaveCount(0);

    await page.getByLabel('Search state').fill('');
    await expect(page.getByRole('row', { name: /Andhra Pradesh/ })).toBeVisible();
    await expect(page.getByText('No More Data Found')).toHaveCount(0);
    await page.getByRole('button', { name: 'Load More' }).click();
    await expect(page.getByText('No More Data Found')).toBeVisible();
    await expect(page.getByRole('row', { name: /West Bengal/ })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Load More' })).toHaveCount(0);
  });

  test('City: validate, add under a state, edit, delete', async ({ page }) => {
    const name = `Zed Town ${run}`;
    await signIn(page, '/admin/city');
    await page.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByText("'State' is required!")).toBeVisible();
    await expect(page.getByText("'City Name' is required!")).toBeVisible();

    await choose(page, 'State', 'Kerala');
    await page.getByLabel('City Name').fill(name);
    await page.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByText('City Added Successfully.')).toBeVisible();
    await expect(tab(page, 'View Cities')).toHaveAttribute('aria-selected', 'true');

    await page.getByLabel('Search city or state').fill(name);
    await expect(page.getByRole('row', { name: /Andhra Pradesh/ })).toHaveCount(0);
    await expect(page.getByRole('row', { name: new RegExp(`${name}.*Kerala`) })).toBeVisible();
    await expect(page.getByText('No More Data Found')).toBeVisible();
    await page.getByRole('button', { name: `Edit ${name}` }).click();
    await expect(tab(page, 'Edit City')).toHaveAttribute('aria-selected', 'true');
    await expect(page.getByLabel('City Name')).toHaveValue(name);
    await choose(page, 'State', 'Goa');
    await page.getByRole('button', { name: 'Update' }).click();
    await expect(page.getByText('City Updated Successfully.')).toBeVisible();
    await expect(page.getByRole('row', { name: new RegExp(`${name}.*Goa`) })).toBeVisible();

    await confirmDelete(page, `Delete ${name}`);
    await expect(page.getByText('City deleted successfully')).toBeVisible();
    await expect(page.getByRole('row', { name: new RegExp(name) })).toHaveCount(0);
  });

  test('GST: validate, add, edit, delete', async ({ page }) => {
    const name = `GST ${run}`;
    await signIn(page, '/gst-settings');
    await page.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByText("'Invoice Name' is required!")).toBeVisible();
    await expect(page.getByText("'GST Name' is required!")).toBeVisible();
    await expect(page.getByText("'GST Value (%)' is required!")).toBeVisible();

    await page.getByLabel('Invoice Name').fill(`Invoice ${run}`);
    await page.getByLabel('GST Name').fill(name);
    await page.getByLabel('GST Value (%)').fill('7.5');
    await page.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByText('GST Value Added Successfully.')).toBeVisible();
    await expect(tab(page, 'View GST')).toHaveAttribute('aria-selected', 'true');
    await expect(page.getByRole('row', { name: new RegExp(`Invoice ${run}.*7.5%`) })).toBeVisible();

    await page.getByRole('button', { name: `Edit ${name}` }).click();
    await expect(tab(page, 'Edit GST')).toHaveAttribute('aria-selected', 'true');
    await expect(page.getByLabel('GST Name')).toHaveValue(name);
    await page.getByLabel('GST Value (%)').fill('8');
    await page.getByRole('button', { name: 'Update' }).click();
    await expect(page.getByText('GST Value Updated Successfully.')).toBeVisible();
    await expect(page.getByRole('row', { name: new RegExp(`${name}.*8%`) })).toBeVisible();

    await confirmDelete(page, `Delete ${name}`);
    await expect(page.getByText('GST deleted successfully')).toBeVisible();
    await expect(page.getByRole('row', { name: new RegExp(name) })).toHaveCount(0);
  });

  test('HSN: validate, add with GST rates, edit, delete', async ({ page }) => {
    const hsn = String(Date.now()).slice(-6);
    await signIn(page, '/hsn-settings');
    await page.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByText("'HSN Number' is required!")).toBeVisible();
    await expect(page.getByText("'Same State' is required!")).toBeVisible();
    await expect(page.getByText("'Other State' is required!")).toBeVisible();

    await page.getByLabel('HSN Number').fill(hsn);
    await choose(page, 'Same State', 'GST 12%');
    await choose(page, 'Other State', 'GST 18%');
    await page.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByText('HSN Setting Added Successfully.')).toBeVisible();
    await expect(tab(page, 'View HSN')).toHaveAttribute('aria-selected', 'true');
    await expect(page.getByRole('row', { name: new RegExp(`${hsn}.*GST 12%.*GST 18%`) })).toBeVisible();

    await page.getByRole('button', { name: `Edit HSN ${hsn}` }).click();
    await expect(tab(page, 'Edit HSN')).toHaveAttribute('aria-selected', 'true');
    await expect(page.getByLabel('HSN Number')).toHaveValue(hsn);
    await choose(page, 'Same State', 'GST 5%');
    await page.getByRole('button', { name: 'Update' }).click();
    await expect(page.getByText('HSN Setting Updated Successfully.')).toBeVisible();
    await expect(
      page.getByRole('row', { name: new RegExp(`${hsn}.*GST 12%.*GST 5%.*GST 18%`) }),
    ).toBeVisible();

    await confirmDelete(page, `Delete HSN ${hsn}`);
    await expect(page.getByText('HSN Setting deleted successfully')).toBeVisible();
    await expect(page.getByRole('row', { name: new RegExp(hsn) })).toHaveCount(0);
  });

  test('Dropdown Settings: tags, enable/disable, add, edit, delete', async ({ page }) => {
    const value = `Panel ${run}`;
    await signIn(page, '/dropdown-settings');
    await expect(page.getByRole('row', { name: /RMS 12V\b.*Not Editable.*Not Deletable/ })).toBeVisible();
    await expect(page.getByRole('row', { name: /RMS 24V\b.*Not Editable/ })).toBeVisible();
    await expect(page.getByRole('row', { name: /RMS 12V GSM.*Default/ })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Edit RMS 12V', exact: true })).toBeDisabled();
    await expect(page.getByRole('button', { name: 'Delete RMS 12V', exact: true })).toBeDisabled();

    await page.getByRole('button', { name: 'Disable RMS 12V GSM' }).click();
    await expect(page.getByText('Dropdown value disabled')).toBeVisible();
    await expect(page.getByRole('row', { name: /RMS 12V GSM.*Disabled/ })).toBeVisible();
    await page.getByRole('button', { name: 'Enable RMS 12V GSM' }).click();
    await expect(page.getByText('Dropdown value enabled')).toBeVisible();
    await expect(page.getByRole('row', { name: /RMS 12V GSM.*Enabled/ })).toBeVisible();

    await page.getByRole('tree').getByText('Inspection Action').click();
    await expect(page.getByRole('row', { name: /Force On.*Not Editable.*Not Deletable/ })).toBeVisible();
    await expect(page.getByRole('button', { name: /^(Enable|Disable) / })).toHaveCount(0);

    await page.getByRole('tree').getByText('Solar Panel Type').click();
    await expect(page.getByRole('row', { name: /Monocrystalline.*Default/ })).toBeVisible();
    await page.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByText("'Value' is required!")).toBeVisible();
    await page.getByLabel('Value').fill(value);
    await page.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByText('Dropdown Value Added Successfully.')).toBeVisible();
    await expect(page.getByRole('row', { name: new RegExp(`${value}.*Default`) })).toBeVisible();

    await page.getByRole('button', { name: `Edit ${value}` }).click();
    await expect(page.getByLabel('Value')).toHaveValue(value);
    await page.getByLabel('Value').fill(`${value} X`);
    await page.getByRole('button', { name: 'Update' }).click();
    await expect(page.getByText('Dropdown Value Updated Successfully.')).toBeVisible();

    await confirmDelete(page, `Delete ${value} X`);
    await expect(page.getByText('Dropdown value deleted successfully')).toBeVisible();
    await expect(page.getByRole('row', { name: new RegExp(value) })).toHaveCount(0);
  });
});
