import { sql, type SQL } from 'drizzle-orm';
import {
  GROUP_CANDIDATES_MAX,
  GROUP_MESSAGES,
  GROUP_PREVIEW_DEVICES,
  type GroupCreateBody,
  type GroupDevice,
  type GroupMembersBody,
  type GroupRow,
  type GroupUpdateBody,
} from '@rms/contracts/groups';
import type { GroupFilter, GroupKind } from '@rms/contracts/lighting';
import type { AuthUser } from '../../auth/access';
import { orgScope } from '../../auth/tenant';
import { actingOrganization } from '../../auth/acting-organization';
import type { Db } from '../../db/client';
import { pageOf, pageWindow, type PageParams } from '../../db/paging';
import { rowsOf } from '../../db/rows';
import { containsPattern } from '../../db/search';
import { guardUnique } from '../../db/unique-violation';
import { fieldError, HttpError, notFound } from '../../errors';
import { filterDevicesSql, groupDevicesSql } from './members';

// Device groups (docs/device-groups.md), read and changed within the caller's scope (the provider's
// people: any organization's; another organization's group answers 404). A group only ever holds its
// organization's active devices (the provider's: any organization's): a static group's chosen devices
// are checked when added and filtered when used; a dynamic group's criteria name things that exist and
// that the organization may select. Counts and member lists are computed now (members.ts).

interface GroupRecord {
  id: number;
  organization_id: number;
  organization_name: string;
  is_provider: boolean;
  name: string;
  kind: GroupKind;
  filter: GroupFilter | null;
  schedules: number;
  created_at: string | Date;
  updated_at: string | Date;
}

const SELECT = sql`
  select g.id, g.organization_id, o.company_name as organization_name, o.is_provider, g.name, g.kind,
    g.filter, g.created_at, g.updated_at,
    (select count(*) from lighting_schedules s where s.group_id = g.id)::int as schedules
  from device_groups g join organizations o on o.id = g.organization_id`;

const scope = (auth: AuthUser) => orgScope(sql`g.organization_id`, auth) ?? sql`true`;

/** Each group's device count now, in one statement. */
async function deviceCounts(db: Db, ids: number[]): Promise<Map<number, number>> {
  if (ids.length === 0) return new Map();
  const rows = await rowsOf<{ group_id: number; n: number }>(
    db,
    sql`select m.group_id, count(*)::int as n from (${groupDevicesSql(ids)}) m group by m.group_id`,
  );
  return new Map(rows.map((r) => [r.group_id, Number(r.n)]));
}

async function toRows(db: Db, records: GroupRecord[]): Promise<GroupRow[]> {
  const counts = await deviceCounts(
    db,
    records.map((r) => r.id),
  );
  return records.map((r) => ({
    id: r.id,
    organization: r.organization_id,
    organization_name: r.organization_name,
    name: r.name,
    kind: r.kind,
    filter: r.filter,
    devices: counts.get(r.id) ?? 0,
    schedules: Number(r.schedules),
    created_at: new Date(r.created_at).toISOString(),
    updated_at: new Date(r.updated_at).toISOString(),
  }));
}

export async function listGroups(
  db: Db,
  auth: AuthUser,
  query: PageParams & {
    query?: string | undefined;
    organization?: number | undefined;
    kind?: GroupKind | undefined;
  },
) {
  const where = sql.join(
    [
      scope(auth),
      query.organization === undefined ? sql`true` : sql`g.organization_id = ${query.organization}`,
      query.kind === undefined ? sql`true` : sql`g.kind = ${query.kind}`,
      query.query ? sql`g.name ilike ${containsPattern(query.query)}` : sql`true`,
    ],
    sql` and `,
  );
  const { limit, offset } = pageWindow(query);
  const [records, [total]] = await Promise.all([
    rowsOf<GroupRecord>(
      db,
      sql`${SELECT} where ${where} order by lower(g.name), g.id limit ${limit} offset ${offset}`,
    ),
    rowsOf<{ n: number }>(db, sql`select count(*)::int as n from device_groups g where ${where}`),
  ]);
  return pageOf(query, await toRows(db, records), Number(total?.n ?? 0));
}

async function recordOf(db: Db, auth: AuthUser, id: number): Promise<GroupRecord> {
  const [row] = await rowsOf<GroupRecord>(db, sql`${SELECT} where g.id = ${id} and ${scope(auth)}`);
  if (!row) throw notFound(GROUP_MESSAGES.notFound);
  return row;
}

export async function groupOf(db: Db, auth: AuthUser, id: number): Promise<GroupRow> {
  const [row] = await toRows(db, [await recordOf(db, auth, id)]);
  return row!;
}

/** A dynamic group's criteria name an organization the group may select, and a state and city that exist. */
async function checkFilter(db: Db, organization: number, filter: GroupFilter | undefined): Promise<void> {
  if (!filter) return;
  const [owner] = await rowsOf<{ is_provider: boolean }>(
    db,
    sql`select is_provider from organizations where id = ${organization}`,
  );
  if (filter.organization !== undefined && filter.organization !== organization) {
    const [found] = owner?.is_provider
      ? await rowsOf<{ id: number }>(
          db,
          sql`select id from organizations where id = ${filter.organization} and is_active`,
        )
      : [];
    if (!found) throw fieldError('filter.organization', GROUP_MESSAGES.organizationNotFound);
  }
  if (filter.state !== undefined) {
    const [found] = await rowsOf<{ id: number }>(db, sql`select id from states where id = ${filter.state}`);
    if (!found) throw fieldError('filter.state', GROUP_MESSAGES.stateNotFound);
  }
  if (filter.city !== undefined) {
    const [found] = await rowsOf<{ id: number }>(
      db,
      sql`select id from cities where id = ${filter.city}
          ${filter.state === undefined ? sql`` : sql`and state_id = ${filter.state}`}`,
    );
    if (!found) throw fieldError('filter.city', GROUP_MESSAGES.cityNotFound);
  }
}

/** Devices a static group of `organization` may hold: active, and the organization's (provider: any). */
async function checkDevices(db: Db, organization: number, ids: readonly number[]): Promise<void> {
  if (ids.length === 0) return;
  const rows = await rowsOf<{ id: number }>(
    db,
    sql`select d.id from rms_devices d join organizations o on o.id = ${organization}
        where d.id = any(${sql.param(ids)}::int[]) and d.is_active
          and (o.is_provider or d.organization_id = o.id)`,
  );
  const ok = new Set(rows.map((r) => r.id));
  const missing = ids.find((id) => !ok.has(id));
  if (missing !== undefined) throw fieldError('devices', GROUP_MESSAGES.deviceNotInOrganization(missing));
}

const nameTaken = () => fieldError('name', GROUP_MESSAGES.nameTaken);

const addMembers = (db: Db, group: number, ids: readonly number[]) =>
  ids.length === 0
    ? Promise.resolve()
    : db.execute(sql`insert into device_group_members (group_id, device_id)
        select ${group}, unnest(${sql.param(ids)}::int[]) on conflict do nothing`);

export async function createGroup(db: Db, auth: AuthUser, body: GroupCreateBody): Promise<GroupRow> {
  const organization = await actingOrganization(db, auth, body.organization);
  await checkFilter(db, organization, body.filter);
  await checkDevices(db, organization, body.devices ?? []);
  const id = await db.transaction(async (tx) => {
    const [row] = await guardUnique(
      () =>
        rowsOf<{ id: number }>(
          tx,
          sql`insert into device_groups (organization_id, name, kind, filter, created_by)
              values (${organization}, ${body.name}, ${body.kind},
                ${body.kind === 'dynamic' ? JSON.stringify(body.filter ?? {}) : null}::jsonb, ${auth.id})
              returning id`,
        ),
      nameTaken,
    );
    await addMembers(tx, row!.id, body.devices ?? []);
    return row!.id;
  });
  return groupOf(db, auth, id);
}

export async function updateGroup(
  db: Db,
  auth: AuthUser,
  id: number,
  body: GroupUpdateBody,
): Promise<GroupRow> {
  const group = await recordOf(db, auth, id);
  if (body.filter && group.kind !== 'dynamic') throw fieldError('filter', GROUP_MESSAGES.filterOnDynamic);
  await checkFilter(db, group.organization_id, body.filter);
  await guardUnique(
    () =>
      db.execute(sql`
        update device_groups set updated_at = now()
          ${body.name === undefined ? sql`` : sql`, name = ${body.name}`}
          ${body.filter === undefined ? sql`` : sql`, filter = ${JSON.stringify(body.filter)}::jsonb`}
        where id = ${id}`),
    nameTaken,
  );
  return groupOf(db, auth, id);
}

export async function changeMembers(
  db: Db,
  auth: AuthUser,
  id: number,
  body: GroupMembersBody,
): Promise<GroupRow> {
  const group = await recordOf(db, auth, id);
  if (group.kind !== 'static') throw fieldError('add', GROUP_MESSAGES.devicesOnStatic);
  await checkDevices(db, group.organization_id, body.add ?? []);
  await db.transaction(async (tx) => {
    if (body.remove?.length)
      await tx.execute(sql`delete from device_group_members
        where group_id = ${id} and device_id = any(${sql.param(body.remove)}::int[])`);
    await addMembers(tx, id, body.add ?? []);
    await tx.execute(sql`update device_groups set updated_at = now() where id = ${id}`);
  });
  const row = await groupOf(db, auth, id);
  return row;
}

export async function deleteGroup(db: Db, auth: AuthUser, id: number): Promise<void> {
  const group = await recordOf(db, auth, id);
  if (group.schedules) throw new HttpError(409, GROUP_MESSAGES.inUse(Number(group.schedules)));
  try {
    await db.execute(sql`delete from device_groups where id = ${id}`);
  } catch (error) {
    // A schedule saved between the check and the delete: the foreign key refuses; still a 409.
    const fresh = await recordOf(db, auth, id).catch(() => null);
    if (fresh?.schedules) throw new HttpError(409, GROUP_MESSAGES.inUse(Number(fresh.schedules)));
    throw error;
  }
}

/** Devices as the group screens list them, from a (group_id, device_id, organization_id) selection. */
const DEVICE_ROWS = (members: SQL) => sql`
  select d.id, d.device_id, a.name as project, c.name as city, coalesce(l.status, 'Offline') as status
  from (${members}) m
  join rms_devices d on d.id = m.device_id
  left join activations a on a.device_id = d.id and a.is_active
  left join cities c on c.id = a.city_id
  left join device_live_state l on l.device_id = d.id`;

export async function groupDeviceList(db: Db, auth: AuthUser, id: number, query: PageParams) {
  await recordOf(db, auth, id);
  const { limit, offset } = pageWindow(query);
  const members = groupDevicesSql([id]);
  const [rows, [total]] = await Promise.all([
    rowsOf<GroupDevice>(
      db,
      sql`${DEVICE_ROWS(members)} order by d.device_id limit ${limit} offset ${offset}`,
    ),
    rowsOf<{ n: number }>(db, sql`select count(*)::int as n from (${members}) m`),
  ]);
  return pageOf(query, rows, Number(total?.n ?? 0));
}

export async function previewGroup(
  db: Db,
  auth: AuthUser,
  body: { organization?: number | undefined; filter: GroupFilter },
) {
  const organization = await actingOrganization(db, auth, body.organization);
  await checkFilter(db, organization, body.filter);
  const members = filterDevicesSql(organization, body.filter);
  const [rows, [total]] = await Promise.all([
    rowsOf<GroupDevice>(db, sql`${DEVICE_ROWS(members)} order by d.device_id limit ${GROUP_PREVIEW_DEVICES}`),
    rowsOf<{ n: number }>(db, sql`select count(*)::int as n from (${members}) m`),
  ]);
  return { count: Number(total?.n ?? 0), devices: rows };
}

/**
 * Devices to pick from: the acting organization's active devices (the provider's: any) matching
 * `query` by RMS ID or project, `first` (a device picked already) ahead of the rest so a picker can
 * name it whatever the search. A static group's candidates, and the profile preview's devices.
 */
export async function deviceCandidates(
  db: Db,
  auth: AuthUser,
  query: { organization?: number | undefined; query?: string | undefined; first?: number | undefined },
) {
  const organization = await actingOrganization(db, auth, query.organization);
  const pattern = query.query ? containsPattern(query.query) : null;
  return rowsOf<GroupDevice>(
    db,
    sql`select d.id, d.device_id, a.name as project, c.name as city, coalesce(l.status, 'Offline') as status
        from rms_devices d join organizations o on o.id = ${organization}
        left join activations a on a.device_id = d.id and a.is_active
        left join cities c on c.id = a.city_id
        left join device_live_state l on l.device_id = d.id
        where d.is_active and (o.is_provider or d.organization_id = o.id)
          ${pattern ? sql`and (d.device_id ilike ${pattern} or a.name ilike ${pattern})` : sql``}
        order by ${query.first === undefined ? sql`` : sql`(d.id = ${query.first}) desc,`} d.device_id
        limit ${GROUP_CANDIDATES_MAX}`,
  );
}
