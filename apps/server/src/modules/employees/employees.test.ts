import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { organizations } from '../../db/schema/organizations';
import { EMPLOYEE_MESSAGES } from '@rms/contracts/employees';
import { bearer, createTestApp, signIn, type Session, type TestApp } from '../../testing/app';

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
  const orgs = await t.database.db
    .insert(organizations)
    .values([
      {
        companyName: 'Acme',
        email: 'acme@test.example',
        permissions: ['VIEW_USER', 'MANAGE_USER', 'VIEW_COMPANY'],
      },
      { companyName: 'Other', email: 'other@test.example', permissions: ['VIEW_USER', 'MANAGE_USER'] },
    ])
    .returning({ id: organizations.id });
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
