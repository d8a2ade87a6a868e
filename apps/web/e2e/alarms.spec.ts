import { expect, test } from '@playwright/test';
import { adminToken, createReportingDevice, sampleAt, sendTelemetry } from './device-fixtures';
import { E2E_ADMIN, pick, signInThroughForm } from './fixtures';

// The alarm workflow walk (docs/operations.md "Alarms"): a device reports a dark lamp and a fault code
// through HTTP ingest; on /alarms-view the admin sees the counts by severity, opens the load fault,
// acknowledges, assigns it to themself, comments and clears it, and the timeline tells each step.
const stamp = Date.now().toString(36).toUpperCase();
const CODE = `ALM-${stamp}`;
/** The first user's name as the console shows it. */
const ADMIN_NAME = 'Admin';

test('acknowledge, assign, comment on and clear an alarm from the alarms view', async ({ page, request }) => {
  test.setTimeout(90_000);
  const token = await adminToken(request);
  const device = await createReportingDevice(request, token, CODE);
  // The lamp is on at full brightness and draws nothing (a load fault), and the device reports E5.
  await sendTelemetry(request, { code: CODE, key: device.key }, [
    { ...sampleAt(new Date(Date.now() - 60_000)), lo_sts: 1, brightness: 100, lo_i: 0, faults: ['E5'] },
  ]);

  await page.goto('/login/');
  await signInThroughForm(page, E2E_ADMIN.email, E2E_ADMIN.password);
  await expect(page.getByText(/Welcome/)).toBeVisible();
  await page.goto('/alarms-view');

  const counts = page.getByRole('group', { name: 'Active alarms' });
  await expect(counts.getByText(/^Critical \d+ \(\d+ new\)$/)).toBeVisible();
  const row = page.getByRole('row', { name: new RegExp(`${CODE}.*Load fault`) });
  await expect(row.getByText('Critical')).toBeVisible();
  await expect(page.getByRole('row', { name: new RegExp(`${CODE}.*Device fault \\(E5\\)`) })).toBeVisible();

  await row.getByRole('button', { name: `Open Load fault of ${CODE}` }).click();
  const drawer = page.getByRole('dialog', { name: `Load fault · ${CODE}` });
  await expect(drawer.getByText('Raised by the device data')).toBeVisible();

  await drawer.getByRole('button', { name: 'Acknowledge' }).click();
  await expect(page.getByText('1 alarm acknowledged')).toBeVisible();
  await expect(drawer.getByText(/^Acknowledged by /)).toBeVisible();
  await expect(drawer.getByRole('button', { name: 'Acknowledge' })).toBeDisabled();

  // Typed and taken with Enter, as a keyboard user does (the searchable Select's own input).
  await pick(page, 'Assignee', ADMIN_NAME, drawer);
  await expect(page.getByText('1 alarm assigned')).toBeVisible();
  await expect(drawer.getByText(`Assigned to ${ADMIN_NAME} by ${ADMIN_NAME}`, { exact: true })).toBeVisible();

  await drawer.getByRole('button', { name: 'Add comment' }).click();
  await expect(drawer.getByText("'text' is required!")).toBeVisible();
  await drawer.getByLabel('Comment').fill('Crew sent to replace the lamp');
  await drawer.getByRole('button', { name: 'Add comment' }).click();
  await expect(page.getByText('Comment added to 1 alarm')).toBeVisible();
  await expect(drawer.getByText('Crew sent to replace the lamp')).toBeVisible();

  await drawer.getByRole('button', { name: 'Clear' }).click();
  await page.getByRole('tooltip').getByRole('button', { name: 'Clear' }).click();
  await expect(page.getByText('1 alarm cleared')).toBeVisible();
  await expect(drawer.getByText(`Cleared by ${ADMIN_NAME}`, { exact: true })).toBeVisible();
  await expect(drawer.getByText('Resolved', { exact: true })).toBeVisible();
  await drawer.getByRole('button', { name: 'Close' }).click();

  // The list shows it cleared, acknowledged and assigned; the fault code is still active.
  await expect(row.getByText('Resolved')).toBeVisible();
  await expect(row.getByText(ADMIN_NAME, { exact: true }).first()).toBeVisible();
});
