import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { activate, adminToken, createReportingDevice, sampleAt, sendTelemetry } from './device-fixtures';
import { E2E_ADMIN, pick, pickByText, signInThroughForm } from './fixtures';

// The live channel from the built console in a real browser: the signed-in shell opens it through the
// real server (bearer header, streaming response) and says so in the header, at desktop and narrow widths;
// then screens left open follow what devices report.

test('the signed-in console opens the live channel and shows it in the header', async ({
  page,
}, testInfo) => {
  const opened = page.waitForResponse((res) => res.url().endsWith('/api/v1/events/') && res.status() === 200);
  await page.goto('/login/');
  await signInThroughForm(page, E2E_ADMIN.email, E2E_ADMIN.password);
  const response = await opened;
  expect(response.headers()['content-type']).toContain('text/event-stream');
  const indicator = page.getByRole('status', { name: 'Live updates: Live' });
  await expect(indicator).toBeVisible();
  await page.screenshot({ path: testInfo.outputPath('live-1440.png') });

  await page.setViewportSize({ width: 760, height: 900 });
  await expect(indicator).toBeVisible();
  await page.screenshot({ path: testInfo.outputPath('live-760.png') });
});

// ---- open screens follow the channel: each walk loads a screen, then a device reports over HTTP
// ingest, and the screen shows it without a reload (a marker set on `window` must survive).

const stamp = Date.now().toString(36).toUpperCase();

const MINUTE = 60_000;

/**
 * A healthy 12 V light with its load on, its energy counter at `energyWh`: no alarm rule fires
 * (state of charge ≥ 30 %, the lamp draws current).
 */
function healthy(at: number, energyWh: number, over: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    ...sampleAt(new Date(at)),
    energy_wh: energyWh,
    bt_v: 12.8,
    bt_ch_i: 0,
    bt_dis_i: 1.4,
    soc: 81,
    lo_v: 12.2,
    lo_i: 1.5,
    lo_sts: 1,
    brightness: 100,
    faults: [],
    ...over,
  };
}

/**
 * Two healthy samples a minute apart, ending at `at`: 10 Wh harvested, so that after 16:00 the sweeper
 * does not raise "No charge during the day" (telemetry/sweeper.ts) and turn the device On Error.
 */
function healthyPair(at: number, energyWh: number): Record<string, unknown>[] {
  return [healthy(at - MINUTE, energyWh - 10), healthy(at, energyWh)];
}

/** An activated RMS device of this run, as its key signs in; `project` is its activation's name. */
async function liveDevice(request: APIRequestContext, suffix: string) {
  const token = await adminToken(request);
  const code = `LIVE-${stamp}-${suffix}`;
  const { id, key } = await createReportingDevice(request, token, code);
  const project = `Live ${stamp} ${suffix}`;
  await activate(request, token, id, project);
  return { id, code, key, project };
}

async function signIn(page: Page) {
  await page.goto('/login/');
  await signInThroughForm(page, E2E_ADMIN.email, E2E_ADMIN.password);
  await expect(page.getByRole('status', { name: 'Live updates: Live' })).toBeVisible();
}

/** Marks the loaded document; `stillSameDocument` fails if the page was reloaded or left since. */
async function markDocument(page: Page) {
  await page.evaluate(() => {
    (window as unknown as { liveWalkMarker?: string }).liveWalkMarker = 'loaded once';
  });
}
async function stillSameDocument(page: Page) {
  expect(await page.evaluate(() => (window as unknown as { liveWalkMarker?: string }).liveWalkMarker)).toBe(
    'loaded once',
  );
}

test('an open /analysis shows a new sample’s readings without a reload', async ({ page, request }) => {
  const device = await liveDevice(request, 'A');
  await sendTelemetry(request, device, healthyPair(Date.now() - MINUTE, 1010));

  await signIn(page);
  await pickByText(page, page.getByLabel('Find RMS ID or model'), device.code, `${device.code} — SP-12`);
  await expect(page).toHaveURL(/\/analysis$/);
  await expect(page.getByTestId('card-rms_id')).toContainText(device.code);
  await expect(page.getByTestId('device-status')).toHaveText('Online');
  await expect(page.getByTestId('card-voltage')).toContainText('12.80 V');
  await expect(page.getByTestId('card-load_voltage')).toContainText('12.20 V');
  await expect(page.getByTestId('card-load_current')).toContainText('1.50 Amp');
  await expect(page.getByTestId('card-load_power')).toContainText('18.30 Watt');
  await markDocument(page);

  await sendTelemetry(request, device, [healthy(Date.now(), 1020, { bt_v: 13.45, lo_v: 11.9, lo_i: 0.8 })]);
  await expect(page.getByTestId('card-voltage')).toContainText('13.45 V');
  await expect(page.getByTestId('card-load_voltage')).toContainText('11.90 V');
  await expect(page.getByTestId('card-load_current')).toContainText('0.80 Amp');
  await expect(page.getByTestId('card-load_power')).toContainText('9.52 Watt');
  await expect(page.getByTestId('device-status')).toHaveText('Online');
  await stillSameDocument(page);
});

test('an open /alarms-view shows a raised alarm as a new row, then its resolution', async ({
  page,
  request,
}) => {
  const device = await liveDevice(request, 'B');
  await sendTelemetry(request, device, healthyPair(Date.now() - 2 * MINUTE, 1010));

  await signIn(page);
  // A fresh page load opens a new channel: events sent before it is open would be missed.
  await page.goto('/alarms-view');
  await expect(page.getByRole('status', { name: 'Live updates: Live' })).toBeVisible();
  const table = page.locator('.ant-table');
  await pick(page, 'Device', device.code);
  await expect(table.getByText('No alarms')).toBeVisible();
  await markDocument(page);

  // State of charge under 20 % raises Battery low (telemetry/alarms.ts).
  await sendTelemetry(request, device, [healthy(Date.now() - MINUTE, 1020, { soc: 12 })]);
  const row = table.locator('tbody tr', { hasText: 'Battery low' });
  await expect(row).toHaveCount(1);
  await expect(row).toContainText(device.code);
  // The row's tags: its severity, then its status.
  await expect(row.locator('.ant-tag')).toHaveText(['Minor', 'Unresolved']);

  // Back at 30 % or more it is resolved: the same row turns Resolved.
  await sendTelemetry(request, device, [healthy(Date.now(), 1030, { soc: 85 })]);
  await expect(row.locator('.ant-tag')).toHaveText(['Minor', 'Resolved']);
  await expect(row).toHaveCount(1);
  await stillSameDocument(page);
});

test('the open dashboard’s device summary counts a device as Online after its first report', async ({
  page,
  request,
}) => {
  const device = await liveDevice(request, 'C');

  await signIn(page);
  await expect(page.getByText(/Welcome/)).toBeVisible();
  // Narrowed to this device's project, the summary counts it and nothing else.
  await page.getByRole('button', { name: 'Filters' }).click();
  // Typed: other walks' projects fill the list (it shows a few at a time).
  await pickByText(page, page.getByLabel('Project'), device.project, device.project);
  const count = (key: string) => page.getByTestId(`summary-${key}`).locator('.ant-statistic-content-value');
  await expect(count('total')).toHaveText('1');
  await expect(count('never_reported')).toHaveText('1');
  await expect(count('online')).toHaveText('0');
  await markDocument(page);

  await sendTelemetry(request, device, healthyPair(Date.now(), 1010));
  // Fleet-wide views refresh at most every 15 s (LIVE_REFRESH.fleetMs in api/live.ts).
  await expect(count('online')).toHaveText('1', { timeout: 20_000 });
  await expect(count('never_reported')).toHaveText('0');
  await expect(count('total')).toHaveText('1');
  await stillSameDocument(page);
});
