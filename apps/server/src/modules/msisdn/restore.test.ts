import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { MSISDN_MESSAGES as M, type MsisdnRow } from '@rms/contracts/msisdn';
import { RESTORE_MESSAGES } from '@rms/contracts/soft-delete';
import { organizations } from '../../db/schema/organizations';
import { bearer, createTestApp, signIn, type Session, type TestApp } from '../../testing/app';
import { listCalls } from '../../testing/list-calls';
import { addOrganizations, addUser } from '../../testing/users';

// Deleted MSISDN mappings: listed with is_active=false, restored with PUT is_active true by whoever
// may delete them, refused (naming the number) when another active mapping now holds one of its numbers.

const URL = '/api/v1/devices/msisdn_mapping/';
const CODES = ['DEVICE_ACTIVATION', 'VIEW_DEVICE_ACTIVATION'];

let t: TestApp;
let admin: Session;
let customerA: Session;
let viewerA: Session;
let customerB: Session;

beforeAll(async () => {
  t = await createTestApp();
  admin = await signIn(t.app);
  const [a, b] = await addOrganizations(t, CODES, 'Customer A', 'Customer B');
  customerA = await addUser(t, a!, 'boss@a.example', ['DEVICE_ACTIVATION']);
  viewerA = await addUser(t, a!, 'viewer@a.example', ['VIEW_DEVICE_ACTIVATION']);
  customerB = await addUser(t, b!, 'boss@b.example', ['DEVICE_ACTIVATION']);
});
afterAll(() => t.close());

let serial = 0;
function numbers() {
  serial += 1;
  const n = String(serial).padStart(4, '0');
  return { sim_number: `899110120000555${n}`, imsi: `40445055555${n}`, msisdn: `+9198555${n}` };
}
const calls = listCalls<MsisdnRow>(() => t, URL);
const { put, remove } = calls;
async function add(session: Session, payload = numbers()): Promise<MsisdnRow> {
  const res = await t.app.inject({ method: 'POST', url: URL, payload, headers: bearer(session) });
  expect(res.statusCode).toBe(201);
  return res.json<MsisdnRow>();
}
const sims = async (session: Session, query: string) =>
  (await calls.listed(session, query)).results.map((r) => r.sim_number);

describe('deleted MSISDN mappings', () => {
  it('lists only the deleted ones with is_active=false, searched, paged and per organization', async () => {
    const kept = await add(customerA);
    const gone = await add(customerA);
    const theirs = await add(customerB);
    await remove(customerA, gone.id);
    await remove(customerB, theirs.id);
    const deleted = await sims(customerA, '?is_active=false&page_size=100');
    expect(deleted).toContain(gone.sim_number);
    expect(deleted).not.toContain(kept.sim_number);
    expect(deleted).not.toContain(theirs.sim_number);
    expect(await sims(customerA, `?is_active=false&query=${gone.imsi}`)).toEqual([gone.sim_number]);
    expect(await sims(viewerA, '?is_active=false&page_size=1')).toHaveLength(1);
    expect(await sims(admin, '?is_active=false&page_size=100')).toEqual(
      expect.arrayContaining([gone.sim_number, theirs.sim_number]),
    );
  });

  it('restores with {id, is_active: true}: back in the list with the area’s message', async () => {
    const row = await add(customerA);
    await remove(customerA, row.id);
    const res = await put(customerA, { id: row.id, is_active: true });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ detail: M.restored, id: row.id, is_active: true });
    expect(await sims(customerA, `?query=${row.sim_number}`)).toEqual([row.sim_number]);
    expect(await sims(customerA, `?is_active=false&query=${row.sim_number}`)).toEqual([]);
  });

  it('restores when a client sends the whole record with is_active true, applying no field', async () => {
    const row = await add(customerA);
    await remove(customerA, row.id);
    const res = await put(customerA, { ...numbers(), id: row.id, is_active: true });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ detail: M.restored, sim_number: row.sim_number });
  });

  it('takes the delete’s code (403) and organization scope (404)', async () => {
    const row = await add(customerA);
    await remove(customerA, row.id);
    expect((await put(viewerA, { id: row.id, is_active: true })).statusCode).toBe(403);
    expect((await put(customerB, { id: row.id, is_active: true })).statusCode).toBe(404);
    expect(await sims(customerA, `?is_active=false&query=${row.sim_number}`)).toEqual([row.sim_number]);
  });

  it.each([
    ['sim_number', M.simNumberTaken],
    ['imsi', M.imsiTaken],
    ['msisdn', M.msisdnTaken],
  ] as const)('refuses, naming %s, when another active mapping now holds it', async (field, message) => {
    const old = await add(customerA);
    await remove(customerA, old.id);
    await add(customerB, { ...numbers(), [field]: old[field] });
    const res = await put(customerA, { id: old.id, is_active: true });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toEqual({ [field]: [message] });
  });

  it('refuses, naming the organization, while the mapping’s organization is deleted', async () => {
    const [org] = await addOrganizations(t, CODES, 'Closing');
    const boss = await addUser(t, org!, 'boss@closing.example', ['DEVICE_ACTIVATION']);
    const row = await add(boss);
    await remove(boss, row.id);
    await t.database.db.update(organizations).set({ isActive: false }).where(eq(organizations.id, org!));
    const res = await put(admin, { id: row.id, is_active: true });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toEqual({ organization: [RESTORE_MESSAGES.organizationDeleted] });
  });

  it('{id, is_active: true} on a mapping that is not deleted changes nothing', async () => {
    const row = await add(customerA);
    const res = await put(customerA, { id: row.id, is_active: true });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ sim_number: row.sim_number, imsi: row.imsi, msisdn: row.msisdn });
  });
});
