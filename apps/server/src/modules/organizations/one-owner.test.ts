import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { EMPLOYEE_MESSAGES } from '@rms/contracts/employees';
import type { OrganizationRow } from '@rms/contracts/organizations';
import { cities, states } from '../../db/schema/master-data';
import { bearer, createTestApp, signIn, type Session, type TestApp } from '../../testing/app';
import { testPan } from '../../testing/tax-ids';

// An organization has exactly one owner, the user made with it. The user form sends is_primary (true
// on save, spec 01 §3); that must not make another owner, or every list joining owners to their
// organizations repeats the organization (seen: ids [3, 2, 1, 1, 1], Total Companies 1 while the list
// showed 2).

let t: TestApp;
let admin: Session;
let place: { state: number; city: number };
let serial = 0;

const api = '/api/v1/';
const get = (session: Session, path: string) =>
  t.app.inject({ url: `${api}${path}`, headers: bearer(session) });
const send = (session: Session, method: 'POST' | 'PUT', path: string, payload: object) =>
  t.app.inject({ method, url: `${api}${path}`, payload, headers: bearer(session) });

async function registerOrganization(session: Session, name: string, over: object = {}) {
  serial += 1;
  const payload = {
    company_name: name,
    name: `${name} Owner`,
    email: `owner${serial}@one-owner.example`,
    mobile: '9812345678',
    ...place,
    address: '12 MG Road',
    activation_date: '2026-01-01',
    expiry_date: '2030-12-31',
    pan: testPan(serial),
    sub_domain: `one-owner-${serial}`,
    create_password: 'Owner-pass-123',
    permissions: ['VIEW_COMPANY', 'MANAGE_COMPANY', 'VIEW_USER', 'MANAGE_USER'].map((key) => ({ key })),
    ...over,
  };
  const res = await send(session, 'POST', 'admin_settings/organizations/', payload);
  expect(res.statusCode, res.body).toBe(201);
  return { row: res.json<OrganizationRow>(), email: payload.email, password: payload.create_password };
}

/** An employee saved as the user form saves one: with is_primary true. */
async function formEmployee(session: Session, organization?: number) {
  serial += 1;
  const res = await send(session, 'POST', 'admin_settings/employee/', {
    name: `Employee ${serial}`,
    email: `employee${serial}@one-owner.example`,
    mobile: '9876543210',
    password: 'Employee-pass-1',
    simple_password: 'Employee-pass-1',
    permissions: [{ key: 'VIEW_USER' }],
    is_primary: true,
    ...(organization !== undefined && { organization }),
  });
  expect(res.statusCode, res.body).toBe(201);
  expect(res.json().is_primary).toBe(false);
  return res.json<{ id: number }>().id;
}

/** What one viewer's organization screens and dashboard say, read the ways the console reads them. */
async function screensOf(session: Session) {
  const all = (await get(session, 'admin_settings/organizations/?pagination=false')).json<
    OrganizationRow[]
  >();
  const pages: OrganizationRow[] = [];
  let count = -1;
  for (let page = 1; page <= 20; page++) {
    const res = (await get(session, `admin_settings/organizations/?page=${page}&page_size=2`)).json<{
      results: OrganizationRow[];
      count: number;
      next: number | null;
    }>();
    pages.push(...res.results);
    count = res.count;
    if (res.next === null) break;
  }
  const recent = (await get(session, 'admin_settings/recent_companies/?page_size=5')).json<{
    results: OrganizationRow[];
    count: number;
  }>();
  const counts = (await get(session, 'admin_settings/dashboard_companies/?pagination=false')).json<{
    active_companies: number;
    expired_count: number;
  }>();
  return { all, pages, count, recent, counts };
}

function expectAgreement(screens: Awaited<ReturnType<typeof screensOf>>) {
  const ids = screens.all.map((o) => o.id);
  expect(new Set(ids).size, `ids ${ids.join(',')}`).toBe(ids.length);
  expect(screens.pages.map((o) => o.id)).toEqual(ids);
  expect(screens.count).toBe(ids.length);
  expect(screens.recent.count).toBe(ids.length);
  expect(screens.recent.results.map((o) => o.id)).toEqual(ids.slice(0, 5));
  expect(screens.counts.active_companies + screens.counts.expired_count).toBe(ids.length);
  expect(screens.counts.expired_count).toBe(screens.all.filter((o) => o.status === 'Expired').length);
}

let alpha: Awaited<ReturnType<typeof registerOrganization>>;
let beta: Awaited<ReturnType<typeof registerOrganization>>;
let alphaOwner: Session;

beforeAll(async () => {
  t = await createTestApp();
  admin = await signIn(t.app);
  const [row] = await t.database.db
    .select({ state: states.id, city: cities.id })
    .from(cities)
    .innerJoin(states, eq(states.id, cities.stateId))
    .where(and(eq(states.name, 'Delhi'), eq(cities.name, 'New Delhi')));
  place = row!;
  alpha = await registerOrganization(admin, 'Alpha Lights');
  // Expired: counted as Expired on the dashboard, still in the list.
  beta = await registerOrganization(admin, 'Beta Lights', {
    activation_date: '2020-01-01',
    expiry_date: '2021-01-01',
  });
  alphaOwner = await signIn(t.app, alpha.email, alpha.password);
});
afterAll(() => t.close());

describe('employees saved with is_primary, as the user form saves them', () => {
  it('never become owners: every organization is listed once and the lists and counts agree', async () => {
    const employees = [
      await formEmployee(admin),
      await formEmployee(admin),
      await formEmployee(admin, alpha.row.id),
      await formEmployee(admin, beta.row.id),
      await formEmployee(alphaOwner),
      await formEmployee(alphaOwner),
    ];
    // An edit sending is_primary changes nothing either.
    for (const id of employees) {
      const res = await send(admin, 'PUT', 'admin_settings/employee/', { id, is_primary: true });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().is_primary).toBe(false);
    }

    const forAdmin = await screensOf(admin);
    expectAgreement(forAdmin);
    const provider = (await get(admin, 'users/me/')).json<{ organization: number }>().organization;
    expect(forAdmin.all.map((o) => o.id).sort()).toEqual([provider, alpha.row.id, beta.row.id].sort());
    expect(forAdmin.counts.expired_count).toBe(1);
    const forCustomer = await screensOf(alphaOwner);
    expectAgreement(forCustomer);
    expect(forCustomer.all.map((o) => o.id)).toEqual([alpha.row.id]);

    // Client Details and the lookup by e-mail find one row, with the owner made with it.
    for (const path of [
      `admin_settings/organizations/?id=${alpha.row.id}&pagination=false`,
      `admin_settings/organizations/?email=${alpha.email}&pagination=false`,
    ]) {
      const rows = (await get(admin, path)).json<OrganizationRow[]>();
      expect(
        rows.map((o) => o.id),
        path,
      ).toEqual([alpha.row.id]);
      expect(rows[0]!.user_data?.email).toBe(alpha.email);
    }
    const employeeList = (
      await get(admin, `admin_settings/employee/?pagination=false&query=one-owner.example`)
    ).json<{ id: number; is_primary: boolean; email: string }[]>();
    expect(
      employeeList
        .filter((u) => u.is_primary)
        .map((u) => u.email)
        .sort(),
    ).toEqual([alpha.email, beta.email].sort());
  });

  it('the owner stays the owner: an edit sending is_primary false, a move or a delete do not unmake them', async () => {
    const ownerId = alpha.row.user_data!.id;
    const edited = await send(admin, 'PUT', 'admin_settings/employee/', { id: ownerId, is_primary: false });
    expect(edited.statusCode).toBe(200);
    expect(edited.json().is_primary).toBe(true);

    const moved = await send(admin, 'PUT', 'admin_settings/employee/', {
      id: ownerId,
      organization: beta.row.id,
    });
    expect(moved.statusCode).toBe(400);
    expect(moved.json().errors).toEqual({ organization: [EMPLOYEE_MESSAGES.ownerStays] });

    const deleted = await send(admin, 'PUT', 'admin_settings/employee/', { id: ownerId, is_active: false });
    expect(deleted.statusCode).toBe(400);
    expect(deleted.json().detail).toBe(EMPLOYEE_MESSAGES.ownerNotDeleted);

    const [row] = (
      await get(admin, `admin_settings/organizations/?id=${alpha.row.id}&pagination=false`)
    ).json<OrganizationRow[]>();
    expect(row?.user_data?.id).toBe(ownerId);
    await signIn(t.app, alpha.email, alpha.password);
  });
});
