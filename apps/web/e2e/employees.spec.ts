import { expect, test, type Page } from '@playwright/test';
import { E2E_ADMIN, PNG_FILE, signInThroughForm, signOut } from './fixtures';

// A manager's path through User Registration and All Employees, then the new employee's own view.
const EMPLOYEE = {
  name: 'Nina Patel',
  email: `nina.${Date.now()}@e2e.example`,
  password: 'Nina-pass-1234',
};

async function openAllEmployees(page: Page) {
  const menu = page.getByRole('menu');
  if (!(await menu.getByText('All Employees').isVisible()))
    await menu.getByText('Employees', { exact: true }).click();
  await menu.getByText('All Employees').click();
  await expect(page).toHaveURL(/\/view-user/);
}

async function findEmployee(page: Page, email: string) {
  await page.getByLabel('Search employees').fill(email);
  await expect(page.getByRole('row')).toHaveCount(2); // the header and the one match
  return page.getByRole('row', { name: new RegExp(email.replace(/\./g, '\\.')) });
}

test('create an employee with a photo and two permissions, find, edit, sign in as them, delete', async ({
  page,
}) => {
  await page.goto('/login/');
  await signInThroughForm(page, E2E_ADMIN.email, E2E_ADMIN.password);
  await expect(page.getByText(/Welcome/)).toBeVisible();
  await openAllEmployees(page);

  await page.getByRole('button', { name: 'Add New Employee' }).click();
  await expect(page).toHaveURL(/\/user-registration/);
  await page.getByLabel('Name').fill(EMPLOYEE.name);
  await page.getByLabel('Email').fill(EMPLOYEE.email);
  await page.getByLabel('Mobile').fill('9876543210');
  await page.getByLabel('Password', { exact: true }).fill(EMPLOYEE.password);
  await page.getByLabel('Repeat Password').fill(EMPLOYEE.password);
  await page.locator('input[type=file]').setInputFiles(PNG_FILE);
  await expect(page.getByText('avatar.png file uploaded successfully')).toBeVisible();
  await page.getByLabel('View User').check();
  await page.getByLabel('Manage User').check();
  await page.getByRole('button', { name: 'Submit' }).click();
  await expect(page.getByText('User created successfully')).toBeVisible();
  await expect(page).toHaveURL(/\/view-user/);

  // Found by search, with the photo shown through its signed link.
  let row = await findEmployee(page, EMPLOYEE.email);
  await expect(row.getByText(EMPLOYEE.name)).toBeVisible();
  const photo = row.getByRole('img', { name: `Photo of ${EMPLOYEE.email}` });
  await expect(photo).toBeVisible();
  expect(await photo.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);

  // Clearing the search brings the whole list back.
  await page.getByLabel('Search employees').fill('');
  await expect(page.getByRole('row')).not.toHaveCount(2);

  row = await findEmployee(page, EMPLOYEE.email);
  await row.getByRole('button', { name: `Edit ${EMPLOYEE.email}` }).click();
  await expect(page.getByText('Edit Employee')).toBeVisible();
  await expect(page.getByLabel('Password', { exact: true })).toHaveCount(0);
  await page.getByLabel('Mobile').fill('9123456780');
  await page.getByRole('button', { name: 'Update' }).click();
  await expect(page.getByText('Account has been updated')).toBeVisible();
  row = await findEmployee(page, EMPLOYEE.email);
  await expect(row.getByText('9123456780')).toBeVisible();
  await signOut(page);

  // The employee sees only what the two codes allow.
  await signInThroughForm(page, EMPLOYEE.email, EMPLOYEE.password);
  await expect(page.getByText(/Welcome,? Nina/)).toBeVisible();
  const menu = page.getByRole('menu');
  await menu.getByText('Employees', { exact: true }).click();
  await expect(menu.getByText('All Employees')).toBeVisible();
  await expect(menu.getByText('User Registration')).toBeVisible();
  for (const group of ['Organizations', 'Inventory', 'Devices', 'Monitoring', 'Settings'])
    await expect(menu.getByText(group, { exact: true })).toHaveCount(0);
  await page.goto('/company-view');
  await expect(page.getByText('Permission Denied')).toBeVisible();
  await signOut(page);

  // Deleted after a confirmation, and gone from the list.
  await signInThroughForm(page, E2E_ADMIN.email, E2E_ADMIN.password);
  await expect(page.getByText(/Welcome/)).toBeVisible();
  await page.goto('/view-user');
  row = await findEmployee(page, EMPLOYEE.email);
  await row.getByRole('button', { name: `Delete ${EMPLOYEE.email}` }).click();
  await expect(page.getByText('Are you sure to delete this?')).toBeVisible();
  await page.getByRole('button', { name: 'Yes' }).click();
  await expect(page.getByText('User deleted successfully')).toBeVisible();
  await expect(page.getByRole('cell', { name: EMPLOYEE.email })).toHaveCount(0);
  await signOut(page);
  await signInThroughForm(page, EMPLOYEE.email, EMPLOYEE.password);
  await expect(page.getByText('No active account found with the given credentials').first()).toBeVisible();
});
