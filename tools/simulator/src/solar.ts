import { clamp, hash01 } from './random';

// The sun as a panel sees it: elevation from date, time and place (NOAA's low-precision formulas,
// good to a fraction of a degree), clear-sky irradiance on the ground, and day-to-day cloudiness.

const RAD = Math.PI / 180;
const DAY_MS = 86_400_000;

/** Sun elevation above the horizon in degrees (negative at night). */
export function sunElevation(epochMs: number, latitude: number, longitude: number): number {
  const d = new Date(epochMs);
  const yearStart = Date.UTC(d.getUTCFullYear(), 0, 1);
  const dayOfYear = Math.floor((epochMs - yearStart) / DAY_MS) + 1;
  const hour = (((epochMs % DAY_MS) + DAY_MS) % DAY_MS) / 3_600_000;
  const g = ((2 * Math.PI) / 365) * (dayOfYear - 1 + (hour - 12) / 24);
  const eqTime =
    229.18 *
    (0.000075 +
      0.001868 * Math.cos(g) -
      0.032077 * Math.sin(g) -
      0.014615 * Math.cos(2 * g) -
      0.040849 * Math.sin(2 * g));
  const decl =
    0.006918 -
    0.399912 * Math.cos(g) +
    0.070257 * Math.sin(g) -
    0.006758 * Math.cos(2 * g) +
    0.000907 * Math.sin(2 * g) -
    0.002697 * Math.cos(3 * g) +
    0.00148 * Math.sin(3 * g);
  const utcMinutes = (((epochMs % DAY_MS) + DAY_MS) % DAY_MS) / 60_000;
  const solarMinutes = utcMinutes + eqTime + 4 * longitude;
  const hourAngle = (solarMinutes / 4 - 180) * RAD;
  const lat = latitude * RAD;
  const cosZenith = Math.sin(lat) * Math.sin(decl) + Math.cos(lat) * Math.cos(decl) * Math.cos(hourAngle);
  return 90 - Math.acos(clamp(cosZenith, -1, 1)) / RAD;
}

/** Clear-sky global horizontal irradiance in W/m² (Haurwitz model). */
export function clearSkyIrradiance(elevationDeg: number): number {
  if (elevationDeg <= 0) return 0;
  const s = Math.sin(elevationDeg * RAD);
  return 1098 * s * Math.exp(-0.057 / s);
}

/**
 * The share of clear-sky light that gets through on a day, 0.15–1: the same weather over the whole
 * fleet (a city shares its sky) with a little local variation, mostly clear with some hazy and a few
 * overcast days.
 */
export function daylightFactor(seed: number, epochMs: number, local = 0): number {
  const day = Math.floor(epochMs / DAY_MS);
  const u = hash01(seed, day);
  const sky = u < 0.08 ? 0.15 + u * 3 : u < 0.3 ? 0.55 + u : 0.85 + 0.15 * hash01(seed, day, 7);
  // Clouds pass during the day: a slow wobble of ±10 % on partly cloudy days.
  const hour = (epochMs % DAY_MS) / 3_600_000;
  const wobble = sky < 0.85 ? 0.1 * Math.sin(hour * 2.1 + u * 20) : 0;
  return clamp(sky + wobble + (local - 0.5) * 0.06, 0.1, 1);
}

/** Panel-plane irradiance (W/m²) for a device at a place and time. */
export function irradiance(
  epochMs: number,
  latitude: number,
  longitude: number,
  weatherSeed: number,
  local = 0.5,
) {
  const elevation = sunElevation(epochMs, latitude, longitude);
  // A panel tilted towards the equator catches more than the horizontal at low sun.
  const tiltGain = elevation > 0 ? 1 + 0.25 * Math.cos(elevation * RAD) : 0;
  const ghi = clearSkyIrradiance(elevation) * tiltGain * daylightFactor(weatherSeed, epochMs, local);
  return { elevation, irradiance: Math.min(ghi, 1200) };
}
