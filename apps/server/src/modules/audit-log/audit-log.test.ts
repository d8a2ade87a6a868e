import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import type { AuditRow } from '@rms/contracts/audit-log';
import { BULK_AREAS } from '@rms/contracts/bulk-upload';
import { addDays, today } from '../../calendar';
import { rowsOf } from '../../db/rows';
import { auditLog } from '../../db/schema/audit-log';
import { bearer, createTestApp, signIn, type Session, type TestApp } from '../../testing/app';
import { makeOrganization, makeUser, providerIdOf, USER_PASSWORD, type User } from '../../testing/factories';
import { storeSheet, xlsx } from '../../testing/sheets';

const AUDIT = '/api/v1/admin_settings/audit_log/';
const MSISDN = '/api/v1/devices/msisdn_mapping/';
const CODES = ['DEVICE_ACTIVATION', 'VIEW_AUDIT_LOG', 'CREATE_RMS', 'VIEW_RMS', 'MANAGE_API_KEYS'];
/** The client's address as the proxy in front (127.0.0.1, trusted by TRUST_PROXY) reports it. */
const CLIENT = { 'x-forwarded-for': '203.0.113.7', 'user-agent': 'audit-test/1.0' };

let t: TestApp;
let admin: Session;
let orgA: number;
let userA: User;
let sessionA: Session;
let sessionB: Session;

beforeAll(async () => {
  t = await createTestApp({ env: { TRUST_PROXY: '127.0.0.1' } });
  const db = t.database.db;
  admin = await signIn(t.app);
  const provider = await providerIdOf(db);
  orgA = (await makeOrganization(db, { companyName: 'Audit A', permissions: CODES, parentId: provider })).id;
  const orgB = (
    await makeOrganization(db, { companyName: 'Audit B', permissions: CODES, parentId: provider })
  ).id;
  userA = await makeUser(db, { organizationId: orgA, permissions: CODES });
  const userB = await makeUser(db, { organizationId: orgB, permissions: CODES });
  sessionA = await login(userA.email, USER_PASSWORD);
  sessionB = await signIn(t.app, userB.email, USER_PASSWORD);
});
afterAll(() => t.close());

async function login(email: string, password: string) {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/v1/users/login/',
    headers: CLIENT,
    payload: { username: email, password },
  });
  return res.json<Session>();
}

async function audit(session: Session | string, query = ''): Promise<AuditRow[]> {
  const res = await t.app.inject({ url: `${AUDIT}?page_size=200${query}`, headers: bearer(session) });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<{ results: AuditRow[] }>().results;
}

let serial = 0;
function mapping() {
  serial += 1;
  const n = String(serial).padStart(4, '0');
  return { sim_number: `899110120000777${n}`, imsi: `40445077777${n}`, msisdn: `+9198777${n}` };
}
const write = (session: Session | string, method: 'POST' | 'PUT', payload: object) =>
  t.app.inject({ method, url: MSISDN, headers: { ...bearer(session), ...CLIENT }, payload });

/** Every audit row as text: what must never hold a password, token or key. */
async function everyRowAsText(): Promise<string> {
  const rows = await rowsOf<{ row: string }>(t.database.db, sql`select a::text as row from audit_log a`);
  return rows.map((r) => r.row).join('\n');
}

describe('what is recorded', () => {
  it('a sign-in: who, their organization, from where, never the password', async () => {
    const [row] = await audit(admin, `&user=${userA.id}&action=login`);
    expect(row).toMatchObject({
      area: 'session',
      action: 'login',
      method: 'POST',
      route: '/api/v1/users/login/',
      actor_kind: 'user',
      user: userA.id,
      actor: userA.email,
      organization: orgA,
      organization_name: 'Audit A',
      record_id: String(userA.id),
      status: 200,
      ip: '203.0.113.7',
      user_agent: 'audit-test/1.0',
      fields: ['username', 'password'],
    });
    const text = await everyRowAsText();
    expect(text).not.toContain(USER_PASSWORD);
    expect(text).not.toContain(sessionA.access);
    expect(text).not.toContain(sessionA.refresh.split('.')[1]);
  });

  it('a failed sign-in, with the e-mail tried, for the provider only', async () => {
    await login(userA.email, 'Wrong-pass-999');
    const [row] = await audit(admin, `&outcome=failure&actor=${encodeURIComponent(userA.email)}`);
    expect(row).toMatchObject({
      action: 'login',
      actor_kind: 'anonymous',
      user: null,
      actor: userA.email,
      organization: null,
      status: 400,
      ip: '203.0.113.7',
    });
    expect(await everyRowAsText()).not.toContain('Wrong-pass-999');
    expect(await audit(sessionA, '&outcome=failure')).toEqual([]);
  });

  it('a create, an update, a delete and a restore, each with the record and the caller', async () => {
    const created = await write(sessionA, 'POST', mapping());
    expect(created.statusCode).toBe(201);
    const id = created.json<{ id: number }>().id;
    expect((await write(sessionA, 'PUT', { id, ...mapping() })).statusCode).toBe(200);
    expect((await write(sessionA, 'PUT', { id, is_active: false })).statusCode).toBe(200);
    expect((await write(sessionA, 'PUT', { id, is_active: true })).statusCode).toBe(200);

    const rows = await audit(sessionA, `&record=${id}&area=msisdn`);
    expect(rows.map((r) => [r.action, r.change, r.status])).toEqual([
      ['update', 'restore', 200],
      ['update', 'delete', 200],
      ['update', null, 200],
      ['create', null, 201],
    ]);
    for (const row of rows)
      expect(row).toMatchObject({
        record_id: String(id),
        actor: userA.email,
        user: userA.id,
        organization: orgA,
        route: MSISDN,
        ip: '203.0.113.7',
      });
    expect(rows.at(-1)!.fields).toEqual(['sim_number', 'imsi', 'msisdn']);
  });

  it('a bulk upload, with how many rows it saved', async () => {
    const headers = BULK_AREAS.rms.columns.map((c) => c.header);
    const expiry = addDays(today(t.config.timeZone), 365);
    const sheet = await xlsx([
      headers,
      ...['AUD-1', 'AUD-2', 'AUD-3'].map((id) => [id, 'Surya', 'RMS-X1', '2026-01-15', expiry, 'Batch A']),
    ]);
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/v1/${BULK_AREAS.rms.path}`,
      headers: bearer(sessionA),
      payload: { report_upload: await storeSheet(t.app, sessionA, sheet) },
    });
    expect(res.statusCode, res.body).toBe(200);
    const [row] = await audit(sessionA, '&area=bulk%20upload&action=rms');
    expect(row).toMatchObject({ method: 'POST', record_count: 3, user: userA.id, status: 200 });
  });

  it("an API key's writes name the key; its creation names its creator; the key is never stored", async () => {
    const made = await t.app.inject({
      method: 'POST',
      url: '/api/v1/admin_settings/api_keys/',
      headers: bearer(sessionA),
      payload: { name: 'SIM sync', permissions: [{ key: 'DEVICE_ACTIVATION' }] },
    });
    const { id: keyId, key } = made.json<{ id: number; key: string }>();
    expect((await write(key, 'POST', mapping())).statusCode).toBe(201);

    const [creation] = await audit(sessionA, `&area=api-keys&record=${keyId}`);
    expect(creation).toMatchObject({ action: 'create', user: userA.id, actor_kind: 'user', status: 201 });
    const [byKey] = await audit(sessionA, `&api_key=${keyId}`);
    expect(byKey).toMatchObject({
      actor_kind: 'api_key',
      api_key: keyId,
      user: null,
      actor: 'SIM sync',
      organization: orgA,
      area: 'msisdn',
      action: 'create',
    });
    expect(await everyRowAsText()).not.toContain(key.slice(13));
  });

  it('a sign-out', async () => {
    const session = await login(userA.email, USER_PASSWORD);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/logout/',
      headers: CLIENT,
      payload: { refresh: session.refresh },
    });
    expect(res.statusCode).toBe(200);
    const [row] = await audit(admin, `&user=${userA.id}&action=logout`);
    expect(row).toMatchObject({ area: 'session', actor: userA.email, organization: orgA, status: 200 });
  });

  it('no reads, and no refused writes', async () => {
    const count = async () => (await t.database.db.select({ id: auditLog.id }).from(auditLog)).length;
    const before = await count();
    await t.app.inject({ url: MSISDN, headers: bearer(sessionA) });
    const refused = await write(sessionA, 'POST', { sim_number: 'x' });
    expect(refused.statusCode).toBe(400);
    const anonymous = await t.app.inject({ method: 'POST', url: MSISDN, payload: mapping() });
    expect(anonymous.statusCode).toBe(401);
    expect(await count()).toBe(before);
  });
});

describe('who sees what', () => {
  it("shows an organization's people only their organization's rows; the provider all, or one organization's", async () => {
    await write(sessionB, 'POST', mapping());
    const ofB = await audit(sessionB);
    expect(ofB.length).toBeGreaterThan(0);
    expect(ofB.every((r) => r.organization !== orgA)).toBe(true);
    expect(await audit(sessionB, `&organization=${orgA}`)).toEqual([]);
    const all = await audit(admin);
    expect(all.some((r) => r.organization === orgA)).toBe(true);
    expect(all.some((r) => r.organization !== orgA)).toBe(true);
    const onlyA = await audit(admin, `&organization=${orgA}`);
    expect(onlyA.length).toBeGreaterThan(0);
    expect(onlyA.every((r) => r.organization === orgA)).toBe(true);
  });

  it('needs VIEW_AUDIT_LOG', async () => {
    const clerk = await makeUser(t.database.db, { organizationId: orgA, permissions: ['DEVICE_ACTIVATION'] });
    const session = await signIn(t.app, clerk.email, USER_PASSWORD);
    expect((await t.app.inject({ url: AUDIT, headers: bearer(session) })).statusCode).toBe(403);
    expect((await t.app.inject({ url: AUDIT })).statusCode).toBe(401);
  });
});

describe('searching', () => {
  it('filters by actor text and by local days', async () => {
    const day = today(t.config.timeZone);
    expect((await audit(sessionA, `&actor=${userA.email.slice(0, 8)}`)).length).toBeGreaterThan(0);
    expect((await audit(sessionA, `&created_at__gte=${day}&created_at__lte=${day}`)).length).toBeGreaterThan(
      0,
    );
    expect(await audit(sessionA, `&created_at__lte=${addDays(day, -1)}`)).toEqual([]);
    expect(await audit(sessionA, `&created_at__gte=${addDays(day, 1)}`)).toEqual([]);
  });

  it('answers bad filters with 400, naming each field', async () => {
    const res = await t.app.inject({
      url: `${AUDIT}?created_at__gte=2024-13-01&area=DROP%20TABLE&user=abc&outcome=maybe&api_key=0`,
      headers: bearer(admin),
    });
    expect(res.statusCode).toBe(400);
    expect(Object.keys(res.json().errors).sort()).toEqual([
      'api_key',
      'area',
      'created_at__gte',
      'outcome',
      'user',
    ]);
    const reversed = await t.app.inject({
      url: `${AUDIT}?created_at__gte=2026-02-10&created_at__lte=2026-02-01`,
      headers: bearer(admin),
    });
    expect(reversed.statusCode).toBe(400);
    expect(Object.keys(reversed.json().errors)).toEqual(['created_at__lte']);
  });
});

describe('keeping the log', () => {
  it('deletes rows past AUDIT_RETENTION_DAYS and keeps the others', async () => {
    const db = t.database.db;
    const old = {
      area: 'msisdn',
      action: 'create',
      method: 'POST',
      route: MSISDN,
      fields: [],
      status: 201,
      ip: '198.51.100.1',
    };
    await db.insert(auditLog).values([
      { ...old, createdAt: new Date(Date.now() - 366 * 86_400_000), recordId: 'old-one' },
      { ...old, createdAt: new Date(Date.now() - 364 * 86_400_000), recordId: 'kept-one' },
    ]);
    expect(await t.app.auditRetention.sweep()).toBe(1);
    expect(await audit(admin, '&record=old-one')).toEqual([]);
    expect(await audit(admin, '&record=kept-one')).toHaveLength(1);
  });

  it('answers a write that succeeded even when its row cannot be stored', async () => {
    const db = t.database.db;
    await db.execute(sql`alter table audit_log rename to audit_log_away`);
    try {
      const res = await write(sessionA, 'POST', mapping());
      expect(res.statusCode).toBe(201);
    } finally {
      await db.execute(sql`alter table audit_log_away rename to audit_log`);
    }
  });
});
