import { sql, type SQL } from 'drizzle-orm';
import { DELIVERY_STATUSES, nightChoice, type DeliveryStatus } from '@rms/contracts/lighting';
import {
  DEFAULT_CONFLICT_NIGHTS,
  MAX_CONFLICT_NIGHTS,
  SCHEDULE_MESSAGES,
  type CalendarNight,
  type DeliveryList,
  type DeliveryRow,
  type ScheduleCalendar,
  type ScheduleChoices,
  type ScheduleConflictRow,
  type ScheduleConflicts,
} from '@rms/contracts/schedules';
import type { AuthUser } from '../../auth/access';
import type { Db } from '../../db/client';
import { rowsOf } from '../../db/rows';
import { containsPattern } from '../../db/search';
import { fieldError, notFound } from '../../errors';
import {
  addDays,
  coveredDevices,
  daysBetween,
  loadRules,
  weighedFor,
  type NamedRule,
} from './schedules-rules';
import { actingOrganization } from '../../auth/acting-organization';
import { listScope } from './schedules-scope';
import { canSeeOrganization } from '../../auth/tenant';

// What the schedules make of the nights (docs/lighting-schedules.md): the devices more than one
// schedule claims, a month's calendar for a group or a device, and how the plans reached the devices.

/** Today's date in the deployment's time zone: nights are counted by their local evening. */
export function localToday(timeZone: string, now = new Date()): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone }).format(now);
}

/** Whether `rule` would run on `day` by itself (its exception, or its season and weekdays). */
const applies = (rule: NamedRule, day: string) => nightChoice([rule], day) !== null;

/**
 * Devices covered by two or more applicable schedules on some night in the range. Set-based: the
 * enabled schedules joined with their groups' devices in one statement; only devices claimed twice
 * are then judged night by night with `nightChoice`.
 */
export async function scheduleConflicts(
  db: Db,
  auth: AuthUser,
  timeZone: string,
  query: {
    organization?: number | undefined;
    from?: string | undefined;
    to?: string | undefined;
    page: number;
    page_size: number;
  },
): Promise<ScheduleConflicts> {
  const { where, concerned } = await conflictScope(db, auth, query.organization);
  const from = query.from ?? localToday(timeZone);
  const to = query.to ?? addDays(from, DEFAULT_CONFLICT_NIGHTS - 1);
  if (daysBetween(from, to).length > MAX_CONFLICT_NIGHTS)
    throw fieldError('to', SCHEDULE_MESSAGES.rangeTooLong);
  const covered = await coveredDevices(db, where, concerned);
  const byDevice = new Map<number, number[]>();
  for (const c of covered) byDevice.set(c.device_id, [...(byDevice.get(c.device_id) ?? []), c.schedule_id]);
  const shared = [...byDevice].filter(([, ids]) => ids.length >= 2);
  if (shared.length === 0) return { from, to, results: [], count: 0, current: query.page, next: null };
  const rules = new Map((await loadRules(db, where)).map((r) => [r.id, r]));
  const days = daysBetween(from, to);
  const conflicts: Omit<ScheduleConflictRow, 'rms_id'>[] = [];
  for (const [device, ids] of shared) {
    const own = ids.map((id) => rules.get(id)!).filter(Boolean);
    const nights: ScheduleConflictRow['nights'] = [];
    for (const day of days) {
      const applicable = own.filter((r) => applies(r, day));
      if (applicable.length < 2) continue;
      const choice = nightChoice(applicable, day)!;
      nights.push({
        date: day,
        schedules: applicable.map((r) => r.id),
        winner: choice.scheduleId,
        profile: choice.profileId,
        exception: choice.exception,
      });
    }
    if (nights.length === 0) continue;
    const involved = [...new Set(nights.flatMap((n) => n.schedules))].map((id) => rules.get(id)!);
    conflicts.push({
      device,
      schedules: involved.map((r) => ({ id: r.id, name: r.name, priority: r.priority })),
      nights,
    });
  }
  const start = (query.page - 1) * query.page_size;
  const page = conflicts.slice(start, start + query.page_size);
  const names = page.length
    ? await rowsOf<{ id: number; device_id: string }>(
        db,
        sql`select id, device_id from rms_devices where id = any(${sql.param(page.map((c) => c.device))}::int[])`,
      )
    : [];
  const rmsId = new Map(names.map((n) => [n.id, n.device_id]));
  return {
    from,
    to,
    results: page.map((c) => ({ ...c, rms_id: rmsId.get(c.device) ?? String(c.device) })),
    count: conflicts.length,
    current: query.page,
    next: start + query.page_size < conflicts.length ? query.page + 1 : null,
  };
}

/**
 * The schedules and devices a conflicts list weighs, as the delivery engine (plans/replan.ts) weighs
 * them: a customer's devices with its own schedules and those of a provider whose groups hold them;
 * the provider's own view, the devices its schedules cover with their owners' schedules too; the
 * provider's people with no organization named, every organization's.
 */
async function conflictScope(
  db: Db,
  auth: AuthUser,
  named: number | undefined,
): Promise<{ where: SQL; concerned: SQL }> {
  if (named === undefined && auth.isProvider) return { where: sql`s.enabled`, concerned: sql`true` };
  const organizationId = await actingOrganization(db, auth, named);
  // There is one provider (organizations_one_provider): the caller's own organization, if it is.
  if (auth.isProvider && organizationId === auth.organizationId)
    return {
      where: sql`s.enabled`,
      concerned: sql`(gd.organization_id = ${organizationId} or gd.device_id in (
        select mine.device_id from gd mine join lighting_schedules own on own.group_id = mine.group_id
        where own.organization_id = ${organizationId} and own.enabled))`,
    };
  return {
    where: sql`s.enabled and ${weighedFor(organizationId)}`,
    concerned: sql`gd.organization_id = ${organizationId}`,
  };
}

/**
 * A month's nights. For a group: the schedules given to that group. For a device: every schedule of
 * its organization (and the provider's) whose group holds it now, as the delivery engine sees it.
 */
export async function scheduleCalendar(
  db: Db,
  auth: AuthUser,
  query: { group?: number | undefined; device?: number | undefined; month: string },
): Promise<ScheduleCalendar> {
  let rules: NamedRule[];
  if (query.group !== undefined) {
    const [group] = await rowsOf<{ organization_id: number }>(
      db,
      sql`select organization_id from device_groups where id = ${query.group}`,
    );
    if (!group || !canSeeOrganization(auth, group.organization_id)) throw notFound();
    rules = await loadRules(db, sql`s.group_id = ${query.group}`);
  } else {
    const [device] = await rowsOf<{ organization_id: number }>(
      db,
      sql`select organization_id from rms_devices where id = ${query.device!} and is_active`,
    );
    if (!device || !canSeeOrganization(auth, device.organization_id)) throw notFound();
    const where = weighedFor(device.organization_id);
    const covering = await coveredDevices(db, where, sql`gd.device_id = ${query.device!}`);
    const ids = covering.map((c) => c.schedule_id);
    rules = ids.length ? await loadRules(db, sql`s.id = any(${sql.param(ids)}::int[])`) : [];
  }
  const profileIds = [
    ...new Set(rules.flatMap((r) => [r.profileId, ...r.exceptions.map((e) => e.profileId)])),
  ].filter((id): id is number => id !== null);
  const profiles = profileIds.length
    ? await rowsOf<{ id: number; name: string }>(
        db,
        sql`select id, name from dimming_profiles where id = any(${sql.param(profileIds)}::int[])`,
      )
    : [];
  const profileName = new Map(profiles.map((p) => [p.id, p.name]));
  const [year, month] = query.month.split('-').map(Number) as [number, number];
  const last = new Date(Date.UTC(year, month, 0)).getUTCDate();
  const nights = daysBetween(`${query.month}-01`, `${query.month}-${String(last).padStart(2, '0')}`).map(
    (day): CalendarNight => {
      const choice = nightChoice(rules, day);
      if (!choice)
        return {
          date: day,
          schedule: null,
          schedule_name: null,
          profile: null,
          profile_name: null,
          exception: false,
          exception_name: null,
        };
      const rule = rules.find((r) => r.id === choice.scheduleId)!;
      const exception = choice.exception
        ? rule.exceptions.find((e) => e.from <= day && day <= e.to)
        : undefined;
      return {
        date: day,
        schedule: rule.id,
        schedule_name: rule.name,
        profile: choice.profileId,
        profile_name: choice.profileId === null ? null : (profileName.get(choice.profileId) ?? null),
        exception: choice.exception,
        exception_name: exception?.name ?? null,
      };
    },
  );
  return { month: query.month, nights };
}

/** The deliveries' table as the engine leaves it, with counts by status under the same filters. */
export async function listDeliveries(
  db: Db,
  auth: AuthUser,
  query: {
    organization?: number | undefined;
    schedule?: number | undefined;
    status?: DeliveryStatus | undefined;
    query?: string | undefined;
    page: number;
    page_size: number;
  },
): Promise<DeliveryList> {
  const scope = await listScope(db, auth, query.organization, sql`d.organization_id`);
  const text = query.query?.trim();
  const base = sql.join(
    [
      scope,
      query.schedule === undefined ? undefined : sql`d.schedule_id = ${query.schedule}`,
      text ? sql`r.device_id ilike ${containsPattern(text)}` : undefined,
    ].filter((c) => c !== undefined),
    sql` and `,
  );
  const where = query.status ? sql`${base} and d.status = ${query.status}` : base;
  const offset = (query.page - 1) * query.page_size;
  const [rows, tally] = await Promise.all([
    rowsOf<
      Omit<DeliveryRow, 'updated_at' | 'applied_at'> & {
        updated_at: string | Date;
        applied_at: string | Date | null;
      }
    >(
      db,
      sql`select d.device_id as device, r.device_id as rms_id, d.schedule_id as schedule,
            s.name as schedule_name, d.status, d.error, d.attempts, d.updated_at, d.applied_at
          from schedule_deliveries d
          join rms_devices r on r.id = d.device_id
          left join lighting_schedules s on s.id = d.schedule_id
          where ${where}
          order by case d.status when 'failed' then 0 when 'retrying' then 1 when 'pending' then 2 else 3 end,
            d.updated_at desc, d.device_id
          limit ${query.page_size} offset ${offset}`,
    ),
    rowsOf<{ status: DeliveryStatus; count: number }>(
      db,
      sql`select d.status, count(*)::int as count from schedule_deliveries d
          join rms_devices r on r.id = d.device_id where ${base} group by d.status`,
    ),
  ]);
  const counts = Object.fromEntries(DELIVERY_STATUSES.map((s) => [s, 0])) as DeliveryList['counts'];
  for (const t of tally) counts[t.status] = t.count;
  const count = query.status ? counts[query.status] : Object.values(counts).reduce((a, b) => a + b, 0);
  return {
    results: rows.map((r) => ({
      ...r,
      updated_at: new Date(r.updated_at).toISOString(),
      applied_at: r.applied_at === null ? null : new Date(r.applied_at).toISOString(),
    })),
    count,
    current: query.page,
    next: offset + query.page_size < count ? query.page + 1 : null,
    counts,
  };
}

/** What the schedule form and the calendar offer for one organization. */
export async function scheduleChoices(
  db: Db,
  auth: AuthUser,
  query: { organization?: number | undefined; device?: string | undefined },
): Promise<ScheduleChoices> {
  const organizationId = await actingOrganization(db, auth, query.organization);
  // The provider's own groups and profiles serve its people for any organization (checkOwned agrees).
  const owners = auth.isProvider
    ? sql`(t.organization_id = ${organizationId} or t.organization_id in (select id from organizations where is_provider))`
    : sql`t.organization_id = ${organizationId}`;
  const text = query.device?.trim();
  const [groups, profiles, devices] = await Promise.all([
    rowsOf<{ id: number; name: string }>(
      db,
      sql`select t.id, t.name from device_groups t where ${owners} order by lower(t.name)`,
    ),
    rowsOf<{ id: number; name: string }>(
      db,
      sql`select t.id, t.name from dimming_profiles t where ${owners} order by lower(t.name)`,
    ),
    rowsOf<{ id: number; name: string }>(
      db,
      sql`select id, device_id as name from rms_devices
          where organization_id = ${organizationId} and is_active
            ${text ? sql`and device_id ilike ${containsPattern(text)}` : sql``}
          order by device_id limit 50`,
    ),
  ]);
  return { groups, profiles, devices };
}
