import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import {
  SCHEDULE_MESSAGES as M,
  type CalendarNight,
  type ScheduleConflictRow,
  type ScheduleDetail,
  type ScheduleRow,
} from '@rms/contracts/schedules';
import { stubApi, type FakeAnswer } from '../../test-utils/fake-api';
import { makeUser, signIn } from '../../test-utils/fixtures';
import { renderRoutes } from '../../test-utils/render';
import { LightingSchedulesPage } from './lighting-schedules-page';

const user = () => userEvent.setup({ pointerEventsCheck: 0 });
const BASE = 'lighting/schedules/';
// The walks through a form type and pick a good deal: under jsdom on a busy machine they take longer
// than the default 15 s.
const FORM_TIMEOUT = 30_000;

const row = (over: Partial<ScheduleRow> = {}): ScheduleRow => ({
  id: 3,
  organization: 1,
  organization_name: 'Sunrise Lighting',
  name: 'Weeknights',
  group: 7,
  group_name: 'Main road',
  profile: 5,
  profile_name: 'Weeknight saver',
  weekdays: [1, 2, 3, 4, 5],
  priority: 10,
  valid_from: '2026-10-01',
  valid_to: '2027-03-31',
  enabled: true,
  exception_count: 1,
  device_count: 42,
  updated_at: '2026-11-02T10:00:00.000Z',
  ...over,
});

const detail = (over: Partial<ScheduleRow> = {}): ScheduleDetail => ({
  ...row(over),
  exceptions: [
    {
      id: 11,
      name: 'Diwali',
      kind: 'festival',
      from: '2026-11-08',
      to: '2026-11-09',
      profile: 6,
      profile_name: 'Full night',
    },
  ],
});

const saved = (detailText: string, over: Partial<ScheduleRow> = {}): FakeAnswer => [
  200,
  { detail: detailText, schedule: detail(over) },
];

/** Every night of the month asked: Diwali's exception on the 8th, lights off on the 20th. */
function monthNights(month: string): CalendarNight[] {
  const [y, m] = month.split('-').map(Number) as [number, number];
  const days = new Date(Date.UTC(y, m, 0)).getUTCDate();
  return Array.from({ length: days }, (_, i) => {
    const date = `${month}-${String(i + 1).padStart(2, '0')}`;
    if (i + 1 === 8)
      return {
        date,
        schedule: 3,
        schedule_name: 'Weeknights',
        profile: 6,
        profile_name: 'Full night',
        exception: true,
        exception_name: 'Diwali',
      };
    if (i + 1 === 20)
      return {
        date,
        schedule: 3,
        schedule_name: 'Weeknights',
        profile: null,
        profile_name: null,
        exception: true,
        exception_name: 'Cable repair',
      };
    return {
      date,
      schedule: 3,
      schedule_name: 'Weeknights',
      profile: 5,
      profile_name: 'Weeknight saver',
      exception: false,
      exception_name: null,
    };
  });
}

const DEVICES = [
  { id: 90, name: 'RMS-90' },
  { id: 91, name: 'RMS-91' },
  { id: 120, name: 'RMS-120' },
];

/** RMS-91's nights: its group is in no schedule. */
const uncovered = (night: CalendarNight): CalendarNight => ({
  date: night.date,
  schedule: null,
  schedule_name: null,
  profile: null,
  profile_name: null,
  exception: false,
  exception_name: null,
});

/** RMS-90's nights: the Market schedule (priority 20) wins the nights no exception of Weeknights takes. */
const marketWins = (night: CalendarNight): CalendarNight =>
  night.exception
    ? night
    : { ...night, schedule: 4, schedule_name: 'Market', profile: 6, profile_name: 'Full night' };

const conflict: ScheduleConflictRow = {
  device: 90,
  rms_id: 'RMS-90',
  schedules: [
    { id: 3, name: 'Weeknights', priority: 10 },
    { id: 4, name: 'Market', priority: 20 },
  ],
  nights: [
    { date: '2026-11-28', schedules: [3, 4], winner: 4, profile: 5, exception: false },
    { date: '2026-11-29', schedules: [3, 4], winner: 4, profile: 5, exception: false },
    { date: '2026-11-30', schedules: [3, 4], winner: 3, profile: null, exception: true },
  ],
};

function open(
  permissions = ['MANAGE_SCHEDULES', 'VIEW_DEVICE_DATA'],
  createAnswer?: FakeAnswer,
  url = '/lighting-schedules',
  exceptionAnswer: FakeAnswer = saved(M.exceptionSaved),
) {
  signIn(makeUser({ permissions: permissions.map((key) => ({ key })) }));
  const seen = stubApi({
    [`GET ${BASE}`]: () => [200, { results: [row()], count: 1, current: 1, next: null }],
    [`GET ${BASE}3/`]: () => [200, detail()],
    [`GET ${BASE}choices/`]: (r) => [
      200,
      {
        groups: [
          { id: 7, name: 'Main road' },
          { id: 8, name: 'Park' },
        ],
        profiles: [
          { id: 5, name: 'Weeknight saver' },
          { id: 6, name: 'Full night' },
        ],
        // The organization's devices, searched by RMS ID as the server does.
        devices: DEVICES.filter((d) => d.name.includes(r.query.get('device') ?? '')),
      },
    ],
    [`GET ${BASE}calendar/`]: (r) => {
      const month = r.query.get('month')!;
      const device = r.query.get('device');
      if (device === '91') return [200, { month, nights: monthNights(month).map(uncovered) }];
      if (device === '90') return [200, { month, nights: monthNights(month).map(marketWins) }];
      return [200, { month, nights: monthNights(month) }];
    },
    [`GET ${BASE}conflicts/`]: () => [
      200,
      { from: '2026-11-28', to: '2026-12-11', results: [conflict], count: 1, current: 1, next: null },
    ],
    [`GET ${BASE}deliveries/`]: (r) => [
      200,
      {
        results:
          r.query.get('status') === 'applied'
            ? []
            : [
                {
                  device: 90,
                  rms_id: 'RMS-90',
                  schedule: 3,
                  schedule_name: 'Weeknights',
                  status: 'failed',
                  error: 'Device offline: no answer after 3 tries',
                  attempts: 3,
                  updated_at: '2026-11-28T10:00:00.000Z',
                  applied_at: null,
                },
              ],
        count: 1,
        current: 1,
        next: null,
        counts: { pending: 2, applied: 5, failed: 1, retrying: 0 },
      },
    ],
    [`POST ${BASE}`]: () => createAnswer ?? [201, { detail: M.created, schedule: detail() }],
    [`PUT ${BASE}3/`]: () => saved(M.updated),
    [`POST ${BASE}3/disable/`]: () => saved(M.disabled, { enabled: false }),
    [`POST ${BASE}3/exceptions/`]: () => exceptionAnswer,
    [`DELETE ${BASE}3/exceptions/11/`]: () => saved(M.exceptionDeleted),
  });
  renderRoutes([{ path: '/lighting-schedules', element: <LightingSchedulesPage /> }], url);
  return seen;
}

const posted = (seen: ReturnType<typeof open>, path: string) =>
  seen.find((r) => r.method === 'POST' && r.path === path);

// Role queries are left out inside the tabs: under jsdom, testing-library's visibility check of a
// button there takes tens of seconds (getComputedStyle against antd's tab styles); buttons are found by
// their aria-label or text instead.

/**
 * The open drawer or modal whose title is `title` (under test, antd's ids are all "test-id", so a
 * dialog's accessible name is not its title).
 */
async function dialog(title: string) {
  const heading = await screen.findByText(title, { selector: '.ant-drawer-title, .ant-modal-title' });
  return heading.closest<HTMLElement>('[role="dialog"]')!;
}

async function pick(label: string, option: string) {
  const drawer = screen.getByRole('dialog');
  await user().click(within(drawer).getByRole('combobox', { name: label }));
  await user().click(await screen.findByTitle(option));
}

describe('Lighting Schedules', () => {
  it('lists schedules with their group, profile, weekdays, season, counts and an enabled switch', async () => {
    open();
    const table = await screen.findByRole('table');
    const line = (await within(table).findByText('Weeknights')).closest('tr')!;
    expect(within(line).getByText('Main road')).toBeInTheDocument();
    expect(within(line).getByText('Weeknight saver')).toBeInTheDocument();
    expect(within(line).getByText('Mon–Fri')).toBeInTheDocument();
    expect(within(line).getByText('01/10/2026 – 31/03/2027 · 1 exception')).toBeInTheDocument();
    expect(within(line).getByText('42')).toBeInTheDocument();
    expect(within(line).getByLabelText('Enabled Weeknights')).toBeChecked();
  });

  it(
    'adds a schedule with the weekdays ticked and sends the body the contract takes',
    async () => {
      const seen = open();
      await user().click(await screen.findByText('Add Schedule'));
      const drawer = await dialog('Add Lighting Schedule');
      await user().type(within(drawer).getByLabelText('Name'), 'Weekends');
      await pick('Group', 'Park');
      await pick('Profile', 'Full night');
      for (const day of ['Mon', 'Tue', 'Wed', 'Thu']) await user().click(within(drawer).getByLabelText(day));
      const priority = within(drawer).getByLabelText('Priority');
      await user().clear(priority);
      await user().type(priority, '5');
      await user().click(within(drawer).getByText('Save'));
      await waitFor(() => expect(posted(seen, BASE)).toBeDefined());
      expect(posted(seen, BASE)!.body).toEqual({
        name: 'Weekends',
        group: 8,
        profile: 6,
        weekdays: [5, 6, 7],
        priority: 5,
        valid_from: null,
        valid_to: null,
        enabled: true,
      });
      expect(await screen.findByText(M.created)).toBeInTheDocument();
    },
    FORM_TIMEOUT,
  );

  it(
    'refuses no weekday before asking the server',
    async () => {
      const seen = open();
      await user().click(await screen.findByText('Add Schedule'));
      const drawer = await dialog('Add Lighting Schedule');
      await user().type(within(drawer).getByLabelText('Name'), 'Nothing');
      await pick('Group', 'Park');
      await pick('Profile', 'Full night');
      for (const day of ['Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun'])
        await user().click(within(drawer).getByLabelText(day));
      await user().click(within(drawer).getByText('Save'));
      expect(await within(drawer).findByText('Pick at least one weekday')).toBeInTheDocument();
      expect(posted(seen, BASE)).toBeUndefined();
    },
    FORM_TIMEOUT,
  );

  it("puts the server's refusal on the field it names", async () => {
    open(undefined, [400, { detail: M.group, errors: { group: [M.group] } }]);
    await user().click(await screen.findByText('Add Schedule'));
    const drawer = await dialog('Add Lighting Schedule');
    await user().type(within(drawer).getByLabelText('Name'), 'Weekends');
    await pick('Group', 'Park');
    await pick('Profile', 'Full night');
    await user().click(within(drawer).getByText('Save'));
    // Once in the alert over the form, once under the group.
    await waitFor(() => expect(within(drawer).getAllByText(M.group)).toHaveLength(2));
    expect(within(drawer).getByRole('alert')).toHaveTextContent(M.group);
  });

  it(
    'opens a schedule with its fields and saves them all, its season as the contract writes dates',
    async () => {
      const seen = open();
      await user().click(await screen.findByLabelText('Edit Weeknights'));
      const drawer = await dialog('Edit Weeknights');
      expect(within(drawer).getByLabelText('Name')).toHaveValue('Weeknights');
      expect(within(drawer).getByLabelText('Sat')).not.toBeChecked();
      expect(within(drawer).getByLabelText('Valid from')).toHaveValue('01/10/2026');
      await user().click(within(drawer).getByLabelText('Sat'));
      await user().click(within(drawer).getByText('Save'));
      await waitFor(() => expect(seen.some((r) => r.method === 'PUT')).toBe(true));
      expect(seen.find((r) => r.method === 'PUT')!.body).toEqual({
        name: 'Weeknights',
        group: 7,
        profile: 5,
        weekdays: [1, 2, 3, 4, 5, 6],
        priority: 10,
        valid_from: '2026-10-01',
        valid_to: '2027-03-31',
        enabled: true,
      });
    },
    FORM_TIMEOUT,
  );

  it('disables a schedule with its switch', async () => {
    const seen = open();
    await user().click(await screen.findByLabelText('Enabled Weeknights'));
    await waitFor(() => expect(posted(seen, `${BASE}3/disable/`)).toBeDefined());
    expect(await screen.findByText(M.disabled)).toBeInTheDocument();
  });

  it(
    'lists the exceptions in the drawer and adds a night with the lights off',
    async () => {
      const seen = open();
      await user().click(await screen.findByLabelText('Edit Weeknights'));
      const drawer = await dialog('Edit Weeknights');
      await user().click(within(drawer).getByText(/^Exceptions/));
      const list = await within(drawer).findByLabelText('Exceptions', { selector: 'section' });
      expect(await within(list).findByText('Diwali')).toBeInTheDocument();
      expect(within(list).getByText('08/11/2026 – 09/11/2026')).toBeInTheDocument();
      expect(within(list).getByText('Full night')).toBeInTheDocument();

      await user().click(within(list).getByText('Add Exception'));
      const modal = await dialog('Add Exception');
      await user().type(within(modal).getByLabelText('Name'), 'Cable repair');
      await user().click(within(modal).getByText('Outage'));
      await user().click(within(modal).getByText('Lights off'));
      const [from, to] = within(modal).getAllByRole('textbox').slice(1) as [HTMLElement, HTMLElement];
      await user().type(from, '20/12/2026');
      await user().type(to, '21/12/2026{Enter}');
      await user().click(within(modal).getByText('Save'));
      await waitFor(() => expect(posted(seen, `${BASE}3/exceptions/`)).toBeDefined());
      expect(posted(seen, `${BASE}3/exceptions/`)!.body).toEqual({
        name: 'Cable repair',
        kind: 'outage',
        from: '2026-12-20',
        to: '2026-12-21',
        profile: null,
      });
    },
    FORM_TIMEOUT,
  );

  it(
    "checks an exception's nights with the contract and puts the server's refusal on them",
    async () => {
      const refusal = M.tooFarAhead('to');
      const seen = open(undefined, undefined, undefined, [
        400,
        { detail: refusal, errors: { to: [refusal] } },
      ]);
      await user().click(await screen.findByLabelText('Edit Weeknights'));
      const drawer = await dialog('Edit Weeknights');
      await user().click(within(drawer).getByText(/^Exceptions/));
      await user().click(await within(drawer).findByText('Add Exception'));
      const modal = await dialog('Add Exception');
      // Nothing filled in: the form says what is missing and nothing is sent.
      await user().click(within(modal).getByText('Save'));
      expect(await within(modal).findByText("'Name' is required!")).toBeInTheDocument();
      expect(within(modal).getByText('Choose the first and last night')).toBeInTheDocument();
      expect(
        within(modal).getByText('Choose a dimming profile', { selector: '.ant-form-item-explain-error' }),
      ).toBeInTheDocument();

      await user().type(within(modal).getByLabelText('Name'), 'Diwali');
      await user().click(within(modal).getByLabelText('Profile'));
      await user().click(await screen.findByTitle('Full night'));
      const [from, to] = within(modal).getAllByRole('textbox').slice(1) as [HTMLElement, HTMLElement];
      await user().type(from, '08/11/2026');
      await user().type(to, '09/11/2026{Enter}');
      await user().click(within(modal).getByText('Save'));
      await waitFor(() => expect(posted(seen, `${BASE}3/exceptions/`)).toBeDefined());
      expect(posted(seen, `${BASE}3/exceptions/`)!.body).toMatchObject({ kind: 'festival', profile: 6 });
      // Once in the alert, once under the nights.
      await waitFor(() => expect(within(modal).getAllByText(refusal)).toHaveLength(2));
    },
    FORM_TIMEOUT,
  );

  it(
    'removes an exception after confirming',
    async () => {
      const seen = open();
      await user().click(await screen.findByLabelText('Edit Weeknights'));
      const drawer = await dialog('Edit Weeknights');
      await user().click(within(drawer).getByText(/^Exceptions/));
      await user().click(await within(drawer).findByLabelText('Remove exception Diwali'));
      await user().click(await screen.findByText('Remove', { selector: '.ant-popconfirm button span' }));
      await waitFor(() =>
        expect(seen.some((r) => r.method === 'DELETE' && r.path === `${BASE}3/exceptions/11/`)).toBe(true),
      );
      expect(await screen.findByText(M.exceptionDeleted)).toBeInTheDocument();
    },
    FORM_TIMEOUT,
  );

  it("shows the group's month: each night's profile, exceptions and lights off", async () => {
    const seen = open();
    await user().click(await screen.findByLabelText('Calendar of Weeknights'));
    const drawer = await dialog('Edit Weeknights');
    const calendar = await within(drawer).findByLabelText('Calendar', { selector: 'section' });
    expect(await within(calendar).findByText('Lights off')).toBeInTheDocument();
    expect(within(calendar).getByText('Diwali')).toBeInTheDocument();
    const asked = seen.filter((r) => r.path === `${BASE}calendar/`).at(-1)!;
    expect(asked.query.get('group')).toBe('7');
    const month = asked.query.get('month')!;
    await user().click(within(calendar).getByLabelText('Next month'));
    await waitFor(() =>
      expect(
        seen
          .filter((r) => r.path === `${BASE}calendar/`)
          .at(-1)!
          .query.get('month'),
      ).not.toBe(month),
    );
  });

  it('starts the weeks on Monday, as the weekday boxes do', async () => {
    open();
    await user().click(await screen.findByLabelText('Calendar of Weeknights'));
    const drawer = await dialog('Edit Weeknights');
    const calendar = await within(drawer).findByLabelText('Calendar', { selector: 'section' });
    await within(calendar).findByText('Lights off');
    const heads = [...calendar.querySelectorAll('thead th')].map((th) => th.textContent);
    expect(heads).toEqual(['Mo', 'Tu', 'We', 'Th', 'Fr', 'Sa', 'Su']);
    const days = [...calendar.querySelectorAll<HTMLElement>('[data-date]')].map((d) => d.dataset.date!);
    // The first row opens on the Monday on or before the 1st, each row on a Monday.
    for (const date of days.filter((_, i) => i % 7 === 0))
      expect(new Date(`${date}T12:00:00Z`).getUTCDay()).toBe(1);
    expect(days.find((d) => d.endsWith('-01'))).toBeDefined();
  });

  it(
    'shows one device under every schedule covering it, kept across the tabs, and back to the group',
    async () => {
      const seen = open();
      await user().click(await screen.findByLabelText('Calendar of Weeknights'));
      const drawer = await dialog('Edit Weeknights');
      const calendar = await within(drawer).findByLabelText('Calendar', { selector: 'section' });
      await within(calendar).findByText('Lights off');
      const picker = within(calendar).getByRole('combobox', { name: 'Device' });
      await user().type(picker, '90');
      // The search is the server's: the RMS ID text is sent, and only what it answers is offered.
      await waitFor(() =>
        expect(seen.some((r) => r.path === `${BASE}choices/` && r.query.get('device') === '90')).toBe(true),
      );
      await user().click(await screen.findByTitle('RMS-90'));
      expect(screen.queryByTitle('RMS-120')).not.toBeInTheDocument();
      await waitFor(() => {
        const asked = seen.filter((r) => r.path === `${BASE}calendar/`).at(-1)!;
        expect(asked.query.get('device')).toBe('90');
        expect(asked.query.has('group')).toBe(false);
      });
      expect((await within(calendar).findAllByText('Market')).length).toBeGreaterThan(0);
      expect(within(calendar).getByText('Diwali')).toBeInTheDocument();
      expect(within(calendar).getByText(/for the device/)).toHaveTextContent('RMS-90');

      // Another tab and back: the device is still the one shown.
      await user().click(within(drawer).getByText(/^Exceptions/));
      await user().click(within(drawer).getByText('Calendar', { selector: '.ant-tabs-tab-btn' }));
      expect(within(calendar).getByText(/for the device/)).toHaveTextContent('RMS-90');

      // Cleared: the schedule's group again.
      await user().click(within(calendar).getByLabelText('close-circle'));
      await waitFor(() =>
        expect(
          seen
            .filter((r) => r.path === `${BASE}calendar/`)
            .at(-1)!
            .query.get('group'),
        ).toBe('7'),
      );
      expect(within(calendar).getByText(/for the group/)).toHaveTextContent('Main road');
    },
    FORM_TIMEOUT,
  );

  it('says so when no schedule covers the device picked', async () => {
    open();
    await user().click(await screen.findByLabelText('Calendar of Weeknights'));
    const drawer = await dialog('Edit Weeknights');
    const calendar = await within(drawer).findByLabelText('Calendar', { selector: 'section' });
    await user().click(within(calendar).getByRole('combobox', { name: 'Device' }));
    await user().click(await screen.findByTitle('RMS-91'));
    expect(await within(calendar).findByText(/^No schedule covers RMS-91 in/)).toBeInTheDocument();
    expect(within(calendar).getByText(/keeps its own parameters every night/)).toBeInTheDocument();
    expect(within(calendar).queryByText('Lights off')).not.toBeInTheDocument();
  });

  it("lists the conflicts with each night's winner in runs", async () => {
    open(undefined, undefined, '/lighting-schedules?tab=conflicts');
    const region = await screen.findByLabelText('Conflicts', { selector: 'section' });
    expect(await within(region).findByText('RMS-90')).toBeInTheDocument();
    expect(within(region).getByText('Market · priority 20')).toBeInTheDocument();
    expect(within(region).getByText(/28\/11\/2026 – 29\/11\/2026/)).toBeInTheDocument();
    expect(within(region).getByText(/wins by its exception \(lights off\)/)).toBeInTheDocument();
  });

  it('counts the deliveries by status and filters by one', async () => {
    const seen = open(undefined, undefined, '/lighting-schedules?tab=delivery');
    const region = await screen.findByLabelText('Delivery', { selector: 'section' });
    expect(await within(region).findByText('Device offline: no answer after 3 tries')).toBeInTheDocument();
    expect(within(region).getByText('All (8)')).toBeInTheDocument();
    await user().click(within(region).getByText('Applied (5)'));
    await waitFor(() =>
      expect(
        seen
          .filter((r) => r.path === `${BASE}deliveries/`)
          .at(-1)!
          .query.get('status'),
      ).toBe('applied'),
    );
    expect(await within(region).findByText('No delivery matches the filters')).toBeInTheDocument();
  });

  it('lets a viewer read but not add, switch, edit or delete', async () => {
    open(['VIEW_DEVICE_DATA']);
    const table = await screen.findByRole('table');
    await within(table).findByText('Weeknights');
    expect(screen.queryByText('Add Schedule')).not.toBeInTheDocument();
    expect(within(table).queryByLabelText('Enabled Weeknights')).not.toBeInTheDocument();
    expect(within(table).getByText('Enabled', { selector: '.ant-tag' })).toBeInTheDocument();
    expect(within(table).queryByLabelText(/Delete/)).not.toBeInTheDocument();
    await user().click(within(table).getByText('Weeknights'));
    const drawer = await dialog('Weeknights');
    expect(within(drawer).getByLabelText('Name')).toBeDisabled();
    expect(within(drawer).queryByText('Save')).not.toBeInTheDocument();
    await user().click(within(drawer).getByText(/^Exceptions/));
    expect(await within(drawer).findByText('Diwali')).toBeInTheDocument();
    expect(within(drawer).queryByText('Add Exception')).not.toBeInTheDocument();
  });
});
