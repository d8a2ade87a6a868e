import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { EMPLOYEE_MESSAGES } from '@rms/contracts/employees';
import { ORGANIZATION_MESSAGES } from '@rms/contracts/organizations';
import { GSTIN_MESSAGES, PAN_MESSAGES } from '@rms/contracts/tax-ids';
import { cities, states } from '../../db/schema/master-data';
import { bearer, createTestApp, signIn, type Session, type TestApp } from '../../testing/app';
import { makeOrganization } from '../../testing/factories';
import { addUser } from '../../testing/users';
import { waitForMail } from '../../testing/outbox';
import { testGstin, testPan } from '../../testing/tax-ids';

let t: TestApp;
let admin: Session;
let stateId: number;
let cityId: number;
let otherCityId: number;

const url = '/api/v1/admin_settings/organizations/';
let serial = 0;
function body(over: Record<string, unknown> = {}) {
  serial += 1;
  return {
    company_name: `Sunrise Lights ${serial}`,
    name: 'Ravi Kumar',
    email: `owner${serial}@sunrise.example`,
    mobile: '9812345678',
    state: stateId,
    city: cityId,
    address: '12 MG Road',
    activation_date: '2026-01-01',
    expiry_date: '2030-12-31',
    pan: testPan(serial),
    gst: '',
    tagline: 'Bright streets',
    sub_domain: `sunrise${serial}`,
    create_password: 'Owner-pass-123',
    password: 'Owner-pass-123',
    permissions: [
      { key: 'VIEW_COMPANY', is_active: true },
      { key: 'MANAGE_COMPANY', is_active: true },
    ],
    ...over,
  };
}

beforeAll(async () => {
  t = await createTestApp();
  admin = await signIn(t.app);
  // The shipped seed has India's states and cities.
  const place = async (stateName: string, cityName: string) => {
    const [row] = await t.database.db
      .select({ stateId: states.id, cityId: cities.id })
      .from(cities)
      .innerJoin(states, eq(states.id, cities.stateId))
      .where(and(eq(states.name, stateName), eq(cities.name, cityName)));
    if (!row) throw new Error(`seed lacks ${cityName}, ${stateName}`);
    return row;
  };
  ({ stateId, cityId } = await place('Delhi', 'New Delhi'));
  otherCityId = (await place('Goa', 'Panaji')).cityId;
});
afterAll(() => t.close());

const post = (session: Session | null, payload: object, path = url) =>
  t.app.inject({ method: 'POST', url: path, payload, headers: session ? bearer(session) : {} });
const put = (session: Session, payload: object) =>
  t.app.inject({ method: 'PUT', url, payload, headers: bearer(session) });
const get = (session: Session, query = '', path = url) =>
  t.app.inject({ url: `${path}${query}`, headers: bearer(session) });

describe('organization registration', () => {
  it('requires authentication', async () => {
    expect((await post(null, body())).statusCode).toBe(401);
    expect((await t.app.inject({ url })).statusCode).toBe(401);
  });

  it('creates the organization and its owner, who signs in with create_password', async () => {
    const payload = body();
    const res = await post(admin, payload);
    expect(res.statusCode).toBe(201);
    const row = res.json();
    expect(row.detail).toBe(ORGANIZATION_MESSAGES.created);
    expect(row.state_data).toEqual({ name: 'Delhi' });
    expect(row.city_data).toEqual({ name: 'New Delhi' });
    expect(row.status).toBe('Active');
    expect(row.user_data.email).toBe(payload.email);
    const owner = await signIn(t.app, payload.email, payload.create_password);
    const me = (await t.app.inject({ url: '/api/v1/users/me/', headers: bearer(owner) })).json();
    expect(me.permissions.map((p: { key: string }) => p.key).sort()).toEqual([
      'MANAGE_COMPANY',
      'VIEW_COMPANY',
    ]);
  });

  it('names each bad field with the spec message', async () => {
    const res = await post(
      admin,
      body({ pan: 'ABC', mobile: '123', email: 'x', company_name: '', sub_domain: '' }),
    );
    expect(res.statusCode).toBe(400);
    const errors = res.json().errors;
    expect(errors.pan).toEqual(['Please enter a valid PAN No.']);
    expect(errors.mobile).toEqual(['Please enter a valid mobile number']);
    expect(errors.email).toEqual(['Please enter a valid Email']);
    expect(errors.company_name).toEqual(["'company_name' is required!"]);
    expect(errors.sub_domain).toEqual([ORGANIZATION_MESSAGES.domainRequired]);
  });

  it('refuses a city of another state, a taken sub-domain and a taken e-mail, saving nothing', async () => {
    const before = (await get(admin, '?pagination=false')).json().length;
    expect((await post(admin, body({ city: otherCityId }))).json().errors.city).toBeDefined();
    const first = body();
    expect((await post(admin, first)).statusCode).toBe(201);
    expect((await post(admin, body({ sub_domain: first.sub_domain }))).json().errors.sub_domain).toEqual([
      ORGANIZATION_MESSAGES.domainTaken,
    ]);
    expect((await post(admin, body({ email: first.email.toUpperCase() }))).json().errors.email).toEqual([
      ORGANIZATION_MESSAGES.emailTaken,
    ]);
    expect((await get(admin, '?pagination=false')).json().length).toBe(before + 1);
  });

  it('refuses an expiry date before the activation date', async () => {
    const res = await post(admin, body({ activation_date: '2026-05-01', expiry_date: '2026-04-01' }));
    expect(res.json().errors.expiry_date).toEqual([ORGANIZATION_MESSAGES.expiryBeforeActivation]);
  });
});

describe('PAN and GST number', () => {
  it('saves a valid GSTIN of the PAN, uppercased', async () => {
    const payload = body();
    const gst = testGstin(payload.pan, '29', '2');
    const res = await post(admin, { ...payload, gst: ` ${gst.toLowerCase()} ` });
    expect(res.statusCode).toBe(201);
    expect(res.json().gst).toBe(gst);
  });

  it('names gst for a wrong check character, a wrong state code or a PAN not the organization’s', async () => {
    const payload = body();
    const good = testGstin(payload.pan);
    const wrongCheck = good.slice(0, 14) + (good[14] === '0' ? '1' : '0');
    const cases: [string, string][] = [
      [wrongCheck, GSTIN_MESSAGES.checksum],
      [testGstin(payload.pan, '41'), GSTIN_MESSAGES.stateCode],
      [testGstin(testPan(9999)), GSTIN_MESSAGES.panMismatch],
      ['07ABCDE1234F1Z5', GSTIN_MESSAGES.pan],
    ];
    for (const [gst, message] of cases) {
      const res = await post(admin, { ...payload, gst });
      expect(res.statusCode, gst).toBe(400);
      expect(res.json().errors, gst).toEqual({ gst: [message] });
    }
    expect((await get(admin, `?email=${payload.email}&pagination=false`)).json()).toEqual([]);
  });

  it('names pan for a 4th character that is no holder type, on every form that takes a PAN', async () => {
    const res = await post(admin, body({ pan: 'ABCDE1234F' }));
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toEqual({ pan: [PAN_MESSAGES.holderType] });
    const existing = await post(
      admin,
      { email: 'someone@test.example', pan: 'abcde1234f' },
      '/api/v1/admin_settings/existing_organization/',
    );
    expect(existing.statusCode).toBe(400);
    expect(existing.json().errors).toEqual({ pan: [PAN_MESSAGES.holderType] });
  });

  it('compares an update’s GSTIN or PAN with the one already stored', async () => {
    const payload = body();
    const id = (await post(admin, { ...payload, gst: testGstin(payload.pan) })).json().id as number;
    const otherPan = testPan(9998);
    const gstOnly = await put(admin, { id, gst: testGstin(otherPan) });
    expect(gstOnly.statusCode).toBe(400);
    expect(gstOnly.json().errors).toEqual({ gst: [GSTIN_MESSAGES.panMismatch] });
    const panOnly = await put(admin, { id, pan: otherPan });
    expect(panOnly.statusCode).toBe(400);
    expect(panOnly.json().errors).toEqual({ gst: [GSTIN_MESSAGES.panMismatch] });
    // Both together, or the GST number cleared, are fine.
    expect((await put(admin, { id, pan: otherPan, gst: testGstin(otherPan) })).statusCode).toBe(200);
    expect((await put(admin, { id, pan: payload.pan, gst: '' })).json().gst).toBeNull();
    expect((await put(admin, { id, pan: otherPan })).statusCode).toBe(200);
  });
});

describe('sub-domain check', () => {
  const check = (sub_domain: string) =>
    post(admin, { sub_domain }, '/api/v1/admin_settings/sub_domain_check/');
  it('answers Domain Available or Domain Is Not Available', async () => {
    const taken = body();
    await post(admin, taken);
    expect((await check('brand-new-one')).json()).toEqual({ available: true, detail: 'Domain Available' });
    expect((await check(taken.sub_domain)).json()).toEqual({
      available: false,
      detail: 'Domain Is Not Available',
    });
    expect((await check('www')).statusCode).toBe(400);
  });
});

describe('customer organizations: scope and permissions', () => {
  let customer: Session;
  let customerOrgId: number;
  let strangerId: number;

  beforeAll(async () => {
    const payload = body({ email: 'boss@customer.example', sub_domain: 'customer-one' });
    customerOrgId = (await post(admin, payload)).json().id;
    customer = await signIn(t.app, payload.email, payload.create_password);
    strangerId = (await post(admin, body({ email: 'boss@stranger.example', sub_domain: 'stranger' }))).json()
      .id;
  });

  it('lets a customer with MANAGE_COMPANY register its own clients, and see only itself and them', async () => {
    const client = await post(
      customer,
      body({ email: 'client@customer.example', permissions: [{ key: 'VIEW_COMPANY' }] }),
    );
    expect(client.statusCode).toBe(201);
    const seen = (await get(customer, '?pagination=false')).json().map((o: { id: number }) => o.id);
    expect(seen.sort()).toEqual([customerOrgId, client.json().id].sort());
    expect(seen).not.toContain(strangerId);
  });

  it('refuses to grant codes the caller does not hold', async () => {
    const res = await post(customer, body({ permissions: [{ key: 'CREATE_RMS' }] }));
    expect(res.statusCode).toBe(400);
    expect(res.json().errors.permissions[0]).toContain('CREATE_RMS');
  });

  it("answers 404 for another customer's organization, on read and write", async () => {
    expect((await get(customer, `?id=${strangerId}`)).json().results).toEqual([]);
    expect((await put(customer, { id: strangerId, tagline: 'mine now' })).statusCode).toBe(404);
    expect((await put(customer, { id: strangerId, is_active: false })).statusCode).toBe(404);
  });

  it('answers 403 to a user without the code', async () => {
    const clerk = await addUser(t, customerOrgId, 'clerk@customer.example', []);
    expect((await get(clerk)).statusCode).toBe(403);
    expect((await post(clerk, body())).statusCode).toBe(403);
    expect((await put(clerk, { id: customerOrgId, tagline: 'x' })).statusCode).toBe(403);
    expect((await get(clerk, '', '/api/v1/admin_settings/dashboard_companies/')).statusCode).toBe(403);
  });
});

describe('update and delete', () => {
  it('updates fields and the owner follows the e-mail', async () => {
    const created = (await post(admin, body())).json();
    const res = await put(admin, { id: created.id, tagline: 'Brighter', email: 'renamed@sunrise.example' });
    expect(res.statusCode).toBe(200);
    expect(res.json().detail).toBe(ORGANIZATION_MESSAGES.updated);
    expect(res.json().tagline).toBe('Brighter');
    await signIn(t.app, 'renamed@sunrise.example', 'Owner-pass-123');
  });

  it('soft-deletes: gone from lists and lookups, its people signed out and unable to sign in', async () => {
    const payload = body();
    const created = (await post(admin, payload)).json();
    const owner = await signIn(t.app, payload.email, payload.create_password);
    const res = await put(admin, { id: created.id, is_active: false });
    expect(res.json()).toEqual({ detail: ORGANIZATION_MESSAGES.deleted });
    expect((await get(admin, `?email=${payload.email}&pagination=false`)).json()).toEqual([]);
    expect((await t.app.inject({ url: '/api/v1/users/me/', headers: bearer(owner) })).statusCode).toBe(401);
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/v1/users/login/',
      payload: { username: payload.email, password: payload.create_password },
    });
    expect(login.statusCode).toBe(400);
    // Its e-mail and sub-domain are free again.
    expect(
      (await post(admin, body({ email: payload.email, sub_domain: payload.sub_domain }))).statusCode,
    ).toBe(201);
  });

  it('will not delete the caller’s own organization', async () => {
    const me = (await t.app.inject({ url: '/api/v1/users/me/', headers: bearer(admin) })).json();
    expect((await put(admin, { id: me.organization, is_active: false })).statusCode).toBe(400);
  });
});

describe('existing organization', () => {
  const link = (session: Session, payload: object) =>
    post(session, payload, '/api/v1/admin_settings/existing_organization/');

  it('adds an organization matched by e-mail and PAN only once its owner confirms the mailed link', async () => {
    const loose = await makeOrganization(t.database.db, {
      companyName: 'Loose Ltd',
      email: 'loose@test.example',
      pan: 'LOOCE1234L',
    });
    const payload = body({ email: 'linker@test.example' });
    await post(admin, payload);
    const linker = await signIn(t.app, payload.email, payload.create_password);
    expect((await get(linker, `?id=${loose.id}`)).json().results).toEqual([]);

    expect((await link(linker, { email: 'loose@test.example', pan: 'WROFG1234W' })).json().detail).toBe(
      ORGANIZATION_MESSAGES.existingNotFound,
    );
    const res = await link(linker, { email: 'LOOSE@test.example', pan: 'looce1234l' });
    expect(res.statusCode).toBe(200);
    expect(res.json().detail).toBe(ORGANIZATION_MESSAGES.adoptionMailed);
    // Until the owner confirms, nothing changed: the requester neither sees nor edits it.
    expect((await get(linker, `?id=${loose.id}`)).json().results).toEqual([]);
    expect((await put(linker, { id: loose.id, email: 'taken@evil.example' })).statusCode).toBe(404);

    const [mail] = await waitForMail(t.config.dataDir, 'loose@test.example');
    const code = /\/confirm-organization\/([A-Za-z0-9_-]+)/.exec(mail!)![1]!;
    const confirm = (c: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/v1/admin_settings/existing_organization/confirm/',
        payload: { code: c },
      });
    const wrong = await confirm(`${code}x`);
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().errors).toHaveProperty('code');
    const ok = await confirm(code);
    expect(ok.statusCode).toBe(200);
    expect(ok.json().detail).toMatch(/Loose Ltd is now managed by/);
    expect((await get(linker, `?id=${loose.id}`)).json().results).toHaveLength(1);
    expect((await confirm(code)).statusCode).toBe(400);
    expect((await link(linker, { email: 'loose@test.example', pan: 'LOOCE1234L' })).json().detail).toBe(
      ORGANIZATION_MESSAGES.existingAlready,
    );
  });

  it('requires both fields', async () => {
    const res = await link(admin, { email: '' });
    expect(res.statusCode).toBe(400);
    expect(Object.keys(res.json().errors).sort()).toEqual(['email', 'pan']);
  });
});

describe('dashboard companies', () => {
  it('counts active, expired and deactivated organizations and lists the newest five', async () => {
    await post(admin, body({ activation_date: '2020-01-01', expiry_date: '2021-01-01' }));
    const counts = (await get(admin, '', '/api/v1/admin_settings/dashboard_companies/')).json();
    expect(counts.expired_count).toBeGreaterThanOrEqual(1);
    expect(counts.active_companies).toBeGreaterThanOrEqual(1);
    expect(counts.deactivated_companies).toBeGreaterThanOrEqual(1);
    const recent = (await get(admin, '?page_size=5', '/api/v1/admin_settings/recent_companies/')).json();
    expect(recent.results).toHaveLength(5);
    expect(recent.results[0].status).toBe('Expired');
  });
});

describe('a partial update', () => {
  it('leaves every field it was not sent as it was: permissions, GST, tag line, logo, owner name', async () => {
    const payload = body();
    const created = await post(admin, { ...payload, gst: testGstin(payload.pan) });
    expect(created.statusCode).toBe(201);
    const id = created.json().id as number;
    const before = (await get(admin, `?id=${id}`)).json().results[0];
    expect(before.permissions.map((p: { key: string }) => p.key).sort()).toEqual([
      'MANAGE_COMPANY',
      'VIEW_COMPANY',
    ]);

    const res = await put(admin, { id, address: '14 MG Road' });
    expect(res.statusCode).toBe(200);
    const after = (await get(admin, `?id=${id}`)).json().results[0];
    expect(after).toEqual({ ...before, address: '14 MG Road' });

    // The owner keeps what the organization's list allowed: they can still see organizations.
    const owner = await signIn(t.app, before.email, 'Owner-pass-123');
    expect((await get(owner)).statusCode).toBe(200);
  });
});

describe("the owner's sign-in follows the organization's contact: who may change it", () => {
  const signsIn = (username: string, password: string) =>
    t.app
      .inject({ method: 'POST', url: '/api/v1/users/login/', payload: { username, password } })
      .then((res) => res.statusCode);

  it("refuses a parent organization's people: only the owner itself or the provider changes it", async () => {
    const parentPayload = body();
    const parentId = (await post(admin, parentPayload)).json().id;
    const parentOwner = await signIn(t.app, parentPayload.email, parentPayload.create_password);
    const clientPayload = body({ permissions: [{ key: 'VIEW_COMPANY' }] });
    const client = await post(parentOwner, clientPayload);
    expect(client.statusCode).toBe(201);
    const clerk = await addUser(t, parentId, `clerk${serial}@sunrise.example`, [
      'VIEW_COMPANY',
      'MANAGE_COMPANY',
    ]);
    for (const [who, change] of [
      [parentOwner, { email: 'stolen@evil.example' }],
      [clerk, { email: 'stolen@evil.example' }],
      [parentOwner, { mobile: '9000000000' }],
    ] as const) {
      const res = await put(who, { id: client.json().id, ...change });
      expect(res.statusCode).toBe(400);
      expect(res.json().detail).toBe(EMPLOYEE_MESSAGES.ownerOnly);
    }
    // Nothing changed: the owner still signs in with its own e-mail, the stolen one signs in nobody.
    expect(await signsIn(clientPayload.email, clientPayload.create_password)).toBe(200);
    expect(await signsIn('stolen@evil.example', clientPayload.create_password)).toBe(400);
    // The parent still edits the rest of its client.
    expect((await put(parentOwner, { id: client.json().id, tagline: 'Kept bright' })).statusCode).toBe(200);
  });

  it("refuses the provider's people who lack a code the owner holds; a super-user may", async () => {
    const payload = body({
      permissions: ['VIEW_COMPANY', 'MANAGE_COMPANY', 'VIEW_DEVICE_DATA'].map((key) => ({ key })),
    });
    const id = (await post(admin, payload)).json().id;
    const me = (await t.app.inject({ url: '/api/v1/users/me/', headers: bearer(admin) })).json();
    const staff = await addUser(t, me.organization, `staff${serial}@provider.example`, [
      'VIEW_COMPANY',
      'MANAGE_COMPANY',
    ]);
    const refused = await put(staff, { id, email: 'taken@evil.example' });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().detail).toBe(EMPLOYEE_MESSAGES.outranks(['VIEW_DEVICE_DATA']));
    expect(await signsIn('taken@evil.example', payload.create_password)).toBe(400);
    // The same staff may change what is not the owner's account.
    expect((await put(staff, { id, tagline: 'Staff may' })).statusCode).toBe(200);
    expect((await put(admin, { id, email: `moved${serial}@sunrise.example` })).statusCode).toBe(200);
    expect(await signsIn(`moved${serial}@sunrise.example`, payload.create_password)).toBe(200);
  });
});
