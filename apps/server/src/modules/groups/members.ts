import { sql, type SQL } from 'drizzle-orm';
import type { GroupFilter } from '@rms/contracts/lighting';
import type { Db } from '../../db/client';
import { rowsOf } from '../../db/rows';

// Which devices a group holds now (docs/lighting.md). A group belongs to an organization and only ever
// holds that organization's active devices (the provider's groups: any organization's); a static group
// lists devices, a dynamic one selects active activations by its filter. A device that moves to another
// organization, or is deactivated, leaves the group by itself: membership is computed, never copied.
//
// One statement for any number of groups, so schedules, bulk actions and reports resolve their groups
// together.

export interface GroupMember {
  groupId: number;
  deviceId: number;
  organizationId: number;
}

/** The SQL selecting (group_id, device_id, organization_id) of `groupIds`' devices. */
export function groupDevicesSql(groupIds: readonly number[]): SQL {
  const ids = sql`${sql.param(groupIds)}::int[]`;
  return membersOf(sql`
      select g.id, g.kind, g.filter, g.organization_id, o.is_provider
      from device_groups g join organizations o on o.id = g.organization_id
      where g.id = any(${ids})`);
}

/** What an unsaved dynamic group of `organizationId` would hold (group_id 0), for the form's preview. */
export function filterDevicesSql(organizationId: number, filter: GroupFilter): SQL {
  return membersOf(sql`
      select 0 as id, 'dynamic'::text as kind, ${JSON.stringify(filter)}::jsonb as filter,
        o.id as organization_id, o.is_provider
      from organizations o where o.id = ${organizationId}`);
}

/** The members of the groups `groups` selects (id, kind, filter, organization_id, is_provider). */
function membersOf(groups: SQL): SQL {
  return sql`
    with g as (${groups})
    select m.group_id, d.id as device_id, d.organization_id
    from g
    join device_group_members m on m.group_id = g.id
    join rms_devices d on d.id = m.device_id and d.is_active
    where g.kind = 'static' and (g.is_provider or d.organization_id = g.organization_id)
    union all
    select g.id as group_id, d.id as device_id, d.organization_id
    from g
    join activations a on a.is_active and a.device_id is not null
    join rms_devices d on d.id = a.device_id and d.is_active
    left join device_live_state l on l.device_id = d.id
    where g.kind = 'dynamic'
      and (g.is_provider or d.organization_id = g.organization_id)
      and (g.filter->>'organization' is null or d.organization_id = (g.filter->>'organization')::int)
      and (g.filter->>'project' is null or a.name = g.filter->>'project')
      and (g.filter->>'state' is null or a.state_id = (g.filter->>'state')::int)
      and (g.filter->>'city' is null or a.city_id = (g.filter->>'city')::int)
      and (g.filter->>'tag' is null or a.tags @> array[g.filter->>'tag'])
      and (g.filter->>'status' is null or coalesce(l.status, 'Offline') = g.filter->>'status')`;
}

/** The devices of `groupIds` now, a device once per group. */
export async function groupDevices(db: Db, groupIds: readonly number[]): Promise<GroupMember[]> {
  if (groupIds.length === 0) return [];
  const rows = await rowsOf<{ group_id: number; device_id: number; organization_id: number }>(
    db,
    groupDevicesSql(groupIds),
  );
  return rows.map((r) => ({ groupId: r.group_id, deviceId: r.device_id, organizationId: r.organization_id }));
}
