import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EMPLOYEE_MESSAGES } from '@rms/contracts/employees';
import { bearer, createTestApp, signIn, type Session, type TestApp } from '../../testing/app';
import { makeOrganizations } from '../../testing/factories';
import { TEXT_AS_PNG, presign, uploadImage } from '../../testing/files';

let t: TestApp;
let admin: Session;
let acmeId: number;
let otherId: number;

const body = (over: Record<string, unknown> = {}) => ({
  name: 'Asha Rao',
  email: `asha${Math.random().toString(36).slice(2, 8)}@test.example`,
  mobile: '9876543210',
  password: 'Secret-pass-1',
  permissions: [],
  ...over,
});

beforeAll(async () => {
  t = await createTestApp();
  admin = await signIn(t.app);
  const orgs = await makeOrganizations(t.database.db, [
    { companyName: 'Acme', permissions: ['VIEW_USER', 'MANAGE_USER', 'VIEW_COMPANY'] },
    { companyName: 'Other', permissions: ['VIEW_USER', 'MANAGE_USER'] },
  ]);
  [acmeId, otherId] = orgs.map((r) => r.id) as [number, number];
});
afterAll(() => t.close());

const create = (session: Session | null, payload: unknown) =>
  t.app.inject({
    method: 'POST',
    url: '/api/v1/admin_settings/employee/',
    payload: payload as object,
    headers: session ? bearer(session) : {},
  });
const list = (session: Session, query = '') =>
  t.app.inject({ url: `/api/v1/admin_settings/employee/${query}`, headers: bearer(session) });

describe('admin_settings/employee/', () => {
  it('requires authentication', async () => {
    expect((await create(null, body())).statusCode).toBe(401);
    expect((await t.app.inject({ url: '/api/v1/admin_settings/employee/' })).statusCode).toBe(401);
  });

  it('requires MANAGE_USER to create and VIEW_USER to list', async () => {
    const res = await create(
      admin,
      body({ email: 'viewer@test.example', organization: acmeId, permissions: [{ key: 'VIEW_COMPANY' }] }),
    );
    expect(res.statusCode).toBe(201);
    const viewer = await signIn(t.app, 'viewer@test.example', 'Secret-pass-1');
    expect((await create(viewer, body())).statusCode).toBe(403);
    expect((await list(viewer)).statusCode).toBe(403);
  });

  it('names the bad field', async () => {
    const res = await create(admin, body({ mobile: '12345', email: 'not-an-email' }));
    expect(res.statusCode).toBe(400);
    expect(res.json().errors.mobile).toEqual([EMPLOYEE_MESSAGES.mobile]);
    expect(res.json().errors.email).toEqual(['Please enter a valid Email']);
  });

  it('refuses a second active user with the same e-mail', async () => {
    expect((await create(admin, body({ email: 'twice@test.example' }))).statusCode).toBe(201);
    const again = await create(admin, body({ email: 'TWICE@test.example' }));
    expect(again.statusCode).toBe(400);
    expect(again.json().errors.email).toEqual([EMPLOYEE_MESSAGES.emailTaken]);
  });

  it("keeps a customer's manager inside the customer's organization and permissions", async () => {
    const made = await create(
      admin,
      body({
        email: 'boss@acme.example',
        organization: acmeId,
        permissions: [{ key: 'MANAGE_USER' }, { key: 'VIEW_USER' }],
      }),
    );
    expect(made.statusCode).toBe(201);
    const boss = await signIn(t.app, 'boss@acme.example', 'Secret-pass-1');

    const elsewhere = await create(boss, body({ organization: otherId }));
    expect(elsewhere.statusCode).toBe(400);
    expect(elsewhere.json().errors.organization).toBeDefined();

    const tooMuch = await create(boss, body({ permissions: [{ key: 'VIEW_COMPANY' }] }));
    expect(tooMuch.statusCode).toBe(400);
    expect(tooMuch.json().errors.permissions[0]).toContain('VIEW_COMPANY');

    const own = await create(
      boss,
      body({ email: 'clerk@acme.example', permissions: [{ key: 'VIEW_USER' }] }),
    );
    expect(own.statusCode).toBe(201);
    expect(own.json().organization).toBe(acmeId);
    expect(own.json().detail).toBe(EMPLOYEE_MESSAGES.created);
  });

  it("lists only the caller's organization for a customer, every organization for the provider", async () => {
    await create(admin, body({ email: 'someone@other.example', organization: otherId }));
    const boss = await signIn(t.app, 'boss@acme.example', 'Secret-pass-1');
    const acme = (await list(boss, '?pagination=false')).json();
    expect(Array.isArray(acme)).toBe(true);
    expect(acme.length).toBeGreaterThan(0);
    expect(acme.every((r: { organization: number }) => r.organization === acmeId)).toBe(true);
    const all = (await list(admin, '?page_size=100')).json();
    expect(all.results.map((r: { email: string }) => r.email)).toEqual(
      expect.arrayContaining(['someone@other.example', 'boss@acme.example']),
    );
  });

  it('pages and searches', async () => {
    const page = (await list(admin, '?page=1&page_size=2')).json();
    expect(page.results).toHaveLength(2);
    expect(page.current).toBe(1);
    expect(page.next).toBe(2);
    const found = (await list(admin, '?query=boss@acme')).json();
    expect(found.results.map((r: { email: string }) => r.email)).toEqual(['boss@acme.example']);
  });
});

const update = (session: Session | null, payload: unknown) =>
  t.app.inject({
    method: 'PUT',
    url: '/api/v1/admin_settings/employee/',
    payload: payload as object,
    headers: session ? bearer(session) : {},
  });

async function employee(over: Record<string, unknown>): Promise<{ id: number; email: string }> {
  const res = await create(admin, body(over));
  expect(res.statusCode).toBe(201);
  return res.json();
}

describe('PUT admin_settings/employee/', () => {
  it('requires authentication and MANAGE_USER', async () => {
    const target = await employee({ organization: acmeId });
    expect((await update(null, { id: target.id, mobile: '9000000000' })).statusCode).toBe(401);
    await employee({
      email: 'lister@acme.example',
      organization: acmeId,
      permissions: [{ key: 'VIEW_USER' }],
    });
    const lister = await signIn(t.app, 'lister@acme.example', 'Secret-pass-1');
    expect((await update(lister, { id: target.id, mobile: '9000000000' })).statusCode).toBe(403);
  });

  it('names the bad field and changes nothing', async () => {
    const target = await employee({ organization: acmeId, mobile: '9111111111' });
    const res = await update(admin, { id: target.id, mobile: '12', email: 'nope' });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors.mobile).toEqual([EMPLOYEE_MESSAGES.mobile]);
    expect(res.json().errors.email).toEqual(['Please enter a valid Email']);
    const missingId = await update(admin, { mobile: '9000000000' });
    expect(missingId.json().errors.id).toEqual(["'id' is required!"]);
    const row = (await list(admin, `?user=${target.id}&pagination=false`)).json()[0];
    expect(row.mobile).toBe('9111111111');
  });

  it('updates the fields given, with a photo that was uploaded', async () => {
    const target = await employee({ organization: acmeId });
    const photo = await uploadImage(t.app, admin);
    const res = await update(admin, {
      id: target.id,
      name: 'Asha K Rao',
      email: 'Asha.Rao@Acme.example',
      photo,
      permissions: [{ key: 'VIEW_USER' }],
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      detail: EMPLOYEE_MESSAGES.updated,
      name: 'Asha K Rao',
      email: 'asha.rao@acme.example',
      mobile: '9876543210',
      photo,
      permissions: [{ key: 'VIEW_USER' }],
    });
    expect((await t.app.inject({ url: res.json().photo_url })).headers['content-type']).toBe('image/png');
  });

  it('refuses a photo whose content is not an image', async () => {
    const target = await employee({ organization: acmeId });
    const link = await presign(t.app, admin, 'photo.png', TEXT_AS_PNG.length);
    await t.app.inject({
      method: 'PUT',
      url: link.url,
      headers: { 'content-type': 'image/png' },
      payload: TEXT_AS_PNG,
    });
    const res = await update(admin, { id: target.id, photo: link.file_name });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors.photo).toBeDefined();
  });

  it('refuses an e-mail another user has', async () => {
    const target = await employee({ organization: acmeId });
    await employee({ email: 'taken@acme.example', organization: acmeId });
    const res = await update(admin, { id: target.id, email: 'TAKEN@acme.example' });
    expect(res.json().errors.email).toEqual([EMPLOYEE_MESSAGES.emailTaken]);
  });

  it("answers 404 for another organization's employee, and keeps a manager inside their caps", async () => {
    await employee({
      email: 'manager@acme.example',
      organization: acmeId,
      permissions: [{ key: 'MANAGE_USER' }, { key: 'VIEW_USER' }],
    });
    const manager = await signIn(t.app, 'manager@acme.example', 'Secret-pass-1');
    const outsider = await employee({ organization: otherId });
    expect((await update(manager, { id: outsider.id, mobile: '9000000000' })).statusCode).toBe(404);
    expect((await update(manager, { id: outsider.id, is_active: false })).statusCode).toBe(404);
    expect((await update(manager, { id: 999_999, mobile: '9000000000' })).statusCode).toBe(404);

    // The manager cannot grant a code it does not hold, and cannot change a colleague who holds one
    // (issue: a lesser employee must not take over a stronger account).
    const clerk = await employee({ organization: acmeId, permissions: [{ key: 'VIEW_USER' }] });
    const tooMuch = await update(manager, { id: clerk.id, permissions: [{ key: 'MANAGE_COMPANY' }] });
    expect(tooMuch.statusCode).toBe(400);
    expect(tooMuch.json().errors.permissions[0]).toContain('MANAGE_COMPANY');
    const edited = await update(manager, { id: clerk.id, permissions: [{ key: 'MANAGE_USER' }] });
    expect(edited.statusCode).toBe(200);
    expect(edited.json().permissions.map((p: { key: string }) => p.key)).toEqual(['MANAGE_USER']);
    const senior = await employee({
      organization: acmeId,
      permissions: [{ key: 'VIEW_COMPANY' }, { key: 'VIEW_USER' }],
    });
    const refused = await update(manager, { id: senior.id, mobile: '9000000001' });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().detail).toContain('VIEW_COMPANY');
    const moved = await update(manager, { id: clerk.id, organization: otherId });
    expect(moved.json().errors.organization).toEqual([EMPLOYEE_MESSAGES.organizationNotFound]);
  });

  it('never lets a non-super-user change a super-user', async () => {
    const me = (await t.app.inject({ url: '/api/v1/users/me/', headers: bearer(admin) })).json();
    await employee({
      email: 'provider-manager@test.example',
      permissions: [{ key: 'MANAGE_USER' }, { key: 'VIEW_USER' }],
    });
    const manager = await signIn(t.app, 'provider-manager@test.example', 'Secret-pass-1');
    const res = await update(manager, { id: me.id, is_active: false });
    expect(res.statusCode).toBe(404);
    expect(res.json().detail).toBe(EMPLOYEE_MESSAGES.superuserOnly);
  });

  it('soft-deletes: the row leaves the list, its sessions end, and nobody deletes themselves', async () => {
    const target = await employee({ email: 'leaving@acme.example', organization: acmeId });
    const leaving = await signIn(t.app, 'leaving@acme.example', 'Secret-pass-1');
    const res = await update(admin, { id: target.id, is_active: false });
    expect(res.statusCode).toBe(200);
    expect(res.json().detail).toBe(EMPLOYEE_MESSAGES.deleted);
    expect((await list(admin, `?user=${target.id}&pagination=false`)).json()).toEqual([]);
    expect((await t.app.inject({ url: '/api/v1/users/me/', headers: bearer(leaving) })).statusCode).toBe(401);
    expect((await update(admin, { id: target.id, mobile: '9000000000' })).statusCode).toBe(404);
    // The e-mail is free again for a new account.
    expect((await create(admin, body({ email: 'leaving@acme.example' }))).statusCode).toBe(201);

    const me = (await t.app.inject({ url: '/api/v1/users/me/', headers: bearer(admin) })).json();
    const self = await update(admin, { id: me.id, is_active: false });
    expect(self.statusCode).toBe(400);
    expect(self.json().detail).toBe(EMPLOYEE_MESSAGES.cannotDeleteSelf);
  });
});
