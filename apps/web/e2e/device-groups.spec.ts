import { expect, test, type Page } from '@playwright/test';
import { activate, adminToken, createRmsId } from './device-fixtures';
import { E2E_ADMIN, pickByTitle, signInThroughForm, shootAtWidths } from './fixtures';

// The device groups walk (docs/device-groups.md): the admin makes a dynamic group of one project and
// sees what it selects as the criteria are typed, then a static group of a chosen device, adds a second
// device to it in its drawer and removes the first, and deletes the group after confirming.
// SCREENSHOT_DIR set: each screen is also saved at 1440 and 760 px wide.
const stamp = Date.now().toString(36).toUpperCase();
const PROJECT = `Ring Road ${stamp}`;
const [ONE, TWO, OTHER] = ['A', 'B', 'C'].map((x) => `GRP-${stamp}-${x}`);

const shoot = (page: Page, name: string) =>
  shootAtWidths(page, process.env.SCREENSHOT_DIR && `${process.env.SCREENSHOT_DIR}/${name}`);

test('make a dynamic and a static group, change its devices, delete it', async ({ page, request }) => {
  test.setTimeout(120_000);
  const token = await adminToken(request);
  const ids: number[] = [];
  for (const code of [ONE!, TWO!, OTHER!]) ids.push(await createRmsId(request, token, code));
  await activate(request, token, ids[0]!, PROJECT);
  await activate(request, token, ids[1]!, PROJECT);
  await activate(request, token, ids[2]!, `Elsewhere ${stamp}`);

  await page.goto('/login/');
  await signInThroughForm(page, E2E_ADMIN.email, E2E_ADMIN.password);
  await expect(page.getByText(/Welcome/)).toBeVisible();
  await page.getByRole('menuitem', { name: 'Lighting' }).click();
  await page.getByRole('menuitem', { name: 'Device Groups' }).click();
  await expect(page.getByRole('heading', { name: 'Device Groups' })).toBeVisible();

  // Dynamic: the project's two lights, counted as the criteria are typed.
  await page.getByRole('button', { name: 'Add Group' }).click();
  const drawer = page.getByRole('dialog', { name: 'Add Device Group' });
  await drawer.getByLabel('Name').fill(`Ring road ${stamp}`);
  await drawer.getByLabel('Project').fill(PROJECT);
  await expect(drawer.getByText('2 devices match now')).toBeVisible();
  await expect(drawer.getByText(`${ONE}, ${TWO}`)).toBeVisible();
  await shoot(page, 'device-group-dynamic');
  await drawer.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Device group added successfully')).toBeVisible();
  const dynamicRow = page.getByRole('row', { name: new RegExp(`Ring road ${stamp}`) });
  await expect(dynamicRow).toContainText(`Project ${PROJECT}`);
  await expect(dynamicRow.getByRole('cell', { name: '2', exact: true })).toBeVisible();

  // Static: one chosen device, then another added and the first removed in its drawer.
  await page.getByRole('button', { name: 'Add Group' }).click();
  await drawer.getByLabel('Name').fill(`Chosen ${stamp}`);
  await drawer.getByText('Static: devices I choose').click();
  await pickByTitle(page, drawer.getByRole('combobox', { name: 'Devices' }), ONE!, new RegExp(ONE!));
  await page.keyboard.press('Escape');
  await drawer.getByRole('button', { name: 'Save' }).click();
  await page.getByRole('button', { name: `Chosen ${stamp}`, exact: true }).click();
  const edit = page.getByRole('dialog', { name: `Edit Chosen ${stamp}` });
  const members = edit.getByRole('region', { name: 'Group devices' });
  await expect(members.getByRole('cell', { name: ONE, exact: true })).toBeVisible();
  await pickByTitle(page, members.getByRole('combobox', { name: 'Devices' }), OTHER!, new RegExp(OTHER!));
  await page.keyboard.press('Escape');
  await members.getByRole('button', { name: 'Add' }).click();
  await expect(members.getByRole('cell', { name: OTHER, exact: true })).toBeVisible();
  await members.getByRole('button', { name: `Remove ${ONE}` }).click();
  await expect(members.getByRole('cell', { name: ONE, exact: true })).toBeHidden();
  await shoot(page, 'device-group-static');
  await edit.getByRole('button', { name: 'Cancel' }).click();

  // Delete, after confirming.
  const staticRow = page.getByRole('row', { name: new RegExp(`Chosen ${stamp}`) });
  await staticRow.getByRole('button', { name: `Delete Chosen ${stamp}` }).click();
  await page.getByRole('button', { name: 'Delete', exact: true }).click();
  await expect(page.getByText('Device group deleted successfully')).toBeVisible();
  await expect(staticRow).toBeHidden();
});
