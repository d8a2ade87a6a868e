import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { ORGANIZATION_MESSAGES as M, type OrganizationRow } from '@rms/contracts/organizations';
import { users } from '../../db/schema/employees';
import { cities, states } from '../../db/schema/master-data';
import { bearer, createTestApp, signIn, type Session, type TestApp } from '../../testing/app';
import { listCalls } from '../../testing/list-calls';
import { makeUser } from '../../testing/factories';
import { addOrganizations, addUser } from '../../testing/users';
import { testPan } from '../../testing/tax-ids';

// Deleted organizations: listed with is_active=false, restored with PUT is_active true by whoever may
// delete them, with the people deleted with them (not those deleted before); refused (naming the
// field) when the managing organization is deleted or the e-mail or sub-domain is now another's.

const URL = '/api/v1/admin_settings/organizations/';
const OWNER_PASSWORD = 'Owner-pass-123';
const CODES = ['VIEW_COMPANY', 'MANAGE_COMPANY'];

let t: TestApp;
let admin: Session;
let stateId: number;
let cityId: number;
/** Customers that register clients of their own, and a viewer of the first. */
let resellerA: Session;
let resellerB: Session;
let viewerA: Session;

let serial = 0;
function body(over: Record<string, unknown> = {}) {
  serial += 1;
  return {
    company_name: `Restore Lights ${serial}`,
    name: 'Ravi Kumar',
    email: `owner${serial}@restore.example`,
    mobile: '9812345678',
    state: stateId,
    city: cityId,
    address: '12 MG Road',
    activation_date: '2026-01-01',
    expiry_date: '2030-12-31',
    pan: testPan(serial),
    sub_domain: `restore${serial}`,
    create_password: OWNER_PASSWORD,
    password: OWNER_PASSWORD,
    permissions: CODES.map((key) => ({ key, is_active: true })),
    ...over,
  };
}

beforeAll(async () => {
  t = await createTestApp();
  admin = await signIn(t.app);
  const [place] = await t.database.db
    .select({ stateId: states.id, cityId: cities.id })
    .from(cities)
    .innerJoin(states, eq(states.id, cities.stateId))
    .limit(1);
  ({ stateId, cityId } = place!);
  const [a, b] = await addOrganizations(t, CODES, 'Reseller A', 'Reseller B');
  resellerA = await addUser(t, a!, 'boss@a.example', CODES);
  viewerA = await addUser(t, a!, 'viewer@a.example', ['VIEW_COMPANY']);
  resellerB = await addUser(t, b!, 'boss@b.example', CODES);
});
afterAll(() => t.close());

const calls = listCalls<OrganizationRow>(() => t, URL);
const { put, remove } = calls;
async function register(session: Session, over: Record<string, unknown> = {}) {
  const payload = body(over);
  const res = await t.app.inject({ method: 'POST', url: URL, payload, headers: bearer(session) });
  expect(res.statusCode).toBe(201);
  return { ...res.json<OrganizationRow>(), sub_domain: payload.sub_domain };
}
const names = async (session: Session, query: string) =>
  (await calls.listed(session, query)).results.map((r) => r.company_name);
/** An employee of the organization (holding no code), made in the database. */
async function employee(organizationId: number, email?: string) {
  return (await makeUser(t.database.db, { organizationId, email })).id;
}
const isActive = async (id: number) =>
  (await t.database.db.select({ on: users.isActive }).from(users).where(eq(users.id, id)))[0]!.on;

describe('deleted organizations', () => {
  it('lists only the deleted ones with is_active=false, searched, paged and per organization', async () => {
    const kept = await register(resellerA);
    const gone = await register(resellerA);
    const theirs = await register(resellerB);
    await remove(resellerA, gone.id);
    await remove(resellerB, theirs.id);
    const deleted = await names(resellerA, '?is_active=false&page_size=100');
    expect(deleted).toContain(gone.company_name);
    expect(deleted).not.toContain(kept.company_name);
    expect(deleted).not.toContain(theirs.company_name);
    expect(await names(resellerA, '?page_size=100')).not.toContain(gone.company_name);
    expect(await names(resellerA, `?is_active=false&query=${gone.email}`)).toEqual([gone.company_name]);
    expect(await names(viewerA, '?is_active=false&page_size=1')).toHaveLength(1);
    expect(await names(admin, '?is_active=false&page_size=100')).toEqual(
      expect.arrayContaining([gone.company_name, theirs.company_name]),
    );
  });

  it('restores with its owner and the people deleted with it, not those deleted before', async () => {
    const org = await register(resellerA);
    const [owner] = await t.database.db
      .select({ id: users.id })
      .from(users)
      .where(and(eq(users.organizationId, org.id), eq(users.isPrimary, true)));
    const staff = await employee(org.id);
    const leftBefore = await employee(org.id);
    await t.database.db.update(users).set({ isActive: false }).where(eq(users.id, leftBefore));
    await remove(resellerA, org.id);
    await expect(signIn(t.app, org.email, OWNER_PASSWORD)).rejects.toThrow();

    const res = await put(resellerA, { id: org.id, is_active: true });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ detail: M.restored, id: org.id, is_active: true });
    expect(await names(resellerA, `?query=${org.email}`)).toEqual([org.company_name]);
    await expect(signIn(t.app, org.email, OWNER_PASSWORD)).resolves.toHaveProperty('access');
    expect(await isActive(owner!.id)).toBe(true);
    expect(await isActive(staff)).toBe(true);
    expect(await isActive(leftBefore)).toBe(false);
  });

  it('leaves deleted, and names, a person whose e-mail another account took meanwhile', async () => {
    const org = await register(resellerA);
    const email = `taken${serial}@restore.example`;
    const person = await employee(org.id, email);
    await remove(resellerA, org.id);
    await employee((await register(resellerB)).id, email);
    const res = await put(resellerA, { id: org.id, is_active: true });
    expect(res.statusCode).toBe(200);
    expect(res.json().detail).toBe(M.restoredExcept([email]));
    expect(await isActive(person)).toBe(false);
  });

  it('takes the delete’s code (403) and organization scope (404)', async () => {
    const org = await register(resellerA);
    await remove(resellerA, org.id);
    expect((await put(viewerA, { id: org.id, is_active: true })).statusCode).toBe(403);
    expect((await put(resellerB, { id: org.id, is_active: true })).statusCode).toBe(404);
    expect(await names(resellerA, `?is_active=false&query=${org.email}`)).toEqual([org.company_name]);
  });

  it('refuses, naming the e-mail or the sub-domain, when another active organization now holds it', async () => {
    const first = await register(resellerA);
    await remove(resellerA, first.id);
    await register(resellerB, { email: first.email });
    const email = await put(resellerA, { id: first.id, is_active: true });
    expect(email.statusCode).toBe(400);
    expect(email.json().errors).toEqual({ email: [M.emailTaken] });

    const second = await register(resellerA);
    await remove(resellerA, second.id);
    await register(resellerB, { sub_domain: second.sub_domain });
    const domain = await put(resellerA, { id: second.id, is_active: true });
    expect(domain.statusCode).toBe(400);
    expect(domain.json().errors).toEqual({ sub_domain: [M.domainTaken] });
  });

  it('refuses, naming the parent, while the organization that manages it is deleted', async () => {
    const parent = await register(admin);
    const parentOwner = await signIn(t.app, parent.email, OWNER_PASSWORD);
    const child = await register(parentOwner);
    await remove(parentOwner, child.id);
    await remove(admin, parent.id);
    const res = await put(admin, { id: child.id, is_active: true });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toEqual({ parent: [M.parentDeleted] });
    expect((await put(admin, { id: parent.id, is_active: true })).statusCode).toBe(200);
    expect((await put(admin, { id: child.id, is_active: true })).statusCode).toBe(200);
  });
});
