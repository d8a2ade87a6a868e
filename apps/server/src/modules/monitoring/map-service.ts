import { and, eq, isNotNull, sql, type SQL } from 'drizzle-orm';
import { MAP_DEFAULT_CENTER, mapQuery, type MapQuery } from '@rms/contracts/monitoring';
import type { AuthUser } from '../../auth/access';
import type { Db } from '../../db/client';
import { rowsOf } from '../../db/rows';
import { activations } from '../../db/schema/activations';
import { mapVersionShards } from '../../db/schema/monitoring';
import { poles, rmsDevices, stlts } from '../../db/schema/inventory';
import { deviceLiveState as live } from '../../db/schema/telemetry';
import { activationWhere } from '../activations';

// The map (spec 02 §2 "/map-view", §3 "Map marker"): every activated device with coordinates that the
// caller sees and the activation filters keep. The database builds the whole answer (`mapResponse`) as
// JSON text in one query — markers, their mean as the centre — so 100,000 markers cost JavaScript
// nothing per row: no row objects, no validation pass, no stringify. Rows become markers with json_agg
// (about three times faster than json_build_object per row with to_char dates); last_add_on is then
// the database's ISO 8601 form with an offset. Coordinates are rounded to 6 decimals (about 0.1 m).

export interface MapTiles {
  url: string;
  attribution: string;
}

/** The map's answer, already serialized (it matches the contract's `mapResponse`). */
export async function mapJson(db: Db, auth: AuthUser, q: MapQuery, tiles: MapTiles): Promise<string> {
  const [row] = await rowsOf<{ body: string }>(db, mapSql(db, auth, q, tiles));
  return row!.body;
}

/** The one statement answering the map, with the body as `body`. */
export function mapSql(db: Db, auth: AuthUser, q: MapQuery, tiles: MapTiles): SQL {
  const markers = markersOf(db, auth, q);
  return sql`select json_build_object(
      'data', coalesce(json_agg(m), '[]'::json),
      'extra_data', ${extraData(tiles)}
    )::text as body
    from ${markers}`;
}

const extraData = (tiles: MapTiles) => sql`json_build_object(
        'center_latitude', coalesce(avg(m.lat), ${MAP_DEFAULT_CENTER.latitude}::float8),
        'center_longitude', coalesce(avg(m.lon), ${MAP_DEFAULT_CENTER.longitude}::float8),
        'tile_url', ${tiles.url}::text,
        'tile_attribution', ${tiles.attribution}::text)`;

/**
 * The console's map as columns (compactMap): ids, positions and status indexes (MAP_STATUSES order),
 * ordered by device so equal fleets give equal bodies.
 */
export async function compactMapJson(db: Db, auth: AuthUser, q: MapQuery, tiles: MapTiles): Promise<string> {
  const m = markersOf(db, auth, q);
  const status = sql`case m.status when 'Online' then 0 when 'Offline' then 1 else 2 end`;
  const [row] = await rowsOf<{ body: string }>(
    db,
    sql`select json_build_object(
      'device', coalesce(json_agg(m.device order by m.device), '[]'::json),
      'lat', coalesce(json_agg(m.lat order by m.device), '[]'::json),
      'lon', coalesce(json_agg(m.lon order by m.device), '[]'::json),
      'status', coalesce(json_agg(${status} order by m.device), '[]'::json),
      'extra_data', ${extraData(tiles)}
    )::text as body
    from ${m}`,
  );
  return row!.body;
}

/** One device's marker, if the caller sees it on the map; null otherwise. */
export async function mapMarkerJson(db: Db, auth: AuthUser, device: number): Promise<string | null> {
  const m = markersOf(db, auth, mapQuery.parse({}), eq(activations.deviceId, device));
  const [row] = await rowsOf<{ body: string }>(db, sql`select row_to_json(m)::text as body from ${m}`);
  return row?.body ?? null;
}

/**
 * What the compact map is made of, as one short text: the count of committed changes to each device's
 * status and to the activations and the inventory they join (a move to another organization, a new
 * position, a renamed pole a search may match), kept by the writes themselves (triggers, migration
 * 0036). Equal versions mean equal maps for every caller and filter, so the ETag is this with the
 * caller's scope and query (map-bodies.ts). Sixteen small rows: it costs the same at any fleet size.
 * `db` may be a transaction: the kept map reads it in the snapshot its body is built in.
 */
export async function mapVersion(db: Db): Promise<string> {
  const [row] = await db
    .select({ v: sql<string>`sum(${mapVersionShards.changes})::text` })
    .from(mapVersionShards);
  return row?.v ?? '0';
}

/** The markers the caller sees with these filters, as the subquery `m` (column names are the keys). */
function markersOf(db: Db, auth: AuthUser, q: MapQuery, also?: SQL) {
  // Column names are the marker's keys: json_agg turns each row into one marker.
  return db
    .select({
      lat: sql<number>`round(${activations.latitude} * 1e6) / 1e6`.as('lat'),
      lon: sql<number>`round(${activations.longitude} * 1e6) / 1e6`.as('lon'),
      RMS_ID: sql<string>`${rmsDevices.code}`.as('RMS_ID'),
      gsm_sig: sql<number | null>`(${live.sample} ->> 'gsm_sig')::float8`.as('gsm_sig'),
      status: sql<string>`coalesce(${live.status}, 'Offline')`.as('status'),
      last_add_on: sql<Date | null>`${live.lastTs}`.as('last_add_on'),
      device: sql<number>`${activations.deviceId}`.as('device'),
    })
    .from(activations)
    .innerJoin(rmsDevices, eq(rmsDevices.id, activations.deviceId))
    .leftJoin(stlts, eq(stlts.id, activations.stltId))
    .leftJoin(poles, eq(poles.id, activations.poleId))
    .leftJoin(live, eq(live.deviceId, activations.deviceId))
    .where(
      and(activationWhere(auth, q), isNotNull(activations.latitude), isNotNull(activations.longitude), also),
    )
    .as('m');
}
