import { expect, test } from '@playwright/test';
import { INVENTORY } from '@rms/contracts/inventory';
import { RESTORE_MESSAGES } from '@rms/contracts/soft-delete';
import { E2E_ADMIN, signInThroughForm } from './fixtures';

// The admin deletes an STLT ID, finds it with "Show deleted", restores it, and sees it back in the
// normal list with its actions. The ID comes from the clock so a rerun does not collide.
const STLT = `STLT-RST-${String(Date.now()).slice(-9)}`;

test('delete a row, show deleted, restore it, and see it back in the list', async ({ page, request }) => {
  const login = await request.post('/api/v1/users/login/', {
    data: { username: E2E_ADMIN.email, password: E2E_ADMIN.password },
  });
  const { access } = (await login.json()) as { access: string };
  const made = await request.post(`/api/v1/${INVENTORY.stlt.path}`, {
    headers: { authorization: `Bearer ${access}` },
    data: {
      stlt_id: STLT,
      manufacture: 'Surya Power',
      model_no: 'S-1',
      inventory_date: '2026-01-15',
      remarks: 'Restore walk',
    },
  });
  expect(made.status()).toBe(201);

  await page.goto('/login/');
  await signInThroughForm(page, E2E_ADMIN.email, E2E_ADMIN.password);
  await expect(page.getByText(/Welcome/)).toBeVisible();
  await page.goto('/view-stltid');
  const search = page.getByLabel('Search STLT IDs');
  const row = page.getByRole('row', { name: new RegExp(STLT) });

  // Delete it: it leaves the list.
  await search.fill(STLT);
  await expect(page.getByRole('row')).toHaveCount(2);
  await row.getByRole('button', { name: `Delete ${STLT}` }).click();
  await page.getByRole('button', { name: 'Yes' }).click();
  await expect(page.getByText('Pole ID/STLT ID/Device ID has been Deleted Successfully.')).toBeVisible();
  await expect(row).toHaveCount(0);

  // Show deleted: the row is there, tagged, with Restore and without edit or delete.
  const toggle = page.getByRole('switch', { name: RESTORE_MESSAGES.showDeleted });
  await toggle.click();
  await expect(page).toHaveURL(/deleted=true/);
  await expect(row).toBeVisible();
  await expect(row.getByText(RESTORE_MESSAGES.deletedTag)).toBeVisible();
  await expect(row.getByRole('button', { name: `Edit ${STLT}` })).toHaveCount(0);
  await row.getByRole('button', { name: `Restore ${STLT}` }).click();
  await expect(page.getByText(RESTORE_MESSAGES.confirm)).toBeVisible();
  await page.getByRole('button', { name: 'Yes' }).click();
  await expect(page.getByText(INVENTORY.stlt.restored)).toBeVisible();
  await expect(row).toHaveCount(0);

  // Back in the normal list, with its actions.
  await toggle.click();
  await expect(page).not.toHaveURL(/deleted=true/);
  await expect(row).toBeVisible();
  await expect(row.getByRole('button', { name: `Edit ${STLT}` })).toBeVisible();
  await expect(row.getByText(RESTORE_MESSAGES.deletedTag)).toHaveCount(0);
});
