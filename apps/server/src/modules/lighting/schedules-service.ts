import { and, eq, sql } from 'drizzle-orm';
import {
  SCHEDULE_MESSAGES,
  type ScheduleCreateBody,
  type ScheduleDetail,
  type ScheduleExceptionBody,
  type ScheduleExceptionRow,
  type ScheduleRow,
  type ScheduleUpdateBody,
} from '@rms/contracts/schedules';
import { MAX_EXCEPTIONS } from '@rms/contracts/lighting';
import type { Paged } from '@rms/contracts/common';
import type { AuthUser } from '../../auth/access';
import type { Db } from '../../db/client';
import { pageOf, pageWindow, type PageParams } from '../../db/paging';
import { rowsOf } from '../../db/rows';
import { lightingSchedules, scheduleExceptions } from '../../db/schema/lighting';
import { containsPattern } from '../../db/search';
import { guardUnique } from '../../db/unique-violation';
import { badRequest, fieldError, notFound } from '../../errors';
import { coveredDevices } from './schedules-rules';
import { actingOrganization } from '../../auth/acting-organization';
import { listScope } from './schedules-scope';
import { canSeeOrganization } from '../../auth/tenant';

// Lighting schedules (docs/lighting-schedules.md): read and changed within the caller's scope. A
// schedule's group and profile belong to its organization (or, for the provider's people, to the
// provider); anything else is refused naming the field. The routes then have the
// organization's devices sent their new nights (plans.replan).

interface ScheduleRecord {
  id: number;
  organization_id: number;
  organization_name: string;
  name: string;
  group_id: number;
  group_name: string;
  profile_id: number;
  profile_name: string;
  weekdays: number[];
  priority: number;
  valid_from: string | null;
  valid_to: string | null;
  enabled: boolean;
  exception_count: number;
  updated_at: string | Date;
}

const SELECT = sql`
  select s.id, s.organization_id, o.company_name as organization_name, s.name, s.group_id,
    g.name as group_name, s.profile_id, p.name as profile_name, s.weekdays, s.priority,
    s.valid_from::text as valid_from, s.valid_to::text as valid_to, s.enabled, s.updated_at,
    (select count(*)::int from schedule_exceptions e where e.schedule_id = s.id) as exception_count
  from lighting_schedules s
  join organizations o on o.id = s.organization_id
  join device_groups g on g.id = s.group_id
  join dimming_profiles p on p.id = s.profile_id`;

async function withDeviceCounts(db: Db, records: ScheduleRecord[]): Promise<ScheduleRow[]> {
  const ids = records.map((r) => r.id);
  const covered = ids.length ? await coveredDevices(db, sql`s.id = any(${sql.param(ids)}::int[])`) : [];
  const counts = new Map<number, number>();
  for (const c of covered) counts.set(c.schedule_id, (counts.get(c.schedule_id) ?? 0) + 1);
  return records.map((r) => ({
    id: r.id,
    organization: r.organization_id,
    organization_name: r.organization_name,
    name: r.name,
    group: r.group_id,
    group_name: r.group_name,
    profile: r.profile_id,
    profile_name: r.profile_name,
    weekdays: r.weekdays.map(Number),
    priority: r.priority,
    valid_from: r.valid_from,
    valid_to: r.valid_to,
    enabled: r.enabled,
    exception_count: r.exception_count,
    device_count: counts.get(r.id) ?? 0,
    updated_at: new Date(r.updated_at).toISOString(),
  }));
}

export async function listSchedules(
  db: Db,
  auth: AuthUser,
  query: PageParams & {
    query?: string | undefined;
    organization?: number | undefined;
    group?: number | undefined;
    profile?: number | undefined;
    enabled?: 'true' | 'false' | undefined;
  },
): Promise<Paged<ScheduleRow> | ScheduleRow[]> {
  const scope = await listScope(db, auth, query.organization, sql`s.organization_id`);
  const text = query.query?.trim();
  const where = sql.join(
    [
      scope,
      text ? sql`s.name ilike ${containsPattern(text)}` : undefined,
      query.group === undefined ? undefined : sql`s.group_id = ${query.group}`,
      query.profile === undefined ? undefined : sql`s.profile_id = ${query.profile}`,
      query.enabled === undefined ? undefined : sql`s.enabled = ${query.enabled === 'true'}`,
    ].filter((c) => c !== undefined),
    sql` and `,
  );
  const { limit, offset } = pageWindow(query);
  const [records, [total]] = await Promise.all([
    rowsOf<ScheduleRecord>(
      db,
      sql`${SELECT} where ${where} order by lower(s.name), s.id limit ${limit} offset ${offset}`,
    ),
    rowsOf<{ count: number }>(
      db,
      sql`select count(*)::int as count from lighting_schedules s where ${where}`,
    ),
  ]);
  return pageOf(query, await withDeviceCounts(db, records), total?.count ?? 0);
}

/** The schedule's record if the caller reaches it; 404 otherwise. */
async function recordOf(db: Db, auth: AuthUser, id: number): Promise<ScheduleRecord> {
  const [record] = await rowsOf<ScheduleRecord>(db, sql`${SELECT} where s.id = ${id}`);
  if (!record || !canSeeOrganization(auth, record.organization_id))
    throw notFound(SCHEDULE_MESSAGES.notFound);
  return record;
}

export async function scheduleOf(db: Db, auth: AuthUser, id: number): Promise<ScheduleDetail> {
  const [row] = await withDeviceCounts(db, [await recordOf(db, auth, id)]);
  const exceptions = await rowsOf<ScheduleExceptionRow>(
    db,
    sql`select e.id, e.name, e.kind, e.from_day::text as "from", e.to_day::text as "to",
          e.profile_id as profile, p.name as profile_name
        from schedule_exceptions e left join dimming_profiles p on p.id = e.profile_id
        where e.schedule_id = ${id} order by e.from_day, e.id`,
  );
  return { ...row!, exceptions };
}

/**
 * Whether a group or profile may serve a schedule of `organizationId`: it belongs to that organization,
 * or to the provider when the caller is the provider's (a customer never sees the provider's own).
 */
async function checkOwned(
  db: Db,
  auth: AuthUser,
  table: 'device_groups' | 'dimming_profiles',
  field: 'group' | 'profile',
  id: number,
  organizationId: number,
): Promise<void> {
  const [row] = await rowsOf<{ organization_id: number; is_provider: boolean }>(
    db,
    sql`select t.organization_id, o.is_provider from ${sql.identifier(table)} t
        join organizations o on o.id = t.organization_id where t.id = ${id}`,
  );
  const fits =
    row &&
    canSeeOrganization(auth, row.organization_id) &&
    (row.organization_id === organizationId || (row.is_provider && auth.isProvider));
  if (!fits) throw fieldError(field, SCHEDULE_MESSAGES[field]);
}

const nameTaken = () => fieldError('name', SCHEDULE_MESSAGES.nameTaken);

export async function createSchedule(
  db: Db,
  auth: AuthUser,
  body: ScheduleCreateBody,
): Promise<ScheduleDetail> {
  const organizationId = await actingOrganization(db, auth, body.organization);
  await checkOwned(db, auth, 'device_groups', 'group', body.group, organizationId);
  await checkOwned(db, auth, 'dimming_profiles', 'profile', body.profile, organizationId);
  const [made] = await guardUnique(
    () =>
      db
        .insert(lightingSchedules)
        .values({
          organizationId,
          name: body.name,
          groupId: body.group,
          profileId: body.profile,
          weekdays: [...body.weekdays].sort(),
          priority: body.priority,
          validFrom: body.valid_from ?? null,
          validTo: body.valid_to ?? null,
          enabled: body.enabled,
          createdBy: auth.id,
        })
        .returning({ id: lightingSchedules.id }),
    nameTaken,
  );
  return scheduleOf(db, auth, made!.id);
}

export async function updateSchedule(
  db: Db,
  auth: AuthUser,
  id: number,
  body: ScheduleUpdateBody,
): Promise<ScheduleDetail> {
  const record = await recordOf(db, auth, id);
  const organizationId = record.organization_id;
  if (body.group !== undefined)
    await checkOwned(db, auth, 'device_groups', 'group', body.group, organizationId);
  if (body.profile !== undefined)
    await checkOwned(db, auth, 'dimming_profiles', 'profile', body.profile, organizationId);
  // The season is checked again as it will stand: one end may be sent alone.
  const from = body.valid_from === undefined ? record.valid_from : body.valid_from;
  const to = body.valid_to === undefined ? record.valid_to : body.valid_to;
  if (from && to && to < from) throw fieldError('valid_to', SCHEDULE_MESSAGES.seasonOrder);
  await guardUnique(
    () =>
      db
        .update(lightingSchedules)
        .set({
          ...(body.name !== undefined && { name: body.name }),
          ...(body.group !== undefined && { groupId: body.group }),
          ...(body.profile !== undefined && { profileId: body.profile }),
          ...(body.weekdays !== undefined && { weekdays: [...body.weekdays].sort() }),
          ...(body.priority !== undefined && { priority: body.priority }),
          ...(body.valid_from !== undefined && { validFrom: body.valid_from }),
          ...(body.valid_to !== undefined && { validTo: body.valid_to }),
          ...(body.enabled !== undefined && { enabled: body.enabled }),
          updatedAt: new Date(),
        })
        .where(eq(lightingSchedules.id, id)),
    nameTaken,
  );
  return scheduleOf(db, auth, id);
}

export async function setEnabled(
  db: Db,
  auth: AuthUser,
  id: number,
  enabled: boolean,
): Promise<ScheduleDetail> {
  return updateSchedule(db, auth, id, { enabled });
}

/** Answers the organization the schedule was of (its devices are planned again). */
export async function deleteSchedule(db: Db, auth: AuthUser, id: number): Promise<number> {
  const record = await recordOf(db, auth, id);
  await db.delete(lightingSchedules).where(eq(lightingSchedules.id, id));
  return record.organization_id;
}

async function checkExceptionProfile(
  db: Db,
  auth: AuthUser,
  profile: number | null,
  organizationId: number,
): Promise<void> {
  if (profile !== null) await checkOwned(db, auth, 'dimming_profiles', 'profile', profile, organizationId);
}

export async function addException(
  db: Db,
  auth: AuthUser,
  id: number,
  body: ScheduleExceptionBody,
): Promise<ScheduleDetail> {
  const record = await recordOf(db, auth, id);
  await checkExceptionProfile(db, auth, body.profile, record.organization_id);
  if (record.exception_count >= MAX_EXCEPTIONS) throw badRequest(SCHEDULE_MESSAGES.tooManyExceptions);
  await db.insert(scheduleExceptions).values({
    scheduleId: id,
    name: body.name,
    kind: body.kind,
    fromDay: body.from,
    toDay: body.to,
    profileId: body.profile,
  });
  await touch(db, id);
  return scheduleOf(db, auth, id);
}

export async function updateException(
  db: Db,
  auth: AuthUser,
  id: number,
  exception: number,
  body: ScheduleExceptionBody,
): Promise<ScheduleDetail> {
  const record = await recordOf(db, auth, id);
  await checkExceptionProfile(db, auth, body.profile, record.organization_id);
  const changed = await db
    .update(scheduleExceptions)
    .set({ name: body.name, kind: body.kind, fromDay: body.from, toDay: body.to, profileId: body.profile })
    .where(and(eq(scheduleExceptions.id, exception), eq(scheduleExceptions.scheduleId, id)))
    .returning({ id: scheduleExceptions.id });
  if (changed.length === 0) throw notFound(SCHEDULE_MESSAGES.exceptionNotFound);
  await touch(db, id);
  return scheduleOf(db, auth, id);
}

export async function deleteException(
  db: Db,
  auth: AuthUser,
  id: number,
  exception: number,
): Promise<ScheduleDetail> {
  await recordOf(db, auth, id);
  const gone = await db
    .delete(scheduleExceptions)
    .where(and(eq(scheduleExceptions.id, exception), eq(scheduleExceptions.scheduleId, id)))
    .returning({ id: scheduleExceptions.id });
  if (gone.length === 0) throw notFound(SCHEDULE_MESSAGES.exceptionNotFound);
  await touch(db, id);
  return scheduleOf(db, auth, id);
}

const touch = (db: Db, id: number) =>
  db.update(lightingSchedules).set({ updatedAt: new Date() }).where(eq(lightingSchedules.id, id));
