import { and, eq, inArray } from 'drizzle-orm';
import {
  type NightChoice,
  type PlanNight,
  type ProfileStep,
  type ScheduleRule,
} from '@rms/contracts/lighting';
import type { Db } from '../db/client';
import { groupDevices } from '../modules/groups';
import { deviceNights, type ComputedNight } from '../modules/plans';
import { activations } from '../db/schema/activations';
import {
  deviceGroups,
  deviceNightPlans,
  dimmingProfiles,
  lightingSchedules,
  scheduleExceptions,
} from '../db/schema/lighting';

// What each demo device ran on each night of its history, from the demo's schedules (demo-lighting.ts):
// the schedule that won the night (contracts nightChoice) and its profile made concrete at the device's
// place (nightPlan). The history is written as if the devices had been sent these plans all along: each
// simulated device follows them (SimDevice.followPlan) while its history is written, and the nights are
// kept in device_night_plans, as plan delivery keeps them, for the energy report. From tonight on the
// live fleet gets its plans over the command path (sendDemoPlans in run-demo.ts).

export interface DemoNight {
  deviceId: number;
  /** The night as plan delivery makes it (modules/plans): steps and the planned figures. */
  night: ComputedNight;
  scheduleId: number;
  profileId: number | null;
}

/**
 * Each demo device's planned nights from `fromDay` to `toDay` (local dates in `zone`, inclusive). A
 * device no schedule covers on a night has no entry for it: it runs its own parameters.
 */
export async function planDemoNights(
  db: Db,
  organizationId: number,
  fromDay: string,
  toDay: string,
  zone: string,
): Promise<DemoNight[]> {
  const devices = await db
    .select({
      deviceId: activations.deviceId,
      project: activations.name,
      stateId: activations.stateId,
      cityId: activations.cityId,
      tags: activations.tags,
      lat: activations.latitude,
      lon: activations.longitude,
    })
    .from(activations)
    .where(and(eq(activations.organizationId, organizationId), eq(activations.isActive, true)));
  const schedules = await db
    .select()
    .from(lightingSchedules)
    .where(eq(lightingSchedules.organizationId, organizationId));
  if (schedules.length === 0) return [];
  const exceptions = await db
    .select()
    .from(scheduleExceptions)
    .where(
      inArray(
        scheduleExceptions.scheduleId,
        schedules.map((s) => s.id),
      ),
    );
  const profiles = new Map(
    (
      await db
        .select({ id: dimmingProfiles.id, steps: dimmingProfiles.steps })
        .from(dimmingProfiles)
        .where(eq(dimmingProfiles.organizationId, organizationId))
    ).map((p) => [p.id, p.steps as ProfileStep[]]),
  );
  const groups = await db.select().from(deviceGroups).where(eq(deviceGroups.organizationId, organizationId));
  // Who is in which group, as every area asks it (modules/groups).
  const membership = new Set(
    (
      await groupDevices(
        db,
        groups.map((g) => g.id),
      )
    ).map((m) => `${m.groupId}:${m.deviceId}`),
  );
  const holds = (g: (typeof groups)[number], d: (typeof devices)[number]): boolean =>
    membership.has(`${g.id}:${d.deviceId}`);
  const rules: (ScheduleRule & { groupId: number })[] = schedules.map((s) => ({
    id: s.id,
    groupId: s.groupId,
    priority: s.priority,
    enabled: s.enabled,
    profileId: s.profileId,
    weekdays: s.weekdays,
    validFrom: s.validFrom,
    validTo: s.validTo,
    exceptions: exceptions
      .filter((e) => e.scheduleId === s.id)
      .map((e) => ({ from: e.fromDay, to: e.toDay, profileId: e.profileId })),
  }));

  const days: string[] = [];
  for (let day = fromDay; day <= toDay; day = nextDay(day)) days.push(day);
  const out: DemoNight[] = [];
  const cache = new Map<string, ComputedNight | null>();
  const choices = new Map<string, NightChoice | null>();
  for (const d of devices) {
    if (d.deviceId === null || d.lat === null || d.lon === null) continue;
    const own = rules.filter((r) =>
      holds(
        groups.find((g) => g.id === r.groupId)!,
        d,
      ),
    );
    if (own.length === 0) continue;
    // The very nights plan delivery would make (modules/plans), lights-off nights included.
    for (const night of deviceNights(own, profiles, { lat: d.lat, lon: d.lon }, days, zone, cache, choices))
      out.push({ deviceId: d.deviceId, night, scheduleId: night.scheduleId, profileId: night.profileId });
  }
  return out;
}

/** Keeps the nights for the energy report; a night already kept (by plan delivery) stays as it is. */
export async function keepNightPlans(db: Db, nights: readonly DemoNight[]): Promise<number> {
  const rows = nights.map(({ deviceId, night, scheduleId }) => ({
    day: night.date,
    deviceId,
    nightMinutes: night.nightMinutes,
    plannedMinutes: night.plannedMinutes,
    plannedShare: night.plannedShare,
    scheduleId,
  }));
  let kept = 0;
  for (let i = 0; i < rows.length; i += 2000) {
    const done = await db
      .insert(deviceNightPlans)
      .values(rows.slice(i, i + 2000))
      .onConflictDoNothing()
      .returning({ day: deviceNightPlans.day });
    kept += done.length;
  }
  return kept;
}

/** Each device's nights, for SimDevice.followPlan. */
export function nightsByDevice(nights: readonly DemoNight[]): Map<number, PlanNight[]> {
  const out = new Map<number, PlanNight[]>();
  for (const { deviceId, night } of nights) {
    const list = out.get(deviceId) ?? [];
    list.push({ date: night.date, steps: night.steps });
    out.set(deviceId, list);
  }
  return out;
}

export function nextDay(day: string): string {
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(y, m - 1, d + 1)).toISOString().slice(0, 10);
}

/** The first day of the month before `day`'s: the energy report's last whole month starts there. */
export function firstOfPreviousMonth(day: string): string {
  const [y, m] = day.split('-').map(Number) as [number, number];
  return new Date(Date.UTC(y, m - 2, 1)).toISOString().slice(0, 10);
}
