import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { nightPlan, nightUse } from '@rms/contracts/lighting-plan';
import { PROFILE_MESSAGES, type ProfilePreview, type ProfileRow } from '@rms/contracts/profiles';
import { rowsOf } from '../../db/rows';
import { bearer, createTestApp, signIn, type Session, type TestApp } from '../../testing/app';
import { makeActivation, makeDevice, makeOrganization, makeParameterVersions } from '../../testing/factories';
import { addUser } from '../../testing/users';

// Dimming profiles' API (docs/dimming-profiles.md): read with MANAGE_SCHEDULES or VIEW_DEVICE_DATA,
// changed with MANAGE_SCHEDULES; a customer sees only its own (another's answers 404); steps are held
// to what a device can do; a profile in use cannot be deleted; the preview draws one night.

let t: TestApp;
let admin: Session;
let plannerA: Session;
let viewerA: Session;
let plannerB: Session;
let nobodyA: Session;
let orgA: number;
let orgB: number;

const URL = '/api/v1/lighting/profiles/';
const call = (who: Session, method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object) =>
  t.app.inject({ method, url, headers: bearer(who), ...(payload && { payload }) });

const EVENING = [
  { anchor: 'dusk', offset_min: 0, level: 100 },
  { anchor: 'clock', at: '23:00', level: 60 },
  { anchor: 'clock', at: '02:00', level: 30 },
];

async function create(who: Session, name: string, steps: object[] = EVENING, extra: object = {}) {
  const res = await call(who, 'POST', URL, { name, steps, ...extra });
  expect(res.statusCode, res.body).toBe(201);
  return res.json<{ profile: ProfileRow }>().profile;
}

beforeAll(async () => {
  t = await createTestApp();
  admin = await signIn(t.app);
  const db = t.database.db;
  const codes = ['MANAGE_SCHEDULES', 'VIEW_DEVICE_DATA'];
  orgA = (
    await makeOrganization(db, { companyName: 'Lights A', email: 'a@lights-a.example', permissions: codes })
  ).id;
  orgB = (
    await makeOrganization(db, { companyName: 'Lights B', email: 'b@lights-b.example', permissions: codes })
  ).id;
  plannerA = await addUser(t, orgA, 'planner@lights-a.example', ['MANAGE_SCHEDULES']);
  viewerA = await addUser(t, orgA, 'viewer@lights-a.example', ['VIEW_DEVICE_DATA']);
  nobodyA = await addUser(t, orgA, 'nobody@lights-a.example', []);
  plannerB = await addUser(t, orgB, 'planner@lights-b.example', codes);
});
afterAll(() => t.close());

describe('access', () => {
  it('lets a viewer read but not change, and refuses a caller with neither code', async () => {
    const made = await create(plannerA, 'Viewer can read');
    expect((await call(viewerA, 'GET', URL)).statusCode).toBe(200);
    expect((await call(viewerA, 'GET', `${URL}${made.id}/`)).statusCode).toBe(200);
    expect((await call(viewerA, 'POST', URL, { name: 'x', steps: EVENING })).statusCode).toBe(403);
    expect((await call(viewerA, 'PUT', `${URL}${made.id}/`, { name: 'y' })).statusCode).toBe(403);
    expect((await call(viewerA, 'DELETE', `${URL}${made.id}/`)).statusCode).toBe(403);
    expect((await call(viewerA, 'POST', `${URL}${made.id}/duplicate/`, {})).statusCode).toBe(403);
    const preview = await call(viewerA, 'POST', `${URL}preview/`, { steps: EVENING, lat: 28.6, lon: 77.2 });
    expect(preview.statusCode, preview.body).toBe(200);
    for (const [method, url] of [
      ['GET', URL],
      ['GET', `${URL}${made.id}/`],
      ['GET', `${URL}devices/`],
      ['POST', `${URL}preview/`],
    ] as const)
      expect((await call(nobodyA, method, url, method === 'POST' ? {} : undefined)).statusCode).toBe(403);
  });

  it("answers 404 for another organization's profile, and keeps lists apart", async () => {
    const ofA = await create(plannerA, 'Only A');
    for (const [method, url, body] of [
      ['GET', `${URL}${ofA.id}/`, undefined],
      ['PUT', `${URL}${ofA.id}/`, { name: 'Taken over' }],
      ['DELETE', `${URL}${ofA.id}/`, undefined],
      ['POST', `${URL}${ofA.id}/duplicate/`, {}],
    ] as const)
      expect((await call(plannerB, method, url, body)).statusCode, `${method} ${url}`).toBe(404);
    const listB = (await call(plannerB, 'GET', URL)).json<{ results: ProfileRow[] }>().results;
    expect(listB.map((p) => p.name)).not.toContain('Only A');
    expect((await call(plannerA, 'GET', `${URL}${ofA.id}/`)).json<ProfileRow>().name).toBe('Only A');
    // A customer cannot create in another organization.
    expect(
      (await call(plannerB, 'POST', URL, { name: 'x', steps: EVENING, organization: orgA })).statusCode,
    ).toBe(404);
  });

  it('lets the provider see any organization and filter by one', async () => {
    await create(plannerB, 'Of B for the provider');
    const made = await create(admin, 'Made by provider for A', EVENING, { organization: orgA });
    expect(made.organization).toBe(orgA);
    const res = await call(admin, 'GET', `${URL}?organization=${orgB}&page_size=100`);
    const names = res.json<{ results: ProfileRow[] }>().results.map((p) => p.name);
    expect(names).toContain('Of B for the provider');
    expect(names).not.toContain('Made by provider for A');
  });
});

describe('create, update, list, duplicate', () => {
  it('saves the steps with their defaults, searches by name and pages', async () => {
    const made = await create(plannerA, 'Festival Night', [{ anchor: 'dusk', level: 100 }]);
    expect(made.steps).toEqual([{ anchor: 'dusk', offset_min: 0, level: 100 }]);
    expect(made.organization).toBe(orgA);
    expect(made.schedules).toBe(0);
    const found = (await call(plannerA, 'GET', `${URL}?query=festival`)).json<{
      results: ProfileRow[];
      count: number;
    }>();
    expect(found.results.map((p) => p.name)).toEqual(['Festival Night']);
    const page = (await call(plannerA, 'GET', `${URL}?page_size=1`)).json<{ count: number; next: number }>();
    expect(page.count).toBeGreaterThan(1);
    expect(page.next).toBe(2);
  });

  it('changes only what an update sends', async () => {
    const made = await create(plannerA, 'Partial');
    const renamed = await call(plannerA, 'PUT', `${URL}${made.id}/`, { name: 'Partial renamed' });
    expect(renamed.statusCode, renamed.body).toBe(200);
    expect(renamed.json<{ profile: ProfileRow }>().profile.steps).toEqual(made.steps);
    const restepped = await call(plannerA, 'PUT', `${URL}${made.id}/`, {
      steps: [{ anchor: 'dawn', offset_min: -30, level: 0 }],
    });
    const after = restepped.json<{ profile: ProfileRow }>().profile;
    expect(after.name).toBe('Partial renamed');
    expect(after.steps).toEqual([{ anchor: 'dawn', offset_min: -30, level: 0 }]);
  });

  it('refuses a second profile of the same name in one organization (any case), naming the field', async () => {
    await create(plannerA, 'Twin');
    const res = await call(plannerA, 'POST', URL, { name: 'TWIN', steps: EVENING });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toEqual({ name: [PROFILE_MESSAGES.nameTaken] });
    // Another organization may use the name.
    await create(plannerB, 'Twin');
  });

  it('duplicates into "(copy)", then "(copy 2)", or the name sent', async () => {
    const made = await create(plannerA, 'Weeknight');
    const first = await call(plannerA, 'POST', `${URL}${made.id}/duplicate/`, {});
    expect(first.statusCode, first.body).toBe(201);
    const copy = first.json<{ profile: ProfileRow }>().profile;
    expect(copy).toMatchObject({ name: 'Weeknight (copy)', steps: made.steps, organization: orgA });
    const second = await call(plannerA, 'POST', `${URL}${made.id}/duplicate/`);
    expect(second.json<{ profile: ProfileRow }>().profile.name).toBe('Weeknight (copy 2)');
    const named = await call(plannerA, 'POST', `${URL}${made.id}/duplicate/`, { name: 'Weekend' });
    expect(named.json<{ profile: ProfileRow }>().profile.name).toBe('Weekend');
  });
});

describe('validation', () => {
  const bad = async (body: object) => {
    const res = await call(plannerA, 'POST', URL, body);
    expect(res.statusCode, res.body).toBe(400);
    return res.json<{ detail: string; errors: Record<string, string[]> }>().errors;
  };

  it('names the field of a bad step', async () => {
    expect(await bad({ name: 'Bad level', steps: [{ anchor: 'dusk', level: 120 }] })).toHaveProperty([
      'steps.0.level',
    ]);
    expect(
      await bad({ name: 'Bad offset', steps: [{ anchor: 'dusk', offset_min: 10_000, level: 50 }] }),
    ).toHaveProperty(['steps.0.offset_min']);
    const noTime = await bad({ name: 'No time', steps: [{ anchor: 'clock', level: 50 }] });
    expect(noTime['steps.0.at']).toEqual(['Enter the time']);
    const badTime = await bad({ name: 'Bad time', steps: [{ anchor: 'clock', at: '25:00', level: 50 }] });
    expect(badTime['steps.0.at']).toEqual(['Time must be HH:MM, 00:00 to 23:59']);
    expect(await bad({ name: '', steps: EVENING })).toHaveProperty(['name']);
    expect(await bad({ name: 'No steps', steps: [] })).toEqual({ steps: ['Add at least one step'] });
  });

  it('refuses a fourth lit step, which a device cannot hold, but takes off steps beside three lit', async () => {
    const four = [
      { anchor: 'dusk', level: 100 },
      { anchor: 'clock', at: '22:00', level: 70 },
      { anchor: 'clock', at: '00:00', level: 50 },
      { anchor: 'clock', at: '03:00', level: 30 },
    ];
    expect(await bad({ name: 'Four lit', steps: four })).toEqual({
      steps: ['A device holds at most 3 brightness steps a night'],
    });
    await create(plannerA, 'Three lit and off', [
      ...four.slice(0, 3),
      { anchor: 'dawn', offset_min: -20, level: 0 },
    ]);
    const made = await create(plannerA, 'Three lit');
    const res = await call(plannerA, 'PUT', `${URL}${made.id}/`, { steps: four });
    expect(res.statusCode).toBe(400);
  });
});

describe('delete', () => {
  it('refuses with 409 while a schedule or an exception uses the profile, then deletes once free', async () => {
    const used = await create(plannerA, 'In use');
    const other = await create(plannerA, 'Festival only');
    const db = t.database.db;
    const [group] = await rowsOf<{ id: number }>(
      db,
      sql`insert into device_groups (organization_id, name, kind) values (${orgA}, 'All A', 'dynamic') returning id`,
    );
    const [schedule] = await rowsOf<{ id: number }>(
      db,
      sql`insert into lighting_schedules (organization_id, name, group_id, profile_id, weekdays)
          values (${orgA}, 'Weeknights', ${group!.id}, ${used.id}, '{1,2,3,4,5}') returning id`,
    );
    await db.execute(sql`
      insert into schedule_exceptions (schedule_id, name, kind, from_day, to_day, profile_id)
      values (${schedule!.id}, 'Diwali', 'festival', '2026-11-08', '2026-11-09', ${other.id})`);

    expect((await call(plannerA, 'GET', `${URL}${used.id}/`)).json<ProfileRow>().schedules).toBe(1);
    const refused = await call(plannerA, 'DELETE', `${URL}${used.id}/`);
    expect(refused.statusCode).toBe(409);
    expect(refused.json<{ detail: string }>().detail).toBe(PROFILE_MESSAGES.inUse(1, 0));
    const refusedToo = await call(plannerA, 'DELETE', `${URL}${other.id}/`);
    expect(refusedToo.statusCode).toBe(409);
    expect(refusedToo.json<{ detail: string }>().detail).toMatch(/1 schedule exception/);

    await db.execute(sql`delete from lighting_schedules where id = ${schedule!.id}`);
    expect((await call(plannerA, 'DELETE', `${URL}${used.id}/`)).statusCode).toBe(200);
    expect((await call(plannerA, 'GET', `${URL}${used.id}/`)).statusCode).toBe(404);
  });
});

describe('preview', () => {
  const DELHI = { lat: 28.6139, lon: 77.209 };
  const preview = async (who: Session, body: object) => {
    const res = await call(who, 'POST', `${URL}preview/`, { steps: EVENING, date: '2026-06-21', ...body });
    expect(res.statusCode, res.body).toBe(200);
    return res.json<ProfilePreview>();
  };
  const local = (ms: number) =>
    new Intl.DateTimeFormat('en-GB', { timeZone: 'Asia/Kolkata', hour: '2-digit', minute: '2-digit' }).format(
      ms,
    );

  it("answers dusk, dawn, the night's steps and the energy nightUse gives for a known place and date", async () => {
    const p = await preview(plannerA, { ...DELHI, watts: 40 });
    // Midsummer in Delhi: sunset about 19:2x IST, sunrise about 05:2x.
    expect(local(p.dusk)).toMatch(/^19:2\d$/);
    expect(local(p.dawn)).toMatch(/^05:2\d$/);
    expect(p.night_plan.map((s) => [local(s.at), s.level])).toEqual([
      [local(p.dusk), 100],
      ['23:00', 60],
      ['02:00', 30],
      [local(p.dawn), 0],
    ]);
    const night = nightPlan(EVENING as never, DELHI, '2026-06-21', 'Asia/Kolkata');
    const use = nightUse(night, 40);
    expect(p.lit_minutes).toBe(use.litMinutes);
    expect(p.energy_wh).toBeCloseTo(use.energyWh, 1);
    const nightMinutes = (p.dawn - p.dusk) / 60_000;
    expect(p.night_minutes).toBe(nightMinutes);
    expect(p.full_night_wh).toBeCloseTo((40 * nightMinutes) / 60, 1);
    expect(p.saving_percent).toBeCloseTo(100 * (1 - use.energyWh / ((40 * nightMinutes) / 60)), 1);
    expect(p).toMatchObject({ watts: 40, watts_source: 'given', place: { ...DELHI, source: 'given' } });
    // The chart's series: every 10 minutes from dusk, the level the plan has then.
    expect(p.series[0]).toEqual({ at: p.dusk, level: 100 });
    expect(p.series.at(-1)).toEqual({ at: p.dawn, level: 0 });
    expect(p.series.find((s) => local(s.at) === '23:30')?.level).toBe(60);
  });

  it('takes the default lamp power without a device or watts, and tonight without a date', async () => {
    const res = await call(plannerA, 'POST', `${URL}preview/`, { steps: EVENING, ...DELHI });
    const p = res.json<ProfilePreview>();
    expect(p.watts).toBe(30);
    expect(p.watts_source).toBe('default');
    expect(p.date).toMatch(/^\d{4}-\d{2}-\d{2}$/);
  });

  it("finds a device's place (its activation, else its city's located activations) and lamp power", async () => {
    const db = t.database.db;
    const located = await makeDevice(db, { organizationId: orgA });
    await makeActivation(db, {
      organizationId: orgA,
      deviceId: located.id,
      latitude: 19.076,
      longitude: 72.8777,
    });
    await makeParameterVersions(db, [{ deviceId: located.id, version: 1, values: { load_regulation: 60 } }]);
    const p = await preview(viewerA, { device: located.id });
    expect(p.place).toEqual({ lat: 19.076, lon: 72.8777, source: 'device' });
    expect(p).toMatchObject({ watts: 60, watts_source: 'device' });
    const mumbai = nightUse(
      nightPlan(EVENING as never, { lat: 19.076, lon: 72.8777 }, '2026-06-21', 'Asia/Kolkata'),
      60,
    );
    expect(p.energy_wh).toBeCloseTo(mumbai.energyWh, 1);

    // No coordinates of its own: the mean of its city's located activations.
    const unplaced = await makeDevice(db, { organizationId: orgA });
    await makeActivation(db, { organizationId: orgA, deviceId: unplaced.id });
    const byCity = await preview(plannerA, { device: unplaced.id });
    expect(byCity.place.source).toBe('city');
    expect(byCity.watts_source).toBe('default');
  });

  it('answers 400 naming device when the device has no place at all, and 404 for another organization', async () => {
    const db = t.database.db;
    const bare = await makeDevice(db, { organizationId: orgA });
    const res = await call(plannerA, 'POST', `${URL}preview/`, { steps: EVENING, device: bare.id });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toEqual({ device: [PROFILE_MESSAGES.deviceNoPlace] });
    const ofB = await makeDevice(db, { organizationId: orgB });
    expect(
      (await call(plannerA, 'POST', `${URL}preview/`, { steps: EVENING, device: ofB.id })).statusCode,
    ).toBe(404);
    // The picker lists only the caller's devices.
    const choices = (await call(plannerA, 'GET', `${URL}devices/`)).json<{ id: number }[]>().map((d) => d.id);
    expect(choices).toContain(bare.id);
    expect(choices).not.toContain(ofB.id);
  });

  it('names the missing place, a half place and bad steps', async () => {
    const errors = async (body: object) => {
      const res = await call(plannerA, 'POST', `${URL}preview/`, body);
      expect(res.statusCode, res.body).toBe(400);
      return res.json().errors;
    };
    expect(await errors({ steps: EVENING })).toEqual({ device: [PROFILE_MESSAGES.placeNeeded] });
    expect(await errors({ steps: EVENING, lat: 28 })).toEqual({ lon: [PROFILE_MESSAGES.lonNeeded] });
    expect(await errors({ steps: EVENING, lat: 95, lon: 77 })).toHaveProperty(['lat']);
    expect(await errors({ steps: [{ anchor: 'dusk', level: -1 }], ...DELHI })).toHaveProperty([
      'steps.0.level',
    ]);
    expect(await errors({ steps: EVENING, ...DELHI, date: '2026-02-30' })).toHaveProperty(['date']);
    // The last day a year can have: its next morning is out of the calendar's reach.
    expect(await errors({ steps: EVENING, ...DELHI, date: '9999-12-31' })).toEqual({
      date: [PROFILE_MESSAGES.dateRange],
    });
  });
});
