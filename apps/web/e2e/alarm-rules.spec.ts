import { expect, test, type Page } from '@playwright/test';
import { ALARM_RULE_MESSAGES as M } from '@rms/contracts/alarm-rules';
import { activate, adminToken, createReportingDevice, sampleAt, sendTelemetry } from './device-fixtures';
import { E2E_ADMIN, signInThroughForm, shootAtWidths } from './fixtures';

// The alarm rules walk (docs/alarms.md): the admin opens Monitoring → Alarm Rules, raises the
// organization's battery threshold, gives one project a rule of its own, and the project's device,
// reporting a SOC under the project's threshold, raises an alarm the alarms view says that rule raised.
const stamp = Date.now().toString(36).toUpperCase();
const CODE = `RUL-${stamp}`;
const PROJECT = `Ring Road ${stamp}`;
const SHOTS = process.env.E2E_SCREENSHOTS;

const shoot = (page: Page, name: string) => shootAtWidths(page, SHOTS && `${SHOTS}/${name}`);

test('set an organization rule and a project override; the alarm names its rule', async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  const token = await adminToken(request);
  const device = await createReportingDevice(request, token, CODE);
  await activate(request, token, device.id, PROJECT);

  await page.goto('/login/');
  await signInThroughForm(page, E2E_ADMIN.email, E2E_ADMIN.password);
  await expect(page.getByText(/Welcome/)).toBeVisible();
  const menu = page.getByRole('menu', { name: 'Main menu' });
  await menu.getByText('Monitoring').click();
  await menu.getByRole('menuitem', { name: 'Alarm Rules' }).click();
  await expect(page).toHaveURL(/\/alarm-rules$/);
  await expect(page.getByRole('heading', { name: 'Alarm Rules' })).toBeVisible();

  const battery = page.getByRole('row', { name: /Battery low/ });
  await expect(battery.getByText('Default', { exact: true })).toBeVisible();
  await expect(page.getByRole('row', { name: /Panel output low/ }).getByText('Off')).toBeVisible();
  await shoot(page, 'alarm-rules');

  // The organization's rule: a clear threshold under the raise one is refused on its field.
  await battery.getByRole('button', { name: 'Edit Battery low' }).click();
  const form = page.getByRole('dialog', { name: /Battery low: rule for the whole organization/ });
  await form.getByLabel('Raise when SOC is below').fill('50');
  await form.getByRole('button', { name: 'Save' }).click();
  await expect(form.getByText(/must be at or above/)).toBeVisible();
  await shoot(page, 'alarm-rules-form');
  await form.getByLabel('Clear when SOC is at least').fill('60');
  await form.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText(M.created)).toBeVisible();
  await expect(battery.getByText('Organization', { exact: true })).toBeVisible();
  await expect(battery.getByText(/Default: SOC is below 20 %/)).toBeVisible();

  // The project's own rule: critical, under 40 %.
  await page.getByLabel('Project').click();
  await page
    .locator('.ant-select-dropdown:visible .ant-select-item-option')
    .getByText(PROJECT, { exact: true })
    .click();
  await expect(battery.getByText('Organization', { exact: true })).toBeVisible();
  await battery.getByRole('button', { name: 'Edit Battery low' }).click();
  const projectForm = page.getByRole('dialog', { name: new RegExp(`rule for project ${PROJECT}`) });
  await projectForm.getByLabel('Raise when SOC is below').fill('40');
  await projectForm.getByLabel('Severity').click();
  await page
    .locator('.ant-select-dropdown:visible .ant-select-item-option')
    .getByText('Critical', { exact: true })
    .click();
  // The SLA still at Minor's default follows Critical's.
  await expect(projectForm.getByLabel('SLA')).toHaveValue('24');
  await projectForm.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText(M.created)).toBeVisible();
  await expect(projectForm).toBeHidden();
  await expect(battery.getByText('Project', { exact: true })).toBeVisible();
  await expect(battery.getByText('24 h')).toBeVisible();
  await shoot(page, 'alarm-rules-project');

  // The project's device reports 45 %: under the organization's 50 but not under the project's 40.
  await sendTelemetry(request, { code: CODE, key: device.key }, [
    { ...sampleAt(new Date(Date.now() - 120_000)), soc: 45 },
  ]);
  await sendTelemetry(request, { code: CODE, key: device.key }, [
    { ...sampleAt(new Date(Date.now() - 60_000)), soc: 35 },
  ]);
  await page.goto('/alarms-view');
  const alarm = page.getByRole('row', { name: new RegExp(`${CODE}.*Battery low`) });
  await expect(alarm).toHaveCount(1);
  await expect(alarm.getByText('Critical')).toBeVisible();
  await expect(alarm.getByText(`Project rule: ${PROJECT}`)).toBeVisible();
  await shoot(page, 'alarms-view-rule');

  // Back to the organization's rule for the project.
  await page.goto('/alarm-rules');
  await page.getByLabel('Project').click();
  await page
    .locator('.ant-select-dropdown:visible .ant-select-item-option')
    .getByText(PROJECT, { exact: true })
    .click();
  await battery.getByRole('button', { name: "Use the organization's rule for Battery low" }).click();
  await page.getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByText(M.deleted)).toBeVisible();
  await expect(battery.getByText('Organization', { exact: true })).toBeVisible();
});
