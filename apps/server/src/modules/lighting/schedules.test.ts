import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { lastPlannableDay, SCHEDULE_MESSAGES, type ScheduleDetail } from '@rms/contracts/schedules';
import type { ScheduleCalendar, ScheduleConflicts, DeliveryList } from '@rms/contracts/schedules';
import {
  deviceGroupMembers,
  deviceGroups,
  dimmingProfiles,
  scheduleDeliveries,
} from '../../db/schema/lighting';
import { bearer, createTestApp, signIn, type Session, type TestApp } from '../../testing/app';
import { makeDevice, makeOrganization } from '../../testing/factories';
import { providerIdOf } from '../../testing/factories/organizations';
import { addUser } from '../../testing/users';

// Lighting schedules' API (docs/lighting-schedules.md): read with MANAGE_SCHEDULES or
// VIEW_DEVICE_DATA, changed with MANAGE_SCHEDULES; a customer reaches only its own schedules (another's
// answer 404) and only its own groups and profiles (400 naming the field); exceptions win their nights
// and revert after; conflicts name the winner by nightChoice's rule; deliveries list what the engine left.

let t: TestApp;
let admin: Session;
let plannerA: Session;
let viewerA: Session;
let nobodyA: Session;
let plannerB: Session;
let orgA: number;
let orgB: number;
let groupA: number;
let groupOverlap: number;
let groupB: number;
let evening: number;
let late: number;
let profileB: number;
let deviceA1: number;
let deviceA2: number;
let deviceB1: number;

const URL = '/api/v1/lighting/schedules/';
const call = (who: Session, method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object) =>
  t.app.inject({ method, url, headers: bearer(who), ...(payload && { payload }) });
const ALL_WEEK = [1, 2, 3, 4, 5, 6, 7];

async function create(who: Session, body: object): Promise<ScheduleDetail> {
  const res = await call(who, 'POST', URL, body);
  expect(res.statusCode, res.body).toBe(201);
  return res.json<{ schedule: ScheduleDetail }>().schedule;
}
const fieldOf = (body: string) => Object.keys(JSON.parse(body).errors ?? {});

beforeAll(async () => {
  t = await createTestApp();
  admin = await signIn(t.app);
  const db = t.database.db;
  const codes = ['MANAGE_SCHEDULES', 'VIEW_DEVICE_DATA'];
  orgA = (
    await makeOrganization(db, { companyName: 'Sched A', email: 'a@sched-a.example', permissions: codes })
  ).id;
  orgB = (
    await makeOrganization(db, { companyName: 'Sched B', email: 'b@sched-b.example', permissions: codes })
  ).id;
  plannerA = await addUser(t, orgA, 'planner@sched-a.example', ['MANAGE_SCHEDULES']);
  viewerA = await addUser(t, orgA, 'viewer@sched-a.example', ['VIEW_DEVICE_DATA']);
  nobodyA = await addUser(t, orgA, 'nobody@sched-a.example', []);
  plannerB = await addUser(t, orgB, 'planner@sched-b.example', codes);
  deviceA1 = (await makeDevice(db, { organizationId: orgA, code: 'SCH-A1' })).id;
  deviceA2 = (await makeDevice(db, { organizationId: orgA, code: 'SCH-A2' })).id;
  deviceB1 = (await makeDevice(db, { organizationId: orgB, code: 'SCH-B1' })).id;
  const groups = await db
    .insert(deviceGroups)
    .values([
      { organizationId: orgA, name: 'Main road', kind: 'static' },
      { organizationId: orgA, name: 'Market', kind: 'static' },
      { organizationId: orgB, name: 'B road', kind: 'static' },
    ])
    .returning();
  [groupA, groupOverlap, groupB] = groups.map((g) => g.id) as [number, number, number];
  await db.insert(deviceGroupMembers).values([
    { groupId: groupA, deviceId: deviceA1 },
    { groupId: groupA, deviceId: deviceA2 },
    { groupId: groupOverlap, deviceId: deviceA2 },
    { groupId: groupB, deviceId: deviceB1 },
  ]);
  const steps = [{ anchor: 'dusk' as const, offset_min: 0, level: 100 }];
  const profiles = await db
    .insert(dimmingProfiles)
    .values([
      { organizationId: orgA, name: 'Evening', steps },
      { organizationId: orgA, name: 'Late', steps },
      { organizationId: orgB, name: 'B profile', steps },
    ])
    .returning();
  [evening, late, profileB] = profiles.map((p) => p.id) as [number, number, number];
});
afterAll(() => t.close());

describe('access', () => {
  it('lets a viewer read but not change, and refuses a caller with neither code', async () => {
    const made = await create(plannerA, {
      name: 'Viewer reads',
      group: groupA,
      profile: evening,
      weekdays: [1],
    });
    const one = `${URL}${made.id}/`;
    for (const url of [
      URL,
      one,
      `${URL}conflicts/`,
      `${URL}deliveries/`,
      `${URL}calendar/?group=${groupA}&month=2026-11`,
    ])
      expect((await call(viewerA, 'GET', url)).statusCode, url).toBe(200);
    const writes = [
      ['POST', URL, { name: 'x', group: groupA, profile: evening, weekdays: [1] }],
      ['PUT', one, { priority: 3 }],
      ['DELETE', one, undefined],
      ['POST', `${one}enable/`, undefined],
      ['POST', `${one}disable/`, undefined],
      [
        'POST',
        `${one}exceptions/`,
        { name: 'x', kind: 'event', from: '2026-01-01', to: '2026-01-01', profile: null },
      ],
    ] as const;
    for (const [method, url, body] of writes)
      expect((await call(viewerA, method, url, body)).statusCode, `${method} ${url}`).toBe(403);
    for (const url of [URL, one, `${URL}conflicts/`, `${URL}deliveries/`])
      expect((await call(nobodyA, 'GET', url)).statusCode, url).toBe(403);
    expect((await t.app.inject({ method: 'GET', url: URL })).statusCode).toBe(401);
    expect((await call(plannerA, 'DELETE', one)).statusCode).toBe(200);
  });

  it("answers 404 for another organization's schedule, group or device, and keeps lists apart", async () => {
    const ofA = await create(plannerA, { name: 'Only A', group: groupA, profile: evening, weekdays: [2] });
    const one = `${URL}${ofA.id}/`;
    for (const [method, url, body] of [
      ['GET', one, undefined],
      ['PUT', one, { priority: 9 }],
      ['DELETE', one, undefined],
      ['POST', `${one}disable/`, undefined],
      [
        'POST',
        `${one}exceptions/`,
        { name: 'x', kind: 'event', from: '2026-01-01', to: '2026-01-01', profile: null },
      ],
      ['GET', `${URL}calendar/?group=${groupA}&month=2026-11`, undefined],
      ['GET', `${URL}calendar/?device=${deviceA1}&month=2026-11`, undefined],
      ['GET', `${URL}?organization=${orgA}`, undefined],
      ['GET', `${URL}conflicts/?organization=${orgA}`, undefined],
    ] as const)
      expect((await call(plannerB, method, url, body)).statusCode, `${method} ${url}`).toBe(404);
    const listB = await call(plannerB, 'GET', URL);
    expect(listB.json<{ results: { id: number }[] }>().results.map((r) => r.id)).not.toContain(ofA.id);
    // The provider's people reach any organization's.
    expect((await call(admin, 'GET', one)).statusCode).toBe(200);
    const filtered = await call(admin, 'GET', `${URL}?organization=${orgA}&query=only`);
    expect(filtered.json<{ results: { name: string }[] }>().results.map((r) => r.name)).toEqual(['Only A']);
    expect((await call(plannerA, 'DELETE', one)).statusCode).toBe(200);
  });
});

describe('choices', () => {
  it("offers the organization's own groups, profiles and devices, never another's", async () => {
    const mine = await call(viewerA, 'GET', `${URL}choices/?device=a2`);
    expect(mine.statusCode, mine.body).toBe(200);
    const body = mine.json<{
      groups: { name: string }[];
      profiles: { name: string }[];
      devices: { name: string }[];
    }>();
    expect(body.groups.map((g) => g.name)).toEqual(['Main road', 'Market']);
    expect(body.profiles.map((p) => p.name)).toEqual(['Evening', 'Late']);
    expect(body.devices.map((d) => d.name)).toEqual(['SCH-A2']);
    expect((await call(plannerB, 'GET', `${URL}choices/?organization=${orgA}`)).statusCode).toBe(404);
    const forB = (await call(admin, 'GET', `${URL}choices/?organization=${orgB}`)).json<typeof body>();
    expect(forB.groups.map((g) => g.name)).toContain('B road');
    expect(forB.groups.map((g) => g.name)).not.toContain('Main road');
  });
});

describe('schedules', () => {
  it('creates with names and devices covered, changes only what is sent, enables, disables, deletes', async () => {
    const made = await create(plannerA, {
      name: 'Weeknights',
      group: groupA,
      profile: evening,
      weekdays: [5, 1, 3],
      priority: 4,
      valid_from: '2026-10-01',
      valid_to: '2027-03-31',
    });
    expect(made).toMatchObject({
      organization: orgA,
      group_name: 'Main road',
      profile_name: 'Evening',
      weekdays: [1, 3, 5],
      priority: 4,
      valid_from: '2026-10-01',
      valid_to: '2027-03-31',
      enabled: true,
      exception_count: 0,
      device_count: 2,
      exceptions: [],
    });
    const one = `${URL}${made.id}/`;
    const changed = await call(plannerA, 'PUT', one, { priority: 7, valid_to: null });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json<{ schedule: ScheduleDetail }>().schedule).toMatchObject({
      name: 'Weeknights',
      profile: evening,
      weekdays: [1, 3, 5],
      priority: 7,
      valid_from: '2026-10-01',
      valid_to: null,
    });
    const off = await call(plannerA, 'POST', `${one}disable/`);
    expect(off.json<{ schedule: ScheduleDetail }>().schedule.enabled).toBe(false);
    const disabledList = await call(viewerA, 'GET', `${URL}?enabled=false&query=week`);
    expect(disabledList.json<{ results: { id: number }[] }>().results.map((r) => r.id)).toEqual([made.id]);
    const on = await call(plannerA, 'POST', `${one}enable/`);
    expect(on.json<{ schedule: ScheduleDetail }>().schedule.enabled).toBe(true);
    expect((await call(plannerA, 'DELETE', one)).statusCode).toBe(200);
    expect((await call(plannerA, 'GET', one)).statusCode).toBe(404);
  });

  it('refuses bad input naming the field', async () => {
    const base = { name: 'Bad', group: groupA, profile: evening, weekdays: [1] };
    const cases: [object, string][] = [
      [{ ...base, weekdays: [] }, 'weekdays'],
      [{ ...base, weekdays: [1, 1] }, 'weekdays'],
      [{ ...base, priority: -1 }, 'priority'],
      [{ ...base, name: '  ' }, 'name'],
      [{ ...base, valid_from: '2027-02-01', valid_to: '2027-01-01' }, 'valid_to'],
      [{ ...base, valid_from: '2027-02-30' }, 'valid_from'],
      [{ ...base, group: groupB }, 'group'],
      [{ ...base, profile: profileB }, 'profile'],
      [{ ...base, group: 999_999 }, 'group'],
    ];
    for (const [body, field] of cases) {
      const res = await call(plannerA, 'POST', URL, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(fieldOf(res.body), JSON.stringify(body)).toContain(field);
    }
    const made = await create(plannerA, { ...base, name: 'Unique name' });
    const dup = await call(plannerA, 'POST', URL, { ...base, name: 'unique NAME' });
    expect(dup.statusCode).toBe(400);
    expect(dup.json<{ errors: Record<string, string[]> }>().errors.name).toEqual([
      SCHEDULE_MESSAGES.nameTaken,
    ]);
    // An update is held to the same rules, the season as it will stand.
    const one = `${URL}${made.id}/`;
    const wrongGroup = await call(plannerA, 'PUT', one, { group: groupB });
    expect(wrongGroup.statusCode).toBe(400);
    expect(fieldOf(wrongGroup.body)).toEqual(['group']);
    await call(plannerA, 'PUT', one, { valid_from: '2027-05-01' });
    const before = await call(plannerA, 'PUT', one, { valid_to: '2027-04-01' });
    expect(before.statusCode).toBe(400);
    expect(fieldOf(before.body)).toEqual(['valid_to']);
    await call(plannerA, 'DELETE', one);
  });
});

describe('exceptions', () => {
  it('adds, changes and removes exceptions, with lights off and dates at most two years ahead', async () => {
    const made = await create(plannerA, {
      name: 'With exceptions',
      group: groupA,
      profile: evening,
      weekdays: ALL_WEEK,
    });
    const ex = `${URL}${made.id}/exceptions/`;
    const added = await call(plannerA, 'POST', ex, {
      name: 'Diwali',
      kind: 'festival',
      from: '2026-11-08',
      to: '2026-11-10',
      profile: late,
    });
    expect(added.statusCode, added.body).toBe(201);
    const detail = added.json<{ schedule: ScheduleDetail }>().schedule;
    expect(detail.exception_count).toBe(1);
    expect(detail.exceptions).toEqual([
      expect.objectContaining({
        name: 'Diwali',
        kind: 'festival',
        from: '2026-11-08',
        to: '2026-11-10',
        profile: late,
        profile_name: 'Late',
      }),
    ]);
    const id = detail.exceptions[0]!.id;
    const changed = await call(plannerA, 'PUT', `${ex}${id}/`, {
      name: 'Power cut',
      kind: 'outage',
      from: '2026-11-08',
      to: '2026-11-09',
      profile: null,
    });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json<{ schedule: ScheduleDetail }>().schedule.exceptions[0]).toMatchObject({
      kind: 'outage',
      to: '2026-11-09',
      profile: null,
      profile_name: null,
    });

    const tooFar = lastPlannableDay(2, new Date(Date.now() + 3 * 86_400_000));
    const bad: [object, string][] = [
      [{ name: 'Far', kind: 'event', from: '2026-01-01', to: tooFar, profile: null }, 'to'],
      [{ name: 'Back', kind: 'event', from: '2026-01-05', to: '2026-01-01', profile: null }, 'to'],
      [{ name: 'Kind', kind: 'party', from: '2026-01-01', to: '2026-01-01', profile: null }, 'kind'],
      [{ name: 'Theirs', kind: 'event', from: '2026-01-01', to: '2026-01-01', profile: profileB }, 'profile'],
      [{ name: 'Bad date', kind: 'event', from: '2026-02-30', to: '2026-03-01', profile: null }, 'from'],
    ];
    for (const [body, field] of bad) {
      const res = await call(plannerA, 'POST', ex, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(fieldOf(res.body), JSON.stringify(body)).toContain(field);
    }
    const removed = await call(plannerA, 'DELETE', `${ex}${id}/`);
    expect(removed.json<{ schedule: ScheduleDetail }>().schedule.exceptions).toEqual([]);
    expect((await call(plannerA, 'DELETE', `${ex}${id}/`)).statusCode).toBe(404);
    await call(plannerA, 'DELETE', `${URL}${made.id}/`);
  });
});

describe('calendar and conflicts', () => {
  it("answers each night's winner: an exception wins its nights and the pattern comes back after", async () => {
    const made = await create(plannerA, {
      name: 'Calendar',
      group: groupOverlap,
      profile: evening,
      weekdays: [1, 2, 3, 4, 5],
    });
    await call(plannerA, 'POST', `${URL}${made.id}/exceptions/`, {
      name: 'Festival',
      kind: 'festival',
      from: '2026-11-07',
      to: '2026-11-08',
      profile: null,
    });
    const res = await call(viewerA, 'GET', `${URL}calendar/?group=${groupOverlap}&month=2026-11`);
    expect(res.statusCode, res.body).toBe(200);
    const nights = res.json<ScheduleCalendar>().nights;
    expect(nights).toHaveLength(30);
    const night = (d: string) => nights.find((n) => n.date === d)!;
    // 2026-11-06 is a Friday: the pattern; 7–8 (a weekend) the festival, lights off; 9 Monday the pattern again.
    expect(night('2026-11-06')).toMatchObject({
      schedule: made.id,
      profile: evening,
      profile_name: 'Evening',
      exception: false,
    });
    expect(night('2026-11-07')).toMatchObject({
      schedule: made.id,
      profile: null,
      exception: true,
      exception_name: 'Festival',
    });
    expect(night('2026-11-08')).toMatchObject({ profile: null, exception: true });
    expect(night('2026-11-14')).toMatchObject({ schedule: null, profile: null, exception: false });
    expect(night('2026-11-09')).toMatchObject({ schedule: made.id, profile: evening, exception: false });
    const device = await call(viewerA, 'GET', `${URL}calendar/?device=${deviceA2}&month=2026-11`);
    expect(device.json<ScheduleCalendar>().nights.find((n) => n.date === '2026-11-07')).toMatchObject({
      schedule: made.id,
      exception: true,
    });
    const both = await call(
      viewerA,
      'GET',
      `${URL}calendar/?group=${groupA}&device=${deviceA1}&month=2026-11`,
    );
    expect(both.statusCode).toBe(400);
    await call(plannerA, 'DELETE', `${URL}${made.id}/`);
  });

  it('lists devices two schedules claim, with the winner of each night by exception, priority, then age', async () => {
    const wide = await create(plannerA, {
      name: 'Wide',
      group: groupA,
      profile: evening,
      weekdays: ALL_WEEK,
      priority: 1,
    });
    const market = await create(plannerA, {
      name: 'Market nights',
      group: groupOverlap,
      profile: late,
      weekdays: [5, 6],
      priority: 5,
    });
    await call(plannerA, 'POST', `${URL}${wide.id}/exceptions/`, {
      name: 'Parade',
      kind: 'event',
      from: '2026-12-05',
      to: '2026-12-05',
      profile: evening,
    });
    // 2026-12-04 Friday, 05 Saturday, 06 Sunday, 11 Friday.
    const res = await call(viewerA, 'GET', `${URL}conflicts/?from=2026-12-04&to=2026-12-11`);
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json<ScheduleConflicts>();
    expect(body.results.map((r) => r.rms_id)).toEqual(['SCH-A2']);
    const [row] = body.results;
    expect(row!.schedules.map((s) => s.id).sort()).toEqual([wide.id, market.id].sort());
    expect(row!.nights.map((n) => [n.date, n.winner, n.exception])).toEqual([
      ['2026-12-04', market.id, false],
      ['2026-12-05', wide.id, true],
      ['2026-12-11', market.id, false],
    ]);
    // Equal priority: the older schedule wins.
    await call(plannerA, 'PUT', `${URL}${market.id}/`, { priority: 1 });
    const equal = await call(viewerA, 'GET', `${URL}conflicts/?from=2026-12-04&to=2026-12-04`);
    expect(equal.json<ScheduleConflicts>().results[0]!.nights[0]!.winner).toBe(wide.id);
    // A disabled schedule claims nothing.
    await call(plannerA, 'POST', `${URL}${market.id}/disable/`);
    const none = await call(viewerA, 'GET', `${URL}conflicts/?from=2026-12-04&to=2026-12-11`);
    expect(none.json<ScheduleConflicts>().count).toBe(0);
    const range = await call(viewerA, 'GET', `${URL}conflicts/?from=2026-12-04&to=2027-03-01`);
    expect(range.statusCode).toBe(400);
    expect(fieldOf(range.body)).toEqual(['to']);
    await call(plannerA, 'DELETE', `${URL}${wide.id}/`);
    await call(plannerA, 'DELETE', `${URL}${market.id}/`);
  });
  it("shows a provider's schedule over a customer's device in both organizations' conflicts", async () => {
    const db = t.database.db;
    const provider = await providerIdOf(db);
    const [wideGroup] = await db
      .insert(deviceGroups)
      .values({ organizationId: provider, name: 'Provider corridor', kind: 'static' })
      .returning();
    await db.insert(deviceGroupMembers).values({ groupId: wideGroup!.id, deviceId: deviceA1 });
    const [wideProfile] = await db
      .insert(dimmingProfiles)
      .values({
        organizationId: provider,
        name: 'Corridor',
        steps: [{ anchor: 'dusk', offset_min: 0, level: 50 }],
      })
      .returning();
    const corridor = await create(admin, {
      name: 'Corridor nights',
      group: wideGroup!.id,
      profile: wideProfile!.id,
      weekdays: ALL_WEEK,
      priority: 3,
    });
    const own = await create(plannerA, {
      name: 'Own nights',
      group: groupA,
      profile: evening,
      weekdays: ALL_WEEK,
    });
    const range = '?from=2026-12-04&to=2026-12-05';
    // The customer sees its device claimed by both, the provider's higher priority winning.
    const mine = (await call(viewerA, 'GET', `${URL}conflicts/${range}`)).json<ScheduleConflicts>();
    const a1 = mine.results.find((r) => r.rms_id === 'SCH-A1');
    expect(a1?.schedules.map((s) => s.id).sort()).toEqual([corridor.id, own.id].sort());
    expect(a1?.nights.map((n) => n.winner)).toEqual([corridor.id, corridor.id]);
    // The provider sees the same device among its own conflicts.
    const theirs = await call(admin, 'GET', `${URL}conflicts/${range}&organization=${provider}`);
    expect(theirs.statusCode, theirs.body).toBe(200);
    expect(theirs.json<ScheduleConflicts>().results.map((r) => r.rms_id)).toContain('SCH-A1');
    // The provider's people with no organization named see every organization's.
    const every = await call(admin, 'GET', `${URL}conflicts/${range}`);
    expect(every.json<ScheduleConflicts>().results.map((r) => r.rms_id)).toContain('SCH-A1');
    // Another customer is told nothing of it.
    const other = (await call(plannerB, 'GET', `${URL}conflicts/${range}`)).json<ScheduleConflicts>();
    expect(other.results.map((r) => r.rms_id)).not.toContain('SCH-A1');
    await call(admin, 'DELETE', `${URL}${corridor.id}/`);
    await call(plannerA, 'DELETE', `${URL}${own.id}/`);
  });
});

describe('deliveries', () => {
  it("lists the organization's deliveries with counts by status and filters", async () => {
    await create(plannerA, {
      name: 'Delivered',
      group: groupA,
      profile: evening,
      weekdays: ALL_WEEK,
    });
    // Making the schedule queued its group's devices (plan delivery): both are pending.
    const queued = (await call(viewerA, 'GET', `${URL}deliveries/`)).json<DeliveryList>();
    expect(queued.counts).toMatchObject({ pending: 2 });
    // The devices answer: one applies its plan, the other never does.
    const db = t.database.db;
    await db
      .update(scheduleDeliveries)
      .set({ status: 'applied', attempts: 1, appliedAt: new Date() })
      .where(eq(scheduleDeliveries.deviceId, deviceA1));
    await db
      .update(scheduleDeliveries)
      .set({ status: 'failed', attempts: 3, error: 'No answer' })
      .where(eq(scheduleDeliveries.deviceId, deviceA2));
    const plan = { planHash: 'h', planUntil: '2026-12-31' };
    await db
      .insert(scheduleDeliveries)
      .values({ deviceId: deviceB1, organizationId: orgB, scheduleId: null, status: 'pending', ...plan })
      .onConflictDoNothing();
    const all = (await call(viewerA, 'GET', `${URL}deliveries/`)).json<DeliveryList>();
    expect(all.count).toBe(2);
    expect(all.counts).toEqual({ pending: 0, applied: 1, failed: 1, retrying: 0 });
    expect(all.results[0]).toMatchObject({
      rms_id: 'SCH-A2',
      status: 'failed',
      error: 'No answer',
      attempts: 3,
      schedule_name: 'Delivered',
    });
    const failed = (await call(viewerA, 'GET', `${URL}deliveries/?status=failed`)).json<DeliveryList>();
    expect(failed.results.map((r) => r.rms_id)).toEqual(['SCH-A2']);
    expect(failed.counts.applied).toBe(1);
    const searched = (await call(viewerA, 'GET', `${URL}deliveries/?query=a1`)).json<DeliveryList>();
    expect(searched.results.map((r) => r.rms_id)).toEqual(['SCH-A1']);
    const provider = (await call(admin, 'GET', `${URL}deliveries/`)).json<DeliveryList>();
    expect(provider.counts.pending).toBeGreaterThanOrEqual(1);
    const ofB = (await call(admin, 'GET', `${URL}deliveries/?organization=${orgB}`)).json<DeliveryList>();
    expect(ofB.results.map((r) => r.rms_id)).toEqual(['SCH-B1']);
    expect((await call(plannerB, 'GET', `${URL}deliveries/?organization=${orgA}`)).statusCode).toBe(404);
    expect((await call(viewerA, 'GET', `${URL}deliveries/?status=lost`)).statusCode).toBe(400);
  });
});
