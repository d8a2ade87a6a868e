import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { activate, adminToken, createReportingDevice, sampleAt, sendTelemetry } from './device-fixtures';
import { SERVER_TIME_ZONE } from '../playwright.shared';
import { E2E_ADMIN, signInThroughForm, shootAtWidths } from './fixtures';

// The energy report walk (docs/energy-reports.md "Screen"): the admin opens a month with no readings,
// adds a monthly e-mail (refused an address that is not one), changes and deletes it; then a device
// reports the last three days of last month, and once the storage maintenance has rolled those days up
// (every 5 s in the walks: TELEMETRY_MAINTENANCE_SECONDS in playwright.config.ts) the report shows them for the device's project:
// figures, the day chart, the device's row, sorting, and both downloads.
// SCREENSHOT_DIR set: each screen is also saved at 1440 and 760 px wide.
const stamp = Date.now().toString(36).toUpperCase();
const CODE = `ER-${stamp}`;
const PROJECT = `Energy Walk ${stamp}`;
const RECIPIENT = `works-${stamp.toLowerCase()}@city.example`;

const shoot = (page: Page, name: string) =>
  shootAtWidths(page, process.env.SCREENSHOT_DIR && `${process.env.SCREENSHOT_DIR}/${name}`);

/** The month of an instant in the deployment's calendar (its TIME_ZONE), YYYY-MM: the report's months. */
const monthAt = (at: Date) =>
  new Intl.DateTimeFormat('en-CA', { timeZone: SERVER_TIME_ZONE, year: 'numeric', month: '2-digit' }).format(
    at,
  );

/**
 * Hourly samples of the last three days of last month in the deployment's calendar (Asia/Kolkata,
 * UTC+05:30 all year): lit at night, charging by day. The runner's own calendar (UTC) would name the
 * wrong month from 18:30 UTC on a month's last day, when India is already in the next one.
 */
function lastMonthSamples(): { month: string; samples: Record<string, unknown>[] } {
  const firstOfMonth = Date.parse(`${monthAt(new Date())}-01T00:00:00+05:30`);
  const samples: Record<string, unknown>[] = [];
  for (let hour = 3 * 24; hour >= 1; hour--)
    samples.push(sampleAt(new Date(firstOfMonth - hour * 3_600_000 + 5 * 60_000)));
  return { month: monthAt(new Date(firstOfMonth - 1)), samples };
}

/** Waits for the project's month to be rolled up: the report counts the device. */
async function waitForRollup(request: APIRequestContext, token: string, month: string) {
  await expect
    .poll(
      async () => {
        const res = await request.get('/api/v1/lighting/energy-report/', {
          headers: { authorization: `Bearer ${token}` },
          params: { month, project: PROJECT },
        });
        return ((await res.json()) as { devices_reporting?: number }).devices_reporting;
      },
      { timeout: 60_000, intervals: [1_000] },
    )
    .toBe(1);
}

test('energy report: an empty month, the monthly e-mail, then a project month with its figures and downloads', async ({
  page,
  request,
}) => {
  test.setTimeout(3 * 60_000);
  const token = await adminToken(request);
  const device = await createReportingDevice(request, token, CODE);
  await activate(request, token, device.id, PROJECT);
  const { month, samples } = lastMonthSamples();

  await page.goto('/login/');
  await signInThroughForm(page, E2E_ADMIN.email, E2E_ADMIN.password);
  await expect(page.getByText(/Welcome/)).toBeVisible();
  const menu = page.getByRole('menu', { name: 'Main menu' });
  await menu.getByText('Lighting').click();
  await menu.getByRole('menuitem', { name: 'Energy Report' }).click();
  await expect(page).toHaveURL(/\/energy-reports$/);
  await expect(page.getByRole('heading', { name: 'Energy Report' })).toBeVisible();
  // Last month by default; the project has no readings yet (they are sent below).
  const [year, mm] = month.split('-');
  await expect(page.getByLabel('Month', { exact: true })).toHaveValue(`${mm}/${year}`);
  await page.getByLabel('Project', { exact: true }).fill(PROJECT);
  await page.getByLabel('Project', { exact: true }).press('Enter');
  await expect(page.getByText('No readings for this month')).toBeVisible();
  await shoot(page, 'energy-report-empty');
  await sendTelemetry(request, { code: CODE, key: device.key }, samples);

  // The monthly e-mail: an address that is not one is refused before the server is asked.
  const section = page.locator('.ant-card').filter({ hasText: 'Monthly e-mail' });
  await section.getByRole('button', { name: 'Add e-mail' }).click();
  const drawer = page.getByRole('dialog', { name: 'Add monthly e-mail' });
  const recipients = drawer.getByRole('combobox', { name: 'Recipients' });
  await recipients.fill('not-an-address');
  await recipients.press('Enter');
  await drawer.getByRole('button', { name: 'Save' }).click();
  await expect(drawer.getByText('Please enter a valid Email')).toBeVisible();
  await drawer.locator('.ant-select-selection-item-remove').click();
  await recipients.fill(RECIPIENT);
  await recipients.press('Enter');
  await drawer.getByLabel('Project').fill(PROJECT);
  await shoot(page, 'energy-report-email-form');
  await drawer.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Subscription saved')).toBeVisible();
  const row = section.getByRole('row', { name: new RegExp(RECIPIENT) });
  await expect(row).toContainText(PROJECT);
  await expect(row).toContainText('Not yet');

  await row.getByRole('button', { name: /^Edit e-mail of / }).click();
  const edit = page.getByRole('dialog', { name: /^Edit monthly e-mail of / });
  await edit.getByRole('combobox', { name: 'Recipients' }).fill(`cfo-${RECIPIENT}`);
  await edit.getByRole('combobox', { name: 'Recipients' }).press('Enter');
  await edit.getByRole('button', { name: 'Save' }).click();
  await expect(edit).toBeHidden();
  await expect(row).toContainText(`${RECIPIENT}, cfo-${RECIPIENT}`);

  // The readings, once rolled up.
  await waitForRollup(request, token, month);
  await page.reload();
  const cards = page.getByRole('list', { name: "Month's figures" });
  await expect(cards).toBeVisible();
  await expect(cards.getByRole('listitem').filter({ hasText: 'Devices reporting' })).toContainText('1');
  // Under no schedule: no plan to judge availability by, and the card says so.
  const availability = cards.getByRole('listitem').filter({ hasText: 'Availability' });
  await expect(availability).toContainText('—');
  await availability.getByText('—').hover();
  await expect(page.getByRole('tooltip')).toContainText('No night plan this month');
  await expect(page.getByRole('figure', { name: 'Lamp energy and solar harvest per day' })).toBeVisible();
  await expect(page.getByText(/lamp energy × 0\.716 kg CO₂ per kWh/)).toBeVisible();
  const deviceRow = page.getByRole('row', { name: new RegExp(CODE) });
  await expect(deviceRow).toContainText(PROJECT);
  await page.mouse.move(0, 0);
  await expect(page.getByRole('tooltip')).toBeHidden();
  await shoot(page, 'energy-report');

  // Sorted by lamp energy, most first: the server's ordering, kept in the address.
  await page.getByRole('columnheader', { name: 'Lamp energy (kWh)' }).click();
  await expect(page).toHaveURL(/ordering=-lamp_kwh/);
  await expect(deviceRow).toBeVisible();

  for (const [button, extension] of [
    ['Download xlsx', 'xlsx'],
    ['Download PDF', 'pdf'],
  ] as const) {
    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: button }).click();
    expect((await download).suggestedFilename()).toBe(`energy-report-${month}.${extension}`);
  }

  await row.getByRole('button', { name: /^Delete e-mail of / }).click();
  await page.getByRole('tooltip').getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByText('Subscription deleted')).toBeVisible();
  await expect(row).toBeHidden();
});
