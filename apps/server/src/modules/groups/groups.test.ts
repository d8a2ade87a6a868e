import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GROUP_MESSAGES, type GroupDevice, type GroupRow } from '@rms/contracts/groups';
import type { Paged } from '@rms/contracts/common';
import { rowsOf } from '../../db/rows';
import { rmsDevices } from '../../db/schema/inventory';
import { cities } from '../../db/schema/master-data';
import { organizations } from '../../db/schema/organizations';
import { bearer, createTestApp, signIn, type Session, type TestApp } from '../../testing/app';
import { makeActivation, makeDevice, makeOrganization } from '../../testing/factories';
import { addUser } from '../../testing/users';

// Device groups' API (docs/device-groups.md): static groups of chosen devices and dynamic groups by
// organization, project, state, city, status or tag; membership is as of now (a device that leaves the
// organization leaves the group); read with MANAGE_GROUPS, MANAGE_SCHEDULES or VIEW_DEVICE_DATA,
// changed with MANAGE_GROUPS; another organization's group answers 404.

let t: TestApp;
let admin: Session;
let managerA: Session;
let viewerA: Session;
let managerB: Session;
let nobodyA: Session;
let orgA: number;
let orgB: number;
/** A's devices: two on the main road in the first city (one Online), one in the park in another city. */
let road1: number;
let road2: number;
let park: number;
let bDevice: number;
let cityOne: { id: number; stateId: number };
let cityTwo: { id: number; stateId: number };

const URL = '/api/v1/lighting/groups/';
const call = (who: Session, method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object) =>
  t.app.inject({ method, url, headers: bearer(who), ...(payload && { payload }) });

async function create(who: Session, body: object) {
  const res = await call(who, 'POST', URL, body);
  expect(res.statusCode, res.body).toBe(201);
  return res.json<{ group: GroupRow }>().group;
}
async function devicesOf(who: Session, id: number) {
  const res = await call(who, 'GET', `${URL}${id}/devices/?page=1&page_size=50`);
  expect(res.statusCode, res.body).toBe(200);
  return res
    .json<Paged<GroupDevice>>()
    .results.map((d) => d.id)
    .sort((a, b) => a - b);
}

beforeAll(async () => {
  t = await createTestApp();
  admin = await signIn(t.app);
  const db = t.database.db;
  const codes = ['MANAGE_GROUPS', 'VIEW_DEVICE_DATA'];
  orgA = (
    await makeOrganization(db, { companyName: 'Groups A', email: 'a@groups-a.example', permissions: codes })
  ).id;
  orgB = (
    await makeOrganization(db, { companyName: 'Groups B', email: 'b@groups-b.example', permissions: codes })
  ).id;
  managerA = await addUser(t, orgA, 'manager@groups-a.example', ['MANAGE_GROUPS']);
  viewerA = await addUser(t, orgA, 'viewer@groups-a.example', ['VIEW_DEVICE_DATA']);
  nobodyA = await addUser(t, orgA, 'nobody@groups-a.example', []);
  managerB = await addUser(t, orgB, 'manager@groups-b.example', codes);
  const twoCities = await db.select({ id: cities.id, stateId: cities.stateId }).from(cities).limit(2);
  [cityOne, cityTwo] = twoCities as [typeof cityOne, typeof cityTwo];
  const device = async (code: string, org: number) =>
    (await makeDevice(db, { code, organizationId: org })).id;
  road1 = await device('GRP-ROAD-1', orgA);
  road2 = await device('GRP-ROAD-2', orgA);
  park = await device('GRP-PARK-1', orgA);
  bDevice = await device('GRP-B-1', orgB);
  const place = (city: typeof cityOne) => ({ stateId: city.stateId, cityId: city.id });
  await makeActivation(db, {
    organizationId: orgA,
    deviceId: road1,
    name: 'Main Road',
    tags: ['main-road'],
    ...place(cityOne),
  });
  await makeActivation(db, {
    organizationId: orgA,
    deviceId: road2,
    name: 'Main Road',
    tags: ['main-road', 'market'],
    ...place(cityOne),
  });
  await makeActivation(db, {
    organizationId: orgA,
    deviceId: park,
    name: 'City Park',
    tags: ['park'],
    ...place(cityTwo),
  });
  await makeActivation(db, {
    organizationId: orgB,
    deviceId: bDevice,
    name: 'Main Road',
    tags: ['main-road'],
    ...place(cityOne),
  });
  await db.execute(sql`insert into device_live_state (device_id, last_ts, last_seen_at, status, sample)
    values (${road1}, now(), now(), 'Online', '{}'::jsonb)`);
});
afterAll(() => t.close());

describe('dynamic groups', () => {
  it('select the organization’s active devices by each criterion, and only its own', async () => {
    const cases: [object, number[]][] = [
      [{}, [road1, road2, park]],
      [{ project: 'Main Road' }, [road1, road2]],
      [{ tag: 'market' }, [road2]],
      [{ city: cityTwo.id }, [park]],
      [{ state: cityOne.stateId, city: cityOne.id }, [road1, road2]],
      [{ status: 'Online' }, [road1]],
      [{ status: 'Offline' }, [road2, park]],
      [{ project: 'Main Road', tag: 'main-road', status: 'Offline' }, [road2]],
    ];
    for (const [filter, expected] of cases) {
      const group = await create(managerA, {
        name: `Dyn ${JSON.stringify(filter)}`,
        kind: 'dynamic',
        filter,
      });
      expect(group.devices, JSON.stringify(filter)).toBe(expected.length);
      expect(await devicesOf(managerA, group.id), JSON.stringify(filter)).toEqual(
        [...expected].sort((a, b) => a - b),
      );
    }
    const preview = await call(managerA, 'POST', `${URL}preview/`, { filter: { tag: 'main-road' } });
    expect(preview.json()).toMatchObject({ count: 2 });
  });

  it('refuse criteria naming what does not exist or another organization, by field', async () => {
    const bad = async (filter: object, field: string) => {
      const res = await call(managerA, 'POST', URL, { name: 'Bad', kind: 'dynamic', filter });
      expect(res.statusCode, JSON.stringify(filter)).toBe(400);
      expect(Object.keys(res.json<{ errors: Record<string, string[]> }>().errors ?? {})).toContain(field);
    };
    await bad({ organization: orgB }, 'filter.organization');
    await bad({ state: 999_999 }, 'filter.state');
    await bad({ city: 999_999 }, 'filter.city');
    await bad({ tag: 'a/b' }, 'filter.tag');
    await bad({ status: 'Sleeping' }, 'filter.status');
    await bad({ colour: 'red' }, 'filter');
  });

  it('lets the provider group across organizations, or narrow to one', async () => {
    const all = await create(admin, {
      name: 'Every main road',
      kind: 'dynamic',
      filter: { project: 'Main Road' },
    });
    expect(await devicesOf(admin, all.id)).toEqual([road1, road2, bDevice].sort((a, b) => a - b));
    const onlyB = await create(admin, {
      name: 'Main road of B',
      kind: 'dynamic',
      filter: { organization: orgB },
    });
    expect(await devicesOf(admin, onlyB.id)).toEqual([bDevice]);
  });
});

describe('static groups', () => {
  it('hold chosen devices of the organization, all or nothing, and lose a device that moves away', async () => {
    const group = await create(managerA, { name: 'Chosen', kind: 'static', devices: [road1, park] });
    expect(group.devices).toBe(2);
    const foreign = await call(managerA, 'POST', `${URL}${group.id}/members/`, { add: [road2, bDevice] });
    expect(foreign.statusCode).toBe(400);
    expect(foreign.json()).toMatchObject({
      errors: { devices: [GROUP_MESSAGES.deviceNotInOrganization(bDevice)] },
    });
    expect(await devicesOf(managerA, group.id)).toEqual([road1, park].sort((a, b) => a - b));
    const changed = await call(managerA, 'POST', `${URL}${group.id}/members/`, {
      add: [road2],
      remove: [park],
    });
    expect(changed.statusCode).toBe(200);
    expect(await devicesOf(managerA, group.id)).toEqual([road1, road2].sort((a, b) => a - b));

    await t.database.db.update(rmsDevices).set({ organizationId: orgB }).where(eq(rmsDevices.id, road2));
    expect(await devicesOf(managerA, group.id)).toEqual([road1]);
    await t.database.db.update(rmsDevices).set({ organizationId: orgA }).where(eq(rmsDevices.id, road2));
  });

  it('take no criteria, and dynamic groups take no devices', async () => {
    expect((await call(managerA, 'POST', URL, { name: 'X', kind: 'static', filter: {} })).statusCode).toBe(
      400,
    );
    expect(
      (await call(managerA, 'POST', URL, { name: 'Y', kind: 'dynamic', devices: [road1] })).statusCode,
    ).toBe(400);
    const dyn = await create(managerA, { name: 'Dyn for members', kind: 'dynamic' });
    expect((await call(managerA, 'POST', `${URL}${dyn.id}/members/`, { add: [road1] })).statusCode).toBe(400);
  });
});

describe('access and lifecycle', () => {
  it('lets viewers read, managers change, and hides other organizations’ groups (404)', async () => {
    const group = await create(managerA, { name: 'Private to A', kind: 'static', devices: [road1] });
    expect((await call(viewerA, 'GET', `${URL}${group.id}/`)).statusCode).toBe(200);
    expect((await call(viewerA, 'PUT', `${URL}${group.id}/`, { name: 'No' })).statusCode).toBe(403);
    expect((await call(nobodyA, 'GET', URL)).statusCode).toBe(403);
    for (const [method, url] of [
      ['GET', `${URL}${group.id}/`],
      ['GET', `${URL}${group.id}/devices/`],
      ['PUT', `${URL}${group.id}/`],
      ['POST', `${URL}${group.id}/members/`],
      ['DELETE', `${URL}${group.id}/`],
    ] as const) {
      const body =
        method === 'PUT' ? { name: 'Taken over' } : method === 'POST' ? { add: [bDevice] } : undefined;
      expect((await call(managerB, method, url, body)).statusCode, `${method} ${url}`).toBe(404);
    }
    const listB = (await call(managerB, 'GET', URL)).json<GroupRow[] | Paged<GroupRow>>();
    const names = (Array.isArray(listB) ? listB : listB.results).map((g) => g.name);
    expect(names).not.toContain('Private to A');
  });

  it('renames without touching the criteria, refuses a taken name, and refuses deleting a group in use (409)', async () => {
    const group = await create(managerA, { name: 'Park lights', kind: 'dynamic', filter: { tag: 'park' } });
    const renamed = await call(managerA, 'PUT', `${URL}${group.id}/`, { name: 'Park lamps' });
    expect(renamed.json<{ group: GroupRow }>().group).toMatchObject({
      name: 'Park lamps',
      filter: { tag: 'park' },
      devices: 1,
    });
    const clash = await call(managerA, 'POST', URL, { name: 'park LAMPS', kind: 'static' });
    expect(clash.statusCode).toBe(400);
    expect(clash.json()).toMatchObject({ errors: { name: [GROUP_MESSAGES.nameTaken] } });

    const [profile] = await rowsOf<{ id: number }>(
      t.database.db,
      sql`insert into dimming_profiles (organization_id, name, steps) values (${orgA}, 'Any', '[]'::jsonb) returning id`,
    );
    await t.database.db
      .execute(sql`insert into lighting_schedules (organization_id, name, group_id, profile_id, weekdays)
      values (${orgA}, 'Uses park', ${group.id}, ${profile!.id}, '{1,2,3}')`);
    const refused = await call(managerA, 'DELETE', `${URL}${group.id}/`);
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toEqual({ detail: GROUP_MESSAGES.inUse(1) });
    const free = await create(managerA, { name: 'Short lived', kind: 'static' });
    expect((await call(managerA, 'DELETE', `${URL}${free.id}/`)).statusCode).toBe(200);
    expect((await call(managerA, 'GET', `${URL}${free.id}/`)).statusCode).toBe(404);
  });
});

describe('with schedules', () => {
  it('sends a device added to a scheduled group its nights, and the new steps when the profile changes', async () => {
    const db = t.database.db;
    const group = await create(managerA, { name: 'Scheduled few', kind: 'static', devices: [road1] });
    await db
      .update(organizations)
      .set({ permissions: ['MANAGE_GROUPS', 'VIEW_DEVICE_DATA', 'MANAGE_SCHEDULES'] })
      .where(eq(organizations.id, orgA));
    const planner = await addUser(t, orgA, 'planner@groups-a.example', ['MANAGE_SCHEDULES']);
    const profile = await call(planner, 'POST', '/api/v1/lighting/profiles/', {
      name: 'All night',
      steps: [{ anchor: 'dusk', offset_min: 0, level: 100 }],
    });
    const profileId = profile.json<{ profile: { id: number } }>().profile.id;
    await db.execute(sql`insert into lighting_schedules (organization_id, name, group_id, profile_id, weekdays)
      values (${orgA}, 'Every night', ${group.id}, ${profileId}, '{1,2,3,4,5,6,7}')`);
    const commands = async (device: number) =>
      (
        await rowsOf<{ n: number }>(
          db,
          sql`select count(*)::int as n from device_commands where device_id = ${device} and kind = 'schedule'`,
        )
      )[0]!.n;
    const before = await commands(park);
    expect((await call(managerA, 'POST', `${URL}${group.id}/members/`, { add: [park] })).statusCode).toBe(
      200,
    );
    expect(await commands(park)).toBe(before + 1);

    const sent = await commands(road1);
    const changed = await call(planner, 'PUT', `/api/v1/lighting/profiles/${profileId}/`, {
      steps: [{ anchor: 'dusk', offset_min: 0, level: 60 }],
    });
    expect(changed.statusCode).toBe(200);
    expect(await commands(road1)).toBe(sent + 1);
    // A rename changes no night: nothing is sent.
    await call(planner, 'PUT', `/api/v1/lighting/profiles/${profileId}/`, { name: 'All night, dimmed' });
    expect(await commands(road1)).toBe(sent + 1);
  });
});
