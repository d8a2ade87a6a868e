import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { SERVER_TIME_ZONE } from '../playwright.shared';
import { activate, adminToken, createReportingDevice } from './device-fixtures';
import { E2E_ADMIN, pickByTitle, signInThroughForm, shootAtWidths } from './fixtures';

// The lighting schedules walk (docs/lighting-schedules.md): with a group of one lit device, two
// profiles and a "market" schedule of higher priority on Friday and Saturday nights made through the
// API, the admin adds an every-night schedule for the group, adds a festival exception to it, sees the
// month in its calendar (weeks from Monday), then the device's own month picked by its RMS ID and a
// device of another project that no schedule covers, the device claimed by both schedules in Conflicts
// and its plan waiting in Delivery, then disables the schedule and deletes it after confirming.
// SCREENSHOT_DIR set: each screen is also saved at 1440 and 760 px wide.
const stamp = Date.now().toString(36).toUpperCase();
const CODE = `LS-${stamp}`;
const LONE = `LS-${stamp}-LONE`;
const PROJECT = `Lake Road ${stamp}`;
const GROUP = `Lake road ${stamp}`;
const SAVER = `Saver ${stamp}`;
const FULL = `Full night ${stamp}`;
const MARKET = `Market ${stamp}`;
const NAME = `Every night ${stamp}`;
const FESTIVAL = `Lake festival ${stamp}`;

const shoot = (page: Page, name: string) =>
  shootAtWidths(page, process.env.SCREENSHOT_DIR && `${process.env.SCREENSHOT_DIR}/${name}`);

/** Select dropdowns still open (one closing would show in a screenshot). */
const dropdowns = (page: Page) => page.locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden)');

const today = () => new Intl.DateTimeFormat('en-CA', { timeZone: SERVER_TIME_ZONE }).format(new Date());

/** The deployment's day `ahead` days from today, as [YYYY-MM-DD, DD/MM/YYYY]. */
function dayAhead(ahead: number): [string, string] {
  const d = new Date(`${today()}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + ahead);
  const iso = d.toISOString().slice(0, 10);
  const [y, m, day] = iso.split('-');
  return [iso, `${day}/${m}/${y}`];
}

/** How many days ahead the next Friday is (1 to 7): the market's first night after tonight. */
const nextFriday = () => ((5 - new Date(`${today()}T00:00:00Z`).getUTCDay() + 6) % 7) + 1;

async function post<T>(request: APIRequestContext, token: string, path: string, data: object): Promise<T> {
  const res = await request.post(`/api/v1/${path}`, { headers: { authorization: `Bearer ${token}` }, data });
  expect(res.status(), await res.text()).toBe(201);
  return (await res.json()) as T;
}

test('add a schedule and an exception, see its calendar, conflicts and delivery, disable and delete it', async ({
  page,
  request,
}) => {
  test.setTimeout(150_000);
  const token = await adminToken(request);
  const device = await createReportingDevice(request, token, CODE);
  await activate(request, token, device.id, PROJECT, { latitude: 19.076, longitude: 72.8777 });
  // A device of another project: in no group, so no schedule covers it.
  const lone = await createReportingDevice(request, token, LONE);
  await activate(request, token, lone.id, `Hill Road ${stamp}`, { latitude: 19.1, longitude: 72.9 });
  const { group } = await post<{ group: { id: number } }>(request, token, 'lighting/groups/', {
    name: GROUP,
    kind: 'dynamic',
    filter: { project: PROJECT },
  });
  const profiles: number[] = [];
  for (const [name, level] of [
    [SAVER, 60],
    [FULL, 100],
  ] as const) {
    const { profile } = await post<{ profile: { id: number } }>(request, token, 'lighting/profiles/', {
      name,
      steps: [
        { anchor: 'dusk', offset_min: 0, level: 100 },
        { anchor: 'clock', at: '23:00', level },
      ],
    });
    profiles.push(profile.id);
  }
  await post(request, token, 'lighting/schedules/', {
    name: MARKET,
    group: group.id,
    profile: profiles[1],
    weekdays: [5, 6],
    priority: 20,
  });

  await page.goto('/login/');
  await signInThroughForm(page, E2E_ADMIN.email, E2E_ADMIN.password);
  await expect(page.getByText(/Welcome/)).toBeVisible();
  await page.getByRole('menuitem', { name: 'Lighting' }).click();
  await page.getByRole('menuitem', { name: 'Lighting Schedules' }).click();
  await expect(page.getByRole('heading', { name: 'Lighting Schedules' })).toBeVisible();
  await expect(page.getByRole('row', { name: new RegExp(MARKET) })).toContainText('Fri, Sat');

  // A schedule for every night of the year, below the market's priority.
  await page.getByRole('button', { name: 'Add Schedule' }).click();
  const drawer = page.getByRole('dialog', { name: 'Add Lighting Schedule' });
  await drawer.getByLabel('Name').fill(NAME);
  await drawer.getByRole('combobox', { name: 'Group' }).click();
  await page.getByTitle(GROUP, { exact: true }).click();
  await drawer.getByRole('combobox', { name: 'Profile' }).click();
  await page.getByTitle(SAVER, { exact: true }).click();
  await drawer.getByLabel('Priority').fill('10');
  await shoot(page, 'lighting-schedule-form');
  await drawer.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Schedule created')).toBeVisible();
  const row = page.getByRole('row', { name: new RegExp(NAME) });
  await expect(row).toContainText('Every night');
  await expect(row).toContainText(GROUP);
  await expect(row).toContainText(SAVER);
  await expect(row).toContainText('All year');
  await shoot(page, 'lighting-schedules');

  // A festival on the next Friday and Saturday nights, at full light: it beats the market's priority.
  await row.getByRole('button', { name: NAME, exact: true }).click();
  const edit = page.getByRole('dialog', { name: `Edit ${NAME}` });
  await edit.getByRole('tab', { name: /Exceptions/ }).click();
  await edit.getByRole('button', { name: 'Add Exception' }).click();
  const modal = page.getByRole('dialog', { name: 'Add Exception' });
  await modal.getByLabel('Name').fill(FESTIVAL);
  await modal.getByText('Festival', { exact: true }).click();
  const [fromIso, from] = dayAhead(nextFriday());
  const [, to] = dayAhead(nextFriday() + 1);
  await modal.getByPlaceholder('Start date').click();
  await modal.getByPlaceholder('Start date').fill(from);
  await modal.getByPlaceholder('Start date').press('Enter');
  await modal.getByPlaceholder('End date').fill(to);
  await modal.getByPlaceholder('End date').press('Enter');
  await modal.getByRole('combobox', { name: 'Profile' }).click();
  await page.getByTitle(FULL, { exact: true }).click();
  await shoot(page, 'lighting-schedule-exception-form');
  await modal.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Exception saved')).toBeVisible();
  const exceptions = edit.getByRole('region', { name: 'Exceptions' });
  await expect(exceptions.getByRole('row', { name: new RegExp(FESTIVAL) })).toContainText(`${from} – ${to}`);
  await expect(edit.getByRole('tab', { name: 'Exceptions (1)' })).toBeVisible();
  await shoot(page, 'lighting-schedule-exceptions');

  // The month: the festival's nights, the market's Fridays and Saturdays, ours the rest.
  await edit.getByRole('tab', { name: 'Calendar' }).click();
  const calendar = edit.getByRole('region', { name: 'Calendar' });
  if (fromIso.slice(0, 7) !== dayAhead(0)[0].slice(0, 7))
    await calendar.getByRole('button', { name: 'Next month' }).click();
  const festivalNight = calendar.locator(`[data-date="${fromIso}"]`);
  await expect(festivalNight).toContainText(FULL);
  await expect(festivalNight).toContainText(FESTIVAL);
  await expect(calendar.getByText(MARKET).first()).toBeVisible();
  await expect(calendar.getByText(NAME).first()).toBeVisible();
  await expect(calendar.locator('thead th').first()).toHaveText('Mo');
  await expect(calendar.locator('thead th').last()).toHaveText('Su');
  await shoot(page, 'lighting-schedule-calendar');

  // One device's month, picked by a piece of its RMS ID: both schedules cover it, each night's winner.
  const picker = calendar.getByRole('combobox', { name: 'Device' });
  await pickByTitle(page, picker, stamp, CODE);
  await expect(dropdowns(page)).toHaveCount(0);
  await expect(calendar.getByText('for the device')).toContainText(CODE);
  await expect(festivalNight).toContainText(FULL);
  await expect(festivalNight).toContainText(FESTIVAL);
  await expect(festivalNight).toContainText(NAME);
  await expect(calendar.getByText(MARKET).first()).toBeVisible();
  await shoot(page, 'lighting-schedule-calendar-device');
  // The device stays picked across the drawer's tabs.
  await edit.getByRole('tab', { name: /Exceptions/ }).click();
  await edit.getByRole('tab', { name: 'Calendar' }).click();
  await expect(calendar.getByText('for the device')).toContainText(CODE);

  // A device no schedule covers says so.
  await picker.click();
  await pickByTitle(page, picker, 'LONE', LONE);
  await expect(dropdowns(page)).toHaveCount(0);
  await expect(calendar.getByText(`No schedule covers ${LONE}`)).toBeVisible();
  await shoot(page, 'lighting-schedule-calendar-uncovered');
  await page.keyboard.press('Escape');
  await expect(edit).toBeHidden();

  // The device is claimed by both schedules on Fridays and Saturdays: the market wins by priority, but
  // for the festival's nights.
  await page.getByRole('tab', { name: 'Conflicts' }).click();
  const conflicts = page.getByRole('region', { name: 'Conflicts' });
  const conflict = conflicts.getByRole('row', { name: new RegExp(CODE) });
  await expect(conflict).toContainText(`${MARKET} · priority 20`);
  await expect(conflict).toContainText(`${NAME} · priority 10`);
  await expect(conflict).toContainText(`${MARKET} wins by priority`);
  await expect(conflict).toContainText(`${NAME} wins by its exception`);
  await shoot(page, 'lighting-schedule-conflicts');

  // Its plan was computed and waits for the device (never connected here).
  await page.getByRole('tab', { name: 'Delivery' }).click();
  const delivery = page.getByRole('region', { name: 'Delivery' });
  await delivery.getByRole('searchbox', { name: 'Search deliveries' }).fill(CODE);
  const sent = delivery.getByRole('row', { name: new RegExp(CODE) });
  await expect(sent).toContainText('Pending');
  await expect(delivery.getByText('Pending (1)')).toBeVisible();
  await shoot(page, 'lighting-schedule-delivery');

  // Disabled, then deleted after confirming.
  await page.getByRole('tab', { name: 'Schedules' }).click();
  await row.getByRole('switch', { name: `Enabled ${NAME}` }).click();
  await expect(page.getByText('Schedule disabled')).toBeVisible();
  await expect(row.getByRole('switch', { name: `Enabled ${NAME}` })).not.toBeChecked();
  await row.getByRole('button', { name: `Delete ${NAME}` }).click();
  await page.getByRole('tooltip').getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByText('Schedule deleted')).toBeVisible();
  await expect(row).toBeHidden();
  await expect(page.getByRole('row', { name: new RegExp(MARKET) })).toBeVisible();
});
