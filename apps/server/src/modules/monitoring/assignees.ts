import { and, arrayContains, eq, or, type SQL } from 'drizzle-orm';
import type { AlarmPerson } from '@rms/contracts/alarms';
import type { AuthUser } from '../../auth/access';
import type { Db } from '../../db/client';
import { users } from '../../db/schema/employees';
import { organizations } from '../../db/schema/organizations';
import { fieldError } from '../../errors';
import { personName } from './people';

// Whom alarms and work orders may be given to, written once for both (and for a rule's escalation). The
// provider's staff may give an organization's alarms to an active user of that organization or of the
// provider (which sees every organization); a customer's people only to their own organization's
// active users, and are not shown the provider's staff. Either way only to someone who can read alarms
// (VIEW_DEVICE_DATA, held and allowed to their organization, or a super-user), as the notifications'
// audience is chosen (notifications/audience.ts): work given to someone else could not be opened.

const VIEW = 'VIEW_DEVICE_DATA';
const readsAlarms = and(
  eq(organizations.isActive, true),
  or(
    eq(users.isSuperuser, true),
    and(arrayContains(users.permissions, [VIEW]), arrayContains(organizations.permissions, [VIEW])),
  ),
);

/** The users the caller may assign work of these organizations to (every one of them). */
function assignable(auth: AuthUser, organizationIds: readonly number[]): SQL | undefined {
  if (!auth.isProvider) return eq(users.organizationId, auth.organizationId);
  const orgs = [...new Set(organizationIds)];
  const provider = eq(organizations.isProvider, true);
  return orgs.length === 1 ? or(provider, eq(users.organizationId, orgs[0]!)) : provider;
}

/** The people the caller may assign work of these organizations to, by name. */
export function assigneesFor(
  db: Db,
  auth: AuthUser,
  organizationIds: readonly number[],
): Promise<AlarmPerson[]> {
  return db
    .select({ id: users.id, name: personName(users) })
    .from(users)
    .innerJoin(organizations, eq(organizations.id, users.organizationId))
    .where(and(eq(users.isActive, true), readsAlarms, assignable(auth, organizationIds)))
    .orderBy(personName(users), users.id) as Promise<AlarmPerson[]>;
}

/**
 * The assignee, if the caller may assign them work of these organizations; anyone else is refused by
 * field with `message`, naming `assignee`. Answers who it is, as the webhooks' events name them.
 */
export async function checkAssignee(
  db: Db,
  auth: AuthUser,
  userId: number,
  organizationIds: readonly number[],
  message: string,
): Promise<{ id: number; email: string }> {
  const [user] = await db
    .select({ email: users.email })
    .from(users)
    .innerJoin(organizations, eq(organizations.id, users.organizationId))
    .where(
      and(eq(users.id, userId), eq(users.isActive, true), readsAlarms, assignable(auth, organizationIds)),
    );
  if (!user) throw fieldError('assignee', message);
  return { id: userId, email: user.email };
}
