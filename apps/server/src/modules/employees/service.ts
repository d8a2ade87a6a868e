import type { FastifyBaseLogger } from 'fastify';
import type { Mailer } from '../../mail/mailer';
import { noticeEmailChanged } from '../../mail/account-notices';
import { and, count, desc, eq, isNull, ne, sql, type SQL } from 'drizzle-orm';
import {
  EMPLOYEE_MESSAGES,
  type EmployeeCreateBody,
  type EmployeeRow,
  type EmployeeUpdateBody,
} from '@rms/contracts/employees';
import type { Db } from '../../db/client';
import { users } from '../../db/schema/employees';
import { organizations } from '../../db/schema/organizations';
import { sessions } from '../../db/schema/session';
import { permissionsRefused, type AuthUser } from '../../auth/access';
import { assertMayChangeUser } from '../../auth/user-policy';
import { canSeeOrganization, orgScope } from '../../auth/tenant';
import { hashPassword } from '../../auth/passwords';
import { badRequest, fieldError, notFound } from '../../errors';
import { pageOf, pageWindow, type PageParams } from '../../db/paging';
import { textSearch } from '../../db/search';
import type { Storage } from '../../storage/storage';
import { fileLink, verifyStoredImage } from '../uploads/stored-files';

type UserRecord = typeof users.$inferSelect;
type OrganizationRecord = typeof organizations.$inferSelect;

export async function listEmployees(
  db: Db,
  storage: Storage,
  auth: AuthUser,
  query: PageParams & { query?: string | undefined; user?: number | undefined },
): Promise<ReturnType<typeof pageOf<EmployeeRow>>> {
  const conditions: (SQL | undefined)[] = [eq(users.isActive, true), orgScope(users.organizationId, auth)];
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
  const [total] = await db.select({ n: count() }).from(users).where(where);
  const rows = await db
    .select({ user: users, companyName: organizations.companyName })
    .from(users)
    .innerJoin(organizations, eq(organizations.id, users.organizationId))
    .where(where)
    .orderBy(desc(users.id))
    .limit(pageWindow(query).limit)
    .offset(pageWindow(query).offset);
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
      isPrimary: body.is_primary ?? false,
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
  const [current] = await db
    .select({ user: users, organization: organizations })
    .from(users)
    .innerJoin(organizations, eq(organizations.id, users.organizationId))
    .where(and(eq(users.id, body.id), eq(users.isActive, true), orgScope(users.organizationId, auth)));
  if (!current) throw notFound();
  assertMayChangeUser(auth, current.user, current.organization.permissions);

  if (body.is_active === false) {
    if (current.user.id === auth.id) throw badRequest(EMPLOYEE_MESSAGES.cannotDeleteSelf);
    await db.transaction(async (tx) => {
      await tx.update(users).set({ isActive: false, updatedAt: new Date() }).where(eq(users.id, body.id));
      await tx
        .update(sessions)
        .set({ revokedAt: new Date(), revokedReason: 'account deleted' })
        .where(and(eq(sessions.userId, body.id), isNull(sessions.revokedAt)));
    });
    return { row: null, detail: EMPLOYEE_MESSAGES.deleted };
  }

  const organization =
    body.organization !== undefined && body.organization !== current.organization.id
      ? await targetOrganization(db, auth, body.organization)
      : current.organization;

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
