import { expect, test, type Page } from '@playwright/test';
import { MSISDN_MESSAGES as M } from '@rms/contracts/msisdn';
import { E2E_ADMIN, signInThroughForm } from './fixtures';

// The admin maps a SIM card, finds it, edits it, is refused a duplicate SIM number, then deletes it.
// Numbers come from the clock so a rerun against the same server does not collide.
const stamp = String(Date.now()).slice(-9);
const SIM = `899110${stamp}0001`;
const IMSI = `404450${stamp}`;
const MSISDN = `+91${stamp.padStart(10, '9')}`;
const NEW_MSISDN = `98${stamp.slice(-8)}`;

async function fill(page: Page, values: { sim: string; imsi: string; msisdn: string }) {
  await page.getByLabel('SIM NO.', { exact: true }).fill(values.sim);
  await page.getByLabel('IMSI', { exact: true }).fill(values.imsi);
  await page.getByLabel('MSISDN', { exact: true }).fill(values.msisdn);
}

async function search(page: Page, text: string) {
  await page.getByLabel('Search MSISDN mappings').fill(text);
  await expect(page.getByRole('row')).toHaveCount(2);
  return page.getByRole('row', { name: new RegExp(text.replace('+', '\\+')) });
}

test('add, find, edit, refuse a duplicate SIM number, delete', async ({ page }) => {
  await page.goto('/login/');
  await signInThroughForm(page, E2E_ADMIN.email, E2E_ADMIN.password);
  await expect(page.getByText(/Welcome/)).toBeVisible();
  await page.goto('/view-msison-mapping');
  await expect(page.getByRole('heading', { name: 'View MSISDN Mapping' })).toBeVisible();
  await page.getByRole('button', { name: 'Add MSISDN' }).click();
  await expect(page).toHaveURL(/\/add-msison-mapping/);
  await expect(page.getByRole('heading', { name: 'ADD MSISDN Mapping' })).toBeVisible();

  // Empty submit: the spec's messages on the fields.
  await page.getByRole('button', { name: 'Submit' }).click();
  await expect(page.getByText("'SIM NO.' is required!")).toBeVisible();
  await expect(page.getByText("'IMSI' is required!")).toBeVisible();
  await expect(page.getByText("'MSISDN' is required!")).toBeVisible();
  // A malformed number: the contract's format message, before any call.
  await page.getByLabel('IMSI', { exact: true }).fill('12345');
  await expect(page.getByText(M.imsiPattern)).toBeVisible();

  await fill(page, { sim: SIM, imsi: IMSI, msisdn: MSISDN });
  await page.getByRole('button', { name: 'Submit' }).click();
  await expect(page.getByText(M.added)).toBeVisible();
  await expect(page).toHaveURL(/\/view-msison-mapping/);

  // Find it by search, then edit it: the form arrives prefilled.
  let row = await search(page, SIM);
  await expect(row).toContainText(IMSI);
  await expect(row).toContainText(MSISDN);
  await row.getByRole('button', { name: `Edit ${SIM}` }).click();
  await expect(page).toHaveURL(/\/add-msison-mapping/);
  await expect(page.getByLabel('SIM NO.', { exact: true })).toHaveValue(SIM);
  await expect(page.getByLabel('IMSI', { exact: true })).toHaveValue(IMSI);
  await page.getByLabel('MSISDN', { exact: true }).fill(NEW_MSISDN);
  await page.getByRole('button', { name: 'Update' }).click();
  await expect(page.getByText(M.updated)).toBeVisible();
  await expect(page).toHaveURL(/\/view-msison-mapping/);
  row = await search(page, NEW_MSISDN);
  await expect(row).toContainText(SIM);

  // A second mapping with the same SIM number: the server's field error under SIM NO.
  await page.getByRole('button', { name: 'Add MSISDN' }).click();
  await fill(page, { sim: SIM, imsi: `404451${stamp}`, msisdn: `97${stamp.slice(-8)}` });
  await page.getByRole('button', { name: 'Submit' }).click();
  await expect(page.locator('#msisdn-mapping_sim_number_help')).toHaveText(M.simNumberTaken);
  await expect(page).toHaveURL(/\/add-msison-mapping/);
  await page.getByRole('button', { name: 'Cancel' }).click();
  await expect(page).toHaveURL(/\/view-msison-mapping/);

  // Delete with confirmation: it leaves the list, and its SIM number can be mapped again.
  row = await search(page, SIM);
  await row.getByRole('button', { name: `Delete ${SIM}` }).click();
  await expect(page.getByText('Are you sure to delete this?')).toBeVisible();
  await page.getByRole('button', { name: 'Yes' }).click();
  await expect(page.getByText(M.deleted)).toBeVisible();
  await expect(page.getByText('No mapping matches this search')).toBeVisible();
  await page.getByRole('button', { name: 'Add MSISDN' }).click();
  await fill(page, { sim: SIM, imsi: `404452${stamp}`, msisdn: `96${stamp.slice(-8)}` });
  await page.getByRole('button', { name: 'Submit' }).click();
  // The first addition's message may still be showing: the move back to the list tells this one saved.
  await expect(page).toHaveURL(/\/view-msison-mapping/);
  await expect(await search(page, SIM)).toContainText(`404452${stamp}`);
});
