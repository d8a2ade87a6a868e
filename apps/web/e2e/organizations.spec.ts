import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { GSTIN_MESSAGES } from '@rms/contracts/tax-ids';
import { E2E_ADMIN, PNG_FILE, signInThroughForm, signOut } from './fixtures';

// A provider admin registers a client organization (with logo, place, sub-domain check and
// permissions), finds it, opens its details, edits it, its owner signs in, then it is deleted.
const stamp = Date.now().toString(36);
const ORG = {
  company: `Ujala Lights ${stamp}`,
  email: `owner.${stamp}@ujala.example`,
  subDomain: `ujala-${stamp}`,
  password: 'Ujala-pass-1234',
};

async function pick(page: Page, label: string, option: string) {
  await page.getByLabel(label, { exact: true }).click();
  await page.getByLabel(label, { exact: true }).fill(option);
  await page.locator('.ant-select-dropdown:visible').getByText(option, { exact: true }).click();
}

/** Employees of the organization with this e-mail, made through the API with is_primary as the form sends. */
async function addFormEmployees(request: APIRequestContext, organizationEmail: string, count: number) {
  const login = await request.post('/api/v1/users/login/', {
    data: { username: E2E_ADMIN.email, password: E2E_ADMIN.password },
  });
  const headers = { authorization: `Bearer ${((await login.json()) as { access: string }).access}` };
  const [organization] = (await (
    await request.get('/api/v1/admin_settings/organizations/', {
      headers,
      params: { email: organizationEmail, pagination: 'false' },
    })
  ).json()) as { id: number }[];
  for (let i = 0; i < count; i++) {
    const res = await request.post('/api/v1/admin_settings/employee/', {
      headers,
      data: {
        name: `Ujala Staff ${i}`,
        email: `staff${i}.${organizationEmail}`,
        mobile: '9876543210',
        organization: organization!.id,
        password: 'Staff-pass-1234',
        simple_password: 'Staff-pass-1234',
        is_primary: true,
      },
    });
    expect(res.status(), await res.text()).toBe(201);
  }
}

async function findOrganization(page: Page, text: string) {
  await page.getByLabel('Search organizations').fill(text);
  await expect(page.getByRole('row')).toHaveCount(2);
  return page.getByRole('row', { name: new RegExp(text) });
}

test('register, find, see details, edit, owner signs in, delete', async ({ page, baseURL, request }) => {
  await page.goto('/login/');
  await signInThroughForm(page, E2E_ADMIN.email, E2E_ADMIN.password);
  await expect(page.getByText(/Welcome/)).toBeVisible();
  await page.goto('/company-view');
  await page.getByRole('button', { name: 'Add New Organization' }).click();
  await expect(page).toHaveURL(/\/company-registration/);

  // Empty submit: the spec's messages on the fields.
  await page.getByRole('button', { name: 'Submit' }).click();
  await expect(page.getByText("'Company Name' is required!")).toBeVisible();
  await expect(page.getByText('Please enter a PAN')).toBeVisible();
  await expect(page.getByText('Domain is required').first()).toBeVisible();

  await page.getByLabel('Company Name', { exact: true }).fill(ORG.company);
  await page.getByLabel('PAN', { exact: true }).fill('abcpe1234f');
  await pick(page, 'State', 'Karnataka');
  await pick(page, 'City', 'Bengaluru');
  await page.getByLabel('Address', { exact: true }).fill('12 MG Road');
  await page.getByLabel('Expiry Date', { exact: true }).fill('31/12/2030');
  await page.getByLabel('Expiry Date', { exact: true }).press('Enter');
  // A GST number with a mistyped last character: the form names it and keeps what was typed.
  await page.getByLabel('GST', { exact: true }).fill('29abcpe1234f1z8');
  await page.getByRole('button', { name: 'Submit' }).click();
  await expect(page.getByText(GSTIN_MESSAGES.checksum)).toBeVisible();
  await expect(page.getByLabel('GST', { exact: true })).toHaveValue('29ABCPE1234F1Z8');
  await page.getByLabel('GST', { exact: true }).fill('29ABCPE1234F1Z7');
  await expect(page.getByText(GSTIN_MESSAGES.checksum)).toHaveCount(0);
  await page.getByLabel('Tag Line', { exact: true }).fill('Streets that never sleep');
  await page.getByLabel('Sub-domain', { exact: true }).fill(ORG.subDomain);
  const [chooser] = await Promise.all([
    page.waitForEvent('filechooser'),
    page.getByRole('button', { name: 'Choose company logo' }).click(),
  ]);
  await chooser.setFiles(PNG_FILE);
  await expect(page.getByText(`${PNG_FILE.name} file uploaded successfully`)).toBeVisible();
  await page.getByLabel('Name', { exact: true }).fill('Ujala Owner');
  await page.getByLabel('Email', { exact: true }).fill(ORG.email);
  await page.getByLabel('Mobile', { exact: true }).fill('9876501234');
  await page.getByLabel('Create Password', { exact: true }).fill(ORG.password);
  await page.getByLabel('Repeat Password', { exact: true }).fill(ORG.password);
  await page.getByLabel('View Company').check();

  // Not checked yet: the spec's warning, and nothing is saved.
  await page.getByRole('button', { name: 'Submit' }).click();
  await expect(page.getByText('Domain is required').first()).toBeVisible();
  await page.getByRole('button', { name: 'Check' }).click();
  await expect(page.getByText('Domain Available').first()).toBeVisible();
  await page.getByRole('button', { name: 'Submit' }).click();
  await expect(page.getByText('Organization created successfully')).toBeVisible();
  await expect(page).toHaveURL(/\/company-view/);

  // Employees saved as the user form saves them (is_primary true) do not list the organization again:
  // the search finds one row.
  await addFormEmployees(request, ORG.email, 2);
  let row = await findOrganization(page, ORG.company);
  await expect(row.getByText('31/12/2030')).toBeVisible();
  await expect(row.getByText('Active')).toBeVisible();
  await expect(row.getByText('Karnataka')).toBeVisible();

  await row.getByRole('link', { name: ORG.company }).click();
  await expect(page).toHaveURL(/\/client-details/);
  await expect(page.getByText('Total Devices')).toBeVisible();
  await expect(page.getByText(ORG.subDomain)).toBeVisible();

  await page.goBack();
  row = await findOrganization(page, ORG.company);
  await row.getByRole('button', { name: `Edit ${ORG.company}` }).click();
  await expect(page.getByText('Edit Organization')).toBeVisible();
  await expect(page.getByLabel('Create Password', { exact: true })).toHaveCount(0);
  await page.getByLabel('Tag Line', { exact: true }).fill('Brighter every night');
  await page.getByRole('button', { name: 'Update' }).click();
  await expect(page.getByText('Account has been updated')).toBeVisible();
  row = await findOrganization(page, ORG.company);
  await expect(row.getByText('Brighter every night')).toBeVisible();
  await signOut(page);

  // The sign-in page opened on the organization's sub-domain shows its logo and tagline
  // (Chromium resolves *.localhost to this machine).
  const port = new URL(baseURL ?? '').port;
  await page.goto(`http://${ORG.subDomain}.localhost:${port}/login/`);
  await expect(page.getByText('Brighter every night')).toBeVisible();
  const logo = page.getByRole('img', { name: ORG.company });
  await expect(logo).toBeVisible();
  await expect.poll(() => logo.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
  await page.goto('/login/');
  await expect(page.getByText('Brighter every night')).toHaveCount(0);

  // The owner signs in with the organization's e-mail and create_password.
  await signInThroughForm(page, ORG.email, ORG.password);
  await expect(page.getByText(/Welcome/)).toBeVisible();
  await expect(page.getByRole('menu').getByText('All Organizations')).toBeVisible();
  await signOut(page);

  await page.goto('/login/');
  await signInThroughForm(page, E2E_ADMIN.email, E2E_ADMIN.password);
  await expect(page.getByText(/Welcome/)).toBeVisible();
  await page.goto('/company-view');
  row = await findOrganization(page, ORG.company);
  await row.getByRole('button', { name: `Delete ${ORG.company}` }).click();
  await expect(page.getByText('Are you sure to delete this?')).toBeVisible();
  await page.getByRole('button', { name: 'Yes' }).click();
  await expect(page.getByText('Organization deleted successfully')).toBeVisible();
  await page.getByLabel('Search organizations').fill(ORG.company);
  await expect(page.getByText('No organization matches this search')).toBeVisible();
});

test('existing organization: both fields required, a wrong PAN is refused', async ({ page }) => {
  await page.goto('/login/');
  await signInThroughForm(page, E2E_ADMIN.email, E2E_ADMIN.password);
  await expect(page.getByText(/Welcome/)).toBeVisible();
  await page.goto('/existing-company-registration');
  await page.getByRole('button', { name: 'Add Account' }).click();
  await expect(page.getByText("'Email' is required!")).toBeVisible();
  await expect(page.getByText('Please enter a PAN')).toBeVisible();
  await page.getByLabel('Email', { exact: true }).fill('nobody@nowhere.example');
  await page.getByLabel('PAN', { exact: true }).fill('ZZZPZ9999Z');
  await page.getByRole('button', { name: 'Add Account' }).click();
  await expect(page.getByText('No organization matches this e-mail and PAN')).toBeVisible();
  await expect(page).toHaveURL(/\/existing-company-registration/);
});

test('the dashboard shows company counts and recent companies', async ({ page }) => {
  await page.goto('/login/');
  await signInThroughForm(page, E2E_ADMIN.email, E2E_ADMIN.password);
  await expect(page.getByText('Total Companies')).toBeVisible();
  await expect(page.getByText('Recent Companies')).toBeVisible();
  await expect(page.getByText('Deactivated')).toBeVisible();
});
