import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { API_KEY_MESSAGES as M, API_KEY_PATTERN, type ApiKeyCreated } from '@rms/contracts/api-keys';
import { addDays, today } from '../../calendar';
import { rowsOf } from '../../db/rows';
import { apiKeys } from '../../db/schema/api-keys';
import { users } from '../../db/schema/employees';
import { organizations } from '../../db/schema/organizations';
import { bearer, createTestApp, signIn, type Session, type TestApp } from '../../testing/app';
import { makeDevice, makeOrganization, makeUser, providerIdOf } from '../../testing/factories';
import { signInAs } from '../../testing/users';

const URL = '/api/v1/admin_settings/api_keys/';
const RMS = '/api/v1/devices/rms/';
const STLT = '/api/v1/devices/stlt/';
const CODES = ['MANAGE_API_KEYS', 'VIEW_RMS', 'CREATE_RMS', 'VIEW_STLT', 'MANAGE_USER', 'VIEW_USER'];

let t: TestApp;
let admin: Session;
/** A customer organization's key manager: MANAGE_API_KEYS, VIEW_RMS, CREATE_RMS (not VIEW_STLT). */
let manager: Session;
let managerId: number;
let orgA: number;
let deviceA: number;
let deviceB: number;
/** Another customer organization's key manager. */
let otherManager: Session;

beforeAll(async () => {
  t = await createTestApp();
  const db = t.database.db;
  admin = await signIn(t.app);
  const provider = await providerIdOf(db);
  orgA = (await makeOrganization(db, { permissions: CODES, parentId: provider })).id;
  const orgB = (await makeOrganization(db, { permissions: CODES, parentId: provider })).id;
  const user = await makeUser(db, {
    organizationId: orgA,
    permissions: ['MANAGE_API_KEYS', 'VIEW_RMS', 'CREATE_RMS'],
  });
  managerId = user.id;
  manager = await signInAs(t, user);
  otherManager = await signInAs(
    t,
    await makeUser(db, { organizationId: orgB, permissions: ['MANAGE_API_KEYS', 'VIEW_RMS'] }),
  );
  deviceA = (await makeDevice(db, { organizationId: orgA, code: 'RMS-KEY-A' })).id;
  deviceB = (await makeDevice(db, { organizationId: orgB, code: 'RMS-KEY-B' })).id;
});
afterAll(() => t.close());

const dayFrom = (days: number) => addDays(today(t.config.timeZone), days);

function create(session: Session | string, payload: object) {
  return t.app.inject({ method: 'POST', url: URL, headers: bearer(session), payload });
}
async function newKey(
  session: Session = manager,
  codes = ['VIEW_RMS', 'CREATE_RMS'],
  over: object = {},
): Promise<ApiKeyCreated> {
  const res = await create(session, {
    name: 'Billing export',
    permissions: codes.map((key) => ({ key })),
    ...over,
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json<ApiKeyCreated>();
}
const get = (key: string, url: string) => t.app.inject({ url, headers: bearer(key) });
const revoke = (session: Session | string, id: number, isActive = false) =>
  t.app.inject({ method: 'PUT', url: URL, headers: bearer(session), payload: { id, is_active: isActive } });

describe('creating a key', () => {
  it('answers the whole key once, with its prefix, codes and creator', async () => {
    const made = await newKey(manager, ['VIEW_RMS'], { expires_on: dayFrom(30) });
    expect(made.key).toMatch(API_KEY_PATTERN);
    expect(made.key.startsWith(`${made.prefix}_`)).toBe(true);
    expect(made).toMatchObject({
      name: 'Billing export',
      permissions: [{ key: 'VIEW_RMS' }],
      organization: orgA,
      created_by: managerId,
      expires_on: dayFrom(30),
      last_used_at: null,
      revoked_at: null,
      status: 'active',
      detail: M.created,
    });
  });

  it('keeps only a hash: no column of the row holds the key or its secret', async () => {
    const made = await newKey();
    const secret = API_KEY_PATTERN.exec(made.key)![2]!;
    const [row] = await rowsOf<{ row: string }>(
      t.database.db,
      sql`select k::text as row from api_keys k where id = ${made.id}`,
    );
    const stored = row!.row;
    expect(stored).not.toContain(secret);
    expect(stored).not.toContain(made.key);
  });

  it('never answers the secret again: not in the list, not on revoke', async () => {
    const made = await newKey();
    const secret = API_KEY_PATTERN.exec(made.key)![2]!;
    const list = await t.app.inject({ url: `${URL}?page_size=100`, headers: bearer(manager) });
    expect(list.statusCode).toBe(200);
    expect(list.body).toContain(made.prefix);
    expect(list.body).not.toContain(secret);
    const revoked = await revoke(manager, made.id);
    expect(revoked.statusCode).toBe(200);
    expect(revoked.body).not.toContain(secret);
    expect(revoked.json()).toMatchObject({ status: 'revoked', detail: M.revoked });
  });

  it('refuses codes the creator does not hold, naming the field and the codes', async () => {
    const res = await create(manager, { name: 'Too much', permissions: [{ key: 'VIEW_STLT' }] });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors.permissions[0]).toContain('VIEW_STLT');
  });

  it('refuses MANAGE_API_KEYS on a key, even for a super-user', async () => {
    const res = await create(admin, { name: 'Key maker', permissions: [{ key: 'MANAGE_API_KEYS' }] });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors.permissions).toEqual([M.keysNeverHold(['MANAGE_API_KEYS'])]);
  });

  it('refuses a missing name, no codes, and a last day that is not after today, each on its field', async () => {
    const res = await create(manager, { name: ' ', permissions: [] });
    expect(res.statusCode).toBe(400);
    expect(Object.keys(res.json().errors).sort()).toEqual(['name', 'permissions']);
    const past = await create(manager, {
      name: 'Old',
      permissions: [{ key: 'VIEW_RMS' }],
      expires_on: today(t.config.timeZone),
    });
    expect(past.statusCode).toBe(400);
    expect(past.json().errors).toEqual({ expires_on: [M.expiryAfterToday] });
    const bad = await create(manager, {
      name: 'Bad',
      permissions: [{ key: 'VIEW_RMS' }],
      expires_on: '2030-02-30',
    });
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(bad.json().errors)).toEqual(['expires_on']);
  });

  it('needs MANAGE_API_KEYS', async () => {
    const viewer = await signInAs(
      t,
      await makeUser(t.database.db, { organizationId: orgA, permissions: ['VIEW_RMS'] }),
    );
    expect((await create(viewer, { name: 'x', permissions: [{ key: 'VIEW_RMS' }] })).statusCode).toBe(403);
    expect((await t.app.inject({ url: URL, headers: bearer(viewer) })).statusCode).toBe(403);
  });
});

describe('calling the API with a key', () => {
  it('calls what its codes allow, in its own organization only', async () => {
    const { key } = await newKey();
    const list = await get(key, `${RMS}?page_size=100`);
    expect(list.statusCode).toBe(200);
    const codes = list.json<{ results: { device_id: string }[] }>().results.map((r) => r.device_id);
    expect(codes).toContain('RMS-KEY-A');
    expect(codes).not.toContain('RMS-KEY-B');
  });

  it('gets 403 for an endpoint its codes do not allow', async () => {
    const { key } = await newKey(manager, ['VIEW_RMS']);
    expect((await get(key, STLT)).statusCode).toBe(403);
    // CREATE_RMS was not given to this key, though its creator holds it.
    const res = await t.app.inject({
      method: 'POST',
      url: `${RMS}device_key/`,
      headers: bearer(key),
      payload: { id: deviceA },
    });
    expect(res.statusCode).toBe(403);
  });

  it("gets 404 for another organization's record", async () => {
    const { key } = await newKey();
    const call = (id: number) =>
      t.app.inject({ method: 'POST', url: `${RMS}device_key/`, headers: bearer(key), payload: { id } });
    expect((await call(deviceA)).statusCode).toBe(200);
    expect((await call(deviceB)).statusCode).toBe(404);
  });

  it('holds only its codes, never a super-user', async () => {
    const { key } = await newKey(admin, ['VIEW_RMS']);
    expect((await get(key, RMS)).statusCode).toBe(200);
    expect((await get(key, STLT)).statusCode).toBe(403);
    expect((await get(key, '/api/v1/admin_settings/state/')).statusCode).toBe(200); // signed-in reads
  });

  it('cannot create, list or revoke keys, nor act on a sign-in', async () => {
    const { key, id } = await newKey(admin, ['VIEW_RMS', 'MANAGE_USER', 'VIEW_USER']);
    expect((await create(key, { name: 'Child', permissions: [{ key: 'VIEW_RMS' }] })).statusCode).toBe(403);
    expect((await get(key, URL)).statusCode).toBe(403);
    expect((await revoke(key, id)).statusCode).toBe(403);
    const password = await t.app.inject({
      method: 'POST',
      url: '/api/v1/users/password_change/',
      headers: bearer(key),
      payload: { old_password: 'x', new_password: 'New-pass-1234', confirm_password: 'New-pass-1234' },
    });
    expect(password.statusCode).toBe(403);
    const employee = await t.app.inject({
      method: 'POST',
      url: '/api/v1/admin_settings/employee/',
      headers: bearer(key),
      payload: { email: 'made-by-key@test.example', mobile: '9876543210', password: 'Some-pass-123' },
    });
    expect(employee.statusCode).toBe(403);
    expect((await get(key, '/api/v1/users/me/')).statusCode).toBe(403);
    // Reading people is what its codes allow.
    expect((await get(key, '/api/v1/admin_settings/employee/')).statusCode).toBe(200);
  });

  it('answers 401 to a wrong secret and to a malformed key', async () => {
    const { key } = await newKey();
    const wrong = `${key.slice(0, -4)}${key.endsWith('AAAA') ? 'BBBB' : 'AAAA'}`;
    expect((await get(wrong, RMS)).statusCode).toBe(401);
    expect((await get('rms_nothing', RMS)).statusCode).toBe(401);
  });
});

describe('when a key stops working', () => {
  it('stops at once when revoked (401), and a revoked key cannot be restored', async () => {
    const { key, id } = await newKey();
    expect((await get(key, RMS)).statusCode).toBe(200);
    expect((await revoke(manager, id)).statusCode).toBe(200);
    expect((await get(key, RMS)).statusCode).toBe(401);
    const again = await revoke(manager, id);
    expect(again.statusCode).toBe(200);
    expect(again.json().status).toBe('revoked');
    const restore = await revoke(manager, id, true);
    expect(restore.statusCode).toBe(400);
    expect(restore.json().errors).toEqual({ is_active: [M.cannotRestore] });
  });

  it("answers 404 to revoking another organization's key; the provider may revoke it", async () => {
    const { key, id } = await newKey();
    expect((await revoke(otherManager, id)).statusCode).toBe(404);
    expect((await get(key, RMS)).statusCode).toBe(200);
    expect((await revoke(admin, id)).statusCode).toBe(200);
    expect((await get(key, RMS)).statusCode).toBe(401);
  });

  it('stops after its last day (401) and lists as expired', async () => {
    const { key, id } = await newKey(manager, ['VIEW_RMS'], { expires_on: dayFrom(1) });
    expect((await get(key, RMS)).statusCode).toBe(200);
    await t.database.db
      .update(apiKeys)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(apiKeys.id, id));
    expect((await get(key, RMS)).statusCode).toBe(401);
    const list = await t.app.inject({ url: `${URL}?query=${key.slice(0, 12)}`, headers: bearer(manager) });
    expect(list.json().results).toEqual([expect.objectContaining({ id, status: 'expired' })]);
  });

  it('acts only with the codes its creator still holds, and stops when the creator is deleted', async () => {
    const db = t.database.db;
    const creator = await makeUser(db, {
      organizationId: orgA,
      permissions: ['MANAGE_API_KEYS', 'VIEW_RMS', 'VIEW_USER'],
    });
    const { key, id } = await newKey(await signInAs(t, creator), ['VIEW_RMS', 'VIEW_USER']);
    expect((await get(key, '/api/v1/admin_settings/employee/')).statusCode).toBe(200);
    await db
      .update(users)
      .set({ permissions: ['MANAGE_API_KEYS', 'VIEW_RMS'] })
      .where(eq(users.id, creator.id));
    expect((await get(key, '/api/v1/admin_settings/employee/')).statusCode).toBe(403);
    expect((await get(key, RMS)).statusCode).toBe(200);
    await db.update(users).set({ isActive: false }).where(eq(users.id, creator.id));
    expect((await get(key, RMS)).statusCode).toBe(401);
    const list = await t.app.inject({ url: `${URL}?page_size=100`, headers: bearer(manager) });
    expect(list.json().results).toEqual(
      expect.arrayContaining([expect.objectContaining({ id, status: 'disabled' })]),
    );
  });

  it('stops when its organization is deleted', async () => {
    const db = t.database.db;
    const org = (await makeOrganization(db, { permissions: CODES })).id;
    const owner = await makeUser(db, { organizationId: org, permissions: ['MANAGE_API_KEYS', 'VIEW_RMS'] });
    const { key } = await newKey(await signInAs(t, owner), ['VIEW_RMS']);
    expect((await get(key, RMS)).statusCode).toBe(200);
    await db.update(organizations).set({ isActive: false }).where(eq(organizations.id, org));
    expect((await get(key, RMS)).statusCode).toBe(401);
  });
});

describe('listing keys', () => {
  it('records the last use, at most once a minute', async () => {
    const { key, id } = await newKey();
    const lastUsed = async () =>
      (await t.database.db.select({ at: apiKeys.lastUsedAt }).from(apiKeys).where(eq(apiKeys.id, id)))[0]!.at;
    expect(await lastUsed()).toBeNull();
    await get(key, RMS);
    const first = await lastUsed();
    expect(first).toBeInstanceOf(Date);
    await get(key, RMS);
    expect(await lastUsed()).toEqual(first);
    // A minute later, the next call moves it.
    await t.database.db
      .update(apiKeys)
      .set({ lastUsedAt: new Date(Date.now() - 61_000) })
      .where(eq(apiKeys.id, id));
    await get(key, RMS);
    expect((await lastUsed())!.getTime()).toBeGreaterThan(Date.now() - 60_000);
  });

  it("shows an organization its own keys; the provider every organization's", async () => {
    const mine = await newKey(manager);
    const theirs = await newKey(otherManager, ['VIEW_RMS']);
    const ids = async (session: Session) =>
      (await t.app.inject({ url: `${URL}?pagination=false`, headers: bearer(session) }))
        .json<{ id: number }[]>()
        .map((r) => r.id);
    expect(await ids(manager)).toContain(mine.id);
    expect(await ids(manager)).not.toContain(theirs.id);
    expect(await ids(admin)).toEqual(expect.arrayContaining([mine.id, theirs.id]));
  });

  it('refuses a bad page, naming the field', async () => {
    const res = await t.app.inject({ url: `${URL}?page=0`, headers: bearer(manager) });
    expect(res.statusCode).toBe(400);
    expect(Object.keys(res.json().errors)).toEqual(['page']);
  });
});
