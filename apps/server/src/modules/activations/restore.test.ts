import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { ACTIVATION_MESSAGES as M, type ActivationRow } from '@rms/contracts/activations';
import { RESTORE_MESSAGES } from '@rms/contracts/soft-delete';
import { poles, rmsDevices } from '../../db/schema/inventory';
import { cities } from '../../db/schema/master-data';
import { organizations } from '../../db/schema/organizations';
import { bearer, createTestApp, signIn, type Session, type TestApp } from '../../testing/app';
import { listCalls } from '../../testing/list-calls';
import { makeDevice, makePole, makeStlt } from '../../testing/factories';
import { addOrganizations, addUser } from '../../testing/users';

// Deleted device activations: listed with is_active=false (with the list's filters), restored with
// PUT is_active true by whoever may delete them. A restore takes the device, STLT and pole back, so it
// is refused (naming the field) when one is now activated elsewhere, deleted, or another organization's.

const URL = '/api/v1/devices/activation/';
const CODES = ['DEVICE_ACTIVATION', 'VIEW_DEVICE_ACTIVATION'];

let t: TestApp;
let admin: Session;
let customerA: Session;
let viewerA: Session;
let customerB: Session;
let orgA: number;
let orgB: number;
let state: number;
let city: number;

beforeAll(async () => {
  t = await createTestApp();
  admin = await signIn(t.app);
  const [a, b] = await addOrganizations(t, CODES, 'Customer A', 'Customer B');
  orgA = a!;
  orgB = b!;
  customerA = await addUser(t, orgA, 'boss@a.example', ['DEVICE_ACTIVATION']);
  viewerA = await addUser(t, orgA, 'viewer@a.example', ['VIEW_DEVICE_ACTIVATION']);
  customerB = await addUser(t, orgB, 'boss@b.example', ['DEVICE_ACTIVATION']);
  const [place] = await t.database.db.select({ id: cities.id, state: cities.stateId }).from(cities).limit(1);
  state = place!.state;
  city = place!.id;
});
afterAll(() => t.close());

let serial = 0;
/** A fresh RMS device, STLT and pole of the organization. */
async function items(organizationId: number) {
  serial += 1;
  const db = t.database.db;
  const device = await makeDevice(db, { organizationId });
  const stlt = await makeStlt(db, { organizationId });
  const pole = await makePole(db, { organizationId });
  return { device: device.id, stlt: stlt.id, pole: pole.id };
}
const form = (over: Record<string, unknown>) => ({
  name: `Restore project ${serial}`,
  address1: `${serial} Main Road`,
  address2: 'Sector 5',
  state,
  city,
  pin: '110001',
  ...over,
});
const calls = listCalls<ActivationRow>(() => t, URL);
const { put, remove } = calls;
async function activate(session: Session, fields: Record<string, unknown>): Promise<ActivationRow> {
  const res = await t.app.inject({
    method: 'POST',
    url: URL,
    payload: form(fields),
    headers: bearer(session),
  });
  expect(res.statusCode).toBe(201);
  return res.json<ActivationRow>();
}
const listed = async (session: Session, query: string) =>
  (await calls.listed(session, query)).results.map((r) => r.id);

describe('deleted activations', () => {
  it('lists only the deleted ones with is_active=false, with the search and filters, per organization', async () => {
    const kept = await activate(customerA, await items(orgA));
    const gone = await activate(customerA, await items(orgA));
    const theirs = await activate(customerB, await items(orgB));
    await remove(customerA, gone.id);
    await remove(customerB, theirs.id);
    const deleted = await listed(customerA, '?is_active=false&page_size=100');
    expect(deleted).toContain(gone.id);
    expect(deleted).not.toContain(kept.id);
    expect(deleted).not.toContain(theirs.id);
    expect(await listed(customerA, `?page_size=100`)).not.toContain(gone.id);
    expect(await listed(customerA, `?is_active=false&device=${gone.device}`)).toEqual([gone.id]);
    expect(await listed(customerA, `?is_active=false&query=${gone.device_data!.device_id}`)).toEqual([
      gone.id,
    ]);
    expect(await listed(viewerA, '?is_active=false&page_size=100')).toContain(gone.id);
    expect(await listed(admin, '?is_active=false&page_size=100')).toEqual(
      expect.arrayContaining([gone.id, theirs.id]),
    );
  });

  it('restores with {id, is_active: true}: back in the list with its device, STLT and pole', async () => {
    const mine = await items(orgA);
    const row = await activate(customerA, mine);
    await remove(customerA, row.id);
    const res = await put(customerA, { id: row.id, is_active: true });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ detail: M.restored, id: row.id, is_active: true, ...mine });
    expect(await listed(customerA, `?device=${mine.device}`)).toEqual([row.id]);
    expect(await listed(customerA, `?is_active=false&device=${mine.device}`)).toEqual([]);
  });

  it('takes the delete’s code (403) and organization scope (404)', async () => {
    const row = await activate(customerA, await items(orgA));
    await remove(customerA, row.id);
    expect((await put(viewerA, { id: row.id, is_active: true })).statusCode).toBe(403);
    expect((await put(customerB, { id: row.id, is_active: true })).statusCode).toBe(404);
    expect(await listed(customerA, `?is_active=false&device=${row.device}`)).toEqual([row.id]);
  });

  it.each([
    ['device', M.deviceTaken],
    ['stlt', M.stltTaken],
    ['pole', M.poleTaken],
  ] as const)(
    'refuses, naming %s, when it is now used by another active activation',
    async (field, taken) => {
      const mine = await items(orgA);
      const old = await activate(customerA, mine);
      await remove(customerA, old.id);
      await activate(customerA, { [field]: mine[field] });
      const res = await put(customerA, { id: old.id, is_active: true });
      expect(res.statusCode).toBe(400);
      expect(res.json().errors).toEqual({ [field]: [taken] });
    },
  );

  it('refuses, naming the device, when the device was deleted or moved to another organization', async () => {
    const deletedDevice = await items(orgA);
    const first = await activate(customerA, deletedDevice);
    await remove(customerA, first.id);
    await t.database.db
      .update(rmsDevices)
      .set({ isActive: false })
      .where(eq(rmsDevices.id, deletedDevice.device));
    const gone = await put(customerA, { id: first.id, is_active: true });
    expect(gone.statusCode).toBe(400);
    expect(gone.json().errors).toEqual({ device: [M.itemGone] });

    const movedPole = await items(orgA);
    const second = await activate(customerA, movedPole);
    await remove(customerA, second.id);
    await t.database.db.update(poles).set({ organizationId: orgB }).where(eq(poles.id, movedPole.pole));
    const moved = await put(admin, { id: second.id, is_active: true });
    expect(moved.statusCode).toBe(400);
    expect(moved.json().errors).toEqual({ pole: [M.itemGone] });
  });

  it('refuses, naming the organization, while the activation’s organization is deleted', async () => {
    const [org] = await addOrganizations(t, CODES, 'Closing');
    const boss = await addUser(t, org!, 'boss@closing.example', ['DEVICE_ACTIVATION']);
    const row = await activate(boss, await items(org!));
    await remove(boss, row.id);
    await t.database.db.update(organizations).set({ isActive: false }).where(eq(organizations.id, org!));
    const res = await put(admin, { id: row.id, is_active: true });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toEqual({ organization: [RESTORE_MESSAGES.organizationDeleted] });
  });
});
