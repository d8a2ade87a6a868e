import { expect, type APIRequestContext, type Locator, type Page } from '@playwright/test';

export const E2E_ADMIN = { email: 'admin@e2e.example', password: 'E2e-admin-pass-1' };

/** Signs in through the form, as a person does. */
export async function signInThroughForm(page: Page, email: string, password: string): Promise<void> {
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Log in' }).click();
}

/** Creates an employee of the provider through the API, signed in as the e2e super-user. */
export async function createEmployee(
  request: APIRequestContext,
  employee: { name: string; email: string; password: string; permissions: string[] },
): Promise<void> {
  const login = await request.post('/api/v1/users/login/', {
    data: { username: E2E_ADMIN.email, password: E2E_ADMIN.password },
  });
  expect(login.ok()).toBe(true);
  const { access } = (await login.json()) as { access: string };
  const res = await request.post('/api/v1/admin_settings/employee/', {
    headers: { authorization: `Bearer ${access}` },
    data: {
      name: employee.name,
      email: employee.email,
      mobile: '9876543210',
      password: employee.password,
      permissions: employee.permissions.map((key) => ({ key })),
    },
  });
  // A rerun against the same server finds the employee already there.
  if (!res.ok()) expect(await res.text()).toContain('already exists');
}

/** A real 1×1 PNG, as a file for an `<input type=file>`. */
export const PNG_FILE = {
  name: 'avatar.png',
  mimeType: 'image/png',
  buffer: Buffer.from(
    'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8DwHwAFBQIAX8jx0gAAAABJRU5ErkJggg==',
    'base64',
  ),
};

/**
 * Opens the header's user menu and chooses one of its items. The item is found by its role inside the
 * open menu (the label alone could also be a page's text), and the menu must close: a menu still open
 * means the choice was not taken, which the failure then says instead of a wrong address later.
 */
export async function chooseInUserMenu(page: Page, item: string): Promise<void> {
  const menu = page.locator('.ant-dropdown:not(.ant-dropdown-hidden)');
  await page.getByTestId('user-menu').click();
  await menu.getByRole('menuitem', { name: item }).click();
  await expect(menu).toHaveCount(0);
}

/** Signs out through the header's user menu, or with `from: 'side menu'` through the side menu's Log Out. */
export async function signOut(page: Page, from: 'user menu' | 'side menu' = 'user menu'): Promise<void> {
  // Log Out loads /login/?next=/ afresh (a full page load, after the server call); the guard's own
  // client-side redirect to /login may show first, so wait for the new page's load event, or the next
  // page.goto races that navigation.
  const loaded = page.waitForEvent('load');
  if (from === 'user menu') await chooseInUserMenu(page, 'Log Out');
  else await page.getByRole('menu', { name: 'Main menu' }).getByRole('menuitem', { name: 'Log Out' }).click();
  await loaded;
  await expect(page).toHaveURL(/\/login\/\?next=%2F$/);
  await expect(page.getByRole('button', { name: 'Log in' })).toBeVisible();
}

/**
 * The screen at 1440 and 760 px wide, as `<prefix>-1440.png` and `<prefix>-760.png` (whole pages),
 * then back to 1440. No prefix: nothing is taken (walks that shoot only when SCREENSHOT_DIR is set).
 * Each width waits a moment: charts and the map follow their container's new width.
 */
export async function shootAtWidths(page: Page, prefix: string | undefined): Promise<void> {
  if (!prefix) return;
  for (const width of [1440, 760]) {
    await page.setViewportSize({ width, height: 900 });
    await page.waitForTimeout(300);
    await page.evaluate(() => window.scrollTo(0, 0));
    await page.screenshot({ path: `${prefix}-${width}.png`, fullPage: true });
  }
  await page.setViewportSize({ width: 1440, height: 900 });
}

/**
 * Picks an option of a searchable antd Select by typing its text and taking the match with Enter, as a
 * keyboard user does: clicking the option raced the dropdown's re-render on a loaded machine. The
 * field is looked up `within` a part of the page (a drawer) when given; the dropdown is the page's.
 */
export async function pick(page: Page, label: string, option: string, within: Page | Locator = page) {
  const wanted = options(page).filter({ has: page.getByText(option, { exact: true }) });
  await pickTyping(page, within.getByLabel(label, { exact: true }), option, wanted);
}

/**
 * The same for an option shown with more than what is typed (a device's code with its project): types
 * `typed` into `input` and takes the option whose title matches `title`.
 */
export async function pickByTitle(page: Page, input: Locator, typed: string, title: string | RegExp) {
  await pickTyping(page, input, typed, options(page).and(page.getByTitle(title, { exact: true })));
}

/** The same for an option that contains `text` (a device's code with its model, a project's name). */
export async function pickByText(page: Page, input: Locator, typed: string, text: string | RegExp) {
  await pickTyping(page, input, typed, options(page).filter({ hasText: text }).first());
}

const options = (page: Page) => page.locator('.ant-select-dropdown:visible .ant-select-item-option');

async function pickTyping(page: Page, input: Locator, typed: string, wanted: Locator) {
  await input.fill(typed);
  await expect(wanted).toBeVisible();
  // The search's first match is the active one; a wanted option further down is reached with the arrows.
  const active = wanted.and(page.locator('.ant-select-item-option-active'));
  for (let i = 0; i < 20 && !(await active.isVisible()); i++) await input.press('ArrowDown');
  await expect(active).toBeVisible();
  await input.press('Enter');
}
