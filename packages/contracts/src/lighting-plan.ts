import type { PlanNight, ProfileStep } from './lighting';
import { sunTimes, type SunTimes } from './sun-times';

// A dimming profile made concrete for one place and night (docs/lighting.md). Shared by the server
// (what each device is sent, the energy report's plan) and the console (the preview), so both draw the
// same night.
//
// Dusk is sunset and dawn the next sunrise at the device's own latitude and longitude (suncalc's, as
// sun-times.ts computes them): the moments a panel's voltage crosses solar_down / solar_up are within
// minutes of them. A night belongs to the local date of its evening. A clock time from 12:00 is on that evening, one before 12:00 on the
// next morning. Steps before dusk start at dusk, steps from dawn on are dropped, and every night ends
// with the light off at dawn. Times are whole minutes, as the device's timers are.

const MINUTE = 60_000;
const offsetFormats = new Map<string, Intl.DateTimeFormat>();

/** The zone's offset from UTC at `instant`, in ms. */
function zoneOffset(zone: string, instant: number): number {
  let format = offsetFormats.get(zone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-US', {
      timeZone: zone,
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric',
    });
    offsetFormats.set(zone, format);
  }
  const p = Object.fromEntries(format.formatToParts(new Date(instant)).map((x) => [x.type, x.value]));
  const asUtc = Date.UTC(+p.year!, +p.month! - 1, +p.day!, +p.hour!, +p.minute!, +p.second!);
  return asUtc - Math.floor(instant / 1000) * 1000;
}

/** Instants by zone, day and time of day (nested: no key string made per call). */
const instants = new Map<string, Map<string, Map<string, number>>>();
let instantCount = 0;

/** The instant of local `day` (YYYY-MM-DD) at `hhmm` in `zone`. */
export function zonedInstant(zone: string, day: string, hhmm: string): number {
  // Planning thousands of devices asks for the same few instants again and again: Intl's formatting
  // is by far the dearest part of a night's plan, so its answers are kept (a bounded memo).
  let days = instants.get(zone);
  if (!days) instants.set(zone, (days = new Map()));
  let times = days.get(day);
  if (!times) days.set(day, (times = new Map()));
  let instant = times.get(hhmm);
  if (instant === undefined) {
    if (instantCount >= 10_000) {
      instants.clear();
      instantCount = 0;
      return zonedInstant(zone, day, hhmm);
    }
    instant = computeInstant(zone, day, hhmm);
    times.set(hhmm, instant);
    instantCount++;
  }
  return instant;
}

function computeInstant(zone: string, day: string, hhmm: string): number {
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  const [hh, mm] = hhmm.split(':').map(Number) as [number, number];
  const guess = Date.UTC(y, m - 1, d, hh, mm);
  const first = guess - zoneOffset(zone, guess);
  return guess - zoneOffset(zone, first);
}

const nextDays = new Map<string, string>();

/** The day after `day`; remembered, since every night of every device asks for it several times. */
function nextDay(day: string): string {
  let next = nextDays.get(day);
  if (next === undefined) {
    const [y, m, d] = day.split('-').map(Number) as [number, number, number];
    next = new Date(Date.UTC(y, m - 1, d + 1)).toISOString().slice(0, 10);
    if (nextDays.size >= 10_000) nextDays.clear();
    nextDays.set(day, next);
  }
  return next;
}

const floorMinute = (t: number) => Math.floor(t / MINUTE) * MINUTE;

export interface Place {
  lat: number;
  lon: number;
}

export interface DuskDawn {
  dusk: number;
  dawn: number;
}

let lastSun: { at: number; lat: number; lon: number; times: SunTimes } | null = null;

/**
 * Sunrise and sunset on the day of noon `at`. A night's morning is the next night's evening: planning
 * one place's nights in order asks for each noon twice in a row, so the last answer is kept.
 */
function sunAt(at: number, place: Place): SunTimes {
  if (lastSun && lastSun.at === at && lastSun.lat === place.lat && lastSun.lon === place.lon)
    return lastSun.times;
  const times = sunTimes(at, place.lat, place.lon);
  lastSun = { at, lat: place.lat, lon: place.lon, times };
  return times;
}

/** Dusk on the evening of local `day` and dawn the next morning, at `place`. */
export function duskDawn(place: Place, day: string, zone: string): DuskDawn {
  const noon = zonedInstant(zone, day, '12:00');
  const nextNoon = zonedInstant(zone, nextDay(day), '12:00');
  const evening = sunAt(noon, place);
  const morning = sunAt(nextNoon, place);
  // Polar night: dark from noon to noon; polar day: no night (dusk = dawn).
  const dusk = Number.isNaN(evening.sunset) ? noon : evening.sunset;
  const dawn = Number.isNaN(morning.sunrise) ? (morning.alwaysUp ? dusk : nextNoon) : morning.sunrise;
  return { dusk: floorMinute(dusk), dawn: floorMinute(Math.max(dusk, dawn)) };
}

/** `steps` on the night of `day` at `place`: brightness `level` from `at` until the next step. */
export function nightPlan(
  steps: readonly ProfileStep[],
  place: Place,
  day: string,
  zone: string,
): PlanNight & DuskDawn {
  const { dusk, dawn } = duskDawn(place, day, zone);
  const timed = steps
    .map((s, i) => {
      const at =
        s.anchor === 'dusk'
          ? dusk + s.offset_min * MINUTE
          : s.anchor === 'dawn'
            ? dawn + s.offset_min * MINUTE
            : zonedInstant(zone, (s.at ?? '00:00') >= '12:00' ? day : nextDay(day), s.at ?? '00:00');
      return { at: floorMinute(at), level: s.level, i };
    })
    .sort((a, b) => a.at - b.at || a.i - b.i);
  const out: PlanNight['steps'] = [{ at: dusk, level: 0 }];
  for (const s of timed) {
    if (s.at >= dawn) break;
    const at = Math.max(s.at, dusk);
    const last = out[out.length - 1]!;
    if (last.at === at) last.level = s.level;
    else out.push({ at, level: s.level });
  }
  out.push({ at: dawn, level: 0 });
  // Neighbours at one level are one step; the dawn step always stays, so every night's plan spans dusk
  // to dawn (a device knows the night is planned to its end, even when the light is off before it).
  const last = out.length - 1;
  const merged = out.filter((s, i) => i === 0 || i === last || s.level !== out[i - 1]!.level);
  return { date: day, dusk, dawn, steps: dawn > dusk ? merged : [] };
}

/** The brightness the night plans at instant `t` (0 outside it). */
export function levelAt(night: PlanNight, t: number): number {
  let level = 0;
  for (const s of night.steps) {
    if (s.at > t) break;
    level = s.level;
  }
  return level;
}

/** Minutes the light is on (level above 0) and its energy at `loadWatt` full power, in Wh. */
export function nightUse(night: PlanNight, loadWatt: number): { litMinutes: number; energyWh: number } {
  let litMinutes = 0;
  let energyWh = 0;
  night.steps.forEach((s, i) => {
    const next = night.steps[i + 1];
    if (!next || s.level === 0) return;
    const minutes = (next.at - s.at) / MINUTE;
    litMinutes += minutes;
    energyWh += (loadWatt * s.level * minutes) / 100 / 60;
  });
  return { litMinutes, energyWh };
}
