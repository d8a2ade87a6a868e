import { and, eq, inArray, sql } from 'drizzle-orm';
import { isoWeekday } from '@rms/contracts/lighting';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../db/rows';
import { activations } from '../db/schema/activations';
import {
  deviceGroupMembers,
  deviceGroups,
  deviceNightPlans,
  dimmingProfiles,
  energyReportSubscriptions,
  lightingSchedules,
  scheduleExceptions,
} from '../db/schema/lighting';
import { rmsDevices } from '../db/schema/inventory';
import { deviceParameters } from '../db/schema/parameters';
import { alarms } from '../db/schema/telemetry';
import { dayResolver } from '../telemetry/day-of';
import { storedSamples } from '../telemetry/storage/stored-samples';
import { createTestApp, type TestApp } from '../testing/app';
import { DIM_LEVEL } from '@rms/simulator/load';
import { DEMO_FAULTS } from './demo-faults';
import { DEMO_EVENT, DEMO_FESTIVAL, DEMO_PROFILES } from './demo-lighting';
import { DEMO_EMAIL } from './demo-fleet';
import { firstOfPreviousMonth, planDemoNights, type DemoNight } from './demo-plans';
import { DemoRunner } from './run-demo';
import { seedDemo } from './seed-demo';

// The demo's lighting by plan on first start: tags, groups, profiles and schedules with a festival
// tonight; the nights each device ran kept for the energy report; and the history's lamp readings
// following those nights.

const TZ = 'Asia/Kolkata';
const HOUR = 3_600_000;
const DAY = 24 * HOUR;
let t: TestApp;
let runner: DemoRunner;
let orgId: number;
const today = dayResolver(TZ)(Date.now());
const addDays = (day: string, n: number) =>
  new Date(Date.parse(`${day}T00:00:00Z`) + n * DAY).toISOString().slice(0, 10);

beforeAll(async () => {
  t = await createTestApp();
  await t.app.deviceLink.start();
  const seeded = await seedDemo(t.database.db, 40, new Date(), {}, TZ);
  orgId = seeded!.organizationId;
  runner = new DemoRunner({
    db: t.database.db,
    queue: t.app.deviceLink.queue,
    log: t.app.log,
    mqttUrl: `mqtt://127.0.0.1:${t.app.deviceLink.mqttPort}`,
    periodMs: 60_000,
    historyDays: 3,
  });
  await runner.done;
}, 180_000);
afterAll(async () => {
  await runner.stop();
  await t.close();
});

describe('demo lighting', () => {
  it('has tagged poles, groups by city, tag and project, a chosen group, and the report mailed to the owner', async () => {
    const db = t.database.db;
    const tagged = await db
      .select({ tags: activations.tags })
      .from(activations)
      .where(eq(activations.organizationId, orgId));
    const tags = new Set(tagged.flatMap((a) => a.tags ?? []));
    expect([...tags].sort()).toEqual(['main-road', 'market', 'park']);
    const groups = await db.select().from(deviceGroups).where(eq(deviceGroups.organizationId, orgId));
    const filters = groups.filter((g) => g.kind === 'dynamic').map((g) => Object.keys(g.filter ?? {})[0]);
    expect(new Set(filters)).toEqual(new Set(['city', 'tag', 'project']));
    const pilot = groups.find((g) => g.kind === 'static')!;
    expect(await db.$count(deviceGroupMembers, eq(deviceGroupMembers.groupId, pilot.id))).toBeGreaterThan(0);
    const [subscription] = await db
      .select()
      .from(energyReportSubscriptions)
      .where(eq(energyReportSubscriptions.organizationId, orgId));
    expect(subscription).toMatchObject({ recipients: [DEMO_EMAIL], project: null });
  });

  it('has profiles, schedules with a stated priority, and a festival tonight that reverts after', async () => {
    const db = t.database.db;
    const profiles = await db.select().from(dimmingProfiles).where(eq(dimmingProfiles.organizationId, orgId));
    expect(profiles.map((p) => p.name).sort()).toEqual(
      Object.values(DEMO_PROFILES)
        .map((p) => p.name)
        .sort(),
    );
    const schedules = await db
      .select()
      .from(lightingSchedules)
      .where(eq(lightingSchedules.organizationId, orgId));
    const market = schedules.find((s) => s.name === 'Market weekends')!;
    expect(market.weekdays).toEqual([5, 6]);
    expect(market.priority).toBeGreaterThan(
      Math.max(...schedules.filter((s) => s !== market).map((s) => s.priority)),
    );
    const [festival] = await db
      .select()
      .from(scheduleExceptions)
      .where(eq(scheduleExceptions.name, DEMO_FESTIVAL));
    expect(festival).toMatchObject({ kind: 'festival', fromDay: today, toDay: addDays(today, 2) });
    expect(festival!.profileId).toBe(profiles.find((p) => p.name === DEMO_PROFILES.festival.name)!.id);

    // The festival's nights run full all night on its schedule's devices; the night after, the standard.
    const nights = await planDemoNights(db, orgId, addDays(today, -1), addDays(today, 3), TZ);
    const onFestival = nights.filter((n) => n.scheduleId === festival!.scheduleId);
    const levels = (day: string) =>
      new Set(
        onFestival
          .filter((n) => n.night.date === day)
          .map((n) => n.night.steps.map((s) => s.level).join('/')),
      );
    expect(levels(today)).toEqual(new Set(['100/0']));
    expect(levels(addDays(today, 2))).toEqual(new Set(['100/0']));
    expect(levels(addDays(today, 3))).toEqual(new Set(['100/60/30/0']));
    expect(levels(addDays(today, -1))).toEqual(new Set(['100/60/30/0']));
  });

  it('plans every scheduled device for each night of the month before and this one', async () => {
    const db = t.database.db;
    const from = firstOfPreviousMonth(today);
    const nights = await planDemoNights(db, orgId, from, addDays(today, -1), TZ);
    const days = Math.round((Date.parse(today) - Date.parse(from)) / DAY);
    const byDevice = new Map<number, DemoNight[]>();
    for (const n of nights) byDevice.set(n.deviceId, [...(byDevice.get(n.deviceId) ?? []), n]);
    expect(byDevice.size).toBeGreaterThan(10);
    // Every night for the poles a city's or a project's schedule covers; Friday and Saturday nights
    // for the market streets no other schedule covers.
    const weekends = Array.from({ length: days }, (_, i) => isoWeekday(addDays(from, i))).filter(
      (d) => d === 5 || d === 6,
    ).length;
    const counts = new Set([...byDevice.values()].map((list) => list.length));
    expect(counts.has(days)).toBe(true);
    for (const count of counts) expect([days, weekends]).toContain(count);
    // The event night ran full brightness on New Delhi's streets.
    const [event] = await db.select().from(scheduleExceptions).where(eq(scheduleExceptions.name, DEMO_EVENT));
    const eventNights = nights.filter(
      (n) => n.night.date === event!.fromDay && n.scheduleId === event!.scheduleId,
    );
    expect(eventNights.length).toBeGreaterThan(0);
    for (const n of eventNights) expect(n.night.steps.map((s) => s.level)).toEqual([100, 0]);

    // The history's nights are kept for the energy report (3 days of history here; a month in the demo).
    const kept = await db
      .select()
      .from(deviceNightPlans)
      .where(eq(deviceNightPlans.day, addDays(today, -1)));
    expect(kept.length).toBe(nights.filter((n) => n.night.date === addDays(today, -1)).length);
    for (const k of kept) {
      expect(k.nightMinutes).toBeGreaterThan(9 * 60);
      expect(k.plannedMinutes).toBe(k.nightMinutes);
      expect(k.plannedShare).toBeGreaterThan(0.3);
      expect(k.plannedShare).toBeLessThanOrEqual(1);
    }
  });

  it('writes lamp readings that follow the plan: 100 % after dusk, 60 % from 23:00, 30 % from 02:00 to dawn', async () => {
    const db = t.database.db;
    const [standard] = await db
      .select({ id: dimmingProfiles.id })
      .from(dimmingProfiles)
      .where(
        and(eq(dimmingProfiles.organizationId, orgId), eq(dimmingProfiles.name, DEMO_PROFILES.standard.name)),
      );
    const day = addDays(today, -2);
    // The lights with an injected fault (demo-faults.ts) aside: a flat battery keeps one dark.
    const faulty = new Set(
      (await db.select({ id: rmsDevices.id, code: rmsDevices.code }).from(rmsDevices))
        .filter((d) => DEMO_FAULTS.some((f) => f.code === d.code))
        .map((d) => d.id),
    );
    // And the lights whose controller reported a fault that night (the simulator's random faults, a few
    // hours every few weeks): LED_OPEN leaves the lamp on drawing nothing.
    const faultAlarms = await db
      .select({ deviceId: alarms.deviceId, from: alarms.faultTime, to: alarms.resolutionTime })
      .from(alarms)
      .where(inArray(alarms.kind, ['fault', 'load_fault']));
    const faultThatNight = (n: DemoNight) => {
      const [dusk, dawn] = [n.night.steps[0]!.at - HOUR, n.night.steps.at(-1)!.at + HOUR];
      return faultAlarms.some(
        (a) => a.deviceId === n.deviceId && a.from.getTime() < dawn && (a.to?.getTime() ?? Infinity) > dusk,
      );
    };
    const nights = (await planDemoNights(db, orgId, day, day, TZ)).filter(
      (n) => n.profileId === standard!.id && !faulty.has(n.deviceId) && !faultThatNight(n),
    );
    expect(nights.length).toBeGreaterThan(5);
    const parameters = new Map((await db.select().from(deviceParameters)).map((p) => [p.deviceId, p.values]));
    // The battery's protection overrides the plan, as a controller's does (the simulator's load.ts):
    // below power_saving any step dims to the power saver's level; below the low-voltage cut the light
    // is dark until the battery is back at low_cut_recover (a cloudy spell can flatten a demo battery,
    // as in the field). A sample's bt_v is read under load, at or below the resting voltage those rules
    // look at, so a sample at or above power_saving shows the plan alone.
    const windowOf = async (n: DemoNight, from: number, to: number, level: number) => {
      const values = parameters.get(n.deviceId)!;
      const saving = Number(values.power_saving);
      const recover = Number(values.low_cut_recover);
      const [row] = await rowsOf<{ planned: number; plain: number; offPlan: number; lit: number }>(
        db,
        sql`select coalesce(sum(s.share) filter (where s.bt_v >= ${saving}), 0)::float8 as planned,
                   count(*) filter (where s.bt_v >= ${saving})::int as plain,
                   count(*) filter (where not (
                     abs(s.share - ${level}) < 0.05
                     or (s.bt_v < ${saving} and abs(s.share - ${DIM_LEVEL / 100}) < 0.05)
                     or (s.lo_sts = 0 and s.bt_v < ${recover})
                   ))::int as "offPlan",
                   coalesce(sum(s.lo_sts), 0)::int as lit
            from (select x.lo_v * x.lo_i / ${Number(values.load_regulation)} as share, x.bt_v, x.lo_sts
                  from ${storedSamples({
                    devices: (c) => sql`${c} = ${n.deviceId}`,
                    from: sql`${new Date(from).toISOString()}::timestamptz`,
                    to: sql`${new Date(to).toISOString()}::timestamptz`,
                  })} x) s`,
      );
      return row!;
    };
    const steps = { full: 1, sixty: 0.6, thirty: 0.3 } as const;
    const pooled = Object.fromEntries(
      Object.keys(steps).map((k) => [k, { planned: 0, plain: 0, offPlan: 0 }]),
    ) as Record<keyof typeof steps, { planned: number; plain: number; offPlan: number }>;
    let litByDay = 0;
    for (const n of nights) {
      const [dusk, at23, at02, dawn] = n.night.steps.map((s) => s.at) as [number, number, number, number];
      // From 20 minutes after a step to 5 minutes before the next: the samples within one step.
      const within = { full: [dusk, at23], sixty: [at23, at02], thirty: [at02, dawn] } as const;
      for (const key of Object.keys(steps) as (keyof typeof steps)[]) {
        const [from, to] = within[key];
        const w = await windowOf(n, from + 20 * 60_000, to - 5 * 60_000, steps[key]);
        pooled[key].planned += w.planned;
        pooled[key].plain += w.plain;
        pooled[key].offPlan += w.offPlan;
      }
      // Off from dawn until the next dusk.
      litByDay += (await windowOf(n, dawn + 10 * 60_000, dusk + DAY - 60 * 60_000, 0)).lit;
    }
    for (const key of Object.keys(steps) as (keyof typeof steps)[]) {
      // Every reading is the plan's level, or the battery's protection at work.
      expect(pooled[key].offPlan, key).toBe(0);
      // Where the plan alone sets it, the lamp draws the step's share of its wattage.
      expect(pooled[key].plain, key).toBeGreaterThan(0);
      expect(pooled[key].planned / pooled[key].plain, key).toBeCloseTo(steps[key], 1);
    }
    expect(litByDay).toBe(0);
  });
});
