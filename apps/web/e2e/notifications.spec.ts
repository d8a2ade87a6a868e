import { expect, test, type Page } from '@playwright/test';
import { adminToken, createReportingDevice, sampleAt, sendTelemetry } from './device-fixtures';
import { chooseInUserMenu, E2E_ADMIN, signInThroughForm, shootAtWidths } from './fixtures';

// The notifications walk (docs/notifications.md): a device's lamp goes dark (a critical alarm); the
// admin's bell counts it, live, without a reload; its dropdown lists it, and opening it marks it read
// and opens the alarm's drawer in the alarms view. Then the admin's Notification Settings: the
// defaults, a change saved. Each screen is also kept as a screenshot at 1440 and 760 px wide.
const stamp = Date.now().toString(36).toUpperCase();
const CODE = `NTF-${stamp}`;

const shoot = (page: Page, name: string) => shootAtWidths(page, test.info().outputPath(name));

test('the bell counts a new alarm live, lists it and opens it; the settings save', async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  const token = await adminToken(request);
  const device = await createReportingDevice(request, token, CODE);
  // Alarms of the walks before this one are no news here.
  const read = await request.post('/api/v1/notifications/read_all/', {
    headers: { authorization: `Bearer ${token}` },
  });
  expect(read.status()).toBe(200);

  await page.goto('/login/');
  await signInThroughForm(page, E2E_ADMIN.email, E2E_ADMIN.password);
  await expect(page.getByText(/Welcome/)).toBeVisible();
  await expect(page.getByTestId('notification-bell')).toHaveAccessibleName('Notifications');

  // The lamp is on at full brightness and draws nothing: a load fault, critical.
  await sendTelemetry(request, { code: CODE, key: device.key }, [
    { ...sampleAt(new Date(Date.now() - 60_000)), lo_sts: 1, brightness: 100, lo_i: 0 },
  ]);
  const bell = page.getByTestId('notification-bell');
  await expect(bell).toHaveAccessibleName('Notifications: 1 unread', { timeout: 30_000 });

  await bell.click();
  const item = page.getByRole('listitem', { name: `Unread: Load fault on ${CODE}` });
  await expect(item).toBeVisible();
  await expect(item.getByText('Critical')).toBeVisible();
  await shoot(page, 'bell');
  await item.click();
  await expect(page).toHaveURL(/\/alarms-view\?alarm=\d+$/);
  const drawer = page.getByRole('dialog', { name: `Load fault · ${CODE}` });
  await expect(drawer).toBeVisible();
  await drawer.getByRole('button', { name: 'Close' }).click();
  await expect(page).toHaveURL(/\/alarms-view$/);
  // Opened, it is read (the bell may ring meanwhile for another walk's device: this one is what counts).
  await bell.click();
  await expect(page.getByRole('listitem', { name: new RegExp(`^Load fault on ${CODE}`) })).toBeVisible();
  await expect(page.getByRole('listitem', { name: `Unread: Load fault on ${CODE}` })).toHaveCount(0);
  await page.keyboard.press('Escape');

  await chooseInUserMenu(page, 'Notification Settings');
  await expect(page).toHaveURL(/\/notification-settings$/);
  await expect(page.getByText(/Not saved yet/)).toBeVisible();
  await expect(page.getByRole('checkbox', { name: 'Critical' })).toBeChecked();
  await shoot(page, 'settings');
  await page.getByRole('checkbox', { name: 'Minor' }).check();
  await page.getByRole('checkbox', { name: 'Daily digest e-mail' }).check();
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Notification settings saved')).toBeVisible();
  await page.reload();
  await expect(page.getByRole('checkbox', { name: 'Minor' })).toBeChecked();
  await expect(page.getByRole('checkbox', { name: 'Daily digest e-mail' })).toBeChecked();
  await expect(page.getByText(/Not saved yet/)).toHaveCount(0);
});
