import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { PARAMETER_DEFAULTS, PARAMETER_MESSAGES as M } from '@rms/contracts/parameters';
import { deviceCommands } from '../../db/schema/commands';
import { deviceParameters } from '../../db/schema/parameters';
import { bearer, createTestApp, signIn, type Session, type TestApp } from '../../testing/app';
import { makeDevice, makeOrganizations } from '../../testing/factories';
import { addUser } from '../../testing/users';

let t: TestApp;
let admin: Session;
let customer: Session;
let viewer: Session;
let clerk: Session;
let activator: Session;
let ownOrg: number;
let ownDevice: number;
let otherDevice: number;
let secondOwn: number;

const CODES = ['CHANGE_PARAMETER_SETTINGS', 'VIEW_PARAMETER_SETTINGS', 'DEVICE_ACTIVATION'];

beforeAll(async () => {
  t = await createTestApp();
  admin = await signIn(t.app);
  const db = t.database.db;
  const [own, other] = await makeOrganizations(db, [
    { companyName: 'Customer Lights', permissions: CODES },
    { companyName: 'Other Lights', permissions: CODES },
  ]);
  ownOrg = own!.id;
  customer = await addUser(t, ownOrg, 'boss@customer.example', CODES);
  viewer = await addUser(t, ownOrg, 'viewer@customer.example', ['VIEW_PARAMETER_SETTINGS']);
  clerk = await addUser(t, ownOrg, 'clerk@customer.example', []);
  activator = await addUser(t, ownOrg, 'activator@customer.example', ['DEVICE_ACTIVATION']);
  ownDevice = (await makeDevice(db, { code: 'RMS-OWN-1', organizationId: ownOrg })).id;
  secondOwn = (await makeDevice(db, { code: 'RMS-OWN-2', organizationId: ownOrg })).id;
  otherDevice = (await makeDevice(db, { code: 'RMS-OTHER-1', organizationId: other!.id })).id;
});
afterAll(() => t.close());

const URL = '/api/v1/devices/parameter_settings/';
const get = (session: Session | null, device: number) =>
  t.app.inject({ url: `${URL}?device=${device}`, headers: session ? bearer(session) : {} });
const save = (session: Session | null, payload: object, method: 'POST' | 'PUT' = 'POST') =>
  t.app.inject({ method, url: URL, payload, headers: session ? bearer(session) : {} });
const bulk = (session: Session | null, payload: object) =>
  t.app.inject({
    method: 'POST',
    url: '/api/v1/devices/bulk_parameter/',
    payload,
    headers: session ? bearer(session) : {},
  });
const commandsOf = (device: number) =>
  t.database.db
    .select()
    .from(deviceCommands)
    .where(eq(deviceCommands.deviceId, device))
    .orderBy(deviceCommands.id);

describe('parameter settings', () => {
  it('answers 401 without a token and 403 without the codes; the view code only reads', async () => {
    expect((await get(null, ownDevice)).statusCode).toBe(401);
    expect((await save(null, { device: ownDevice, ...PARAMETER_DEFAULTS })).statusCode).toBe(401);
    expect((await get(clerk, ownDevice)).statusCode).toBe(403);
    expect((await get(activator, ownDevice)).statusCode).toBe(403);
    expect((await save(clerk, { device: ownDevice, ...PARAMETER_DEFAULTS })).statusCode).toBe(403);
    expect((await get(viewer, ownDevice)).statusCode).toBe(200);
    expect((await save(viewer, { device: ownDevice, ...PARAMETER_DEFAULTS })).statusCode).toBe(403);
    expect((await save(viewer, { device: ownDevice, ...PARAMETER_DEFAULTS }, 'PUT')).statusCode).toBe(403);
  });

  it('answers the defaults with version null for a device never set', async () => {
    const res = await get(customer, secondOwn);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      id: null,
      version: null,
      device: secondOwn,
      device_data: { id: secondOwn, device_id: 'RMS-OWN-2' },
      values: PARAMETER_DEFAULTS,
      created_at: null,
      command_status: null,
    });
  });

  it('stores a new version per save with one pending parameters command each', async () => {
    const first = await save(customer, { device: ownDevice, ...PARAMETER_DEFAULTS, load_regulation: 40 });
    expect(first.statusCode).toBe(201);
    expect(first.json()).toMatchObject({ detail: M.added, version: 1, command_status: 'pending' });
    const second = await save(customer, { device: ownDevice, id: 1, ...PARAMETER_DEFAULTS, dim_1: 5 }, 'PUT');
    expect(second.statusCode).toBe(200);
    expect(second.json()).toMatchObject({ detail: M.added, version: 2 });
    const read = (await get(customer, ownDevice)).json();
    expect(read.version).toBe(2);
    expect(read.values).toEqual({ ...PARAMETER_DEFAULTS, dim_1: 5 });
    const commands = await commandsOf(ownDevice);
    expect(commands.map((c) => [c.kind, c.status])).toEqual([
      ['parameters', 'pending'],
      ['parameters', 'pending'],
    ]);
    expect(commands[1]!.payload).toEqual({ ...PARAMETER_DEFAULTS, dim_1: 5 });
    const versions = await t.database.db
      .select()
      .from(deviceParameters)
      .where(eq(deviceParameters.deviceId, ownDevice));
    expect(versions.map((v) => v.commandId)).toEqual(commands.map((c) => c.id));
  });

  it('shows the command status once the device link moves it', async () => {
    const { command_status, id } = (await get(customer, ownDevice)).json();
    expect(command_status).toBe('pending');
    const [version] = await t.database.db.select().from(deviceParameters).where(eq(deviceParameters.id, id));
    await t.database.db
      .update(deviceCommands)
      .set({ status: 'acknowledged' })
      .where(eq(deviceCommands.id, version!.commandId!));
    expect((await get(customer, ownDevice)).json().command_status).toBe('acknowledged');
  });

  it('gives concurrent saves distinct versions', async () => {
    const answers = await Promise.all(
      [1, 2, 3].map((n) =>
        save(customer, { device: secondOwn, ...PARAMETER_DEFAULTS, load_regulation: 10 + n }),
      ),
    );
    expect(answers.map((a) => a.statusCode)).toEqual([201, 201, 201]);
    expect(answers.map((a) => a.json().version).sort()).toEqual([1, 2, 3]);
  });

  it('names each missing, out-of-range and inconsistent field, saving nothing', async () => {
    const before = (await commandsOf(ownDevice)).length;
    const missing = await save(customer, { device: ownDevice });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().errors.high_cut).toEqual(["'High Cut' is required!"]);
    expect(Object.keys(missing.json().errors)).toHaveLength(38);
    const range = await save(customer, { device: ownDevice, ...PARAMETER_DEFAULTS, high_cut: 33 });
    expect(range.json().errors).toEqual({ high_cut: ["'High Cut' must be between 9 and 32 V"] });
    const cross = await save(customer, {
      device: ownDevice,
      ...PARAMETER_DEFAULTS,
      solar_over_reconnect: 30,
    });
    expect(cross.json().errors).toEqual({ solar_over_reconnect: [M.reconnectBelowOverVolt] });
    const noDevice = await save(customer, { ...PARAMETER_DEFAULTS });
    expect(noDevice.json().errors).toEqual({ device: ["'Device' is required!"] });
    expect((await commandsOf(ownDevice)).length).toBe(before);
  });

  it('refuses a value off its step by however little, saving nothing; takes 12.3 V and 0.999× as sent', async () => {
    const before = (await commandsOf(ownDevice)).length;
    const versionBefore = (await get(customer, ownDevice)).json().version;
    const off = await save(customer, {
      device: ownDevice,
      ...PARAMETER_DEFAULTS,
      dim_1: 4.0000001,
      low_cut_recover: 12.00000001,
      load_regulation: 30.000001,
      batt_volt_fac: 1.0000001,
    });
    expect(off.statusCode).toBe(400);
    expect(off.json().errors).toEqual({
      low_cut_recover: ["'Low Cut Recover' must be in steps of 0.1 V"],
      load_regulation: ["'Load Watt' must be a whole number"],
      dim_1: ["'Full Brightness Hours' must be in steps of 0.5 h"],
      batt_volt_fac: ["'Battery Voltage Factor' must be in steps of 0.001"],
    });
    const put = await save(
      customer,
      { device: ownDevice, id: 1, ...PARAMETER_DEFAULTS, dim_2: 6.0000001 },
      'PUT',
    );
    expect(put.json().errors).toEqual({ dim_2: ["'Half Brightness Hours' must be in steps of 0.5 h"] });
    expect((await commandsOf(ownDevice)).length).toBe(before);
    expect((await get(customer, ownDevice)).json().version).toBe(versionBefore);

    const exact = { ...PARAMETER_DEFAULTS, low_cut_recover: 12.3, dim_1: 4.5, batt_volt_fac: 0.999 };
    expect((await save(customer, { device: ownDevice, ...exact })).statusCode).toBe(201);
    expect((await get(customer, ownDevice)).json().values).toEqual(exact);
  });

  it('lists the devices of the organization for the picker', async () => {
    const url = `${URL}devices/`;
    expect((await t.app.inject({ url })).statusCode).toBe(401);
    expect((await t.app.inject({ url, headers: bearer(clerk) })).statusCode).toBe(403);
    const mine = (await t.app.inject({ url, headers: bearer(viewer) })).json();
    expect(mine.map((d: { device_id: string }) => d.device_id)).toEqual(['RMS-OWN-1', 'RMS-OWN-2']);
    const found = (await t.app.inject({ url: `${url}?query=own-2`, headers: bearer(viewer) })).json();
    expect(found).toEqual([{ id: secondOwn, device_id: 'RMS-OWN-2' }]);
    const all = (await t.app.inject({ url, headers: bearer(admin) })).json();
    expect(all.map((d: { device_id: string }) => d.device_id)).toContain('RMS-OTHER-1');
  });

  it('answers 404 for a device of another organization; the provider sees it', async () => {
    expect((await get(customer, otherDevice)).statusCode).toBe(404);
    expect((await save(customer, { device: otherDevice, ...PARAMETER_DEFAULTS })).statusCode).toBe(404);
    expect((await get(customer, 999999)).statusCode).toBe(404);
    expect((await commandsOf(otherDevice)).length).toBe(0);
    expect((await get(admin, otherDevice)).statusCode).toBe(200);
  });
});

describe('bulk parameter', () => {
  const values = { load_regulation: 55, dim_1: 6, dim_2: 5 };

  it('answers 401 without a token and 403 without DEVICE_ACTIVATION', async () => {
    expect((await bulk(null, { devices: [ownDevice], ...values })).statusCode).toBe(401);
    expect((await bulk(viewer, { devices: [ownDevice], ...values })).statusCode).toBe(403);
    expect((await bulk(clerk, { devices: [ownDevice], ...values })).statusCode).toBe(403);
  });

  it('names the fields it refuses', async () => {
    const res = await bulk(activator, { devices: [], load_regulation: 0, dim_1: 30 });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toEqual({
      devices: [M.devicesRequired],
      load_regulation: ["'Load Watt' must be between 1 and 150 W"],
      dim_1: ["'Full Brightness Hours' must be between 0 and 24 h"],
      dim_2: ["'Half Brightness Hours' is required!"],
    });
    const twice = await bulk(activator, { devices: [ownDevice, ownDevice], ...values });
    expect(twice.json().errors).toEqual({ devices: [M.devicesUnique] });
  });

  it('refuses watts or hours off their step by however little, saving nothing', async () => {
    const before = (await commandsOf(ownDevice)).length;
    const off = await bulk(activator, {
      devices: [ownDevice],
      load_regulation: 40.0000001,
      dim_1: 4.0000001,
      dim_2: 6,
    });
    expect(off.statusCode).toBe(400);
    expect(off.json().errors).toEqual({
      load_regulation: ["'Load Watt' must be a whole number"],
      dim_1: ["'Full Brightness Hours' must be in steps of 0.5 h"],
    });
    expect((await commandsOf(ownDevice)).length).toBe(before);
  });

  it('stores a new version per device from its newest values, one bulk_parameter command each', async () => {
    const fresh = (await makeDevice(t.database.db, { code: 'RMS-OWN-3', organizationId: ownOrg })).id;
    const beforeOwn = (await get(customer, ownDevice)).json();
    const res = await bulk(activator, { devices: [ownDevice, fresh], ...values });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toEqual({ detail: M.bulkAdded, devices: 2 });
    const own = (await get(customer, ownDevice)).json();
    expect(own.version).toBe(beforeOwn.version + 1);
    expect(own.values).toEqual({ ...beforeOwn.values, ...values });
    expect(own.command_status).toBe('pending');
    const added = (await get(customer, fresh)).json();
    expect(added.version).toBe(1);
    expect(added.values).toEqual({ ...PARAMETER_DEFAULTS, ...values });
    for (const device of [ownDevice, fresh]) {
      const bulkCommands = (await commandsOf(device)).filter((c) => c.kind === 'bulk_parameter');
      expect(bulkCommands).toHaveLength(1);
      expect(bulkCommands[0]).toMatchObject({ status: 'pending', payload: { ...values } });
    }
  });

  it('refuses hours that with a device’s stored dim 3 pass 24 h, saving nothing', async () => {
    await save(customer, { device: secondOwn, ...PARAMETER_DEFAULTS, dim_1: 0, dim_2: 0, dim_3: 10 });
    const before = (await commandsOf(ownDevice)).length;
    const res = await bulk(activator, {
      devices: [ownDevice, secondOwn],
      load_regulation: 20,
      dim_1: 8,
      dim_2: 8,
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors.dim_2).toEqual([`${M.dimHoursOver24} (RMS-OWN-2)`]);
    expect((await commandsOf(ownDevice)).length).toBe(before);
  });

  it('answers 404 when one device is outside the organization, saving nothing', async () => {
    const before = (await commandsOf(ownDevice)).length;
    const res = await bulk(activator, { devices: [ownDevice, otherDevice], ...values });
    expect(res.statusCode).toBe(404);
    expect((await commandsOf(ownDevice)).length).toBe(before);
    expect((await commandsOf(otherDevice)).length).toBe(0);
  });
});
