import { and, count, desc, eq, sql, type SQL } from 'drizzle-orm';
import { EMPLOYEE_MESSAGES, type EmployeeCreateBody, type EmployeeRow } from '@rms/contracts/employees';
import type { Db } from '../../db/client';
import { users } from '../../db/schema/employees';
import { organizations } from '../../db/schema/organizations';
import type { AuthUser } from '../../auth/access';
import { canSeeOrganization, orgScope } from '../../auth/tenant';
import { hashPassword } from '../../auth/passwords';
import { fieldError } from '../../errors';
import { pageOf, pageWindow, type PageParams } from '../../db/paging';
import { textSearch } from '../../db/search';

export async function listEmployees(
  db: Db,
  auth: AuthUser,
  query: PageParams & { query?: string | undefined },
): Promise<ReturnType<typeof pageOf<EmployeeRow>>> {
  const conditions: (SQL | undefined)[] = [eq(users.isActive, true), orgScope(users.organizationId, auth)];
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
  return pageOf(
    query,
    rows.map((r) => toRow(r.user, r.companyName)),
    total?.n ?? 0,
  );
}

/**
 * A customer organization's users create employees in their own organization only. The codes given
 * must be ones the caller holds and the target organization allows: nobody grants more than they have.
 */
export async function createEmployee(db: Db, auth: AuthUser, body: EmployeeCreateBody): Promise<EmployeeRow> {
  const organizationId = body.organization ?? auth.organizationId;
  if (!canSeeOrganization(auth, organizationId)) throw fieldError('organization', 'Organization not found');
  const [organization] = await db
    .select()
    .from(organizations)
    .where(and(eq(organizations.id, organizationId), eq(organizations.isActive, true)));
  if (!organization) throw fieldError('organization', 'Organization not found');

  const keys = [...new Set(body.permissions.map((p) => p.key))];
  const refused = keys.filter((k) => !auth.permissions.includes(k) || !organization.permissions.includes(k));
  if (refused.length > 0)
    throw fieldError('permissions', `These permissions cannot be granted: ${refused.join(', ')}`);

  const [taken] = await db
    .select({ id: users.id })
    .from(users)
    .where(and(sql`lower(${users.email}) = ${body.email}`, eq(users.isActive, true)));
  if (taken) throw fieldError('email', EMPLOYEE_MESSAGES.emailTaken);

  const [first = '', ...rest] = body.name.split(/\s+/).filter(Boolean);
  const [user] = await db
    .insert(users)
    .values({
      organizationId,
      email: body.email,
      firstName: first,
      lastName: rest.join(' '),
      mobile: body.mobile,
      photo: body.photo ?? null,
      passwordHash: await hashPassword(body.password),
      permissions: keys,
      isPrimary: body.is_primary ?? false,
    })
    .returning();
  if (!user) throw new Error('insert returned no row');
  return toRow(user, organization.companyName);
}

function toRow(user: typeof users.$inferSelect, companyName: string): EmployeeRow {
  return {
    id: user.id,
    name: [user.firstName, user.middleName, user.lastName].filter(Boolean).join(' '),
    first_name: user.firstName,
    last_name: user.lastName,
    email: user.email,
    mobile: user.mobile,
    photo: user.photo,
    organization: user.organizationId,
    organization_data: { company_name: companyName },
    permissions: user.permissions.map((key) => ({ key })),
    is_primary: user.isPrimary,
    is_active: user.isActive,
  };
}
