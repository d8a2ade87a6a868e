import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../../db/schema/employees';
import { organizations } from '../../db/schema/organizations';
import { waitForMail } from '../../testing/outbox';
import { ADMIN, bearer, createTestApp, signIn, type Session, type TestApp } from '../../testing/app';
import { makeOrganization, makeUser } from '../../testing/factories';
import { signInAs } from '../../testing/users';

// Who may change whose account. A lesser employee with MANAGE_USER must not be able to take over the
// owner (change the e-mail, then reset the password), nor anyone holding codes it lacks; an
// organization editing itself cannot extend its own expiry or codes; an e-mail change is told to the
// old address.

const ORG_CODES = ['VIEW_COMPANY', 'MANAGE_COMPANY', 'VIEW_USER', 'MANAGE_USER', 'VIEW_RMS', 'CREATE_RMS'];

let t: TestApp;
let admin: Session;
let orgId: number;
const ids: Record<string, number> = {};
const sessions: Record<string, Session> = {};

async function person(name: string, codes: string[], isPrimary = false) {
  const user = await makeUser(t.database.db, {
    organizationId: orgId,
    email: `${name}@rules.example`,
    permissions: codes,
    isPrimary,
    firstName: name,
  });
  ids[name] = user.id;
  sessions[name] = await signInAs(t, user);
}

const emailOf = async (id: number) =>
  (await t.database.db.select({ email: users.email }).from(users).where(eq(users.id, id)))[0]!.email;
const put = (session: Session, url: string, payload: object) =>
  t.app.inject({ method: 'PUT', url: `/api/v1/${url}`, headers: bearer(session), payload });

beforeAll(async () => {
  t = await createTestApp();
  admin = await signIn(t.app, ADMIN.email, ADMIN.password);
  const org = await makeOrganization(t.database.db, {
    companyName: 'Rules Co',
    email: 'owner@rules.example',
    permissions: ORG_CODES,
    expiryDate: '2027-01-01',
    activationDate: '2026-01-01',
  });
  orgId = org.id;
  await person('owner', ORG_CODES, true);
  await person('clerk', ['VIEW_USER', 'MANAGE_USER']);
  await person('manager', ['VIEW_USER', 'MANAGE_USER', 'MANAGE_COMPANY', 'VIEW_COMPANY']);
  await person('junior', ['VIEW_USER']);
});
afterAll(() => t.close());

describe('a lesser employee with MANAGE_USER', () => {
  it("cannot change the owner's e-mail, photo or permissions, nor delete the owner", async () => {
    for (const payload of [
      { id: ids.owner, email: 'thief@evil.example' },
      { id: ids.owner, permissions: [] },
      { id: ids.owner, is_active: false },
    ]) {
      const res = await put(sessions.clerk!, 'admin_settings/employee/', payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
    }
    const photo = await put(sessions.clerk!, 'uploads/download_file/', { id: ids.owner, photo: null });
    expect(photo.statusCode).toBe(400);
    expect(await emailOf(ids.owner!)).toBe('owner@rules.example');
  });

  it('cannot change a colleague who holds codes it does not hold', async () => {
    const res = await put(sessions.clerk!, 'admin_settings/employee/', {
      id: ids.manager,
      email: 'x@evil.example',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().detail).toMatch(/MANAGE_COMPANY/);
    expect(await emailOf(ids.manager!)).toBe('manager@rules.example');
  });

  it("changes a lesser colleague's e-mail, and the old address is told", async () => {
    const res = await put(sessions.clerk!, 'admin_settings/employee/', {
      id: ids.junior,
      email: 'junior2@rules.example',
    });
    expect(res.statusCode).toBe(200);
    expect((await waitForMail(t.config.dataDir, 'junior@rules.example')).join('\n')).toMatch(
      /junior2@rules\.example/,
    );
  });
});

describe('the owner', () => {
  it('is changed by itself and by the provider', async () => {
    expect(
      (await put(sessions.owner!, 'admin_settings/employee/', { id: ids.owner, mobile: '9876543210' }))
        .statusCode,
    ).toBe(200);
    expect(
      (await put(admin, 'admin_settings/employee/', { id: ids.owner, mobile: '9876543211' })).statusCode,
    ).toBe(200);
  });

  it('cannot be taken over through the organization form by an employee who may edit the organization', async () => {
    const res = await put(sessions.manager!, 'admin_settings/organizations/', {
      id: orgId,
      email: 'thief@evil.example',
    });
    expect(res.statusCode).toBe(400);
    expect(await emailOf(ids.owner!)).toBe('owner@rules.example');
  });
});

describe('an organization editing itself', () => {
  it('cannot extend its own expiry or change its own codes; resending them unchanged is fine', async () => {
    const expiry = await put(sessions.owner!, 'admin_settings/organizations/', {
      id: orgId,
      expiry_date: '2099-12-31',
    });
    expect(expiry.statusCode).toBe(400);
    expect(expiry.json().errors).toHaveProperty('expiry_date');
    const codes = await put(sessions.owner!, 'admin_settings/organizations/', {
      id: orgId,
      permissions: [...ORG_CODES, 'MANAGE_STATE'].map((key) => ({ key, is_active: true })),
    });
    expect(codes.statusCode).toBe(400);
    expect(codes.json().errors).toHaveProperty('permissions');
    const same = await put(sessions.owner!, 'admin_settings/organizations/', {
      id: orgId,
      company_name: 'Rules Company',
      expiry_date: '2027-01-01',
      permissions: ORG_CODES.map((key) => ({ key, is_active: true })),
    });
    expect(same.statusCode).toBe(200);
    const [row] = await t.database.db.select().from(organizations).where(eq(organizations.id, orgId));
    expect(row).toMatchObject({ companyName: 'Rules Company', expiryDate: '2027-01-01' });
  });

  it('is extended by its parent', async () => {
    const res = await put(admin, 'admin_settings/organizations/', { id: orgId, expiry_date: '2028-01-01' });
    expect(res.statusCode).toBe(200);
  });
});
