import { sql, type SQL } from 'drizzle-orm';
import { ENERGY_REPORT_MESSAGES as M, type EnergyReportScope } from '@rms/contracts/energy-reports';
import { actingOrganization } from '../../auth/acting-organization';
import type { AuthUser } from '../../auth/access';
import { canSeeOrganization } from '../../auth/tenant';
import { addDays, today } from '../../calendar';
import type { Db } from '../../db/client';
import { rowsOf } from '../../db/rows';
import { fieldError, notFound } from '../../errors';
import { groupDevicesSql } from '../groups';
import type { DeviceSet } from './figures';

// What a report covers: a local month, and the devices of an organization (a customer's people: always
// their own; the provider's people: the one they name, else the whole fleet), narrowed to a project (the
// active activation's name) and/or a device group the caller sees. Devices are taken as they stand now:
// a light that moved to another organization reports with its new one.

export interface ReportScope {
  month: string;
  /** The month's first and last local days. */
  from: string;
  to: string;
  organization: { id: number; name: string } | null;
  project: string | null;
  group: { id: number; name: string } | null;
  devices: DeviceSet;
}

/** The last day of a YYYY-MM month. */
export function monthEnd(month: string): string {
  const [year, m] = month.split('-').map(Number) as [number, number];
  return addDays(`${m === 12 ? year + 1 : year}-${String((m % 12) + 1).padStart(2, '0')}-01`, -1);
}

export async function reportScope(
  db: Db,
  auth: AuthUser,
  timeZone: string,
  query: EnergyReportScope,
): Promise<ReportScope> {
  const from = `${query.month}-01`;
  if (from > today(timeZone)) throw fieldError('month', M.futureMonth);
  const organizationId =
    auth.isProvider && query.organization === undefined
      ? null
      : await actingOrganization(db, auth, query.organization);
  const organization =
    organizationId === null
      ? null
      : ((
          await rowsOf<{ id: number; name: string }>(
            db,
            sql`select id, company_name as name from organizations where id = ${organizationId}`,
          )
        )[0] ?? null);
  const group = query.group === undefined ? null : await visibleGroup(db, auth, query.group);
  return scopeOf(query.month, organization, query.project ?? null, group);
}

/** The scope of an organization's (or the whole fleet's) month, narrowed to a project or group. */
export function scopeOf(
  month: string,
  organization: { id: number; name: string } | null,
  project: string | null,
  group: { id: number; name: string } | null,
): ReportScope {
  const conditions: SQL[] = [sql`d.is_active`];
  if (organization) conditions.push(sql`d.organization_id = ${organization.id}`);
  if (project !== null)
    conditions.push(
      sql`exists (select 1 from activations a where a.device_id = d.id and a.is_active and a.name = ${project})`,
    );
  if (group) conditions.push(sql`d.id in (select m.device_id from (${groupDevicesSql([group.id])}) m)`);
  return {
    month,
    from: `${month}-01`,
    to: monthEnd(month),
    organization,
    project,
    group,
    devices: sql`select d.id from rms_devices d where ${sql.join(conditions, sql` and `)}`,
  };
}

/** A group the caller sees, or 404 naming it. */
async function visibleGroup(db: Db, auth: AuthUser, id: number): Promise<{ id: number; name: string }> {
  const [group] = await rowsOf<{ id: number; name: string; organization_id: number }>(
    db,
    sql`select id, name, organization_id from device_groups where id = ${id}`,
  );
  if (!group || !canSeeOrganization(auth, group.organization_id)) throw notFound(M.groupNotFound);
  return { id: group.id, name: group.name };
}
