import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { HARVEST_MESSAGES } from '@rms/contracts/monitoring';
import { activate, adminToken } from './device-fixtures';
import {
  createEmployee,
  E2E_ADMIN,
  pickByText,
  pickByTitle,
  signInThroughForm,
  shootAtWidths,
} from './fixtures';

// Monitoring walk on one activated device whose telemetry arrives through HTTP ingest: the dashboard's
// panels, the header's device search into /analysis (status, cards, load switch), and /alarms-view.
const stamp = Date.now().toString(36).toUpperCase();
const SHOTS = 'test-results/screens';
const CODE = `MON-${stamp}`;
const MODEL = 'SP-24';
const HOUR = 3_600_000;
const DAY = 24 * HOUR;

function sample(ts: number, over: Record<string, unknown> = {}) {
  return {
    ts,
    gsm_sig: 70,
    bt_v: 12.8,
    bt_ch_i: 2.5,
    bt_dis_i: 0,
    soc: 80,
    pv_v: 18.2,
    pv_i: 2.7,
    lo_v: 0,
    lo_i: 0,
    brightness: 0,
    lo_sts: 0,
    mppt: 96.5,
    energy_wh: 1000,
    temp: 31,
    telecom: 'Airtel',
    ...over,
  };
}

/** An RMS device (its key comes back once), activated, with 3 days of samples; E12 cleared, E7 active. */
async function deviceWithTelemetry(request: APIRequestContext): Promise<{ id: number; city: string }> {
  const token = await adminToken(request);
  const res = await request.post('/api/v1/devices/rms/', {
    headers: { authorization: `Bearer ${token}` },
    data: {
      device_id: CODE,
      manufacture: 'Surya Power',
      model: MODEL,
      inventory_date: '2026-01-15',
      remarks: 'e2e monitoring',
      expiry_date: '2035-12-31',
    },
  });
  expect(res.status(), await res.text()).toBe(201);
  const { id, device_key } = (await res.json()) as { id: number; device_key: string };
  const { city } = await activate(request, token, id, `Monitoring ${stamp}`);
  const now = Date.now();
  const basic = `Basic ${Buffer.from(`${CODE}:${device_key}`).toString('base64')}`;
  // One batch per day, as a device sends them: the day's harvest is its counter's rise within the day.
  const batches = [
    [sample(now - 3 * DAY, { energy_wh: 1000 }), sample(now - 3 * DAY + HOUR, { energy_wh: 1400 })],
    [
      sample(now - 2 * DAY, { energy_wh: 1500, faults: ['E12'] }),
      sample(now - 2 * DAY + HOUR, { energy_wh: 1750, faults: ['E12'] }),
    ],
    [
      sample(now - DAY, { energy_wh: 1800, faults: [] }),
      sample(now - DAY + HOUR, { energy_wh: 2100, faults: [] }),
    ],
    [
      sample(now - 60_000, {
        energy_wh: 2200,
        lo_v: 12,
        lo_i: 1.5,
        lo_sts: 1,
        brightness: 100,
        faults: ['E7'],
      }),
    ],
  ];
  for (const batch of batches) {
    const ingest = await request.post('/api/v1/ingest/telemetry/', {
      headers: { authorization: basic },
      data: batch,
    });
    expect(ingest.status(), await ingest.text()).toBe(200);
  }
  // One sample out of range: refused, naming the field, and counted for the device.
  const refused = await request.post('/api/v1/ingest/telemetry/', {
    headers: { authorization: basic },
    data: sample(now - 30_000, { bt_v: 95 }),
  });
  expect(refused.status()).toBe(400);
  expect(((await refused.json()) as { detail: string }).detail).toBe('bt_v: above 40');
  return { id, city };
}

const shoot = (page: Page, name: string) => shootAtWidths(page, `${SHOTS}/${name}`);

test('dashboard, header search into /analysis, load switch and /alarms-view follow the device’s telemetry', async ({
  page,
  request,
}) => {
  test.setTimeout(90_000);
  const device = await deviceWithTelemetry(request);
  const token = await adminToken(request);
  const api = async <T>(path: string) =>
    (await (
      await request.get(`/api/v1/${path}`, { headers: { authorization: `Bearer ${token}` } })
    ).json()) as T;

  await page.goto('/login/');
  await signInThroughForm(page, E2E_ADMIN.email, E2E_ADMIN.password);
  await expect(page.getByText(/Welcome/)).toBeVisible();

  // Dashboard: the counts the server gives, the device's alarm under Today's Alarm, the harvest chart.
  const inventory = await api<{ stlts: number; poles: number; rms: number }>(
    'admin_settings/dashboard_inventory/',
  );
  const summary = await api<{ total: number; on_error: number }>('dashboard/summary/');
  await expect(page.getByTestId('inventory-rms')).toContainText(String(inventory.rms));
  await expect(page.getByTestId('inventory-poles')).toContainText(String(inventory.poles));
  await expect(page.getByTestId('summary-total')).toContainText(String(summary.total));
  await expect(page.getByTestId('summary-on_error')).toContainText(String(summary.on_error));
  const alarms = page.locator('.ant-card', { hasText: 'Unresolved Alarm' });
  await expect(alarms.getByText(CODE).first()).toBeVisible();
  await expect(alarms.getByText(device.city).first()).toBeVisible();
  await expect(alarms.getByText(/Device fault \(E7\)/).first()).toBeVisible();
  await alarms.getByRole('tab', { name: 'Resolved Alarm', exact: true }).click();
  await expect(alarms.getByText(/Device fault \(E12\)/).first()).toBeVisible();
  await expect(page.locator('.uplot').first()).toBeVisible();
  await shoot(page, 'dashboard');

  // The device summary's filters load when opened; a project filter narrows the count to this one.
  await page.getByRole('button', { name: 'Filters' }).click();
  // Typed: other walks' projects fill the list (it shows a few at a time).
  await pickByText(page, page.getByLabel('Project'), `Monitoring ${stamp}`, `Monitoring ${stamp}`);
  await expect(page.getByTestId('summary-total')).toContainText('1');
  await expect(page.getByTestId('summary-on_error')).toContainText('1');
  await shoot(page, 'dashboard-filters');

  // A harvest range longer than 12 months stays as typed, says why and is not loaded; a 12-month one is.
  const harvestCalls: string[] = [];
  page.on('request', (r) => r.url().includes('/harvest_report/') && harvestCalls.push(r.url()));
  const month = (back: number) => {
    const d = new Date();
    d.setUTCDate(1);
    d.setUTCMonth(d.getUTCMonth() - back);
    return `${String(d.getUTCMonth() + 1).padStart(2, '0')}/${d.getUTCFullYear()}`;
  };
  const harvest = page.locator('.ant-card', { hasText: 'Energy Harvest' });
  const start = harvest.getByPlaceholder('Start month');
  const end = harvest.getByPlaceholder('End month');
  await start.click();
  await start.fill(month(14));
  await start.press('Enter');
  await end.fill(month(1));
  await end.press('Enter');
  await harvest.getByText('Energy Harvest', { exact: true }).click();
  await expect(harvest.getByRole('alert')).toContainText(HARVEST_MESSAGES.tooLong);
  await expect(start).toHaveValue(month(14));
  await expect(end).toHaveValue(month(1));
  const [mm, yyyy] = month(14).split('/');
  expect(harvestCalls.filter((url) => url.includes(`start_date=${yyyy}-${mm}-01`))).toEqual([]);
  await page.screenshot({ path: `${SHOTS}/dashboard-harvest-too-long-1440.png` });
  // Twelve months up to this one: allowed, loaded and drawn.
  await start.click();
  await start.fill(month(12));
  await start.press('Enter');
  await end.fill(month(0));
  await end.press('Enter');
  await harvest.getByText('Energy Harvest', { exact: true }).click();
  await expect(harvest.getByRole('alert')).toHaveCount(0);
  await expect(harvest.locator('.uplot')).toBeVisible();
  const [mm12, yyyy12] = month(12).split('/');
  expect(harvestCalls.some((url) => url.includes(`start_date=${yyyy12}-${mm12}-01`))).toBe(true);

  // Header search: "device ID — model", opens /analysis for it.
  await page.getByLabel('Find RMS ID or model').click();
  await pickByText(page, page.getByLabel('Find RMS ID or model'), MODEL, `${CODE} — ${MODEL}`);
  await expect(page).toHaveURL(/\/analysis$/);
  await expect(page.getByTestId('device-status')).toHaveText('On Error');
  await expect(page.getByTestId('card-rms_id')).toContainText(CODE);
  await expect(page.getByTestId('card-voltage')).toContainText('12.80 V');
  await expect(page.getByTestId('card-charging_current')).toContainText('2.50 Amp');
  await expect(page.getByTestId('card-discharging_current')).toHaveCount(0);
  await expect(page.getByTestId('card-battery_power')).toContainText('32.00 Watt');
  await expect(page.getByTestId('card-load_power')).toContainText('18.00 Watt');
  await expect(page.getByTestId('card-mppt_efficiency')).toContainText('96.50 %');
  await expect(
    page.locator('.ant-card', { hasText: 'Alarm Status' }).getByText('Device fault (E7)'),
  ).toBeVisible();
  await expect(page.locator('.uplot')).toBeVisible();
  await expect(page.getByTestId('reject-alert')).toContainText(
    /1 message refused, last (just now|\d+ min ago): bt_v: above 40/,
  );

  // The load switch records a load command; its progress shows until the device answers.
  await expect(page.getByTestId('load-status')).toHaveText('Off');
  await page.getByRole('switch', { name: 'Load switch' }).click();
  await expect(page.getByText('Load switched on')).toBeVisible();
  await expect(page.getByTestId('load-status')).toHaveText('On');
  await expect(page.getByTestId('load-command')).toContainText(/Command (Pending|Sent)/);
  const [record] = await api<{ lo_sts: number; command: { status: string } | null }[]>(
    `monitoring/load_status/?device=${device.id}`,
  );
  expect(record).toMatchObject({ lo_sts: 1, command: { status: expect.stringMatching(/pending|sent/) } });
  await shoot(page, 'analysis');

  // While /analysis is open, the header search brings another device (one that never reported).
  const other = `${CODE}-B`;
  const created = await request.post('/api/v1/devices/rms/', {
    headers: { authorization: `Bearer ${token}` },
    data: {
      device_id: other,
      manufacture: 'Surya Power',
      model: MODEL,
      inventory_date: '2026-01-15',
      remarks: 'e2e monitoring',
      expiry_date: '2035-12-31',
    },
  });
  expect(created.status()).toBe(201);
  await activate(request, token, ((await created.json()) as { id: number }).id, `Monitoring ${stamp} B`);
  await page.getByLabel('Find RMS ID or model').click();
  await pickByText(page, page.getByLabel('Find RMS ID or model'), other, `${other} — ${MODEL}`);
  await expect(page.getByTestId('card-rms_id')).toContainText(other);
  await expect(page.getByTestId('device-status')).toHaveText('--');
  await expect(page.getByTestId('card-voltage')).toContainText('--');
  await expect(page.getByText('No energy harvested in this range')).toBeVisible();

  // Alarm Status: by device, then by status.
  await page.goto('/alarms-view');
  const table = page.locator('.ant-table');
  await pickByTitle(page, page.getByLabel('Device', { exact: true }), CODE, CODE);
  await expect(table.getByText('Device fault (E7)')).toBeVisible();
  await expect(table.getByText('Device fault (E12)')).toBeVisible();
  await page.getByLabel('Status', { exact: true }).click();
  await page.locator('.ant-select-item-option', { hasText: /^Unresolved$/ }).click();
  await expect(table.getByText('Device fault (E12)')).toHaveCount(0);
  await expect(table.getByText('Device fault (E7)')).toBeVisible();
  await page.getByLabel('Status', { exact: true }).click();
  await page.locator('.ant-select-item-option', { hasText: /^Resolved$/ }).click();
  await expect(table.getByText('Device fault (E7)')).toHaveCount(0);
  await expect(table.getByText('Device fault (E12)')).toBeVisible();
  await expect(table.locator('.ant-tag', { hasText: 'Resolved' })).toBeVisible();
  await shoot(page, 'alarms-view');

  // The RMS list marks the device whose message was refused (and not the other one).
  await page.goto('/view-rms-device-id');
  await page.getByLabel('Search RMS IDs').fill(CODE);
  await expect(page.locator('.ant-table-row')).toHaveCount(2);
  const badge = page.getByTestId('reject-badge');
  await expect(badge).toHaveCount(1);
  await expect(badge).toHaveAccessibleName(/^1 message refused, last .*: bt_v: above 40$/);
  await expect(page.locator('.ant-table-row', { has: badge })).toContainText(CODE);
  await expect(page.locator('.ant-table-row', { has: badge })).not.toContainText(`${CODE}-B`);
  await shoot(page, 'rms-list-reject');
});

test('a user without device permissions sees the dashboard and /analysis without losing the session', async ({
  page,
  request,
}) => {
  const person = {
    name: 'Plain Viewer',
    email: `plain-${stamp.toLowerCase()}@e2e.example`,
    password: 'Plain-pass-1',
  };
  await createEmployee(request, { ...person, permissions: [] });
  await page.goto('/login/');
  await signInThroughForm(page, person.email, person.password);
  await expect(page.getByText(/Welcome/)).toBeVisible();
  await expect(page.getByText('Total Inventory')).toBeVisible();
  await expect(page.getByLabel('Find RMS ID or model')).toHaveCount(0);
  await page.getByRole('button', { name: 'Filters' }).click();
  await expect(page.getByLabel('State')).toBeVisible();
  await expect(page.getByLabel('Project')).toHaveCount(0);

  await page.goto('/analysis');
  await expect(page.getByText('No activated device to analyse')).toBeVisible();
  await page.goto('/');
  await expect(page.getByText(/Welcome/)).toBeVisible();
});
