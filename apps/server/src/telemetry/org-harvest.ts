import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '../db/client';

// The fleet harvest rollup (org_daily_harvest): the harvest of every device-day summed per organization
// (the device's current one, as the fleet harvest has always answered), day and shard, so a year of a
// fleet reads ~365 rows per organization instead of every device-day. It is kept in the transactions
// that change what it sums:
// - the ingest adds each device-day's change (harvest.ts), after share-locking the devices' rows;
// - a reassignment (assignments) updates the devices' rows, which waits for those share locks, then
//   moves the devices' days from the old organization to the new one.
// The lock orders the two: an ingest that commits first is seen whole by the move; one that waits
// reads the new organization once the reassignment has committed. The ingest locks its devices before
// it touches a rollup row, so neither can hold a rollup row while waiting for the other's device.
// Sums are whole mWh (bigint): adding and moving integers is exact, so the rollup always equals the
// device-days summed again, whatever the order of writes. Deleting a device is soft: its days stay
// counted, as they were before the rollup.

/**
 * Rows per organization and day: the ingest's writers own the devices by id modulo their number (4 on
 * PostgreSQL, services.ts: INGEST_WORKERS threads with a share each, or one each from 4 threads on),
 * so with any writer count dividing this one no two writers ever update the same row. Another count
 * stays correct (rows are only summed); it only makes writers wait for each other's rows.
 */
export const HARVEST_SHARDS = 16;

/** A harvest in Wh as whole mWh: the one rounding every writer and reader of the rollup uses. */
export const milliWh = (wh: SQL) => sql`round((${wh}) * 1000)::bigint`;

export interface HarvestChange {
  deviceId: number;
  day: string;
  /** The device-day's harvest before the change (0 for a new day) and after, in Wh. */
  beforeWh: number;
  afterWh: number;
}

/** Adds the device-days' changes to their organizations' rows (inside the ingest's transaction). */
export async function addToOrgHarvest(db: Db, changes: readonly HarvestChange[]): Promise<void> {
  const changed = changes.filter((c) => c.afterWh !== c.beforeWh);
  if (changed.length === 0) return;
  const ids = [...new Set(changed.map((c) => c.deviceId))].sort((a, b) => a - b);
  // Waits for a reassignment of these devices under way, and holds it off until this commits.
  await db.execute(
    sql`select id from rms_devices where id = any(${sql.param(ids)}::int[]) order by id for share`,
  );
  await db.execute(sql`
    insert into org_daily_harvest (organization_id, day, shard, harvest_mwh)
    select d.organization_id, c.day, c.device_id % ${HARVEST_SHARDS},
           sum(${milliWh(sql`c.after_wh`)} - ${milliWh(sql`c.before_wh`)})
    from unnest(
      ${sql.param(changed.map((c) => c.deviceId))}::int[], ${sql.param(changed.map((c) => c.day))}::date[],
      ${sql.param(changed.map((c) => c.beforeWh))}::float8[],
      ${sql.param(changed.map((c) => c.afterWh))}::float8[]) as c(device_id, day, before_wh, after_wh)
    join rms_devices d on d.id = c.device_id
    group by 1, 2, 3
    order by 1, 2, 3
    on conflict (organization_id, day, shard) do update
      set harvest_mwh = org_daily_harvest.harvest_mwh + excluded.harvest_mwh`);
}

/**
 * Moves the devices' days from `fromOrganization` to each device's new organization. Call it in the
 * reassignment's transaction after the devices' rows were updated (their row locks order it with the
 * ingest, see above).
 */
export async function moveOrgHarvest(
  db: Db,
  fromOrganization: number,
  moves: readonly { deviceId: number; toOrganization: number }[],
): Promise<void> {
  if (moves.length === 0) return;
  await db.execute(sql`
    with m as (
      select * from unnest(${sql.param(moves.map((m) => m.deviceId))}::int[],
                           ${sql.param(moves.map((m) => m.toOrganization))}::int[]) as m(device_id, to_org)),
    d as (
      select m.to_org, h.day, h.device_id % ${HARVEST_SHARDS} as shard, ${milliWh(sql`h.harvest_wh`)} as mwh
      from daily_harvest h join m on m.device_id = h.device_id),
    change as (
      select ${fromOrganization}::int as organization_id, day, shard, -mwh as mwh from d
      union all
      select to_org, day, shard, mwh from d)
    insert into org_daily_harvest (organization_id, day, shard, harvest_mwh)
    select organization_id, day, shard, sum(mwh) from change
    group by 1, 2, 3
    order by 1, 2, 3
    on conflict (organization_id, day, shard) do update
      set harvest_mwh = org_daily_harvest.harvest_mwh + excluded.harvest_mwh`);
}
