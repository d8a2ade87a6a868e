import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { PROFILE_MESSAGES as M, type ProfilePreview, type ProfileRow } from '@rms/contracts/profiles';
import { recordCanvasText } from '../../test-utils/canvas';
import { stubApi } from '../../test-utils/fake-api';
import { makeUser, signIn } from '../../test-utils/fixtures';
import { renderRoutes } from '../../test-utils/render';
import { DimmingProfilesPage } from './dimming-profiles-page';

const user = () => userEvent.setup({ pointerEventsCheck: 0 });
const BASE = 'lighting/profiles/';

const row = (over: Partial<ProfileRow> = {}): ProfileRow => ({
  id: 5,
  organization: 1,
  organization_name: 'Sunrise Lighting',
  name: 'Weeknight saver',
  steps: [
    { anchor: 'dusk', offset_min: 0, level: 100 },
    { anchor: 'clock', offset_min: 0, at: '23:00', level: 60 },
    { anchor: 'clock', offset_min: 0, at: '02:00', level: 30 },
  ],
  schedules: 1,
  exceptions: 0,
  created_at: '2026-11-01T10:00:00.000Z',
  updated_at: '2026-11-02T10:00:00.000Z',
  ...over,
});

// Dusk 18:00 and dawn 06:00 IST on 2026-11-28 (12:30 and 00:30 UTC).
const DUSK = Date.UTC(2026, 10, 28, 12, 30);
const DAWN = Date.UTC(2026, 10, 29, 0, 30);
const preview: ProfilePreview = {
  date: '2026-11-28',
  place: { lat: 28.6479, lon: 77.2031, source: 'given' },
  dusk: DUSK,
  dawn: DAWN,
  night_plan: [
    { at: DUSK, level: 100 },
    { at: DAWN, level: 0 },
  ],
  series: [
    { at: DUSK, level: 100 },
    { at: DAWN, level: 0 },
  ],
  lit_minutes: 720,
  night_minutes: 720,
  watts: 30,
  watts_source: 'default',
  energy_wh: 270,
  full_night_wh: 360,
  saving_percent: 25,
};

function open(permissions = ['MANAGE_SCHEDULES', 'VIEW_DEVICE_DATA'], saveAnswer?: [number, unknown]) {
  signIn(makeUser({ permissions: permissions.map((key) => ({ key })) }));
  const seen = stubApi({
    [`GET ${BASE}`]: () => [200, { results: [row()], count: 1, current: 1, next: null }],
    [`POST ${BASE}preview/`]: () => [200, preview],
    [`POST ${BASE}`]: (r) => saveAnswer ?? [201, { detail: M.created, profile: row(r.body as object) }],
    [`PUT ${BASE}5/`]: (r) => [200, { detail: M.updated, profile: row(r.body as object) }],
  });
  renderRoutes([{ path: '/dimming-profiles', element: <DimmingProfilesPage /> }], '/dimming-profiles');
  return seen;
}

async function addProfile() {
  await user().click(await screen.findByRole('button', { name: /Add Profile/ }));
  const drawer = await screen.findByRole('dialog');
  await user().type(within(drawer).getByLabelText('Name'), 'Festival');
  return drawer;
}

beforeEach(() => {
  recordCanvasText();
});

describe('Dimming Profiles', () => {
  it('lists profiles with their steps in one line and how many schedules use them', async () => {
    open();
    const table = await screen.findByRole('table');
    const line = (await within(table).findByText('Weeknight saver')).closest('tr')!;
    expect(within(line).getByText('Dusk 100% · 23:00 60% · 02:00 30%')).toBeInTheDocument();
    expect(within(line).getByText('1 schedule')).toBeInTheDocument();
  });

  it('starts a new profile with the common plan, previews it and saves its steps as the contract has them', async () => {
    const seen = open();
    const drawer = await addProfile();
    expect(within(drawer).getAllByRole('group', { name: /^Step \d$/ })).toHaveLength(3);
    // The preview of the unsaved steps, at the map's default place.
    expect(await within(drawer).findByText('Saving')).toBeInTheDocument();
    expect(seen.find((r) => r.path.includes('preview'))!.body).toMatchObject({
      lat: 28.6479,
      lon: 77.2031,
      steps: [{ anchor: 'dusk', level: 100 }, { at: '23:00' }, { at: '02:00' }],
    });
    await user().click(within(drawer).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(seen.some((r) => r.method === 'POST' && r.path === BASE)).toBe(true));
    expect(seen.find((r) => r.method === 'POST' && r.path === BASE)!.body).toEqual({
      name: 'Festival',
      steps: [
        { anchor: 'dusk', offset_min: 0, level: 100 },
        { anchor: 'clock', offset_min: 0, at: '23:00', level: 60 },
        { anchor: 'clock', offset_min: 0, at: '02:00', level: 30 },
      ],
    });
  });

  it('refuses a fourth lit step before asking the server, and takes it once a step is removed', async () => {
    const seen = open();
    const drawer = await addProfile();
    await user().click(within(drawer).getByRole('button', { name: /Add step/ }));
    const fourth = within(drawer).getByRole('group', { name: 'Step 4' });
    expect(within(fourth).getByLabelText('Step 4 level')).toHaveValue('50');
    await user().click(within(drawer).getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(within(drawer).getByText('A device holds at most 3 brightness steps a night')).toBeVisible(),
    );
    expect(seen.some((r) => r.method === 'POST' && r.path === BASE)).toBe(false);

    await user().click(within(drawer).getByRole('button', { name: 'Remove step 4' }));
    await user().click(within(drawer).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(seen.some((r) => r.method === 'POST' && r.path === BASE)).toBe(true));
  });

  it('moves a step and sets a clock step to an offset from dawn', async () => {
    const seen = open();
    const drawer = await addProfile();
    await user().click(within(drawer).getByRole('button', { name: 'Move step 3 up' }));
    const third = within(drawer).getByRole('group', { name: 'Step 3' });
    await user().click(within(third).getByLabelText('Step 3 anchor'));
    await user().click(await screen.findByTitle('Before/after dawn'));
    const offset = within(drawer).getByLabelText('Step 3 offset');
    await user().clear(offset);
    await user().type(offset, '-45');
    const level = within(drawer).getByLabelText('Step 3 level');
    await user().clear(level);
    await user().type(level, '0');
    await user().click(within(drawer).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(seen.some((r) => r.method === 'POST' && r.path === BASE)).toBe(true));
    expect(
      (seen.find((r) => r.method === 'POST' && r.path === BASE)!.body as { steps: unknown[] }).steps,
    ).toEqual([
      { anchor: 'dusk', offset_min: 0, level: 100 },
      { anchor: 'clock', offset_min: 0, at: '02:00', level: 30 },
      { anchor: 'dawn', offset_min: -45, level: 0 },
    ]);
  });

  it("puts the server's refusal on the step field it names", async () => {
    open(undefined, [
      400,
      { detail: 'Too bright', errors: { 'steps.1.level': ['Too bright for this step'] } },
    ]);
    const drawer = await addProfile();
    await user().click(within(drawer).getByRole('button', { name: 'Save' }));
    const second = within(drawer).getByRole('group', { name: 'Step 2' });
    expect(await within(second).findByText('Too bright for this step')).toBeInTheDocument();
  });

  it("says why a device's night cannot be drawn, and draws a place's", async () => {
    signIn(makeUser({ permissions: [{ key: 'MANAGE_SCHEDULES' }] }));
    const seen = stubApi({
      [`GET ${BASE}`]: () => [200, { results: [], count: 0, current: 1, next: null }],
      [`GET ${BASE}devices/`]: () => [200, [{ id: 9, device_id: 'RMS-9', project: 'Ring Road' }]],
      [`POST ${BASE}preview/`]: (r) =>
        (r.body as { device?: number }).device
          ? [400, { detail: M.deviceNoPlace, errors: { device: [M.deviceNoPlace] } }]
          : [200, preview],
    });
    renderRoutes([{ path: '/dimming-profiles', element: <DimmingProfilesPage /> }], '/dimming-profiles');
    expect(await screen.findByText('No dimming profiles yet: add one to plan a night')).toBeInTheDocument();
    const drawer = await addProfile();
    expect(await within(drawer).findByText('Saving')).toBeInTheDocument();
    await user().click(within(drawer).getByText('Device', { exact: true }));
    expect(within(drawer).getByText('Pick a device')).toBeInTheDocument();
    await user().click(within(drawer).getByRole('combobox', { name: 'Device' }));
    await user().click(await screen.findByTitle('RMS-9 · Ring Road'));
    expect(await within(drawer).findByText(M.deviceNoPlace)).toBeInTheDocument();
    expect(seen.filter((r) => r.path === `${BASE}preview/`).at(-1)!.body).toMatchObject({ device: 9 });
  });

  it('lets a viewer read but not add, edit or delete', async () => {
    open(['VIEW_DEVICE_DATA']);
    const table = await screen.findByRole('table');
    await within(table).findByText('Weeknight saver');
    expect(screen.queryByRole('button', { name: /Add Profile/ })).not.toBeInTheDocument();
    expect(within(table).queryByRole('button', { name: /Delete/ })).not.toBeInTheDocument();
    // The profile opens read-only, with its night previewed.
    await user().click(within(table).getByRole('button', { name: 'Weeknight saver' }));
    const drawer = await screen.findByRole('dialog', { name: 'Weeknight saver' });
    expect(within(drawer).getByLabelText('Name')).toBeDisabled();
    expect(within(drawer).getByLabelText('Step 2 time')).toBeDisabled();
    expect(within(drawer).queryByRole('button', { name: 'Save' })).not.toBeInTheDocument();
    expect(within(drawer).queryByRole('button', { name: /Add step/ })).not.toBeInTheDocument();
    expect(await within(drawer).findByText('Saving')).toBeInTheDocument();
  });

  it('opens a profile with its steps and saves only what the form holds', async () => {
    const seen = open();
    const table = await screen.findByRole('table');
    await user().click(await within(table).findByRole('button', { name: 'Edit Weeknight saver' }));
    const drawer = await screen.findByRole('dialog', { name: 'Edit Weeknight saver' });
    expect(within(drawer).getByLabelText('Step 2 time')).toHaveValue('23:00');
    expect(within(drawer).getByLabelText('Step 3 level')).toHaveValue('30');
    await user().click(within(drawer).getByRole('button', { name: 'Remove step 3' }));
    await user().click(within(drawer).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(seen.some((r) => r.method === 'PUT')).toBe(true));
    expect(seen.find((r) => r.method === 'PUT')!).toMatchObject({
      path: `${BASE}5/`,
      body: {
        name: 'Weeknight saver',
        steps: [
          { anchor: 'dusk', offset_min: 0, level: 100 },
          { anchor: 'clock', offset_min: 0, at: '23:00', level: 60 },
        ],
      },
    });
  });
});
