import { expect, test } from '@playwright/test';
import { API_KEY_MESSAGES as M, API_KEY_PATTERN } from '@rms/contracts/api-keys';
import { E2E_ADMIN, signInThroughForm } from './fixtures';

// The admin makes an API key for an integration from the menu, copies its secret (shown once), the
// integration calls the API with it (what its code allows, and nothing else), the list shows its last
// use, and once revoked the key is refused.
const NAME = `Billing export ${Date.now()}`;

test('create a key, see its secret once, use it, revoke it', async ({ page, request }) => {
  await page.goto('/login/');
  await signInThroughForm(page, E2E_ADMIN.email, E2E_ADMIN.password);
  await expect(page.getByText(/Welcome/)).toBeVisible();
  const menu = page.getByRole('menu', { name: 'Main menu' });
  await menu.getByText('Integrations').click();
  await menu.getByRole('menuitem', { name: 'API Keys' }).click();
  await expect(page).toHaveURL(/\/api-keys$/);
  await expect(page.getByRole('heading', { name: 'API Keys' })).toBeVisible();

  await page.getByRole('button', { name: /Create API Key/ }).click();
  const form = page.getByRole('dialog', { name: 'Create API Key' });
  // Empty: the contract's messages, no call.
  await form.getByRole('button', { name: 'Create' }).click();
  await expect(form.getByText("'Name' is required!")).toBeVisible();
  await expect(form.getByText(M.choosePermissions)).toBeVisible();
  // The super-user holds every code, but no key may manage keys: it is not offered.
  await expect(form.getByLabel('View Rms')).toBeVisible();
  await expect(form.getByLabel('Manage Api Keys')).toHaveCount(0);
  await form.getByLabel('Name').fill(NAME);
  await form.getByLabel('View Rms').check();
  await form.getByRole('button', { name: 'Create' }).click();

  const shown = page.getByRole('dialog', { name: `API key "${NAME}" created` });
  await expect(shown.getByText(M.showOnce)).toBeVisible();
  const key = (await shown.getByTestId('api-key-secret').innerText()).trim();
  expect(key).toMatch(API_KEY_PATTERN);
  await shown.getByRole('button', { name: 'I have copied it' }).click();
  await expect(page.getByText(key)).toHaveCount(0);

  const row = page.getByRole('row', { name: new RegExp(NAME) });
  await expect(row).toContainText(key.slice(0, 12));
  await expect(row).toContainText('View Rms');
  await expect(row).toContainText('Active');
  await expect(row.getByRole('cell', { name: 'Never' })).toHaveCount(2); // no last day, never used

  // The integration: its code lets it read RMS IDs, and nothing else.
  const headers = { authorization: `Bearer ${key}` };
  expect((await request.get('/api/v1/devices/rms/', { headers })).status()).toBe(200);
  expect((await request.get('/api/v1/devices/stlt/', { headers })).status()).toBe(403);
  await page.reload();
  await expect(row.getByRole('cell', { name: 'Never' })).toHaveCount(1); // used now

  await row.getByRole('button', { name: `Revoke ${NAME}` }).click();
  await page.getByRole('button', { name: 'Revoke', exact: true }).click();
  await expect(page.getByText(M.revoked)).toBeVisible();
  await expect(row).toContainText('Revoked');
  expect((await request.get('/api/v1/devices/rms/', { headers })).status()).toBe(401);
});
