import { expect, test, type Page } from '@playwright/test';
import { activate, adminToken, createReportingDevice, sampleAt, sendTelemetry } from './device-fixtures';
import { E2E_ADMIN, pickByText, signInThroughForm, shootAtWidths } from './fixtures';
import { SERVER_TIME_ZONE } from '../playwright.shared';

// Device Report, Graph View and Map View over three activated devices of one project, a few km apart
// near New Delhi, each with three hours of 5-minute telemetry sent over HTTP ingest.

const stamp = Date.now().toString(36).toUpperCase();
const SHOTS = 'test-results/screens';
const project = `Monitoring ${stamp}`;
const codes = [`MON-A-${stamp}`, `MON-B-${stamp}`, `MON-C-${stamp}`];
const places = [
  { latitude: 28.61, longitude: 77.2 },
  { latitude: 28.63, longitude: 77.22 },
  { latitude: 28.6, longitude: 77.23 },
];
/** A fourth device of the project that has never reported: Offline on the map. */
const silent = `MON-D-${stamp}`;
const SAMPLES = 36; // 3 hours, every 5 minutes
const ids: number[] = [];
/** When each device's newest sample was taken. */
const newest: Date[] = [];

/** An instant as the console shows it: DD/MM/YYYY hh:mm a on the deployment's clock (not the browser's). */
function deploymentTime(at: Date): string {
  const part = Object.fromEntries(
    new Intl.DateTimeFormat('en-GB', {
      timeZone: SERVER_TIME_ZONE,
      day: '2-digit',
      month: '2-digit',
      year: 'numeric',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h12',
    })
      .formatToParts(at)
      .map((p) => [p.type, p.value]),
  );
  return `${part.day}/${part.month}/${part.year} ${part.hour}:${part.minute} ${part.dayPeriod?.toLowerCase()}`;
}

test.beforeAll(async ({ request }) => {
  const token = await adminToken(request);
  for (const [index, code] of codes.entries()) {
    const device = await createReportingDevice(request, token, code);
    ids.push(device.id);
    await activate(request, token, device.id, project, places[index]);
    const now = Date.now() - 60_000;
    newest.push(new Date(now));
    const samples = Array.from({ length: SAMPLES }, (_, i) =>
      sampleAt(new Date(now - (SAMPLES - 1 - i) * 5 * 60_000), 1 + index / 10),
    );
    await sendTelemetry(request, { code, key: device.key }, samples);
  }
  const quiet = await createReportingDevice(request, token, silent);
  await activate(request, token, quiet.id, project, { latitude: 28.62, longitude: 77.19 });
});

// A script error on any of these pages (the chart, the map, its clustering worker) fails the walk.
let pageErrors: string[] = [];
test.beforeEach(({ page }) => {
  pageErrors = [];
  page.on('pageerror', (error) => pageErrors.push(error.message));
});
test.afterEach(() => expect(pageErrors).toEqual([]));

async function signIn(page: Page) {
  await page.goto('/login/');
  await signInThroughForm(page, E2E_ADMIN.email, E2E_ADMIN.password);
  await expect(page.getByText(/Welcome/)).toBeVisible();
}

/** A filter's option, by typing it (its option may say more than what is typed). */
const pick = (page: Page, label: string, option: string) =>
  pickByText(page, page.getByLabel(label, { exact: true }), option, option);

const shoot = (page: Page, name: string) => shootAtWidths(page, `${SHOTS}/${name}`);

test('device report: rows of the project, filters narrow, Download Report opens the CSV', async ({
  page,
  request,
}) => {
  await signIn(page);
  await page.goto('/device-report');
  await pick(page, 'Project', project);
  const rows = page.locator('.ant-table-tbody tr.ant-table-row');
  // Newest first: the three devices share their sample times, so the first page has all three.
  for (const code of codes) await expect(rows.filter({ hasText: code }).first()).toBeVisible();
  await expect(page.getByText(`${SAMPLES * codes.length} in all`)).toBeVisible();
  await expect(rows.first()).toContainText(/\d{2}\/\d{2}\/\d{4} \d{2}:\d{2} (am|pm)/);
  await expect(rows.first()).toContainText('72'); // GSM signal
  await shoot(page, 'device-report');

  await pick(page, 'Device', codes[0]!);
  await expect(page.getByText(`${SAMPLES} in all`)).toBeVisible();
  await expect(rows.filter({ hasText: codes[1]! })).toHaveCount(0);
  await expect(rows.first()).toContainText(codes[0]!);

  // The export runs as a job: the console follows its progress until the file is stored.
  const popup = page.waitForEvent('popup');
  const finished = page.waitForResponse(
    async (res) =>
      /\/monitoring\/device_report\/export\/[0-9a-f-]{36}\/$/.test(new URL(res.url()).pathname) &&
      ((await res.json()) as { status: string }).status === 'done',
  );
  await page.getByRole('button', { name: 'Download Report' }).click();
  await expect(page.getByText('File Generated Successfully!').first()).toBeVisible();
  const file = (await (await finished).json()) as { report_upload: string; report_path: string };
  await expect(page.getByRole('link', { name: 'Open the file' })).toHaveAttribute('href', file.report_path);
  // The link opened in a new window (the file downloads from it: the window may close at once).
  await popup;
  const csv = await (await request.get(file.report_path)).text();
  const lines = csv.trim().split(/\r?\n/);
  expect(lines[0]).toContain('RMS ID');
  expect(lines).toHaveLength(SAMPLES + 1);
  expect(csv).toContain(codes[0]!);
  expect(csv).not.toContain(codes[1]!);

  // Up to 2,500 rows per page: a large page is a virtual table (rows of divs, only those in view);
  // the device's rows are all on page 1, the last reached by scrolling the table.
  await page.getByLabel('Page Size').click();
  await page.getByTitle('2500 / page').click();
  await expect(page).toHaveURL(/page_size=2500/);
  const virtualRows = page.locator('.ant-table-tbody-virtual .ant-table-row');
  await expect(virtualRows.first()).toContainText(codes[0]!);
  await expect(page.getByText(`${SAMPLES} in all`)).toBeVisible();
  const lastSerial = virtualRows.locator('> :first-child', { hasText: new RegExp(`^${SAMPLES}$`) });
  await expect(lastSerial).toHaveCount(0);
  await page.locator('.ant-table-tbody-virtual').hover();
  await page.mouse.wheel(0, SAMPLES * 100);
  await expect(lastSerial).toBeInViewport();
  await shoot(page, 'device-report-2500');

  // An empty range says so.
  await page.goto('/device-report?project=nothing-like-this');
  await expect(page.getByText('No report rows match these filters in this range')).toBeVisible();
  await shoot(page, 'device-report-empty');
});

test('graph view: each tab draws its series with units', async ({ page }) => {
  await signIn(page);
  await page.goto(`/graph-view?device=${ids[0]}`);
  const chart = page.getByRole('figure', { name: 'Power Graph chart' });
  await expect(chart.locator('canvas')).toBeVisible();
  await expect(page.getByTitle(codes[0]!, { exact: true })).toBeVisible(); // the chosen device
  // The legend shows the newest reading, then the one under the cursor; its time is the deployment's,
  // written DD/MM/YYYY hh:mm a like every time in the console.
  await expect(chart.locator('.u-legend')).toContainText(/\d+\.\d{2} W/);
  await expect(chart.locator('.u-legend')).toContainText(deploymentTime(newest[0]!));
  const box = (await chart.locator('.u-over').boundingBox())!;
  await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
  await expect(chart.locator('.u-legend')).toContainText(/\d+\.\d{2} W/);
  await shoot(page, 'graph-view');

  await page.getByRole('tab', { name: 'Battery' }).click();
  const battery = page.getByRole('figure', { name: 'Battery chart' });
  await expect(battery.locator('canvas')).toBeVisible();
  const area = (await battery.locator('.u-over').boundingBox())!;
  await page.mouse.move(area.x + area.width / 2, area.y + area.height / 2);
  await expect(battery.locator('.u-legend')).toContainText(/1[23]\.\d{2} V/);

  // A range without samples.
  const ends = page.locator('.ant-picker-range input');
  await ends.first().click();
  await ends.first().fill('01/01/2026');
  await ends.first().press('Enter');
  await ends.nth(1).fill('02/01/2026');
  await ends.nth(1).press('Enter');
  await expect(page.getByText('No data in this range')).toBeVisible();
  await shoot(page, 'graph-view-empty');
  // The range holds across tabs.
  await page.getByRole('tab', { name: 'Solar' }).click();
  await expect(page.getByText('No data in this range')).toBeVisible();
});

test('map view: clusters show their mix, the hover card, a click opens the analysis; no tiles needed', async ({
  page,
}) => {
  // MAP_TILE_URL names a tile server that refuses connections (playwright.config.ts), as on a site
  // without internet: the map says so, draws a plain base, and its markers still show.
  await signIn(page);

  // The project's four devices, a few km apart, are one cluster at the default zoom (8); its ring and
  // title show the mix of their states: three report, the silent one is Offline.
  await page.goto(`/map-view?project=${encodeURIComponent(project)}`);
  await expect(page.getByText('4 devices on the map')).toBeVisible();
  const cluster = page.locator('.fleet-map-cluster', { hasText: /^4$/ });
  await expect(cluster).toBeVisible();
  await expect(cluster).toHaveAttribute('title', '4 devices: 3 Online, 1 Offline, 0 On Error');
  await expect(
    page.getByRole('button', { name: '4 devices: 3 Online, 1 Offline, 0 On Error' }),
  ).toBeVisible();
  // Three quarters of the ring in the online colour, a quarter in the offline colour.
  await expect(cluster.locator('circle[data-status="Online"]')).toHaveAttribute('stroke-dasharray', '75 25');
  await expect(cluster.locator('circle[data-status="Offline"]')).toHaveAttribute('stroke-dasharray', '25 75');
  const tilePort = process.env.E2E_TILE_PORT;
  await expect(page.getByRole('alert').filter({ hasText: 'Map tiles' })).toHaveText(
    `Map tiles could not be loaded from 127.0.0.1:${tilePort}; showing a plain base. An operator can set MAP_TILE_URL.`,
  );
  // The plain base: degree lines and their labels under the markers.
  await expect(page.locator('.fleet-map-degree').first()).toBeVisible();
  await shoot(page, 'map-view-cluster');
  // A click on the cluster zooms in until it splits.
  await cluster.click();
  await expect(cluster).toHaveCount(0);

  // Narrowed to one device: the map centres on it; hovering shows its card; a click opens /analysis.
  await pick(page, 'Device', codes[0]!);
  await expect(page.getByText('1 device on the map')).toBeVisible();
  await page.waitForTimeout(600); // the map's fit animation
  const map = page.getByRole('region', { name: 'Map of devices' });
  const box = (await map.boundingBox())!;
  await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
  const card = page.locator('.fleet-map-card');
  await expect(card).toContainText(codes[0]!);
  await expect(card).toContainText('72%');
  await expect(card).toContainText('Online');
  await expect(card).toContainText(/\d{2}-\d{2}-\d{4} \d{2}:\d{2} (AM|PM)/);
  await page.mouse.click(box.x + box.width / 2, box.y + box.height / 2);
  await expect(page).toHaveURL(/\/analysis$/);
  await page.goBack();
  await expect(page.getByText('1 device on the map')).toBeVisible();
  await page.waitForTimeout(600);
  await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
  await expect(card).toContainText(codes[0]!);
  await shoot(page, 'map-view');
});
