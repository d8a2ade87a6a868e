import { expect, test, type Page } from '@playwright/test';
import { activate, adminToken, createReportingDevice } from './device-fixtures';
import { E2E_ADMIN, pickByTitle, signInThroughForm, shootAtWidths } from './fixtures';

// The dimming profiles walk (docs/dimming-profiles.md): the admin adds a profile from the common plan,
// is refused a fourth lit step, previews the night at the map's default place and then at a device's
// own place (Mumbai), saves it, sees its steps summarised in the table, duplicates it and deletes the
// copy after confirming. SCREENSHOT_DIR set: each screen is also saved at 1440 and 760 px wide.
const stamp = Date.now().toString(36).toUpperCase();
const CODE = `DP-${stamp}`;
const NAME = `Weeknight ${stamp}`;

const shoot = (page: Page, name: string) =>
  shootAtWidths(page, process.env.SCREENSHOT_DIR && `${process.env.SCREENSHOT_DIR}/${name}`);

test('add a dimming profile, preview its night at a place and a device, duplicate and delete', async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  const token = await adminToken(request);
  const device = await createReportingDevice(request, token, CODE);
  await activate(request, token, device.id, `Marine Drive ${stamp}`, {
    latitude: 19.076,
    longitude: 72.8777,
  });

  await page.goto('/login/');
  await signInThroughForm(page, E2E_ADMIN.email, E2E_ADMIN.password);
  await expect(page.getByText(/Welcome/)).toBeVisible();
  await page.goto('/dimming-profiles');
  await expect(page.getByRole('heading', { name: 'Dimming Profiles' })).toBeVisible();
  await expect(page.getByText('No dimming profiles yet: add one to plan a night')).toBeVisible();
  await shoot(page, 'dimming-profiles-empty');

  await page.getByRole('button', { name: 'Add Profile' }).click();
  const drawer = page.getByRole('dialog', { name: 'Add Dimming Profile' });
  await drawer.getByLabel('Name').fill(NAME);
  // The common plan to start with, previewed at once at the map's default centre.
  await expect(drawer.getByRole('group', { name: /^Step \d$/ })).toHaveCount(3);
  await expect(
    drawer.getByRole('figure', { name: /Brightness from dusk \d\d:\d\d to dawn \d\d:\d\d/ }),
  ).toBeVisible();
  await expect(drawer.getByText('Saving')).toBeVisible();
  await expect(drawer.getByText(/at 28\.6479, 77\.2031 \(the place entered\); lamp 30 W/)).toBeVisible();

  // A fourth lit step is more than a device holds.
  await drawer.getByRole('button', { name: 'Add step' }).click();
  await drawer.getByRole('button', { name: 'Save' }).click();
  await expect(drawer.getByText('A device holds at most 3 brightness steps a night')).toBeVisible();
  await expect(drawer.getByText('Complete the steps to see the night')).toBeVisible();
  await drawer.getByRole('button', { name: 'Remove step 4' }).click();
  await expect(drawer.getByText('A device holds at most 3 brightness steps a night')).toBeHidden();

  // Off half an hour before dawn: the saving grows.
  await drawer.getByRole('button', { name: 'Add step' }).click();
  const fourth = drawer.getByRole('group', { name: 'Step 4' });
  await fourth.getByLabel('Step 4 anchor').click();
  await page.getByTitle('Before/after dawn').click();
  await fourth.getByLabel('Step 4 offset').fill('-30');
  await fourth.getByLabel('Step 4 level').fill('0');
  await expect(drawer.getByText('A device holds at most 3 brightness steps a night')).toBeHidden();
  await expect(
    drawer.getByText(/Steps: \d\d:\d\d 100% → 23:00 60% → 02:00 30% → \d\d:\d\d 0%/),
  ).toBeVisible();

  // At the device: its activation's place (Mumbai).
  await drawer.getByText('Device', { exact: true }).click();
  await pickByTitle(page, drawer.getByRole('combobox', { name: 'Device' }), CODE, new RegExp(CODE));
  await expect(drawer.getByText(/at 19\.0760, 72\.8777 \(the device's location\)/)).toBeVisible();
  await shoot(page, 'dimming-profile-form');
  if (process.env.SCREENSHOT_DIR) {
    // On a narrow screen the preview is below the steps.
    await page.setViewportSize({ width: 760, height: 900 });
    await drawer.getByRole('figure').scrollIntoViewIfNeeded();
    await page.screenshot({ path: `${process.env.SCREENSHOT_DIR}/dimming-profile-preview-760.png` });
    await page.setViewportSize({ width: 1280, height: 720 });
  }

  await drawer.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Dimming profile added successfully')).toBeVisible();
  const row = page.getByRole('row', { name: new RegExp(NAME) });
  await expect(row).toContainText('Dusk 100% · 23:00 60% · 02:00 30% · Dawn −30 min 0%');
  await expect(row).toContainText('0 schedules');
  await shoot(page, 'dimming-profiles');

  // Edit: 25 % from 02:00.
  await row.getByRole('button', { name: `Edit ${NAME}` }).click();
  const edit = page.getByRole('dialog', { name: `Edit ${NAME}` });
  await edit.getByLabel('Step 3 level').fill('25');
  await edit.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Dimming profile updated successfully')).toBeVisible();
  await expect(row).toContainText('02:00 25%');

  await row.getByRole('button', { name: `Duplicate ${NAME}` }).click();
  const copy = page.getByRole('row', { name: new RegExp(`${NAME} \\(copy\\)`) });
  await expect(copy).toBeVisible();
  await copy.getByRole('button', { name: `Delete ${NAME} (copy)` }).click();
  await page.getByRole('tooltip').getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByText('Dimming profile deleted successfully')).toBeVisible();
  await expect(copy).toBeHidden();
  await expect(row).toBeVisible();
});
