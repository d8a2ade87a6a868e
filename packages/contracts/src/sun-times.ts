// Sunrise and sunset only, computed exactly as suncalc 2.0's getTimes computes them (its Meeus
// formulas, the same floating-point operations in the same order, so the same milliseconds).
//
// Why not getTimes itself: it solves six pairs of altitudes (twilights, golden hour) and makes a Date
// for each, about 27 evaluations of the Sun's coordinates, of which sunrise and sunset need 7. Planning
// 10,000 devices × 8 noons spent most of its time there. The transit (4 of the 7) depends on the
// longitude alone, so devices on one meridian share it exactly; no place is rounded, since any grid
// moves some sunset across a minute boundary. sun-times.test.ts compares every answer with getTimes,
// bit for bit, over many places and dates: a suncalc upgrade that changes its formulas fails there.

const { PI, sin, cos, asin, atan2, acos, abs, round } = Math;
const rad = PI / 180;
const dayMs = 1000 * 60 * 60 * 24;
const J1970 = 2440588;
const J2000 = 2451545;
const J0 = 0.0009;
/** Sunrise and sunset are when the Sun's upper limb touches the horizon, refraction included. */
const H0 = -0.833 * rad;

// ΔT = TT − UT in seconds (suncalc's deltaT).
function deltaT(d: number): number {
  const y = 2000 + d / 365.2425;
  let t: number;
  if (y < 1920) {
    t = y - 1900;
    return -2.79 + t * (1.494119 + t * (-0.0598939 + t * (0.0061966 - t * 0.000197)));
  }
  if (y < 1941) {
    t = y - 1920;
    return 21.2 + t * (0.84493 + t * (-0.0761 + t * 0.0020936));
  }
  if (y < 1961) {
    t = y - 1950;
    return 29.07 + t * (0.407 + t * (-1 / 233 + t / 2547));
  }
  if (y < 1986) {
    t = y - 1975;
    return 45.45 + t * (1.067 + t * (-1 / 260 - t / 718));
  }
  if (y < 2005) {
    t = y - 2000;
    return 63.86 + t * (0.3345 + t * (-0.060374 + t * (0.0017275 + t * (0.000651814 + t * 0.00002373599))));
  }
  if (y < 2050) {
    t = y - 2000;
    return 62.92 + t * (0.32217 + t * 0.005589);
  }
  t = (y - 1820) / 100;
  return -20 + 32 * t * t - 0.5628 * (2150 - y);
}

const toDaysTT = (d: number) => d + deltaT(d) / 86400;
const siderealTime = (d: number, lw: number) => rad * (280.46061837 + 360.98564736629 * d) - lw;
const altitude = (H: number, phi: number, dec: number) =>
  asin(sin(phi) * sin(dec) + cos(phi) * cos(dec) * cos(H));
const wrapPi = (a: number) => a - 2 * PI * round(a / (2 * PI));

// The Sun's apparent right ascension and declination (suncalc's sunCoords), written to these two
// instead of a new object per call.
let ra = 0;
let dec = 0;
function sunCoords(d: number): void {
  const t = d / 36525;
  const L0 = rad * (280.46646 + t * (36000.76983 + t * 0.0003032));
  const M = rad * (357.52911 + t * (35999.05029 - t * 0.0001537));
  const sinM = sin(M);
  const cosM = cos(M);
  const C =
    rad *
    ((1.914602 - t * (0.004817 + t * 0.000014)) * sinM +
      (0.019993 - 0.000101 * t) * 2 * sinM * cosM +
      0.000289 * sinM * (3 - 4 * sinM * sinM));
  const Om = rad * (125.04 - 1934.136 * t);
  const L = L0 + C - rad * (0.00569 + 0.00478 * sin(Om));
  const e =
    rad * (23.439291 - t * (0.0130042 + t * (0.00000016 - t * 0.000000504))) + rad * 0.00256 * cos(Om);
  ra = atan2(cos(e) * sin(L), cos(L));
  dec = asin(sin(e) * sin(L));
}

function setJ(dt: number, sign: number, lw: number, phi: number, decT: number): number {
  const cosH0 = (sin(H0) - sin(phi) * sin(decT)) / (cos(phi) * cos(decT));
  if (cosH0 < -1 || cosH0 > 1) return NaN;
  let d = dt + (sign * acos(cosH0)) / (2 * PI);
  for (let i = 0; i < 2; i++) {
    sunCoords(toDaysTT(d));
    const H = wrapPi(siderealTime(d, lw) - ra);
    const h = altitude(H, phi, dec);
    const sinH = cos(phi) * cos(dec) * sin(H);
    if (abs(sinH) < 1e-6) break;
    d += (h - H0) / (2 * PI * sinH);
  }
  return d;
}

/** A Julian day offset as suncalc's Date holds it: whole milliseconds, truncated. */
const instant = (j: number) => Math.trunc((j + J2000 + 0.5 - J1970) * dayMs);

export interface SunTimes {
  /** Sunrise and sunset in ms since the epoch; NaN when the Sun does not cross the horizon that day. */
  sunrise: number;
  sunset: number;
  /** Without a sunrise: whether the Sun stays up all day (else it stays down). */
  alwaysUp: boolean;
}

/**
 * Transits by longitude, then day (numbers as keys: no string made per call). Bounded: cleared when
 * it holds many meridians.
 */
const transits = new Map<number, Map<number, { dt: number; dec: number }>>();

function transit(day: number, lw: number, lon: number): { dt: number; dec: number } {
  let days = transits.get(lon);
  if (!days) {
    if (transits.size >= 5_000) transits.clear();
    days = new Map();
    transits.set(lon, days);
  }
  let found = days.get(day);
  if (!found) {
    if (days.size >= 400) days.clear();
    let dt = day + J0 + lw / (2 * PI);
    for (let i = 0; i < 3; i++) {
      sunCoords(toDaysTT(dt));
      dt -= wrapPi(siderealTime(dt, lw) - ra) / (2 * PI);
    }
    sunCoords(toDaysTT(dt));
    found = { dt, dec };
    days.set(day, found);
  }
  return found;
}

/** Sunrise and sunset on the UTC solar day of `at` (ms) at `lat`, `lon` (suncalc's getTimes). */
export function sunTimes(at: number, lat: number, lon: number): SunTimes {
  const lw = rad * -lon;
  const phi = rad * lat;
  const day = round(at / dayMs - 0.5 + J1970 - J2000 - J0 - lw / (2 * PI));
  const { dt, dec: decT } = transit(day, lw, lon);
  const rise = setJ(dt, -1, lw, phi, decT);
  const set = setJ(dt, 1, lw, phi, decT);
  return {
    sunrise: Number.isNaN(rise) ? NaN : instant(rise),
    sunset: Number.isNaN(set) ? NaN : instant(set),
    alwaysUp: Number.isNaN(rise) && altitude(0, phi, decT) > H0,
  };
}
