import type { FastifyBaseLogger } from 'fastify';
import { revokeSessions } from '../session';
import type { Mailer } from '../../mail/mailer';
import { noticeEmailChanged } from '../../mail/account-notices';
import { and, count, desc, eq, ne, sql, type SQL } from 'drizzle-orm';
import {
  EMPLOYEE_MESSAGES,
  type EmployeeCreateBody,
  type EmployeeRow,
  type EmployeeUpdateBody,
} from '@rms/contracts/employees';
import { RESTORE_MESSAGES, type DeletedRowsQuery } from '@rms/contracts/soft-delete';
import type { Db } from '../../db/client';
import { users } from '../../db/schema/employees';
import { organizations } from '../../db/schema/organizations';
import { permissionsRefused, type AuthUser } from '../../auth/access';
import { assertMayChangeUser } from '../../auth/user-policy';
import { canSeeOrganization, orgScope } from '../../auth/tenant';
import { hashPassword } from '../../auth/passwords';
import { badRequest, fieldError, notFound } from '../../errors';
import { pageOf, pageWindow, type PageParams } from '../../db/paging';
import { textSearch } from '../../db/search';
import { listedRows, restoreRow, softDelete } from '../../db/soft-delete';
import { guardUnique } from '../../db/unique-violation';
import type { Storage } from '../../storage/storage';
import { fileLink, verifyStoredImage } from '../uploads';

type UserRecord = typeof users.$inferSelect;
type OrganizationRecord = typeof organizations.$inferSelect;

export async function listEmployees(
  db: Db,
  storage: Storage,
  auth: AuthUser,
  query: PageParams & DeletedRowsQuery & { query?: string | undefined; user?: number | undefined },
): Promise<ReturnType<typeof pageOf<EmployeeRow>>> {
  const conditions: (SQL | undefined)[] = [listedRows(users, query), orgScope(users.organizationId, auth)];
  if (query.user !== undefined) conditions.push(eq(users.id, query.user));
  conditions.push(
    textSearch(query.query, [
      users.email,
      users.mobile,
      sql`${users.firstName} || ' ' || ${users.lastName}`,
      sql`${users.id}::text`,
    ]),
  );
  const where = and(...conditions);
  const [rows, [total]] = await Promise.all([
    db
      .select({ user: users, companyName: organizations.companyName })
      .from(users)
      .innerJoin(organizations, eq(organizations.id, users.organizationId))
      .where(where)
      .orderBy(desc(users.id))
      .limit(pageWindow(query).limit)
      .offset(pageWindow(query).offset),
    db.select({ n: count() }).from(users).where(where),
  ]);
  const results = await Promise.all(rows.map((r) => toRow(storage, r.user, r.companyName)));
  return pageOf(query, results, total?.n ?? 0);
}

/**
 * A customer organization's users create employees in their own organization only. The codes given
 * must be ones the caller holds and the target organization allows: nobody grants more than they have.
 */
export async function createEmployee(
  db: Db,
  storage: Storage,
  auth: AuthUser,
  body: EmployeeCreateBody,
): Promise<EmployeeRow> {
  const organization = await targetOrganization(db, auth, body.organization ?? auth.organizationId);
  const keys = [...new Set(body.permissions.map((p) => p.key))];
  const refused = keys.filter((k) => !grantable(auth, organization).includes(k));
  if (refused.length > 0) throw permissionsRefused(refused);
  await ensureEmailFree(db, body.email);
  if (body.photo) await verifyStoredImage({ storage, db, auth }, body.photo, 'photo');

  const [user] = await db
    .insert(users)
    .values({
      organizationId: organization.id,
      email: body.email,
      ...splitName(body.name),
      mobile: body.mobile,
      photo: body.photo ?? null,
      passwordHash: await hashPassword(body.password),
      permissions: keys,
      // Never an owner: an organization's one owner is the user made with it (is_primary is ignored).
    })
    .returning();
  if (!user) throw new Error('insert returned no row');
  return toRow(storage, user, organization.companyName);
}

/**
 * Updates the fields given, or soft-deletes with `is_active: false` (which also ends the user's
 * sessions). Rows outside the caller's organization scope are 404. Permission changes follow the same
 * cap as creation, applied to what changes: codes the caller cannot grant are neither added nor
 * removed, so editing a name never strips a code someone more senior gave.
 */
export async function updateEmployee(
  { db, storage, mailer, log }: { db: Db; storage: Storage; mailer: Mailer; log: FastifyBaseLogger },
  auth: AuthUser,
  body: EmployeeUpdateBody,
): Promise<{ row: EmployeeRow | null; detail: string }> {
  if (body.is_active === true) {
    const restored = await restoreEmployee(db, auth, body.id);
    if (restored)
      return {
        row: await toRow(storage, restored.user, restored.companyName),
        detail: EMPLOYEE_MESSAGES.restored,
      };
  }
  const [current] = await db
    .select({ user: users, organization: organizations })
    .from(users)
    .innerJoin(organizations, eq(organizations.id, users.organizationId))
    .where(and(eq(users.id, body.id), eq(users.isActive, true), orgScope(users.organizationId, auth)));
  if (!current) throw notFound();
  assertMayChangeUser(auth, current.user, current.organization.permissions);

  if (body.is_active === false) {
    if (current.user.id === auth.id) throw badRequest(EMPLOYEE_MESSAGES.cannotDeleteSelf);
    if (current.user.isPrimary) throw badRequest(EMPLOYEE_MESSAGES.ownerNotDeleted);
    await db.transaction(async (tx) => {
      await softDelete(tx as unknown as Db, users, eq(users.id, body.id));
      await revokeSessions(tx as unknown as Db, { user: body.id }, 'account deleted');
    });
    return { row: null, detail: EMPLOYEE_MESSAGES.deleted };
  }

  let organization = current.organization;
  if (body.organization !== undefined && body.organization !== current.organization.id) {
    // The owner belongs to the organization made with them: moving them would leave it without one.
    if (current.user.isPrimary) throw fieldError('organization', EMPLOYEE_MESSAGES.ownerStays);
    organization = await targetOrganization(db, auth, body.organization);
  }

  let permissions = current.user.permissions;
  if (body.permissions) {
    const allowed = grantable(auth, organization);
    const requested = [...new Set(body.permissions.map((p) => p.key))];
    const refused = requested.filter((k) => !allowed.includes(k) && !current.user.permissions.includes(k));
    if (refused.length > 0) throw permissionsRefused(refused);
    const kept = current.user.permissions.filter((k) => !allowed.includes(k));
    permissions = [...new Set([...kept, ...requested])];
  }

  if (body.email !== undefined && body.email !== current.user.email.toLowerCase())
    await ensureEmailFree(db, body.email, current.user.id);
  if (body.photo && body.photo !== current.user.photo)
    await verifyStoredImage({ storage, db, auth }, body.photo, 'photo');

  const [user] = await db
    .update(users)
    .set({
      organizationId: organization.id,
      ...(body.name !== undefined && { ...splitName(body.name), middleName: '' }),
      ...(body.email !== undefined && { email: body.email }),
      ...(body.mobile !== undefined && { mobile: body.mobile }),
      ...(body.photo !== undefined && { photo: body.photo }),
      permissions,
      updatedAt: new Date(),
    })
    .where(eq(users.id, current.user.id))
    .returning();
  if (!user) throw notFound();
  noticeEmailChanged(mailer, log, { from: current.user.email, to: user.email });
  return { row: await toRow(storage, user, organization.companyName), detail: EMPLOYEE_MESSAGES.updated };
}

/**
 * Restores a deleted user the caller may see, by the rules that say who may change whose account (a
 * lesser employee cannot bring back someone holding codes they lack). Refused, naming the field, when
 * the user's organization is deleted (an owner comes back with its organization) or another active user
 * now signs in with the e-mail. Null when no deleted user has this id in the caller's scope.
 */
async function restoreEmployee(db: Db, auth: AuthUser, id: number) {
  const restored = await restoreRow(db, users, id, {
    scope: orgScope(users.organizationId, auth),
    check: async (tx, user) => {
      const [organization] = await tx
        .select()
        .from(organizations)
        .where(eq(organizations.id, user.organizationId));
      if (!organization) throw notFound();
      assertMayChangeUser(auth, user, organization.permissions);
      if (!organization.isActive) throw fieldError('organization', RESTORE_MESSAGES.organizationDeleted);
      await ensureEmailFree(tx, user.email.toLowerCase(), user.id);
    },
    alongside: async (tx, user) => {
      await tx.update(users).set({ deletedWithOrganization: false }).where(eq(users.id, user.id));
    },
    guard: (write) => guardUnique(write, () => fieldError('email', EMPLOYEE_MESSAGES.emailTaken)),
  });
  if (!restored) return null;
  const [row] = await db
    .select({ user: users, companyName: organizations.companyName })
    .from(users)
    .innerJoin(organizations, eq(organizations.id, users.organizationId))
    .where(eq(users.id, restored.id));
  if (!row) throw notFound();
  return row;
}

/** The organization a user may be placed in: inside the caller's scope and active (else a field error). */
async function targetOrganization(
  db: Db,
  auth: AuthUser,
  organizationId: number,
): Promise<OrganizationRecord> {
  if (!canSeeOrganization(auth, organizationId))
    throw fieldError('organization', EMPLOYEE_MESSAGES.organizationNotFound);
  const [organization] = await db
    .select()
    .from(organizations)
    .where(and(eq(organizations.id, organizationId), eq(organizations.isActive, true)));
  if (!organization) throw fieldError('organization', EMPLOYEE_MESSAGES.organizationNotFound);
  return organization;
}

/** Codes the caller may hand out in this organization: their own, within the organization's list. */
function grantable(auth: AuthUser, organization: OrganizationRecord): string[] {
  return auth.permissions.filter((k) => organization.permissions.includes(k));
}

async function ensureEmailFree(db: Db, email: string, exceptUserId?: number): Promise<void> {
  const [taken] = await db
    .select({ id: users.id })
    .from(users)
    .where(
      and(
        sql`lower(${users.email}) = ${email}`,
        eq(users.isActive, true),
        exceptUserId === undefined ? undefined : ne(users.id, exceptUserId),
      ),
    );
  if (taken) throw fieldError('email', EMPLOYEE_MESSAGES.emailTaken);
}

/** The employee form has one name field: the first word is the first name, the rest the last name. */
function splitName(name: string): { firstName: string; lastName: string } {
  const [first = '', ...rest] = name.split(/\s+/).filter(Boolean);
  return { firstName: first, lastName: rest.join(' ') };
}

async function toRow(storage: Storage, user: UserRecord, companyName: string): Promise<EmployeeRow> {
  return {
    id: user.id,
    name: [user.firstName, user.middleName, user.lastName].filter(Boolean).join(' '),
    first_name: user.firstName,
    last_name: user.lastName,
    email: user.email,
    mobile: user.mobile,
    photo: user.photo,
    photo_url: await fileLink(storage, user.photo),
    organization: user.organizationId,
    organization_data: { company_name: companyName },
    permissions: user.permissions.map((key) => ({ key })),
    is_primary: user.isPrimary,
    is_superuser: user.isSuperuser,
    is_active: user.isActive,
  };
}
