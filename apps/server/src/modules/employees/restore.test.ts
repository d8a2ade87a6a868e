import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { EMPLOYEE_MESSAGES as M, type EmployeeRow } from '@rms/contracts/employees';
import { RESTORE_MESSAGES } from '@rms/contracts/soft-delete';
import { users } from '../../db/schema/employees';
import { organizations } from '../../db/schema/organizations';
import { createTestApp, signIn, type Session, type TestApp } from '../../testing/app';
import { listCalls } from '../../testing/list-calls';
import { makeUser, type UserFields } from '../../testing/factories';
import { addOrganizations, signInAs } from '../../testing/users';

// Deleted employees: listed with is_active=false, restored with PUT is_active true by whoever may
// delete them, under the rules of who may change whose account; refused (naming the field) when the
// e-mail is now another active user's or the organization is deleted.

const URL = '/api/v1/admin_settings/employee/';
const CODES = ['VIEW_USER', 'MANAGE_USER', 'VIEW_RMS', 'CREATE_RMS'];

let t: TestApp;
let admin: Session;
let orgA: number;
let orgB: number;
let managerA: Session;
let clerkA: Session;
let viewerA: Session;
let managerB: Session;

/** A user of the organization holding these codes, made in the database. */
const person = (organizationId: number, permissions: string[], over: Partial<UserFields> = {}) =>
  makeUser(t.database.db, { organizationId, permissions, ...over });

beforeAll(async () => {
  t = await createTestApp();
  admin = await signIn(t.app);
  const [a, b] = await addOrganizations(t, CODES, 'Customer A', 'Customer B');
  orgA = a!;
  orgB = b!;
  const sign = async (organizationId: number, codes: string[]) =>
    signInAs(t, await person(organizationId, codes));
  managerA = await sign(orgA, CODES);
  clerkA = await sign(orgA, ['VIEW_USER', 'MANAGE_USER']);
  viewerA = await sign(orgA, ['VIEW_USER']);
  managerB = await sign(orgB, CODES);
});
afterAll(() => t.close());

const calls = listCalls<EmployeeRow>(() => t, URL);
const { put, remove } = calls;
const emails = async (session: Session, query: string) =>
  (await calls.listed(session, query)).results.map((r) => r.email);

describe('deleted employees', () => {
  it('lists only the deleted ones with is_active=false, searched, paged and per organization', async () => {
    const kept = await person(orgA, ['VIEW_USER']);
    const gone = await person(orgA, ['VIEW_USER']);
    const theirs = await person(orgB, ['VIEW_USER']);
    await remove(managerA, gone.id);
    await remove(managerB, theirs.id);
    const deleted = await emails(managerA, '?is_active=false&page_size=100');
    expect(deleted).toContain(gone.email);
    expect(deleted).not.toContain(kept.email);
    expect(deleted).not.toContain(theirs.email);
    expect(await emails(managerA, '?page_size=100')).not.toContain(gone.email);
    expect(await emails(managerA, `?is_active=false&query=${gone.email}`)).toEqual([gone.email]);
    expect(await emails(viewerA, '?is_active=false&page_size=1')).toHaveLength(1);
    expect(await emails(admin, '?is_active=false&page_size=100')).toEqual(
      expect.arrayContaining([gone.email, theirs.email]),
    );
  });

  it('restores with {id, is_active: true}: listed again, and the user signs in again', async () => {
    const user = await person(orgA, ['VIEW_USER']);
    await remove(managerA, user.id);
    await expect(signInAs(t, user)).rejects.toThrow();
    const res = await put(managerA, { id: user.id, is_active: true });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ detail: M.restored, id: user.id, is_active: true });
    expect(await emails(managerA, `?query=${user.email}`)).toEqual([user.email]);
    await expect(signInAs(t, user)).resolves.toHaveProperty('access');
  });

  it('takes the delete’s code (403) and organization scope (404)', async () => {
    const user = await person(orgA, ['VIEW_USER']);
    await remove(managerA, user.id);
    expect((await put(viewerA, { id: user.id, is_active: true })).statusCode).toBe(403);
    expect((await put(managerB, { id: user.id, is_active: true })).statusCode).toBe(404);
    expect(await emails(managerA, `?is_active=false&query=${user.email}`)).toEqual([user.email]);
  });

  it('follows who may change whose account: a lesser employee cannot restore a stronger one', async () => {
    const strong = await person(orgA, ['VIEW_USER', 'CREATE_RMS']);
    await remove(managerA, strong.id);
    const refused = await put(clerkA, { id: strong.id, is_active: true });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().detail).toBe(M.outranks(['CREATE_RMS']));
    expect(await emails(managerA, `?is_active=false&query=${strong.email}`)).toEqual([strong.email]);
    // Only a super-user restores a super-user: to anyone else it does not exist.
    const superuser = await person(orgA, [], { isSuperuser: true });
    await t.database.db.update(users).set({ isActive: false }).where(eq(users.id, superuser.id));
    expect((await put(managerA, { id: superuser.id, is_active: true })).statusCode).toBe(404);
    expect((await put(admin, { id: superuser.id, is_active: true })).statusCode).toBe(200);
  });

  it('refuses, naming the e-mail, when another active user now signs in with it', async () => {
    const old = await person(orgA, ['VIEW_USER']);
    await remove(managerA, old.id);
    await person(orgB, ['VIEW_USER'], { email: old.email.toUpperCase() });
    const res = await put(managerA, { id: old.id, is_active: true });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toEqual({ email: [M.emailTaken] });
  });

  it('refuses, naming the organization, while the user’s organization is deleted', async () => {
    const [org] = await addOrganizations(t, CODES, 'Closing');
    const user = await person(org!, ['VIEW_USER']);
    await remove(admin, user.id);
    await t.database.db.update(organizations).set({ isActive: false }).where(eq(organizations.id, org!));
    const res = await put(admin, { id: user.id, is_active: true });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toEqual({ organization: [RESTORE_MESSAGES.organizationDeleted] });
  });
});
