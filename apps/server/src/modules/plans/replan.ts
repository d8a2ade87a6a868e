import { sql, type SQL } from 'drizzle-orm';
import { MAP_DEFAULT_CENTER } from '@rms/contracts/monitoring';
import type { NightChoice, PlanNight, ProfileStep, ScheduleRule } from '@rms/contracts/lighting';
import type { Db } from '../../db/client';
import { rowsOf } from '../../db/rows';
import { notifyRecorded } from '../../telemetry/command-channel';
import { groupDevicesSql } from '../groups';
import {
  deviceNights,
  EMPTY_PLAN_HASH,
  hashOfJson,
  needsSending,
  nightsJson,
  planDays,
  type ComputedNight,
} from './nights';
import { floats, ints as intsText, texts } from '../../db/sql-arrays';

// Sends each device the plan of the schedules covering it (docs/schedule-delivery.md): computes the
// nights ahead for every device a change may touch, and queues a `schedule` command only for those
// whose nights differ from what they were last sent, all in one transaction and set-based (one
// statement per table, whatever the number of devices).

export interface PlanDeps {
  db: Db;
  /** The deployment's TIME_ZONE: nights belong to local evenings, clock steps are local times. */
  timeZone: string;
  /** The present (tests). */
  now?: () => Date;
}

/** What changed: any combination; nothing at all means every schedule of every organization. */
export interface ReplanScope {
  /** Restricts the others to one organization (alone: all of its schedules). */
  organizationId?: number;
  scheduleIds?: number[];
  profileIds?: number[];
  groupIds?: number[];
  deviceIds?: number[];
}

export interface ReplanResult {
  /** Devices whose plan was computed. */
  devices: number;
  /** Of them, those sent a new plan (an empty one when no schedule covers them any more). */
  changed: number;
  unchanged: number;
}

/** A plan superseded before it went out is not sent (the dispatcher sends a device's commands in order). */
export const SUPERSEDED = 'Superseded by a newer plan';

const ints = (list: readonly number[]) => sql`${sql.param(list)}::int[]`;

interface ScheduleRow {
  id: number;
  organization_id: number;
  group_id: number;
  profile_id: number;
  weekdays: number[];
  priority: number;
  valid_from: string | null;
  valid_to: string | null;
  enabled: boolean;
  exceptions: { from: string; to: string; profileId: number | null }[];
}

export async function replan(deps: PlanDeps, scope: ReplanScope = {}): Promise<ReplanResult> {
  const { db, timeZone } = deps;
  const now = deps.now?.() ?? new Date();
  const days = planDays(timeZone, now);
  const everything =
    !scope.scheduleIds?.length &&
    !scope.profileIds?.length &&
    !scope.groupIds?.length &&
    !scope.deviceIds?.length;
  const org = scope.organizationId ?? null;

  // The schedules the change names (enabled or not: one just disabled leaves its devices).
  const named = everything
    ? sql`true`
    : sql`(s.id = any(${ints(scope.scheduleIds ?? [])}) or s.group_id = any(${ints(scope.groupIds ?? [])})
          or s.profile_id = any(${ints(scope.profileIds ?? [])})
          or exists (select 1 from schedule_exceptions e
                     where e.schedule_id = s.id and e.profile_id = any(${ints(scope.profileIds ?? [])})))`;
  const inOrg = org === null ? sql`true` : sql`s.organization_id = ${org}`;
  const scoped = await rowsOf<{ id: number; organization_id: number; group_id: number }>(
    db,
    sql`select s.id, s.organization_id, s.group_id from lighting_schedules s where ${inOrg} and ${named}`,
  );
  const scopedGroups = [...new Set(scoped.map((s) => s.group_id))];
  const orgs = [...new Set([...scoped.map((s) => s.organization_id), ...(org === null ? [] : [org])])];
  const allOrgs = everything && org === null;

  // The devices concerned: those of the named schedules' groups, the named devices, and every device
  // already sent a plan in the organizations concerned (it may have left a group).
  const members: { group_id: number; device_id: number }[] =
    scopedGroups.length === 0 ? [] : await rowsOf(db, groupDevicesSql(scopedGroups));
  const affected = new Set<number>(scope.deviceIds ?? []);
  for (const m of members) affected.add(m.device_id);
  const delivered = await rowsOf<{ device_id: number }>(
    db,
    sql`select device_id from schedule_deliveries d where d.plan_hash <> ${EMPTY_PLAN_HASH} and (${
      allOrgs
        ? sql`true`
        : sql`d.organization_id = any(${ints(orgs)}) or d.schedule_id = any(${ints(scoped.map((s) => s.id))})
              or d.device_id = any(${ints(scope.deviceIds ?? [])})`
    })`,
  );
  for (const d of delivered) affected.add(d.device_id);
  if (affected.size === 0) return { devices: 0, changed: 0, unchanged: 0 };

  // Every enabled schedule that may cover them: their own organizations' and the providers' (a
  // provider's group may hold its customers' devices, and a customer's devices in it keep their own
  // organization's schedules too).
  const rules = await enabledRules(
    db,
    allOrgs
      ? sql`true`
      : sql`o.is_provider or s.organization_id in (
              select organization_id from rms_devices where id = any(${ints([...affected])}))`,
  );
  const moreGroups = [...new Set(rules.map((r) => r.group_id))].filter((g) => !scopedGroups.includes(g));
  if (moreGroups.length > 0)
    members.push(...(await rowsOf<(typeof members)[number]>(db, groupDevicesSql(moreGroups))));

  // Each device's rules: every enabled schedule whose group holds it (a device may be in several).
  const byGroup = new Map<number, ScheduleRule[]>();
  const profileIds = new Set<number>();
  for (const r of rules) {
    const rule: ScheduleRule = {
      id: r.id,
      priority: r.priority,
      enabled: r.enabled,
      profileId: r.profile_id,
      weekdays: r.weekdays.map(Number),
      validFrom: r.valid_from,
      validTo: r.valid_to,
      exceptions: r.exceptions,
    };
    profileIds.add(r.profile_id);
    for (const e of r.exceptions) if (e.profileId !== null) profileIds.add(e.profileId);
    const list = byGroup.get(r.group_id) ?? [];
    list.push(rule);
    byGroup.set(r.group_id, list);
  }
  const rulesOf = new Map<number, ScheduleRule[]>();
  for (const m of members) {
    if (!affected.has(m.device_id)) continue;
    const list = rulesOf.get(m.device_id) ?? [];
    for (const rule of byGroup.get(m.group_id) ?? []) if (!list.includes(rule)) list.push(rule);
    rulesOf.set(m.device_id, list);
  }

  const profiles = new Map<number, ProfileStep[]>(
    (
      await rowsOf<{ id: number; steps: ProfileStep[] }>(
        db,
        sql`select id, steps from dimming_profiles where id = any(${ints([...profileIds])})`,
      )
    ).map((p) => [p.id, p.steps]),
  );

  // Where each device is: its active activation's place; without one the mean place of its
  // organization's placed devices, else the map's default centre (dusk and dawn move by about four
  // minutes per degree of longitude, so a nearby place is close enough).
  const devices = await rowsOf<{
    device_id: number;
    organization_id: number;
    lat: number;
    lon: number;
    plan_hash: string | null;
    nights: PlanNight[] | null;
    plan_until: string | null;
  }>(
    db,
    sql`with centre as (
          select organization_id, avg(latitude) as lat, avg(longitude) as lon from activations
          where is_active and latitude is not null and longitude is not null group by organization_id)
        select d.id as device_id, d.organization_id,
          coalesce(a.latitude, c.lat, ${MAP_DEFAULT_CENTER.latitude}::float8)::float8 as lat,
          coalesce(a.longitude, c.lon, ${MAP_DEFAULT_CENTER.longitude}::float8)::float8 as lon,
          sd.plan_hash, sd.plan_until::text as plan_until,
          -- A plan made tonight or since covers only nights ahead: its hash says all (no nights read).
          -- The nights are kept once, in the command that carried them.
          case when sc.payload->'nights'->0->>'date' < ${days[0]!} then sc.payload->'nights' else null end as nights
        from rms_devices d
        left join activations a on a.device_id = d.id and a.is_active and a.latitude is not null and a.longitude is not null
        left join centre c on c.organization_id = d.organization_id
        left join schedule_deliveries sd on sd.device_id = d.id
        left join device_commands sc on sc.id = sd.command_id
        where d.id = any(${ints([...affected])})`,
  );

  const cache = new Map<string, ComputedNight | null>();
  const choices = new Map<string, NightChoice | null>();
  // Each night's JSON once, however many devices at its place share it.
  const made = new Map<PlanNight, string>();
  const changed: Plan[] = [];
  for (const d of devices) {
    const nights = deviceNights(
      rulesOf.get(d.device_id) ?? [],
      profiles,
      { lat: Number(d.lat), lon: Number(d.lon) },
      days,
      timeZone,
      cache,
      choices,
    );
    const stored =
      d.plan_hash && d.plan_until
        ? { hash: d.plan_hash, nights: d.nights, planUntil: d.plan_until }
        : undefined;
    const json = nightsJson(nights, made);
    const hash = hashOfJson(json);
    if (needsSending(nights, hash, stored, days))
      changed.push({ deviceId: d.device_id, organizationId: d.organization_id, nights, hash, json });
  }
  if (changed.length > 0) await queue(db, changed, days);
  return { devices: devices.length, changed: changed.length, unchanged: devices.length - changed.length };
}

interface Plan {
  deviceId: number;
  organizationId: number;
  nights: ComputedNight[];
  hash: string;
  /** The nights as sent, in JSON (`JSON.stringify(wire(nights))`). */
  json: string;
}

/**
 * Queues the plans and records them, in one transaction: one statement per table. The rows go as a few
 * parameters written here as array literals and one JSON document (sql-arrays.ts), not as JavaScript
 * arrays the drivers would escape element by element (70,000 night rows are 420,000 elements).
 */
async function queue(db: Db, plans: Plan[], days: string[]): Promise<void> {
  const ids = plans.map((p) => p.deviceId);
  // Each device's command: its payload is the JSON the device is sent, put together from the pieces
  // already made (the hash named the same JSON). One jsonb document for all: parsed once.
  let records = '[';
  for (let i = 0; i < plans.length; i++) {
    const p = plans[i]!;
    const tonight = p.nights.find((n) => n.date === days[0])?.scheduleId ?? p.nights[0]?.scheduleId ?? null;
    records += `${i === 0 ? '' : ','}{"d":${p.deviceId},"o":${p.organizationId},"s":${tonight},"p":{"plan":"${p.hash}","nights":${p.json}}}`;
  }
  records += ']';
  const nightDays: string[] = [];
  const nightDevices: number[] = [];
  const nightMinutes: number[] = [];
  const plannedMinutes: number[] = [];
  const plannedShares: number[] = [];
  const nightSchedules: number[] = [];
  for (const p of plans)
    for (const n of p.nights) {
      nightDays.push(n.date);
      nightDevices.push(p.deviceId);
      nightMinutes.push(n.nightMinutes);
      plannedMinutes.push(n.plannedMinutes);
      plannedShares.push(n.plannedShare);
      nightSchedules.push(n.scheduleId);
    }
  const until = days[days.length - 1]!;
  const partial = plans.filter((p) => p.nights.length < days.length).map((p) => p.deviceId);
  // The literal is the parameter's value, of the array type itself (db/sql-arrays.ts).
  const list = (text: string, type: string) => sql`${text}::${sql.raw(type)}`;

  await db.transaction(async (tx) => {
    // A device's unsent plan is its delivery's command (each new plan or retry moves it there).
    await tx.execute(sql`
      update device_commands c set status = 'failed', error = ${SUPERSEDED}, finished_at = now()
      from schedule_deliveries d
      where d.device_id = any(${list(intsText(ids), 'int[]')}) and c.id = d.command_id and c.status = 'pending'`);
    // The commands and the deliveries in one statement: the nights travel to the database once and are
    // stored once, in the command (a delivery names its command).
    const commands = await rowsOf<{ id: number; device_id: number }>(
      tx,
      sql`with u as (
            select * from jsonb_to_recordset(${records}::text::jsonb) as u(d int, o int, s int, p jsonb)),
          c as (
            insert into device_commands (device_id, organization_id, kind, payload)
            select u.d, u.o, 'schedule', u.p from u
            returning id, device_id, payload)
          insert into schedule_deliveries as sd (device_id, organization_id, schedule_id, plan_hash,
                                                 plan_until, command_id, status, error, attempts, applied_at, updated_at)
          select c.device_id, u.o, s.id, c.payload->>'plan', ${until}::date, c.id,
                 'pending', null, 1, null, now()
          from c join u on u.d = c.device_id left join lighting_schedules s on s.id = u.s
          on conflict (device_id) do update set organization_id = excluded.organization_id,
            schedule_id = excluded.schedule_id, plan_hash = excluded.plan_hash, plan_until = excluded.plan_until, command_id = excluded.command_id, status = 'pending', error = null,
            attempts = 1, applied_at = null, updated_at = now()
          returning sd.command_id as id, sd.device_id`,
    );
    // The energy report's planned nights: what the devices were last sent for each night ahead.
    // Rows of nights a device no longer has go; the others are overwritten in place.
    if (partial.length > 0)
      await tx.execute(sql`
      delete from device_night_plans where device_id = any(${list(intsText(partial), 'int[]')}) and day >= ${days[0]!}::date`);
    if (nightDays.length > 0)
      await tx.execute(sql`
        insert into device_night_plans (day, device_id, night_minutes, planned_minutes, planned_share, schedule_id)
        select u.day, u.d, u.nm, u.pm, u.ps, s.id
        from unnest(${list(texts(nightDays), 'date[]')}, ${list(intsText(nightDevices), 'int[]')},
                    ${list(intsText(nightMinutes), 'int[]')}, ${list(intsText(plannedMinutes), 'int[]')},
                    ${list(floats(plannedShares), 'float8[]')}, ${list(intsText(nightSchedules), 'int[]')})
          as u(day, d, nm, pm, ps, s_id)
        left join lighting_schedules s on s.id = u.s_id
        on conflict (day, device_id) do update set night_minutes = excluded.night_minutes,
          planned_minutes = excluded.planned_minutes, planned_share = excluded.planned_share,
          schedule_id = excluded.schedule_id`);
    await notifyRecorded(
      tx,
      commands.map((c) => ({ id: Number(c.id), deviceId: c.device_id })),
    );
  });
}

/** The enabled schedules `where` selects (over `s`, lighting_schedules, and `o`, its organization). */
function enabledRules(db: Db, where: SQL): Promise<ScheduleRow[]> {
  return rowsOf<ScheduleRow>(
    db,
    sql`select s.id, s.organization_id, s.group_id, s.profile_id, s.weekdays, s.priority, s.enabled,
          s.valid_from::text as valid_from, s.valid_to::text as valid_to,
          coalesce((select json_agg(json_build_object('from', e.from_day::text, 'to', e.to_day::text,
                                                      'profileId', e.profile_id))
                    from schedule_exceptions e where e.schedule_id = s.id), '[]'::json) as exceptions
        from lighting_schedules s join organizations o on o.id = s.organization_id
        where s.enabled and (${where})`,
  );
}
