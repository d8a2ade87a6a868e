import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { INSPECTION_MESSAGES as M } from '@rms/contracts/inspections';
import { deviceCommands } from '../../db/schema/commands';
import { inspectionDevices } from '../../db/schema/inspections';
import { bearer, createTestApp, signIn, type Session, type TestApp } from '../../testing/app';
import { makeDevice, makeOrganizations } from '../../testing/factories';
import { addUser } from '../../testing/users';

let t: TestApp;
let admin: Session;
let customer: Session;
let other: Session;
let clerk: Session;
let d1: number;
let d2: number;
let foreign: number;

beforeAll(async () => {
  t = await createTestApp();
  admin = await signIn(t.app);
  const codes = ['DEVICE_ACTIVATION', 'VIEW_DEVICE_ACTIVATION'];
  const db = t.database.db;
  const [own, theirs] = await makeOrganizations(db, [
    { companyName: 'Customer Lights', permissions: codes },
    { companyName: 'Other Lights', permissions: codes },
  ]);
  customer = await addUser(t, own!.id, 'boss@customer.example', ['DEVICE_ACTIVATION']);
  clerk = await addUser(t, own!.id, 'clerk@customer.example', ['VIEW_DEVICE_ACTIVATION']);
  other = await addUser(t, theirs!.id, 'boss@other.example', ['DEVICE_ACTIVATION']);
  d1 = (await makeDevice(db, { code: 'INSP-A1', organizationId: own!.id })).id;
  d2 = (await makeDevice(db, { code: 'INSP-B2', organizationId: own!.id })).id;
  foreign = (await makeDevice(db, { code: 'INSP-X9', organizationId: theirs!.id })).id;
});
afterAll(() => t.close());

const URL = '/api/v1/devices/inspection/';
const post = (session: Session | null, payload: object) =>
  t.app.inject({ method: 'POST', url: URL, payload, headers: session ? bearer(session) : {} });
const list = (session: Session | null, query = '') =>
  t.app.inject({ url: `${URL}${query}`, headers: session ? bearer(session) : {} });
const commandsOf = (device: number) =>
  t.database.db.select().from(deviceCommands).where(eq(deviceCommands.deviceId, device));

describe('inspections', () => {
  it('answers 401 without a token and 403 without DEVICE_ACTIVATION', async () => {
    expect((await post(null, { devices: [d1], insp: 1 })).statusCode).toBe(401);
    expect((await list(null)).statusCode).toBe(401);
    expect((await post(clerk, { devices: [d1], insp: 1 })).statusCode).toBe(403);
    expect((await list(clerk)).statusCode).toBe(403);
  });

  it('names the fields it refuses', async () => {
    const res = await post(customer, { devices: [], insp: 5 });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toEqual({ devices: ['Select at least one device'], insp: [M.actionRequired] });
  });

  it('records one inspection and exactly one pending inspection command per device', async () => {
    const res = await post(customer, { devices: [d1, d2], insp: 1 });
    expect(res.statusCode).toBe(201);
    const row = res.json();
    expect(row).toMatchObject({
      detail: M.inspected,
      insp: 1,
      devices: [d1, d2],
      devices_data: [
        { id: d1, device_id: 'INSP-A1', command_status: 'pending' },
        { id: d2, device_id: 'INSP-B2', command_status: 'pending' },
      ],
    });
    for (const device of [d1, d2]) {
      const commands = await commandsOf(device);
      expect(commands).toHaveLength(1);
      expect(commands[0]).toMatchObject({ kind: 'inspection', status: 'pending', payload: { insp: 1 } });
    }
    const links = await t.database.db
      .select()
      .from(inspectionDevices)
      .where(eq(inspectionDevices.inspectionId, row.id));
    expect(links.every((l) => l.commandId !== null)).toBe(true);
  });

  it('answers 404 when a device is outside the organization, saving nothing', async () => {
    const res = await post(customer, { devices: [d1, foreign], insp: 2 });
    expect(res.statusCode).toBe(404);
    expect(await commandsOf(d1)).toHaveLength(1);
    expect(await commandsOf(foreign)).toHaveLength(0);
  });

  it('lists the history newest first, paged, searchable by device id, in the caller’s organization', async () => {
    await post(customer, { devices: [d2], insp: 2 });
    await post(other, { devices: [foreign], insp: 1 });
    const page = (await list(customer, '?page=1')).json();
    expect(page.count).toBe(2);
    expect(page.next).toBeNull();
    expect(page.results.map((r: { insp: number }) => r.insp)).toEqual([2, 1]);
    expect(page.results[0].devices_data).toEqual([
      { id: d2, device_id: 'INSP-B2', command_status: 'pending' },
    ]);
    expect(page.results[0].created_at).toMatch(/^\d{4}-\d{2}-\d{2}T/);
    const found = (await list(customer, '?query=a1')).json();
    expect(found.results.map((r: { devices: number[] }) => r.devices)).toEqual([[d1, d2]]);
    expect((await list(customer, '?query=X9')).json().count).toBe(0);
    expect((await list(other)).json().count).toBe(1);
    expect((await list(admin)).json().count).toBe(3);
    const small = (await list(customer, '?page=2&page_size=1')).json();
    expect(small).toMatchObject({ count: 2, current: 2, next: null });
  });
});
