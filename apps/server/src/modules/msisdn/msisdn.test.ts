import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { MSISDN_MESSAGES as M } from '@rms/contracts/msisdn';
import { msisdnMappings } from '../../db/schema/msisdn';
import { bearer, createTestApp, signIn, type Session, type TestApp } from '../../testing/app';
import { makeOrganization, providerIdOf } from '../../testing/factories';
import { signedInUser } from '../../testing/users';

const URL = '/api/v1/devices/msisdn_mapping/';

let t: TestApp;
/** The provider's super-user. */
let admin: Session;
/** Provider employees: one with no code, one with only VIEW_DEVICE_ACTIVATION. */
let noCode: Session;
let viewer: Session;
/** Users of two customer organizations holding DEVICE_ACTIVATION. */
let customerA: Session;
let customerB: Session;

beforeAll(async () => {
  t = await createTestApp();
  const db = t.database.db;
  const provider = await providerIdOf(db);
  const customer = async () =>
    signedInUser(t, {
      organizationId: (
        await makeOrganization(db, { permissions: ['DEVICE_ACTIVATION', 'VIEW_DEVICE_ACTIVATION'] })
      ).id,
      permissions: ['DEVICE_ACTIVATION'],
    });
  admin = await signIn(t.app);
  noCode = await signedInUser(t, { organizationId: provider, permissions: [] });
  viewer = await signedInUser(t, { organizationId: provider, permissions: ['VIEW_DEVICE_ACTIVATION'] });
  customerA = await customer();
  customerB = await customer();
});
afterAll(() => t.close());

let serial = 0;
/** A mapping with numbers no other test uses. */
function mapping(over: Record<string, unknown> = {}) {
  serial += 1;
  const n = String(serial).padStart(4, '0');
  return {
    sim_number: `899110120000320${n}`,
    imsi: `40445012345${n}`,
    msisdn: `+9198123${n}`,
    ...over,
  };
}
const post = (session: Session | null, payload: object) =>
  t.app.inject({ method: 'POST', url: URL, payload, headers: session ? bearer(session) : {} });
const put = (session: Session | null, payload: object) =>
  t.app.inject({ method: 'PUT', url: URL, payload, headers: session ? bearer(session) : {} });
const list = (session: Session | null, query = '') =>
  t.app.inject({ url: `${URL}${query}`, headers: session ? bearer(session) : {} });
const ids = (body: { results: { id: number }[] } | { id: number }[]) =>
  (Array.isArray(body) ? body : body.results).map((r) => r.id);
const activeCount = async () =>
  (await t.database.db.select().from(msisdnMappings).where(eq(msisdnMappings.isActive, true))).length;

describe('GET devices/msisdn_mapping/', () => {
  it('requires authentication', async () => {
    expect((await list(null)).statusCode).toBe(401);
  });

  it('needs DEVICE_ACTIVATION or VIEW_DEVICE_ACTIVATION', async () => {
    expect((await list(noCode)).statusCode).toBe(403);
    expect((await list(viewer)).statusCode).toBe(200);
    expect((await list(customerA)).statusCode).toBe(200);
  });

  it('rejects a bad page with the field named', async () => {
    const res = await list(admin, '?page=0');
    expect(res.statusCode).toBe(400);
    expect(Object.keys(res.json().errors)).toEqual(['page']);
  });

  it('searches the three numbers and pages', async () => {
    const rows = [
      mapping({ sim_number: '8991000000000077701' }),
      mapping({ imsi: '404457770000001' }),
      mapping({ msisdn: '9877701234' }),
      mapping(),
    ];
    for (const row of rows) expect((await post(admin, row)).statusCode).toBe(201);
    const found = (await list(admin, '?query=77701&pagination=false')).json();
    expect(found.map((r: { sim_number: string }) => r.sim_number).sort()).toEqual(
      [rows[0]!.sim_number, rows[2]!.sim_number].sort(),
    );
    expect((await list(admin, '?query=4044577700')).json().results).toHaveLength(1);

    const first = (await list(admin, '?page=1&page_size=3')).json();
    expect(first).toMatchObject({ current: 1, next: 2 });
    expect(first.results).toHaveLength(3);
    expect(first.results[0].sim_number).toBe(rows[3]!.sim_number);
    const second = (await list(admin, '?page=2&page_size=3')).json();
    expect(second.count).toBe(first.count);
    expect(ids(second)).not.toContain(first.results[0].id);
  });
});

describe('POST devices/msisdn_mapping/', () => {
  it('requires authentication', async () => {
    expect((await post(null, mapping())).statusCode).toBe(401);
  });

  it('needs DEVICE_ACTIVATION', async () => {
    expect((await post(noCode, mapping())).statusCode).toBe(403);
    expect((await post(viewer, mapping())).statusCode).toBe(403);
  });

  it('names each missing field and checks the formats', async () => {
    const empty = await post(admin, {});
    expect(empty.statusCode).toBe(400);
    expect(empty.json().errors).toEqual({
      sim_number: ["'SIM NO.' is required!"],
      imsi: ["'IMSI' is required!"],
      msisdn: ["'MSISDN' is required!"],
    });
    const bad = await post(admin, { sim_number: '1234', imsi: '40445ABC', msisdn: '12' });
    expect(bad.json().errors).toEqual({
      sim_number: [M.simNumberPattern],
      imsi: [M.imsiPattern],
      msisdn: [M.msisdnPattern],
    });
  });

  it('adds a mapping owned by the caller’s organization', async () => {
    const body = mapping();
    const res = await post(customerA, body);
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ ...body, is_active: true, detail: M.added });
  });

  it('refuses a duplicate of each number, naming the field, and saves nothing', async () => {
    const taken = mapping();
    expect((await post(admin, taken)).statusCode).toBe(201);
    const before = await activeCount();
    for (const [field, message] of [
      ['sim_number', M.simNumberTaken],
      ['imsi', M.imsiTaken],
      ['msisdn', M.msisdnTaken],
    ] as const) {
      // Another organization cannot map the same SIM either: a card is one physical thing.
      const res = await post(customerB, mapping({ [field]: taken[field] }));
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ detail: message, errors: { [field]: [message] } });
    }
    expect(await activeCount()).toBe(before);
  });
});

describe('PUT devices/msisdn_mapping/', () => {
  it('requires authentication and DEVICE_ACTIVATION', async () => {
    const id = (await post(admin, mapping())).json().id as number;
    expect((await put(null, { id, ...mapping() })).statusCode).toBe(401);
    expect((await put(noCode, { id, ...mapping() })).statusCode).toBe(403);
    expect((await put(viewer, { id, is_active: false })).statusCode).toBe(403);
  });

  it('names each missing field on update', async () => {
    const id = (await post(admin, mapping())).json().id as number;
    const res = await put(admin, { id, imsi: '' });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toEqual({
      sim_number: ["'SIM NO.' is required!"],
      imsi: ["'IMSI' is required!"],
      msisdn: ["'MSISDN' is required!"],
    });
    expect((await put(admin, { ...mapping() })).json().errors.id).toBeDefined();
  });

  it('updates the numbers, keeping its own and refusing another mapping’s', async () => {
    const mine = mapping();
    const id = (await post(customerA, mine)).json().id as number;
    const other = mapping();
    expect((await post(customerA, other)).statusCode).toBe(201);

    const same = await put(customerA, { id, ...mine });
    expect(same.statusCode).toBe(200);
    const changed = { ...mine, msisdn: '9000012345' };
    const res = await put(customerA, { id, ...changed });
    expect(res.json()).toMatchObject({ id, ...changed, detail: M.updated });

    const clash = await put(customerA, { id, ...changed, imsi: other.imsi });
    expect(clash.statusCode).toBe(400);
    expect(clash.json().errors).toEqual({ imsi: [M.imsiTaken] });
    const [stored] = await t.database.db.select().from(msisdnMappings).where(eq(msisdnMappings.id, id));
    expect(stored?.imsi).toBe(mine.imsi);
  });

  it('keeps each customer to its own mappings; the provider sees all', async () => {
    const a = mapping();
    const id = (await post(customerA, a)).json().id as number;
    expect(ids((await list(customerA, '?pagination=false')).json())).toContain(id);
    expect(ids((await list(customerB, '?pagination=false')).json())).not.toContain(id);
    expect(ids((await list(admin, '?pagination=false')).json())).toContain(id);

    expect((await put(customerB, { id, ...mapping() })).statusCode).toBe(404);
    expect((await put(customerB, { id, is_active: false })).statusCode).toBe(404);
    const [stored] = await t.database.db.select().from(msisdnMappings).where(eq(msisdnMappings.id, id));
    expect(stored).toMatchObject({ simNumber: a.sim_number, isActive: true });

    expect((await put(admin, { id, ...a, msisdn: '9111122223' })).statusCode).toBe(200);
  });

  it('soft-deletes: the row leaves the list and its numbers can be mapped again', async () => {
    const body = mapping();
    const id = (await post(customerA, body)).json().id as number;
    const res = await put(customerA, { id, is_active: false });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ id, is_active: false, detail: M.deleted });
    expect(ids((await list(customerA, '?pagination=false')).json())).not.toContain(id);
    expect((await put(customerA, { id, is_active: false })).statusCode).toBe(404);
    expect((await put(customerA, { id, ...body })).statusCode).toBe(404);

    const again = await post(customerB, body);
    expect(again.statusCode).toBe(201);
    expect(again.json().id).not.toBe(id);
  });
});
