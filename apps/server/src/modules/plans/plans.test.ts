import { and, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PlanNight, SchedulePayload } from '@rms/contracts/lighting';
import type { Db } from '../../db/client';
import { deviceCommands } from '../../db/schema/commands';
import {
  deviceGroupMembers,
  deviceNightPlans,
  dimmingProfiles,
  scheduleDeliveries,
} from '../../db/schema/lighting';
import { deviceLiveState } from '../../db/schema/telemetry';
import { openDatabase, type Database } from '../../db/client';
import { seedMasterData } from '../master-data';
import { scratchDatabase, type ScratchDatabase } from '../../testing/scratch-database';
import { makeActivation } from '../../testing/factories/activations';
import { makeDevice } from '../../testing/factories/inventory';
import { makeOrganization } from '../../testing/factories/organizations';
import {
  makeException,
  makeProfile,
  makeSchedule,
  makeStaticGroup,
  STREET,
} from '../../testing/schedule-fixtures';
import { GAVE_UP, MAX_ATTEMPTS, replan, SUPERSEDED, syncDeliveries, type PlanDeps } from './index';
import { EMPTY_PLAN_HASH } from './nights';

// Schedule delivery on a real database: who is sent a plan, what it holds, and how its delivery follows
// the command.

// A database without the app: no periodic job syncs or tops up behind the tests' back.
let scratch: ScratchDatabase;
let database: Database;
let db: Db;
let now = new Date('2026-06-10T12:00:00Z');
let deps: PlanDeps;
let org: number;
let [one, both, three, loose] = [0, 0, 0, 0];
let [groupA, groupB] = [0, 0];
let [dim, bright, unused] = [0, 0, 0];
let [scheduleA, scheduleB] = [0, 0];

const DIM = [{ anchor: 'dusk' as const, offset_min: 0, level: 40 }];
const BRIGHT = [{ anchor: 'dusk' as const, offset_min: 0, level: 90 }];

async function commandsOf(deviceId: number) {
  return db
    .select()
    .from(deviceCommands)
    .where(and(eq(deviceCommands.deviceId, deviceId), eq(deviceCommands.kind, 'schedule')))
    .orderBy(deviceCommands.id);
}
async function lastPlan(deviceId: number): Promise<SchedulePayload> {
  const list = await commandsOf(deviceId);
  return list[list.length - 1]!.payload as unknown as SchedulePayload;
}
const levels = (n: PlanNight) => n.steps.map((s) => s.level);
async function delivery(deviceId: number) {
  const [row] = await db.select().from(scheduleDeliveries).where(eq(scheduleDeliveries.deviceId, deviceId));
  return row!;
}
async function setCommand(
  id: number,
  status: 'acknowledged' | 'failed' | 'timed_out',
  error: string | null = null,
) {
  await db
    .update(deviceCommands)
    .set({ status, error, finishedAt: new Date(now.getTime() - 60_000) })
    .where(eq(deviceCommands.id, id));
}

beforeAll(async () => {
  scratch = await scratchDatabase();
  database = await openDatabase({ databaseUrl: scratch.url, pgliteDir: 'memory://' });
  await database.migrate();
  db = database.db;
  await seedMasterData(db);
  deps = { db, timeZone: 'Asia/Kolkata', now: () => now };
  org = (await makeOrganization(db)).id;
  const ids: number[] = [];
  for (let i = 0; i < 4; i++) {
    const device = await makeDevice(db, { organizationId: org });
    await makeActivation(db, {
      organizationId: org,
      deviceId: device.id,
      latitude: 28.6 + i / 100,
      longitude: 77.2,
    });
    ids.push(device.id);
  }
  [one, both, three, loose] = ids as [number, number, number, number];
  groupA = await makeStaticGroup(db, org, [one, both]);
  groupB = await makeStaticGroup(db, org, [both, three]);
  dim = await makeProfile(db, org, DIM);
  bright = await makeProfile(db, org, BRIGHT);
  unused = await makeProfile(db, org, STREET);
  scheduleA = await makeSchedule(db, { organizationId: org, groupId: groupA, profileId: dim, priority: 0 });
  scheduleB = await makeSchedule(db, {
    organizationId: org,
    groupId: groupB,
    profileId: bright,
    priority: 5,
  });
});
afterAll(async () => {
  await database.close();
  await scratch.drop();
});

describe('replan', () => {
  it('sends every scheduled device its nights; a device in two groups runs the higher priority', async () => {
    expect(await replan(deps)).toEqual({ devices: 3, changed: 3, unchanged: 0 });
    expect(await commandsOf(loose)).toHaveLength(0);
    const plan = await lastPlan(both);
    expect(plan.nights).toHaveLength(7);
    expect(plan.nights[0]!.date).toBe('2026-06-10');
    // Dusk at 90 % (schedule B, priority 5), off at dawn.
    expect(plan.nights.every((n) => levels(n).join() === '90,0')).toBe(true);
    expect(levels((await lastPlan(one)).nights[0]!)).toEqual([40, 0]);
    expect((await delivery(both)).scheduleId).toBe(scheduleB);
    const nights = await db.select().from(deviceNightPlans).where(eq(deviceNightPlans.deviceId, both));
    expect(nights).toHaveLength(7);
    // Lit all night at 90 %.
    expect(nights[0]!.plannedMinutes).toBe(nights[0]!.nightMinutes);
    expect(nights[0]!.plannedShare).toBeCloseTo(0.9);
  });

  it('queues nothing when nothing changed, nor for a change to a profile no schedule uses', async () => {
    expect(await replan(deps)).toEqual({ devices: 3, changed: 0, unchanged: 3 });
    await db.update(dimmingProfiles).set({ steps: BRIGHT }).where(eq(dimmingProfiles.id, unused));
    expect((await replan(deps, { profileIds: [unused] })).changed).toBe(0);
    expect(await commandsOf(one)).toHaveLength(1);
  });

  it('sends a profile change only to the devices it changes, superseding their unsent plan', async () => {
    const before = (await commandsOf(one))[0]!;
    await db.update(dimmingProfiles).set({ steps: STREET }).where(eq(dimmingProfiles.id, dim));
    // Group A's devices: `one` changes; `both` runs group B's schedule and keeps its plan.
    expect(await replan(deps, { profileIds: [dim] })).toEqual({ devices: 3, changed: 1, unchanged: 2 });
    expect(await commandsOf(both)).toHaveLength(1);
    expect(await commandsOf(three)).toHaveLength(1);
    const list = await commandsOf(one);
    expect(list).toHaveLength(2);
    expect(list[0]).toMatchObject({ id: before.id, status: 'failed', error: SUPERSEDED });
    expect(list[1]!.status).toBe('pending');
    expect(levels((await lastPlan(one)).nights[0]!)).toEqual([100, 60, 0, 0]); // off before dawn, and the dawn step that ends the night
    expect((await delivery(one)).commandId).toBe(list[1]!.id);
  });

  it('runs an exception on its nights only, over a higher priority schedule', async () => {
    // An outage on schedule A for the 12th: `both` is dark that night too (an exception beats priority).
    await makeException(db, scheduleA, '2026-06-12', '2026-06-12', null);
    expect((await replan(deps, { scheduleIds: [scheduleA] })).changed).toBe(2);
    for (const device of [one, both]) {
      const nights = (await lastPlan(device)).nights;
      expect(nights.find((n) => n.date === '2026-06-12')!.steps.every((s) => s.level === 0)).toBe(true);
      expect(nights.find((n) => n.date === '2026-06-13')!.steps.some((s) => s.level > 0)).toBe(true);
    }
    const [dark] = await db
      .select()
      .from(deviceNightPlans)
      .where(and(eq(deviceNightPlans.deviceId, both), eq(deviceNightPlans.day, '2026-06-12')));
    expect(dark!.plannedMinutes).toBe(0);
  });

  it('extends plans running short as days go by, and not before', async () => {
    now = new Date('2026-06-14T12:00:00Z');
    expect((await replan(deps)).changed).toBe(0);
    now = new Date('2026-06-15T12:00:00Z');
    expect((await replan(deps)).changed).toBe(3);
    const plan = await lastPlan(three);
    expect(plan.nights.map((n) => n.date)).toEqual([
      '2026-06-15',
      '2026-06-16',
      '2026-06-17',
      '2026-06-18',
      '2026-06-19',
      '2026-06-20',
      '2026-06-21',
    ]);
    expect((await delivery(three)).planUntil).toBe('2026-06-21');
  });

  it('sends a device taken out of its group an empty plan, once', async () => {
    await db
      .delete(deviceGroupMembers)
      .where(and(eq(deviceGroupMembers.groupId, groupB), eq(deviceGroupMembers.deviceId, three)));
    expect((await replan(deps, { groupIds: [groupB] })).changed).toBe(1);
    expect((await lastPlan(three)).nights).toEqual([]);
    expect(await delivery(three)).toMatchObject({
      planHash: EMPTY_PLAN_HASH,
      scheduleId: null,
      status: 'pending',
    });
    expect(
      await db.select().from(deviceNightPlans).where(eq(deviceNightPlans.deviceId, three)),
    ).not.toContainEqual(expect.objectContaining({ day: '2026-06-16' }));
    expect((await replan(deps)).changed).toBe(0);
  });
});

describe('delivery status', () => {
  it('is applied when the device acknowledges, failed with its reason when it refuses', async () => {
    await setCommand((await delivery(one)).commandId!, 'acknowledged');
    await setCommand((await delivery(both)).commandId!, 'failed', 'Too many steps');
    await syncDeliveries(db, now);
    expect(await delivery(one)).toMatchObject({ status: 'applied', error: null });
    expect((await delivery(one)).appliedAt).not.toBeNull();
    expect(await delivery(both)).toMatchObject({ status: 'failed', error: 'Too many steps' });
  });

  it('retries a timed-out plan when the device is heard from again, and gives up after the limit', async () => {
    const first = (await delivery(three)).commandId!;
    await setCommand(first, 'timed_out');
    expect(await syncDeliveries(db, now)).toEqual({ updated: 1, resent: 0 });
    expect(await delivery(three)).toMatchObject({ status: 'retrying', attempts: 1, commandId: first });
    await db.insert(deviceLiveState).values({
      deviceId: three,
      lastTs: now,
      lastSeenAt: now,
      status: 'Online',
      sample: {},
    });
    expect((await syncDeliveries(db, now)).resent).toBe(1);
    const row = await delivery(three);
    expect(row).toMatchObject({ status: 'retrying', attempts: 2 });
    const [again] = await db.select().from(deviceCommands).where(eq(deviceCommands.id, row.commandId!));
    expect(again).toMatchObject({ status: 'pending', kind: 'schedule' });
    expect((again!.payload as unknown as SchedulePayload).plan).toBe(row.planHash);
    // The plan sent again is the first send's, whole.
    const [sent] = await db.select().from(deviceCommands).where(eq(deviceCommands.id, first));
    expect(again!.payload).toEqual(sent!.payload);

    await db
      .update(scheduleDeliveries)
      .set({ attempts: MAX_ATTEMPTS })
      .where(eq(scheduleDeliveries.deviceId, three));
    await setCommand(row.commandId!, 'timed_out');
    await syncDeliveries(db, now);
    expect(await delivery(three)).toMatchObject({ status: 'failed', error: GAVE_UP });
    expect((await syncDeliveries(db, now)).resent).toBe(0);
    const open = await db
      .select()
      .from(deviceCommands)
      .where(and(eq(deviceCommands.deviceId, three), inArray(deviceCommands.status, ['pending', 'sent'])));
    expect(open).toHaveLength(0);
  });
});
