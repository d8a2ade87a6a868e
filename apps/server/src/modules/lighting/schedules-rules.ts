import { sql, type SQL } from 'drizzle-orm';
import type { ScheduleRule } from '@rms/contracts/lighting';
import type { Db } from '../../db/client';
import { rowsOf } from '../../db/rows';
import { groupDevicesSql } from '../groups';

// Schedules as `nightChoice` (contracts/lighting.ts) takes them, and which devices they cover, in a
// couple of statements for any number of schedules.

export interface NamedRule extends ScheduleRule {
  name: string;
  organizationId: number;
  exceptions: { from: string; to: string; profileId: number | null; name: string }[];
}

/** The schedules picked by `where` (a condition on `s`), with their exceptions. */
export async function loadRules(db: Db, where: ReturnType<typeof sql>): Promise<NamedRule[]> {
  const rows = await rowsOf<{
    id: number;
    name: string;
    organization_id: number;
    priority: number;
    enabled: boolean;
    profile_id: number;
    weekdays: number[];
    valid_from: string | null;
    valid_to: string | null;
    exceptions: { from: string; to: string; profile_id: number | null; name: string }[] | null;
  }>(
    db,
    sql`select s.id, s.name, s.organization_id, s.priority, s.enabled, s.profile_id, s.weekdays,
          s.valid_from::text as valid_from, s.valid_to::text as valid_to,
          (select json_agg(json_build_object('from', e.from_day::text, 'to', e.to_day::text,
                  'profile_id', e.profile_id, 'name', e.name) order by e.from_day, e.id)
             from schedule_exceptions e where e.schedule_id = s.id) as exceptions
        from lighting_schedules s where ${where} order by s.id`,
  );
  return rows.map((r) => ({
    id: r.id,
    name: r.name,
    organizationId: r.organization_id,
    priority: r.priority,
    enabled: r.enabled,
    profileId: r.profile_id,
    weekdays: r.weekdays.map(Number),
    validFrom: r.valid_from,
    validTo: r.valid_to,
    exceptions: (r.exceptions ?? []).map((e) => ({
      from: e.from,
      to: e.to,
      profileId: e.profile_id,
      name: e.name,
    })),
  }));
}

/**
 * (schedule, device) for the schedules picked by `where`: the devices each schedule's group holds now.
 * A provider's group may hold any organization's devices; a customer's schedule only reaches its own
 * organization's, whatever group it names.
 */
export async function coveredDevices(
  db: Db,
  where: ReturnType<typeof sql>,
  deviceWhere: ReturnType<typeof sql> = sql`true`,
): Promise<{ schedule_id: number; device_id: number }[]> {
  const groups = await rowsOf<{ group_id: number }>(
    db,
    sql`select distinct s.group_id from lighting_schedules s where ${where}`,
  );
  if (groups.length === 0) return [];
  return rowsOf(
    db,
    sql`with gd as (${groupDevicesSql(groups.map((g) => g.group_id))})
        select distinct s.id as schedule_id, gd.device_id
        from lighting_schedules s
        join organizations o on o.id = s.organization_id
        join gd on gd.group_id = s.group_id and (o.is_provider or gd.organization_id = s.organization_id)
        where ${where} and ${deviceWhere}
        order by gd.device_id, s.id`,
  );
}

/**
 * The schedules (over `s`) the delivery engine weighs for a device of `organizationId`: its own
 * organization's and the provider's, whose groups may hold it (plans/replan.ts).
 */
export const weighedFor = (organizationId: number): SQL =>
  sql`(s.organization_id = ${organizationId}
       or s.organization_id in (select id from organizations where is_provider))`;

/** YYYY-MM-DD days from `from` to `to`, inclusive. */
export function daysBetween(from: string, to: string): string[] {
  const days: string[] = [];
  for (
    let d = new Date(`${from}T00:00:00Z`);
    d.toISOString().slice(0, 10) <= to;
    d.setUTCDate(d.getUTCDate() + 1)
  )
    days.push(d.toISOString().slice(0, 10));
  return days;
}

/** `day` plus `n` days. */
export function addDays(day: string, n: number): string {
  const d = new Date(`${day}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + n);
  return d.toISOString().slice(0, 10);
}
