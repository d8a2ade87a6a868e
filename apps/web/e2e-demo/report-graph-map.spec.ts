import { expect, test } from '@playwright/test';
import { apiGet, DEMO_CODE, DEMO_DEVICES, pick, pixelsOf, shoot, signIn } from './demo-walk';

// Device Report, Graph View and Map View over the demo fleet: its history (every 5 minutes over the
// last day) and the devices placed around New Delhi, as the provider's super-user.

/** One of the demo's projects (apps/server/src/demo/demo-fleet.ts), a small one. */
const PROJECT = 'Faridabad Highway';
const DAY_OF_REPORTS = 288; // a sample every 5 minutes

interface MapAnswer {
  data: { RMS_ID: string; device: number }[];
}

let pageErrors: string[] = [];
test.beforeEach(({ page }) => {
  pageErrors = [];
  page.on('pageerror', (error) => pageErrors.push(error.message));
});
test.afterEach(() => expect(pageErrors).toEqual([]));

test('device report: a demo project’s rows and their count', async ({ page, request }) => {
  const devices = (await apiGet<MapAnswer>(request, `monitoring/map/?project=${encodeURIComponent(PROJECT)}`))
    .data;
  expect(devices.length).toBeGreaterThan(0);
  const codes = new Set(devices.map((d) => d.RMS_ID));

  await signIn(page);
  await page.goto('/device-report');
  await pick(page, 'Project', PROJECT);
  const rows = page.locator('.ant-table-tbody tr.ant-table-row');
  // The devices of the rows shown (after the serial number and the date), once the table has any.
  const shown = async () => [...new Set(await rows.locator('td:nth-child(3)').allInnerTexts())].sort();
  // Only the project's devices, newest first, with their readings.
  await expect
    .poll(async () => {
      const now = await shown();
      return now.length > 0 && now.every((code) => codes.has(code));
    })
    .toBe(true);
  for (const code of await shown()) expect(code).toMatch(DEMO_CODE);
  await expect(rows.first()).toContainText(/\d{2}\/\d{2}\/\d{4} \d{2}:\d{2} (am|pm)/);
  await expect(rows.first().locator('td').nth(3)).toHaveText(/^\d+$/); // GSM signal
  await expect(rows.first().locator('td').nth(4)).toHaveText(/^\d+\.\d{2}$/); // battery volts
  // The count covers at least the last day of every device's 5-minute reports.
  const total = page.getByText(/^\d+ in all$/);
  await expect(total).toBeVisible();
  const count = Number((await total.innerText()).split(' ')[0]);
  expect(count).toBeGreaterThanOrEqual(devices.length * DAY_OF_REPORTS);
  await expect(page.getByRole('button', { name: 'Download Report' })).toBeEnabled();
  await shoot(page, 'device-report');

  // One device of it: only its rows, fewer of them.
  const one = [...codes].sort()[0]!;
  await pick(page, 'Device', one, new RegExp(`^${one}$`));
  await expect.poll(shown).toEqual([one]);
  await expect(page.getByText(/^\d+ in all$/)).not.toHaveText(`${count} in all`);
  const narrowed = Number((await page.getByText(/^\d+ in all$/).innerText()).split(' ')[0]);
  expect(narrowed).toBeGreaterThanOrEqual(DAY_OF_REPORTS);
  expect(narrowed).toBeLessThan(count);
});

test('graph view: a demo device’s days draw as lines with units', async ({ page }) => {
  await signIn(page);
  await page.goto('/graph-view');
  await pick(page, 'Device', 'DEMO0002', /^DEMO0002$/);
  const chart = page.getByRole('figure', { name: 'Power Graph chart' });
  await expect(chart.locator('canvas')).toBeVisible();
  await expect(page.getByText('No data in this range')).toHaveCount(0);
  // PV power (orange) by day and load power (blue) by night: both series drawn over the days.
  await expect.poll(() => pixelsOf(chart, '#fa8c16')).toBeGreaterThan(100);
  await expect.poll(() => pixelsOf(chart, '#1677ff')).toBeGreaterThan(100);
  const box = (await chart.locator('.u-over').boundingBox())!;
  await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
  await expect(chart.locator('.u-legend')).toContainText(/\d+\.\d{2} W/);
  await shoot(page, 'graph-view');

  // The link keeps the device: opened again, the select names it by its code, though the first page
  // of the 200 devices it offers does not hold it.
  await page.reload();
  const select = page.locator('.ant-select', { has: page.getByLabel('Device', { exact: true }) });
  await expect(select).toContainText('DEMO0002');
  await expect(chart.locator('canvas')).toBeVisible();

  await page.getByRole('tab', { name: 'Battery' }).click();
  const battery = page.getByRole('figure', { name: 'Battery chart' });
  await expect(battery.locator('canvas')).toBeVisible();
  const area = (await battery.locator('.u-over').boundingBox())!;
  await page.mouse.move(area.x + area.width / 2, area.y + area.height / 2);
  await expect(battery.locator('.u-legend')).toContainText(/\d+\.\d{2} V/);
  await shoot(page, 'graph-view-battery');
});

test('map view: the 200 demo devices in clusters around New Delhi', async ({ page }) => {
  // No tile server is reachable in a test run: the markers draw on a grey background.
  await page.route(/tile\.openstreetmap\.org/, (route) => route.abort());
  await signIn(page);
  await page.goto('/map-view');
  await expect(page.getByText(`${DEMO_DEVICES} devices on the map`)).toBeVisible();
  const clusters = page.locator('.fleet-map-cluster');
  await expect(clusters.first()).toBeVisible();
  // Every device is in view: the clusters' counts and the single markers add up to the fleet.
  const inView = async () => {
    const sizes = await clusters.evaluateAll((els) =>
      els.map((el) => Number(el.getAttribute('title')?.split(' ')[0] ?? el.textContent)),
    );
    const singles = await page.locator('.leaflet-overlay-pane path.leaflet-interactive').count();
    return sizes.reduce((a, b) => a + b, 0) + singles;
  };
  await expect.poll(inView).toBe(DEMO_DEVICES);
  await shoot(page, 'map-view');

  // A click on a cluster of ten or more zooms in: it splits into smaller clusters and devices.
  const before = await clusters.count();
  await clusters
    .filter({ hasText: /^\d{2,}$/ })
    .first()
    .click();
  await expect.poll(() => clusters.count()).not.toBe(before);
  await page.waitForTimeout(600); // the zoom animation
  await shoot(page, 'map-view-zoomed');

  // Narrowed to one project, only its devices remain.
  await page.goto(`/map-view?project=${encodeURIComponent(PROJECT)}`);
  await expect(page.getByText(/^\d+ devices? on the map$/)).not.toHaveText(
    `${DEMO_DEVICES} devices on the map`,
  );
});
