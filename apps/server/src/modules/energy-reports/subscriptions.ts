import { and, eq, sql } from 'drizzle-orm';
import {
  ENERGY_REPORT_MESSAGES as M,
  type EnergySubscriptionBody,
  type EnergySubscriptionRow,
  type EnergySubscriptionUpdateBody,
} from '@rms/contracts/energy-reports';
import { actingOrganization } from '../../auth/acting-organization';
import type { AuthUser } from '../../auth/access';
import { orgScope } from '../../auth/tenant';
import type { Db } from '../../db/client';
import { rowsOf } from '../../db/rows';
import { energyReportSubscriptions as subscriptions } from '../../db/schema/lighting';
import { notFound } from '../../errors';

// The energy report's monthly e-mails (docs/energy-reports.md "Monthly e-mail"): each names an
// organization (a customer's people: their own), optionally one of its projects, and its recipients.

const scoped = (auth: AuthUser) => orgScope(subscriptions.organizationId, auth);

/** The subscriptions the caller sees (one, given its id). */
function subscriptionRows(db: Db, auth: AuthUser, id?: number): Promise<EnergySubscriptionRow[]> {
  return rowsOf<EnergySubscriptionRow>(
    db,
    sql`select s.id, json_build_object('id', o.id, 'name', o.company_name) as organization, s.project,
          s.recipients, s.last_sent_month
        from energy_report_subscriptions s join organizations o on o.id = s.organization_id
        where ${orgScope(sql`s.organization_id`, auth) ?? sql`true`} ${id === undefined ? sql`` : sql`and s.id = ${id}`}
        order by o.company_name, s.id`,
  );
}

export const listSubscriptions = (db: Db, auth: AuthUser) => subscriptionRows(db, auth);

async function subscriptionOf(db: Db, auth: AuthUser, id: number): Promise<EnergySubscriptionRow> {
  const [found] = await subscriptionRows(db, auth, id);
  if (!found) throw notFound(M.subscriptionNotFound);
  return found;
}

export async function createSubscription(
  db: Db,
  auth: AuthUser,
  body: EnergySubscriptionBody,
): Promise<EnergySubscriptionRow> {
  const organizationId = await actingOrganization(db, auth, body.organization);
  const [row] = await db
    .insert(subscriptions)
    .values({
      organizationId,
      project: body.project ?? null,
      recipients: body.recipients,
      createdBy: auth.id,
    })
    .returning({ id: subscriptions.id });
  return subscriptionOf(db, auth, row!.id);
}

export async function updateSubscription(
  db: Db,
  auth: AuthUser,
  id: number,
  body: EnergySubscriptionUpdateBody,
): Promise<EnergySubscriptionRow> {
  const changed = await db
    .update(subscriptions)
    .set({
      ...(body.project !== undefined && { project: body.project }),
      ...(body.recipients !== undefined && { recipients: body.recipients }),
      updatedAt: new Date(),
    })
    .where(and(eq(subscriptions.id, id), scoped(auth)))
    .returning({ id: subscriptions.id });
  if (changed.length === 0) throw notFound(M.subscriptionNotFound);
  return subscriptionOf(db, auth, id);
}

export async function deleteSubscription(db: Db, auth: AuthUser, id: number): Promise<void> {
  const gone = await db
    .delete(subscriptions)
    .where(and(eq(subscriptions.id, id), scoped(auth)))
    .returning({ id: subscriptions.id });
  if (gone.length === 0) throw notFound(M.subscriptionNotFound);
}
