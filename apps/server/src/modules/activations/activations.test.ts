import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { ACTIVATION_MESSAGES as M, type ActivationRow } from '@rms/contracts/activations';
import { PIN_MESSAGE } from '@rms/contracts/fields';
import { deviceCommands } from '../../db/schema/commands';
import { rmsDevices } from '../../db/schema/inventory';
import { cities, states } from '../../db/schema/master-data';
import { activations } from '../../db/schema/activations';
import { bearer, createTestApp, signIn, type Session, type TestApp } from '../../testing/app';
import {
  makeActivations,
  makeDevice,
  makeOrganizations,
  makeParameterVersions,
  makePole,
  makeStlt,
  providerIdOf,
} from '../../testing/factories';
import { signedInUser } from '../../testing/users';

const URL = '/api/v1/devices/activation/';

let t: TestApp;
let admin: Session;
/** Provider employees: one with no code, one with only VIEW_DEVICE_ACTIVATION. */
let noCode: Session;
let viewer: Session;
/** DEVICE_ACTIVATION holders of two customer organizations. */
let customerA: Session;
let customerB: Session;
let providerId: number;
let orgA: number;
let orgB: number;
/** A state with two of its cities, and a city of another state. */
let state: number;
let cityOne: number;
let cityTwo: number;
let otherState: number;
let foreignCity: number;

beforeAll(async () => {
  t = await createTestApp();
  const db = t.database.db;
  providerId = await providerIdOf(db);
  const permissions = ['DEVICE_ACTIVATION', 'VIEW_DEVICE_ACTIVATION'];
  [orgA, orgB] = (
    await makeOrganizations(db, [
      { companyName: 'Customer A', permissions },
      { companyName: 'Customer B', permissions },
    ])
  ).map((o) => o.id) as [number, number];
  admin = await signIn(t.app);
  noCode = await signedInUser(t, { organizationId: providerId, permissions: [] });
  viewer = await signedInUser(t, { organizationId: providerId, permissions: ['VIEW_DEVICE_ACTIVATION'] });
  customerA = await signedInUser(t, { organizationId: orgA, permissions: ['DEVICE_ACTIVATION'] });
  customerB = await signedInUser(t, { organizationId: orgB, permissions: ['DEVICE_ACTIVATION'] });

  const allStates = await db.select({ id: states.id }).from(states).limit(2);
  state = allStates[0]!.id;
  otherState = allStates[1]!.id;
  const ofState = await db.select({ id: cities.id }).from(cities).where(eq(cities.stateId, state)).limit(2);
  cityOne = ofState[0]!.id;
  cityTwo = ofState[1]!.id;
  const [foreign] = await db.select({ id: cities.id }).from(cities).where(eq(cities.stateId, otherState));
  foreignCity = foreign!.id;
});
afterAll(() => t.close());

let serial = 0;
/** A fresh RMS device, STLT and pole of the organization. */
async function items(organizationId: number) {
  serial += 1;
  const db = t.database.db;
  const device = await makeDevice(db, { organizationId, code: `RMS-${serial}`, model: 'M1' });
  const stlt = await makeStlt(db, { organizationId, code: `STLT-${serial}` });
  const pole = await makePole(db, { organizationId, code: `POLE-${serial}` });
  return { device: device.id, stlt: stlt.id, pole: pole.id, serial };
}

function body(over: Record<string, unknown> = {}) {
  return {
    name: `Project ${serial}`,
    address1: `${serial} Main Road`,
    address2: 'Sector 5',
    state,
    city: cityOne,
    pin: '110001',
    panel_id: 'PNL-1',
    battery_id: 'BAT-1',
    latitude: 28.6,
    longitude: 77.2,
    ...over,
  };
}

const post = (session: Session | null, payload: object, url = URL) =>
  t.app.inject({ method: 'POST', url, payload, headers: session ? bearer(session) : {} });
const put = (session: Session | null, payload: object) =>
  t.app.inject({ method: 'PUT', url: URL, payload, headers: session ? bearer(session) : {} });
const get = (session: Session | null, url: string) =>
  t.app.inject({ url, headers: session ? bearer(session) : {} });
const list = async (session: Session, query = '') => {
  const res = await get(session, `${URL}?pagination=false${query}`);
  expect(res.statusCode).toBe(200);
  return res.json() as ActivationRow[];
};

/** A saved activation that uses a device, STLT and pole. */
type Activated = ActivationRow & {
  device: number;
  stlt: number;
  pole: number;
  device_data: NonNullable<ActivationRow['device_data']>;
};

/** Activates fresh items of the caller's organization; answers the saved row. */
async function activate(session: Session, organizationId: number, over: Record<string, unknown> = {}) {
  const ids = await items(organizationId);
  const res = await post(session, body({ device: ids.device, stlt: ids.stlt, pole: ids.pole, ...over }));
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as Activated;
}

/** Spec 01 §7's paths for the project names and the device search, served by the same handlers as ours. */
const SPEC_PATHS = ['/api/v1/admin_settings/project_list/', '/api/v1/admin_settings/device_data/'];

describe('access', () => {
  it('answers 401 without a token on every route', async () => {
    for (const url of [
      URL,
      `${URL}poles/`,
      `${URL}projects/`,
      `${URL}available/?kind=rms`,
      `${URL}1/`,
      '/api/v1/devices/device_list/',
      ...SPEC_PATHS,
    ])
      expect((await get(null, url)).statusCode).toBe(401);
    expect((await post(null, body())).statusCode).toBe(401);
    expect((await put(null, { id: 1, is_active: false })).statusCode).toBe(401);
    expect((await post(null, { device: 1 }, `${URL}refresh/`)).statusCode).toBe(401);
  });

  it('reads with either activation code, writes only with DEVICE_ACTIVATION', async () => {
    for (const url of [
      URL,
      `${URL}projects/`,
      `${URL}poles/`,
      '/api/v1/devices/device_list/',
      ...SPEC_PATHS,
    ]) {
      expect((await get(noCode, url)).statusCode).toBe(403);
      expect((await get(viewer, url)).statusCode).toBe(200);
      expect((await get(customerA, url)).statusCode).toBe(200);
    }
    expect((await get(viewer, `${URL}available/?kind=rms`)).statusCode).toBe(403);
    expect((await post(viewer, body())).statusCode).toBe(403);
    expect((await post(noCode, body())).statusCode).toBe(403);
    expect((await put(viewer, { id: 1, is_active: false })).statusCode).toBe(403);
    expect((await post(viewer, { device: 1 }, `${URL}refresh/`)).statusCode).toBe(403);
  });
});

describe('POST devices/activation/', () => {
  it('activates with the spec message, in the caller’s organization', async () => {
    const ids = await items(orgA);
    const res = await post(customerA, body({ device: ids.device, stlt: ids.stlt, pole: ids.pole }));
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({
      detail: M.activated,
      organization: orgA,
      organization_data: { company_name: 'Customer A' },
      device_data: { id: ids.device, device_id: `RMS-${ids.serial}` },
      stlt_data: { id: ids.stlt, stlt_id: `STLT-${ids.serial}` },
      pole_data: { id: ids.pole, pole_id: `POLE-${ids.serial}` },
      state_data: { id: state },
      city_data: { id: cityOne },
      online: false,
      last_add_on: null,
      latitude: 28.6,
    });
  });

  it('needs no device, STLT or pole', async () => {
    const res = await post(customerA, body({ panel_id: '', battery_id: null, latitude: '' }));
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({
      device: null,
      stlt: null,
      pole: null,
      panel_id: null,
      latitude: null,
    });
  });

  it('names each required field, checks the PIN, and saves nothing', async () => {
    const before = (await list(admin)).length;
    const empty = await post(admin, {});
    expect(empty.statusCode).toBe(400);
    expect(empty.json().errors).toEqual({
      name: ["'Project Name' is required!"],
      address1: ["'Address 1' is required!"],
      address2: ["'Address 2' is required!"],
      state: ["'State' is required!"],
      city: ["'City' is required!"],
      pin: [PIN_MESSAGE],
    });
    for (const pin of ['12345', '1234567', 'ABCDEF'])
      expect((await post(admin, body({ pin }))).json().errors).toEqual({ pin: [PIN_MESSAGE] });
    expect((await post(admin, body({ latitude: 91 }))).json().errors).toEqual({ latitude: [M.latitude] });
    expect((await list(admin)).length).toBe(before);
  });

  it('refuses a city outside the state', async () => {
    const res = await post(admin, body({ state, city: foreignCity }));
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toEqual({ city: [M.cityOfState] });
  });

  it('refuses another organization’s item or an inactive one, naming the field', async () => {
    const theirs = await items(orgB);
    for (const field of ['device', 'stlt', 'pole'] as const) {
      const res = await post(customerA, body({ [field]: theirs[field] }));
      expect(res.statusCode).toBe(400);
      expect(res.json().errors).toEqual({ [field]: [M.notOwned] });
    }
    const mine = await items(orgA);
    await t.database.db.update(rmsDevices).set({ isActive: false }).where(eq(rmsDevices.id, mine.device));
    expect((await post(customerA, body({ device: mine.device }))).json().errors).toEqual({
      device: [M.notOwned],
    });
  });

  it('refuses a device, STLT or pole another active activation uses', async () => {
    const first = await activate(customerA, orgA);
    const before = (await list(customerA)).length;
    for (const [field, message] of [
      ['device', M.deviceTaken],
      ['stlt', M.stltTaken],
      ['pole', M.poleTaken],
    ] as const) {
      const res = await post(customerA, body({ [field]: first[field] }));
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ detail: message, errors: { [field]: [message] } });
    }
    expect((await list(customerA)).length).toBe(before);
  });

  it('saves one of two simultaneous activations of the same device or pole', async () => {
    const ids = await items(orgA);
    const answers = await Promise.all([
      post(customerA, body({ device: ids.device })),
      post(customerA, body({ device: ids.device })),
    ]);
    expect(answers.map((r) => r.statusCode).sort()).toEqual([201, 400]);
    expect(answers.find((r) => r.statusCode === 400)!.json().errors).toEqual({ device: [M.deviceTaken] });
    // The index that refused the second save names the field (here the pole's, not the device's).
    const pole = (await items(orgA)).pole;
    const devices = [(await items(orgA)).device, (await items(orgA)).device];
    const poleAnswers = await Promise.all(devices.map((device) => post(customerA, body({ device, pole }))));
    expect(poleAnswers.map((r) => r.statusCode).sort()).toEqual([201, 400]);
    expect(poleAnswers.find((r) => r.statusCode === 400)!.json().errors).toEqual({ pole: [M.poleTaken] });
  });
});

describe('PUT devices/activation/', () => {
  it('updates the fields, keeping its own items and refusing another activation’s', async () => {
    const mine = await activate(customerA, orgA);
    const other = await activate(customerA, orgA);
    const keep = { device: mine.device, stlt: mine.stlt, pole: mine.pole };
    const res = await put(customerA, { id: mine.id, ...body({ ...keep, name: 'Renamed', city: cityTwo }) });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ id: mine.id, name: 'Renamed', city: cityTwo, detail: M.updated });
    const taken = await put(customerA, { id: mine.id, ...body({ ...keep, pole: other.pole }) });
    expect(taken.json().errors).toEqual({ pole: [M.poleTaken] });
    const bad = await put(customerA, { id: mine.id, ...body({ pin: '12' }) });
    expect(bad.json().errors).toEqual({ pin: [PIN_MESSAGE] });
    expect((await get(customerA, `${URL}${mine.id}/`)).json()).toMatchObject({
      name: 'Renamed',
      pole: mine.pole,
    });
  });

  it('soft-deletes: the row leaves the lists and its device is free again', async () => {
    const row = await activate(customerA, orgA);
    const res = await put(customerA, { id: row.id, is_active: false });
    expect(res.statusCode).toBe(200);
    expect(res.json().detail).toBe(M.deleted);
    expect((await list(customerA)).map((r) => r.id)).not.toContain(row.id);
    expect((await get(customerA, `${URL}${row.id}/`)).statusCode).toBe(404);
    expect((await put(customerA, { id: row.id, is_active: false })).statusCode).toBe(404);
    const again = await post(customerA, body({ device: row.device, stlt: row.stlt, pole: row.pole }));
    expect(again.statusCode).toBe(201);
  });

  it('answers 404 for another organization’s activation, changing nothing', async () => {
    const theirs = await activate(customerB, orgB);
    expect((await get(customerA, `${URL}${theirs.id}/`)).statusCode).toBe(404);
    expect((await put(customerA, { id: theirs.id, is_active: false })).statusCode).toBe(404);
    expect((await put(customerA, { id: theirs.id, ...body() })).statusCode).toBe(404);
    expect((await get(customerB, `${URL}${theirs.id}/`)).json().is_active).toBe(true);
  });

  it('lets the provider edit a customer’s activation against that customer’s items', async () => {
    const theirs = await activate(customerB, orgB);
    const res = await put(admin, {
      id: theirs.id,
      ...body({ device: theirs.device, stlt: theirs.stlt, pole: theirs.pole, name: 'By provider' }),
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ organization: orgB, name: 'By provider' });
  });
});

describe('GET devices/activation/', () => {
  it('shows a customer only its own activations; the provider sees every organization’s', async () => {
    const a = await activate(customerA, orgA);
    const b = await activate(customerB, orgB);
    const seenByA = (await list(customerA)).map((r) => r.id);
    expect(seenByA).toContain(a.id);
    expect(seenByA).not.toContain(b.id);
    const seenByAdmin = (await list(admin)).map((r) => r.id);
    expect(seenByAdmin).toEqual(expect.arrayContaining([a.id, b.id]));
  });

  it('filters by every field of the contract', async () => {
    const ids = await items(orgB);
    const row = await activate(customerB, orgB, {
      name: 'Filter Park',
      address1: 'Lotus Lane 9',
      city: cityTwo,
      pin: '560077',
      device: ids.device,
      stlt: ids.stlt,
      pole: ids.pole,
    });
    const other = await activate(customerB, orgB, {
      name: 'Elsewhere',
      state: otherState,
      city: foreignCity,
    });
    const only = async (query: string) => (await list(customerB, query)).map((r) => r.id);
    expect(await only('&project=Filter%20Park')).toEqual([row.id]);
    expect(await only('&address=lotus%20lane')).toEqual([row.id]);
    expect(await only('&pin=560077')).toEqual([row.id]);
    expect(await only(`&device=${ids.device}`)).toEqual([row.id]);
    expect(await only(`&pole=${ids.pole}`)).toEqual([row.id]);
    expect(await only(`&state=${state}&city=${cityTwo}`)).toContain(row.id);
    expect(await only(`&state=${state}&city=${cityTwo}`)).not.toContain(other.id);
    expect(await only(`&state=${otherState}`)).toEqual([other.id]);
    expect(await only(`&query=STLT-${ids.serial}`)).toEqual([row.id]);
    expect(await only(`&query=RMS-${ids.serial}`)).toEqual([row.id]);
    expect(await only('&query=filter%20park')).toEqual([row.id]);
    // A page's count under a code search counts the codes too (the count joins them only then).
    for (const query of [`RMS-${ids.serial}`, `POLE-${ids.serial}`, 'filter%20park'])
      expect((await get(customerB, `${URL}?page=1&page_size=1&query=${query}`)).json()).toMatchObject({
        count: 1,
        results: [{ id: row.id }],
      });
    const all = (await list(customerB)).length;
    for (const blank of ['', '&query=%20%20'])
      expect((await get(customerB, `${URL}?page=1&page_size=1${blank}`)).json()).toMatchObject({
        count: all,
      });
    // No device reports yet (the device link adds live state): every device is offline.
    expect(await only('&online=true')).toEqual([]);
    expect(await only('&online=false')).toEqual(expect.arrayContaining([row.id, other.id]));
  });

  it('pages with count and next, newest first', async () => {
    for (let i = 0; i < 3; i += 1) await activate(customerA, orgA);
    const first = (await get(customerA, `${URL}?page=1&page_size=2`)).json();
    expect(first).toMatchObject({ current: 1, next: 2 });
    expect(first.results).toHaveLength(2);
    expect(first.results[0].id).toBeGreaterThan(first.results[1].id);
    const second = (await get(customerA, `${URL}?page=2&page_size=2`)).json();
    expect(second.count).toBe(first.count);
    expect(second.results[0].id).toBeLessThan(first.results[1].id);
    const bad = await get(customerA, `${URL}?page=0&state=x`);
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(bad.json().errors).sort()).toEqual(['page', 'state']);
  });

  it('adds the newest parameter version’s load and dim values with is_parameter_data=true', async () => {
    const row = await activate(customerA, orgA);
    const bare = await activate(customerA, orgA);
    await makeParameterVersions(t.database.db, [
      { deviceId: row.device, version: 1, values: { load_regulation: 20, dim_1: 4, dim_2: 6, dim_3: 1 } },
      { deviceId: row.device, version: 2, values: { load_regulation: 30, dim_1: 5, dim_2: 7, dim_3: 1 } },
    ]);
    const withData = await list(customerA, '&is_parameter_data=true');
    expect(withData.find((r) => r.id === row.id)!.parameter_data).toEqual({
      load_regulation: 30,
      dim_1: 5,
      dim_2: 7,
    });
    expect(withData.find((r) => r.id === bare.id)!.parameter_data).toBeNull();
    expect((await list(customerA)).find((r) => r.id === row.id)!.parameter_data).toBeNull();
  });
});

describe('lookups', () => {
  it('lists project names once each, in the caller’s scope', async () => {
    await activate(customerA, orgA, { name: 'Twin Project' });
    await activate(customerA, orgA, { name: 'Twin Project' });
    await activate(customerB, orgB, { name: 'Hidden Project' });
    const names = (await get(customerA, `${URL}projects/?pagination=false`)).json() as { name: string }[];
    expect(names.filter((n) => n.name === 'Twin Project')).toHaveLength(1);
    expect(names.map((n) => n.name)).not.toContain('Hidden Project');
    const paged = (await get(customerA, `${URL}projects/?query=twin`)).json();
    expect(paged).toMatchObject({ count: 1, results: [{ name: 'Twin Project' }] });
  });

  it('lists activated devices with the device list item fields; query matches device ID and project', async () => {
    const row = await activate(customerA, orgA, { name: 'Lookup Square' });
    await post(customerA, body({ name: 'No Device' }));
    const url = '/api/v1/devices/device_list/';
    const found = (await get(customerA, `${url}?pagination=false&query=${row.device_data.device_id}`)).json();
    expect(found).toEqual([
      {
        id: row.id,
        device: row.device,
        device_data: { ...row.device_data, model: 'M1' },
        name: 'Lookup Square',
        battery_id: 'BAT-1',
        panel_id: 'PNL-1',
        organization_data: { id: orgA, company_name: 'Customer A' },
        state_data: row.state_data,
        city_data: row.city_data,
        pin: '110001',
      },
    ]);
    expect((await get(customerA, `${url}?pagination=false&query=lookup%20sq`)).json()).toHaveLength(1);
    expect((await get(customerA, `${url}?pagination=false&query=No%20Device`)).json()).toEqual([]);
    expect((await get(customerB, `${url}?pagination=false&query=Lookup`)).json()).toEqual([]);
    // The header's device search matches the model too.
    const byModel = (await get(customerA, `${url}?pagination=false&query=m1`)).json() as { id: number }[];
    expect(byModel.map((d) => d.id)).toContain(row.id);
    // A page's count under a search counts the device's code and model too.
    for (const [query, n] of [
      [row.device_data.device_id, 1],
      ['m1', byModel.length],
    ] as const)
      expect((await get(customerA, `${url}?page=1&page_size=1&query=${query}`)).json()).toMatchObject({
        count: n,
      });
    const all = (await get(customerA, `${url}?pagination=false`)).json() as unknown[];
    expect((await get(customerA, `${url}?page=1&page_size=1`)).json()).toMatchObject({ count: all.length });
    expect((await get(customerA, `${url}?pagination=false&query=no-such-model`)).json()).toEqual([]);
  });

  it("answers at the spec's paths (admin_settings/device_data/, admin_settings/project_list/) as at ours", async () => {
    await activate(customerA, orgA, { name: 'Spec Path Park' });
    await activate(customerB, orgB, { name: 'Spec Path Hidden' });
    for (const session of [customerA, customerB, viewer]) {
      for (const [ours, spec] of [
        ['/api/v1/devices/device_list/', '/api/v1/admin_settings/device_data/'],
        [`${URL}projects/`, '/api/v1/admin_settings/project_list/'],
      ] as const) {
        for (const query of ['?pagination=false', '?pagination=false&query=spec%20path', '?page=1']) {
          const a = await get(session, `${ours}${query}`);
          const b = await get(session, `${spec}${query}`);
          expect(b.statusCode, `${spec}${query}`).toBe(200);
          expect(b.json(), `${spec}${query}`).toEqual(a.json());
        }
      }
    }
    const names = (await get(customerA, '/api/v1/admin_settings/project_list/?pagination=false')).json();
    expect(names).toContainEqual({ name: 'Spec Path Park' });
    expect(names).not.toContainEqual({ name: 'Spec Path Hidden' });
    const devices = (
      await get(customerB, '/api/v1/admin_settings/device_data/?pagination=false&query=spec')
    ).json();
    expect(devices.map((d: { name: string }) => d.name)).toEqual(['Spec Path Hidden']);
  });

  it('lists the poles of the caller’s activations for the pole filter', async () => {
    const mine = await activate(customerA, orgA);
    const theirs = await activate(customerB, orgB);
    const poleIds = ((await get(customerA, `${URL}poles/`)).json() as { id: number }[]).map((p) => p.id);
    expect(poleIds).toContain(mine.pole);
    expect(poleIds).not.toContain(theirs.pole);
  });

  it('offers the organization’s active, unused items; editing keeps the current one', async () => {
    const free = await items(orgA);
    const used = await activate(customerA, orgA);
    const theirs = await items(orgB);
    const codes = async (kind: string, extra = '') =>
      ((await get(customerA, `${URL}available/?kind=${kind}${extra}`)).json() as { id: number }[]).map(
        (i) => i.id,
      );
    for (const [kind, field] of [
      ['rms', 'device'],
      ['stlt', 'stlt'],
      ['pole', 'pole'],
    ] as const) {
      const offered = await codes(kind);
      expect(offered).toContain(free[field]);
      expect(offered).not.toContain(used[field]);
      expect(offered).not.toContain(theirs[field]);
      expect(await codes(kind, `&activation=${used.id}`)).toContain(used[field]);
    }
    const other = await activate(customerB, orgB);
    expect((await get(customerA, `${URL}available/?kind=rms&activation=${other.id}`)).statusCode).toBe(404);
    expect((await get(customerA, `${URL}available/?kind=lamp`)).statusCode).toBe(400);
  });
});

describe('POST devices/activation/refresh/', () => {
  it('records exactly one pending refresh command for the device', async () => {
    const row = await activate(customerA, orgA);
    const res = await post(customerA, { device: row.device }, `${URL}refresh/`);
    expect(res.statusCode).toBe(200);
    expect(res.json().detail).toBe(M.refreshed);
    const commands = await t.database.db
      .select()
      .from(deviceCommands)
      .where(eq(deviceCommands.deviceId, row.device));
    expect(commands).toHaveLength(1);
    expect(commands[0]).toMatchObject({ kind: 'refresh', status: 'pending', organizationId: orgA });
  });

  it('answers 404 for a device of another organization or not activated, recording nothing', async () => {
    const theirs = await activate(customerB, orgB);
    const idle = await items(orgA);
    for (const device of [theirs.device, idle.device]) {
      expect((await post(customerA, { device }, `${URL}refresh/`)).statusCode).toBe(404);
      const n = await t.database.db.select().from(deviceCommands).where(eq(deviceCommands.deviceId, device));
      expect(n).toHaveLength(0);
    }
    expect((await post(customerA, {}, `${URL}refresh/`)).json().errors.device).toBeDefined();
  });
});

describe('a list of 10,000 activations', () => {
  it('answers a filtered page with parameter data among 10,000 activations (its speed: bench/api)', async () => {
    const db = t.database.db;
    await makeActivations(
      db,
      Array.from({ length: 10_000 }, (_, i) => ({
        name: `Bulk ${i % 50}`,
        stateId: state,
        cityId: i % 2 ? cityOne : cityTwo,
        organizationId: providerId,
      })),
    );
    const res = await get(admin, `${URL}?page=3&is_parameter_data=true&state=${state}&query=bulk`);
    expect(res.statusCode).toBe(200);
    expect(res.json().count).toBeGreaterThanOrEqual(10_000);
    expect(res.json().results).toHaveLength(20);
    const count = await db
      .select()
      .from(activations)
      .where(and(eq(activations.name, 'Bulk 7')));
    expect(count).toHaveLength(200);
  }, 60_000);
});
