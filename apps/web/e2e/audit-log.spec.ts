import { expect, test } from '@playwright/test';
import { E2E_ADMIN, pick, signInThroughForm } from './fixtures';

// What the audit log shows after a day's work: a failed sign-in with the e-mail that was tried, and the
// admin's own writes, found by area and action, opened in full.
const stamp = String(Date.now()).slice(-9);
const WRONG = `nobody-${stamp}@e2e.example`;

test('find a failed sign-in and a write in the audit log, and open one', async ({ page, request }) => {
  expect(
    (
      await request.post('/api/v1/users/login/', { data: { username: WRONG, password: 'Wrong-pass-1' } })
    ).status(),
  ).toBe(400);
  const login = await request.post('/api/v1/users/login/', {
    data: { username: E2E_ADMIN.email, password: E2E_ADMIN.password },
  });
  const { access } = (await login.json()) as { access: string };
  const mapping = await request.post('/api/v1/devices/msisdn_mapping/', {
    headers: { authorization: `Bearer ${access}` },
    data: {
      sim_number: `899110${stamp}0002`,
      imsi: `404451${stamp}`,
      msisdn: `+91${stamp.padStart(10, '8')}`,
    },
  });
  expect(mapping.status()).toBe(201);
  const { id } = (await mapping.json()) as { id: number };

  await page.goto('/login/');
  await signInThroughForm(page, E2E_ADMIN.email, E2E_ADMIN.password);
  await expect(page.getByText(/Welcome/)).toBeVisible();
  await page.goto('/audit-log');
  await expect(page.getByRole('heading', { name: 'Audit Log' })).toBeVisible();

  // The failed sign-in: nobody signed in, with the e-mail tried.
  await page.getByLabel('Actor').fill(WRONG);
  await page.getByRole('button', { name: /Search/ }).click();
  const failed = page.getByRole('row', { name: new RegExp(WRONG) });
  await expect(failed).toContainText('Not signed in');
  await expect(failed).toContainText('400');
  await expect(page.getByRole('row')).toHaveCount(2);

  // The write, by area and action and its record.
  await page.getByRole('button', { name: /Clear/ }).click();
  // Areas outnumber the list's visible rows (it renders only those): type to find one, as people do.
  await pick(page, 'Area', 'msisdn');
  await expect(page.getByLabel('Action')).toBeEnabled();
  await page.getByLabel('Action').click();
  await page.getByTitle(/^Map a SIM card/).click();
  await page.getByLabel('Record ID').fill(String(id));
  await page.getByRole('button', { name: /Search/ }).click();
  await expect(page).toHaveURL(new RegExp(`area=msisdn&action=create&record=${id}`));
  const row = page.getByRole('row', { name: new RegExp(E2E_ADMIN.email) });
  await expect(page.getByRole('row')).toHaveCount(2);
  await expect(row).toContainText('201');

  await row.getByRole('button', { name: /Details of entry/ }).click();
  const drawer = page.getByRole('dialog');
  await expect(drawer.getByText('POST /api/v1/devices/msisdn_mapping/')).toBeVisible();
  await expect(drawer.getByText('sim_number')).toBeVisible();
  await expect(drawer.getByRole('row', { name: /^Record ID/ })).toHaveText(`Record ID${id}`);
});
