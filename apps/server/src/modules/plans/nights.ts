import { hash } from 'node:crypto';
import {
  nightChoice,
  PLAN_NIGHTS,
  type NightChoice,
  type PlanNight,
  type ProfileStep,
  type ScheduleRule,
} from '@rms/contracts/lighting';
import { nightPlan, nightUse, type Place } from '@rms/contracts/lighting-plan';
import { today } from '../../calendar';

// What one device runs on the nights ahead (docs/schedule-delivery.md), computed in memory from the
// schedules covering it: pure functions, so replan and the tests share them.

const HOUR = 3_600_000;
const OFF: ProfileStep[] = [{ anchor: 'dusk', offset_min: 0, level: 0 }];

/**
 * The evenings a plan made at `now` covers: from the night under way (before noon it is still last
 * evening's night) for PLAN_NIGHTS nights.
 */
export function planDays(timeZone: string, now: Date): string[] {
  const first = today(timeZone, new Date(now.getTime() - 12 * HOUR));
  const [y, m, d] = first.split('-').map(Number) as [number, number, number];
  return Array.from({ length: PLAN_NIGHTS }, (_, i) =>
    new Date(Date.UTC(y, m - 1, d + i)).toISOString().slice(0, 10),
  );
}

export interface ComputedNight extends PlanNight {
  scheduleId: number;
  /** The profile run that night; null: lights off (an outage exception). */
  profileId: number | null;
  nightMinutes: number;
  plannedMinutes: number;
  plannedShare: number;
}

/**
 * The device's nights: for each day the winning schedule's profile at the device's place (an outage
 * exception: off all night). A day no schedule runs is left out: the device runs its own parameters.
 */
export function deviceNights(
  rules: readonly ScheduleRule[],
  profiles: ReadonlyMap<number, ProfileStep[]>,
  place: Place,
  days: readonly string[],
  timeZone: string,
  cache: Map<string, ComputedNight | null>,
  choices: Map<string, NightChoice | null> = new Map(),
): ComputedNight[] {
  const out: ComputedNight[] = [];
  // Devices of one group share their rules: the night's choice is made once per rule set and day.
  const ruleKey = rules.map((r) => r.id).join(',');
  // The place's part of the key, made once per device rather than once per night.
  const placeKey = `${place.lat}|${place.lon}|`;
  for (const day of days) {
    const choiceKey = `${ruleKey}|${day}`;
    let choice = choices.get(choiceKey);
    if (choice === undefined) {
      choice = nightChoice(rules, day);
      choices.set(choiceKey, choice);
    }
    if (!choice) continue;
    // Devices of one project share a place and a profile: one sun computation for all of them.
    const key = `${choice.profileId ?? 'off'}|${placeKey}${day}`;
    let night = cache.get(key);
    if (night === undefined) {
      const steps = choice.profileId === null ? OFF : profiles.get(choice.profileId);
      night = steps ? concrete(steps, place, day, timeZone, choice.scheduleId, choice.profileId) : null;
      cache.set(key, night);
    }
    if (night)
      out.push(night.scheduleId === choice.scheduleId ? night : { ...night, scheduleId: choice.scheduleId });
  }
  return out;
}

function concrete(
  steps: readonly ProfileStep[],
  place: Place,
  day: string,
  timeZone: string,
  scheduleId: number,
  profileId: number | null,
): ComputedNight {
  const plan = nightPlan(steps, place, day, timeZone);
  const nightMinutes = Math.round((plan.dawn - plan.dusk) / 60_000);
  const use = nightUse(plan, 100);
  // Built field by field (not `...rest`): tens of thousands are made per replan. The field order is
  // the one `wire` and the stored JSON have always had.
  return {
    date: plan.date,
    steps: plan.steps,
    scheduleId,
    profileId,
    nightMinutes,
    plannedMinutes: Math.round(use.litMinutes),
    plannedShare: nightMinutes > 0 ? Math.min(1, use.energyWh / ((100 * nightMinutes) / 60)) : 0,
  };
}

/** The nights as the device is sent them. */
export const wire = (nights: readonly PlanNight[]): PlanNight[] =>
  nights.map((n) => ({ date: n.date, steps: n.steps }));

/** A night as the device is sent it, in JSON (an element of `JSON.stringify(wire(nights))`). */
export const nightJson = (n: PlanNight): string => JSON.stringify({ date: n.date, steps: n.steps });

/**
 * `JSON.stringify(wire(nights))`, each night's JSON made once however many devices share it (a
 * ComputedNight is shared by the devices at one place: see deviceNights' cache).
 */
export function nightsJson(nights: readonly PlanNight[], made: Map<PlanNight, string>): string {
  let out = '[';
  for (let i = 0; i < nights.length; i++) {
    const n = nights[i]!;
    let json = made.get(n);
    if (json === undefined) {
      json = nightJson(n);
      made.set(n, json);
    }
    out += i === 0 ? json : `,${json}`;
  }
  return `${out}]`;
}

/** Names a plan's content (the payload's `plan`). */
export function planHash(nights: readonly PlanNight[]): string {
  return hashOfJson(JSON.stringify(wire(nights)));
}

/**
 * planHash of a plan whose JSON (`JSON.stringify(wire(nights))`) is already made. The one-shot `hash`
 * is createHash's digest without a Hash object per device.
 */
export const hashOfJson = (json: string): string => hash('sha256', json, 'hex').slice(0, 16);

/** The hash of a plan of no nights: the device runs its own parameters (no schedule covers it). */
export const EMPTY_PLAN_HASH = hashOfJson('[]');

/** A plan running on fewer nights than this (counting the one under way) is extended. */
export const MIN_NIGHTS_LEFT = 3;

export interface Stored {
  /** The stored plan's hash. */
  hash: string;
  /** Its nights, when it began before tonight (null: it covers only nights from tonight on). */
  nights: PlanNight[] | null;
  planUntil: string;
}

/**
 * Whether the device must be sent `fresh` (whose hash is `hash`): the nights both plans cover differ,
 * or the stored plan runs short of MIN_NIGHTS_LEFT nights while the device is still scheduled. Nights
 * the stored plan already passed do not count, so a plan does not change merely because a day went by.
 */
export function needsSending(
  fresh: readonly PlanNight[],
  hash: string,
  stored: Stored | undefined,
  days: readonly string[],
): boolean {
  if (!stored) return fresh.length > 0;
  const first = days[0]!;
  const until = stored.planUntil;
  const ahead = (n: PlanNight) => n.date >= first && n.date <= until;
  const kept = fresh.filter(ahead);
  const same = stored.nights
    ? JSON.stringify(wire(stored.nights.filter(ahead))) === JSON.stringify(wire(kept))
    : stored.hash === (kept.length === fresh.length ? hash : planHash(kept));
  if (!same) return true;
  const shortOn = days[MIN_NIGHTS_LEFT - 1]!;
  return fresh.length > 0 && until < shortOn;
}
