import { expect, test, type Page } from '@playwright/test';
import { adminToken, createReportingDevice, sampleAt, sendTelemetry } from './device-fixtures';
import { E2E_ADMIN, PNG_FILE, signInThroughForm, shootAtWidths } from './fixtures';

// The work order walk (docs/work-orders.md): a device reports a dark lamp; on /alarms-view the admin
// ticks the alarm and creates a work order (due by the critical SLA, 24 h), starts it, adds a note and
// a photo, and finishes it while the lamp is still dark: the order waits for the device. The device
// then reports the lamp lit, the alarm clears and the order stops waiting. The report shows the month.
// SCREENSHOT_DIR set: each screen is also saved at 1440 and 760 px wide.
const stamp = Date.now().toString(36).toUpperCase();
const CODE = `WO-${stamp}`;

const shoot = (page: Page, name: string) =>
  shootAtWidths(page, process.env.SCREENSHOT_DIR && `${process.env.SCREENSHOT_DIR}/${name}`);

test('create a work order from an alarm, work it, finish it and see the alarm clear', async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  const token = await adminToken(request);
  const device = await createReportingDevice(request, token, CODE);
  const dark = { lo_sts: 1, brightness: 100, lo_i: 0 };
  await sendTelemetry(request, { code: CODE, key: device.key }, [
    { ...sampleAt(new Date(Date.now() - 60_000)), ...dark },
  ]);

  await page.goto('/login/');
  await signInThroughForm(page, E2E_ADMIN.email, E2E_ADMIN.password);
  await expect(page.getByText(/Welcome/)).toBeVisible();
  await page.goto('/alarms-view');

  const row = page.getByRole('row', { name: new RegExp(`${CODE}.*Load fault`) });
  await row.getByRole('checkbox').check();
  await page.getByRole('button', { name: 'Create work order' }).click();
  const modal = page.getByRole('dialog', { name: 'Create work order (1 alarm)' });
  await expect(modal.getByText(/SLA 24 h/)).toBeVisible();
  await modal.getByLabel('Title').fill('');
  await modal.getByRole('button', { name: 'Create' }).click();
  await expect(modal.getByText("'title' is required!")).toBeVisible();
  await modal.getByLabel('Title').fill(`Dark lamp ${CODE}`);
  await shoot(page, 'work-order-create');
  await modal.getByRole('button', { name: 'Create' }).click();
  await expect(page.getByText(/Work order #\d+ created/)).toBeVisible();

  // The new order opens on the work orders screen.
  await expect(page).toHaveURL(/\/work-orders\?open=\d+/);
  const drawer = page.getByRole('dialog', { name: new RegExp(`Dark lamp ${CODE}`) });
  await expect(drawer.getByText('Created by Admin')).toBeVisible();
  await drawer.getByRole('button', { name: 'Start' }).click();
  await page.getByRole('tooltip').getByRole('button', { name: 'Start' }).click();
  await expect(page.getByText('Work order started')).toBeVisible();
  await expect(drawer.getByText('In progress', { exact: true })).toBeVisible();

  await drawer.getByLabel('Add a note').fill('Driver replaced');
  await drawer.getByRole('button', { name: 'Add note' }).click();
  await expect(drawer.getByText('Driver replaced')).toBeVisible();
  await drawer.locator('input[type=file]').setInputFiles(PNG_FILE);
  await expect(drawer.getByText('Photo added by Admin')).toBeVisible();

  await drawer.getByRole('button', { name: 'Finish' }).click();
  await page.getByRole('tooltip').getByRole('button', { name: 'Finish' }).click();
  await expect(page.getByText('Work order finished')).toBeVisible();
  // The lamp is still dark: the alarm waits for the device's next healthy report.
  await expect(drawer.getByText('Waiting for the device').first()).toBeVisible();
  await shoot(page, 'work-order-drawer');

  await sendTelemetry(request, { code: CODE, key: device.key }, [
    { ...sampleAt(new Date(Date.now() - 10_000)), lo_sts: 1, brightness: 100, lo_i: 1.2 },
  ]);
  await page.reload();
  await expect(drawer.getByRole('cell', { name: 'Resolved' })).toBeVisible();
  await expect(drawer.getByText('Waiting for the device')).toHaveCount(0);
  await drawer.getByRole('button', { name: 'Close' }).click();

  const listRow = page.getByRole('row', { name: new RegExp(`Dark lamp ${CODE}`) });
  await expect(listRow.getByText('Done', { exact: true })).toBeVisible();
  await shoot(page, 'work-orders-list');

  await page.goto('/work-orders-report');
  await expect(page.getByRole('columnheader', { name: 'SLA met' })).toBeVisible();
  await expect(page.getByRole('cell', { name: '100 %' }).first()).toBeVisible();
  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Export CSV' }).click();
  expect((await download).suggestedFilename()).toMatch(/^work-orders-\d{4}-\d{2}-\d{4}-\d{2}\.csv$/);
  await shoot(page, 'work-order-report');
});
