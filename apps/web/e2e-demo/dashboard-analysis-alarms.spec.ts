import { expect, test } from '@playwright/test';
import { pickByText } from '../e2e/fixtures';
import { apiGet, DEMO_CODE, DEMO_DEVICES, pick, pixelsOf, reading, shoot, signIn } from './demo-walk';

// The dashboard, the header search into /analysis, and /alarms-view over the demo fleet's history and
// live reports, as the provider's super-user (who sees the demo customer's devices).

interface AlarmPage {
  results: {
    id: number;
    device_data: { device_id: string };
    fault_type: string;
    severity: string;
    assignee: { name: string } | null;
  }[];
  count?: number;
}

/** The demo's people who handled its older alarms (apps/server/src/demo/demo-fleet.ts, DEMO_PEOPLE). */
const SUPERVISOR = 'Meena Iyer';
const HANDLERS = /^(Ravi Kumar|Asha Verma)$/;

// A script error on any of these pages fails the walk.
let pageErrors: string[] = [];
test.beforeEach(({ page }) => {
  pageErrors = [];
  page.on('pageerror', (error) => pageErrors.push(error.message));
});
test.afterEach(() => expect(pageErrors).toEqual([]));

test('dashboard: the fleet’s harvest bars, its 200 devices, inventory and alarms', async ({
  page,
  request,
}) => {
  await signIn(page);

  // Every demo device has reported (its history), so none is "never reported".
  await expect(page.getByTestId('summary-total')).toContainText(String(DEMO_DEVICES));
  await expect(page.getByTestId('summary-never_reported')).toContainText('0');
  const counts = await Promise.all(
    ['online', 'offline', 'on_error'].map(async (key) =>
      Number((await page.getByTestId(`summary-${key}`).locator('.ant-statistic-content').innerText()).trim()),
    ),
  );
  expect(counts.reduce((a, b) => a + b)).toBe(DEMO_DEVICES);

  const inventory = page.locator('.ant-card', { hasText: 'Total Inventory' });
  for (const kind of ['rms', 'stlts', 'poles'])
    await expect(page.getByTestId(`inventory-${kind}`)).toContainText(String(DEMO_DEVICES));
  await expect(inventory.locator('.ant-card-extra')).toHaveText(String(3 * DEMO_DEVICES));

  // The days of history are bars: the chart is drawn, not the empty state.
  const harvest = page.getByTestId('harvest-chart');
  await expect(harvest.locator('canvas')).toBeVisible();
  await expect(page.getByText('No energy harvested in this range')).toHaveCount(0);
  await expect.poll(() => pixelsOf(harvest, '#1677ff')).toBeGreaterThan(200);

  // The alarms panel lists what the server holds: demo devices with their fault, or says there is none.
  const alarms = page.locator('.ant-card', { hasText: 'Unresolved Alarm' });
  for (const [tab, query] of [
    ["Today's Alarm", 'is_today=true'],
    ['Unresolved Alarm', 'is_solve=false'],
    ['Resolved Alarm', 'is_solve=true'],
  ] as const) {
    await alarms.getByRole('tab', { name: tab, exact: true }).click();
    const list = alarms.getByRole('tabpanel', { name: tab });
    // The live fleet may raise or resolve an alarm between the two reads: compare until they agree.
    await expect
      .poll(async () => {
        const expected = await apiGet<AlarmPage>(request, `admin_settings/alarms/?${query}&page_size=5`);
        const first = expected.results[0];
        if (!first) return (await list.getByText('No alarms').count()) > 0 ? 'agree' : 'expected No alarms';
        const items = await list.getByRole('listitem').allInnerTexts();
        const shown = items[0] ?? '';
        return shown.includes(first.device_data.device_id) && shown.includes(first.fault_type)
          ? 'agree'
          : `shown "${shown}", server ${first.device_data.device_id} ${first.fault_type}`;
      })
      .toBe('agree');
    for (const title of await list.getByRole('heading').allInnerTexts())
      expect(title.split(' · ')[0]).toMatch(DEMO_CODE);
  }
  await alarms.getByRole('tab', { name: "Today's Alarm", exact: true }).click();
  // The demo customer is one of the provider's companies.
  await expect(page.locator('.ant-card', { hasText: 'Recent Companies' })).toContainText(
    'Demo Solar Lighting',
  );
  await shoot(page, 'dashboard');
});

test('header search finds a demo device and /analysis shows its live readings', async ({ page }) => {
  await signIn(page);
  const search = page.getByLabel('Find RMS ID or model');
  await pickByText(page, search, 'DEMO0001', /^DEMO0001 — /);
  await expect(page).toHaveURL(/\/analysis$/);

  await expect(page.getByTestId('card-rms_id')).toContainText('DEMO0001');
  await expect(page.getByTestId('device-status')).toHaveText(/^(Online|Offline|On Error)$/);
  // The installation's records and the latest sample: values, not the '--' of an unknown one.
  const value = (key: string) => page.getByTestId(`card-${key}`).locator('.ant-card-body > div');
  await expect(value('stlt_id')).toHaveText(/^STLT\d{4}$/);
  await expect(value('pole_id')).toHaveText(/^POLE\d{4}$/);
  await expect(value('telecom')).not.toHaveText('--');
  await expect(value('last_update')).not.toHaveText('--');
  for (const [key, unit] of [
    ['signal_strength', '%'],
    ['total_energy', 'Wh'],
    ['voltage', 'V'],
    ['state_of_charge', '%'],
    ['battery_power', 'Watt'],
  ] as const)
    await expect(value(key)).toHaveText(reading(unit));
  // Its days of harvest, drawn as bars.
  const harvest = page.getByTestId('harvest-chart');
  await expect(harvest.locator('canvas')).toBeVisible();
  await expect.poll(() => pixelsOf(harvest, '#1677ff')).toBeGreaterThan(50);
  await shoot(page, 'analysis');
});

test('/alarms-view lists the demo’s alarms, or says there are none', async ({ page, request }) => {
  await signIn(page);
  await page.goto('/alarms-view');
  const expected = await apiGet<AlarmPage>(request, 'monitoring/alarms/?page=1&page_size=10');
  const table = page.locator('.ant-table');
  if (expected.count === 0) {
    await expect(table.getByText('No alarms')).toBeVisible();
  } else {
    const rows = table.locator('tbody tr.ant-table-row');
    await expect(rows.first()).toBeVisible();
    await expect(page.getByText(/^\d+ in all$/)).toBeVisible();
    // Columns by their headings (one who may handle alarms also has a selection column first).
    const headings = (await table.locator('thead th').allInnerTexts()).map((h) => h.trim());
    const column = (name: string) => {
      const i = headings.indexOf(name);
      expect(i, name).toBeGreaterThanOrEqual(0);
      return i;
    };
    // Each row: a demo device, its fault, its severity, when it happened, and its status.
    for (const row of (await rows.all()).slice(0, 5)) {
      const cells = row.locator('td');
      await expect(cells.nth(column('Device ID'))).toHaveText(DEMO_CODE);
      await expect(cells.nth(column('Error'))).not.toBeEmpty();
      await expect(cells.nth(column('Severity'))).toHaveText(/^(Critical|Major|Minor|Warning)$/);
      await expect(cells.nth(column('Fault Time'))).toHaveText(/^\d{2}\/\d{2}\/\d{4} \d{2}:\d{2} (am|pm)$/);
      await expect(cells.nth(column('Status'))).toHaveText(/^(Resolved|Unresolved)$/);
    }
    // Narrowed to the first alarm's device, only its alarms remain.
    const device = expected.results[0]!.device_data.device_id;
    await pick(page, 'Device', device, new RegExp(`^${device}$`));
    await expect
      .poll(async () => [
        ...new Set(await rows.locator(`td:nth-child(${column('Device ID') + 1})`).allInnerTexts()),
      ])
      .toEqual([device]);
  }
  await shoot(page, 'alarms-view');
});

test('/alarms-view: the demo’s faults raise live alarms, and older ones were handled by its people', async ({
  page,
  request,
}) => {
  test.setTimeout(180_000);
  await signIn(page);
  // The injected faults (apps/server/src/demo/demo-faults.ts): a flat battery from the history at once,
  // device faults reported live from the first minutes.
  await expect
    .poll(
      async () => {
        const open = await apiGet<AlarmPage>(request, 'monitoring/alarms/?is_solve=false&page_size=100');
        const of = (device: string, fault: RegExp) =>
          open.results.some((r) => r.device_data.device_id === device && fault.test(r.fault_type));
        return [
          of('DEMO0004', /^Battery low$/),
          of('DEMO0009', /^Device fault \(PV_DISCONNECTED\)$/),
          of('DEMO0002', /^Device fault \(BT_OVER_TEMP\)$/),
          of('DEMO0008', /^Device fault \(LED_OPEN\)$/),
        ];
      },
      { timeout: 150_000, intervals: [2_000] },
    )
    .toEqual([true, true, true, true]);

  await page.goto('/alarms-view');
  // Active alarms of more than one severity: major device faults, minor low batteries.
  const counts = page.getByRole('group', { name: 'Active alarms' });
  await expect(counts.getByLabel(/^Major: [1-9]\d*$/)).toBeVisible();
  await expect(counts.getByLabel(/^Minor: [1-9]\d*$/)).toBeVisible();
  const table = page.locator('.ant-table');
  const rows = table.locator('tbody tr.ant-table-row');
  await expect(rows.first()).toBeVisible();
  const headings = (await table.locator('thead th').allInnerTexts()).map((h) => h.trim());
  const column = (name: string) => headings.indexOf(name) + 1;
  const cellsOf = (name: string) => rows.locator(`td:nth-child(${column(name)})`).allInnerTexts();
  expect(new Set(await cellsOf('Severity')).size).toBeGreaterThan(1);
  await shoot(page, 'alarms-live');

  // The acknowledged ones: by the supervisor, most assigned to a technician.
  await page.getByLabel('Acknowledged', { exact: true }).click();
  await page.locator('.ant-select-item-option', { hasText: /^Acknowledged$/ }).click();
  await expect.poll(async () => [...new Set(await cellsOf('Acknowledged'))]).toEqual([SUPERVISOR]);
  const assignees = await cellsOf('Assignee');
  const assigned = assignees.findIndex((a) => HANDLERS.test(a));
  expect(assigned).toBeGreaterThanOrEqual(0);

  // Its drawer: who acknowledged it and who has it, and its timeline from the raise on.
  await rows
    .nth(assigned)
    .locator(`td:nth-child(${column('Error')}) button`)
    .click();
  const drawer = page.getByRole('dialog');
  await expect(drawer.getByText(new RegExp(`by ${SUPERVISOR}$`)).first()).toBeVisible();
  const events = drawer.getByTestId('alarm-event');
  await expect(events.first()).toContainText('Raised by the device data');
  const lines = (await events.allInnerTexts()).map((e) => e.split('\n')[0]!.trim());
  expect(lines).toContain(`Acknowledged by ${SUPERVISOR}`);
  expect(
    lines.some((l) => new RegExp(`^Assigned to (Ravi Kumar|Asha Verma) by ${SUPERVISOR}$`).test(l)),
  ).toBe(true);
  expect(lines.some((l) => /^Comment by (Ravi Kumar|Asha Verma)$/.test(l))).toBe(true);
  await shoot(page, 'alarm-timeline');
});
