import { sql } from 'drizzle-orm';
import type { ProfileStep } from '@rms/contracts/lighting';
import { levelAt, nightPlan, nightUse, type Place } from '@rms/contracts/lighting-plan';
import { PARAMETER_DEFAULTS } from '@rms/contracts/parameters';
import { PREVIEW_SERIES_MINUTES, PROFILE_MESSAGES, type ProfilePreview } from '@rms/contracts/profiles';
import type { AuthUser } from '../../auth/access';
import { today } from '../../calendar';
import type { Db } from '../../db/client';
import { deviceCandidates } from '../groups';
import { rowsOf } from '../../db/rows';
import { fieldError, notFound } from '../../errors';

// The preview (docs/dimming-profiles.md): steps, saved or not, made concrete for one night at a place
// with the same nightPlan/nightUse the delivery and the energy report use, so what the console draws is
// what a device will be sent and what the report will count.

const MINUTE = 60_000;

interface PreviewInput {
  steps: ProfileStep[];
  date?: string | undefined;
  device?: number | undefined;
  lat?: number | undefined;
  lon?: number | undefined;
  watts?: number | undefined;
}

interface DevicePlace {
  place: Place & { source: 'device' | 'city' };
  watts: number | null;
}

/**
 * A device the caller sees: where it stands (its active activation's coordinates, else the mean of its
 * city's located activations: the cities list has no coordinates of its own) and its lamp power (the
 * newest load_regulation setting).
 */
async function devicePlace(db: Db, auth: AuthUser, device: number): Promise<DevicePlace> {
  const [row] = await rowsOf<{
    lat: number | null;
    lon: number | null;
    city_lat: number | null;
    city_lon: number | null;
    watts: number | string | null;
  }>(
    db,
    sql`
      select a.latitude as lat, a.longitude as lon,
        (select avg(c.latitude) from activations c
          where c.city_id = a.city_id and c.is_active and c.latitude is not null and c.longitude is not null) as city_lat,
        (select avg(c.longitude) from activations c
          where c.city_id = a.city_id and c.is_active and c.latitude is not null and c.longitude is not null) as city_lon,
        (select p.values->>'load_regulation' from device_parameters p
          where p.device_id = d.id order by p.version desc limit 1) as watts
      from rms_devices d
      left join activations a on a.device_id = d.id and a.is_active
      where d.id = ${device} and d.is_active
        ${auth.isProvider ? sql`` : sql`and d.organization_id = ${auth.organizationId}`}`,
  );
  if (!row) throw notFound(PROFILE_MESSAGES.deviceNotFound);
  const watts = row.watts === null ? null : Number(row.watts);
  const known = watts !== null && Number.isFinite(watts) && watts > 0 ? watts : null;
  if (row.lat !== null && row.lon !== null)
    return { place: { lat: row.lat, lon: row.lon, source: 'device' }, watts: known };
  if (row.city_lat !== null && row.city_lon !== null)
    return { place: { lat: Number(row.city_lat), lon: Number(row.city_lon), source: 'city' }, watts: known };
  throw fieldError('device', PROFILE_MESSAGES.deviceNoPlace);
}

const round = (v: number, places = 1) => Math.round(v * 10 ** places) / 10 ** places;

export async function previewProfile(
  db: Db,
  auth: AuthUser,
  timeZone: string,
  input: PreviewInput,
): Promise<ProfilePreview> {
  const found = input.device === undefined ? null : await devicePlace(db, auth, input.device);
  const place = found?.place ?? { lat: input.lat!, lon: input.lon!, source: 'given' as const };
  const day = input.date ?? today(timeZone);
  const watts = input.watts ?? found?.watts ?? PARAMETER_DEFAULTS.load_regulation;
  const wattsSource = input.watts !== undefined ? 'given' : found?.watts != null ? 'device' : 'default';

  const night = nightPlan(input.steps, place, day, timeZone);
  const use = nightUse(night, watts);
  const nightMinutes = (night.dawn - night.dusk) / MINUTE;
  const full = nightUse(
    {
      date: day,
      steps:
        nightMinutes > 0
          ? [
              { at: night.dusk, level: 100 },
              { at: night.dawn, level: 0 },
            ]
          : [],
    },
    watts,
  );

  // Dusk, every round PREVIEW_SERIES_MINUTES, each step's start and dawn (the chart draws steps).
  const every = PREVIEW_SERIES_MINUTES * MINUTE;
  const times = new Set<number>([night.dusk]);
  for (let t = Math.ceil(night.dusk / every) * every; t <= night.dawn; t += every) times.add(t);
  for (const s of night.steps) times.add(s.at);
  times.add(night.dawn);
  const series = [...times].sort((a, b) => a - b).map((at) => ({ at, level: levelAt(night, at) }));

  return {
    date: day,
    place: { lat: place.lat, lon: place.lon, source: place.source },
    dusk: night.dusk,
    dawn: night.dawn,
    night_plan: night.steps,
    series,
    lit_minutes: use.litMinutes,
    night_minutes: nightMinutes,
    watts,
    watts_source: wattsSource,
    energy_wh: round(use.energyWh),
    full_night_wh: round(full.energyWh),
    saving_percent: full.energyWh > 0 ? round(100 * (1 - use.energyWh / full.energyWh)) : 0,
  };
}

/** The caller's active devices by RMS ID or project, for the preview's picker. */
/** The preview's device picker: the caller's devices to pick from (the groups area's candidates). */
export async function profileDevices(
  db: Db,
  auth: AuthUser,
  query: { query?: string | undefined; id?: number | undefined },
) {
  const found = await deviceCandidates(db, auth, { query: query.query, first: query.id });
  return found.map(({ id, device_id, project }) => ({ id, device_id, project }));
}
