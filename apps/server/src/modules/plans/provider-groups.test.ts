import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { SchedulePayload } from '@rms/contracts/lighting';
import type { Db } from '../../db/client';
import { openDatabase, type Database } from '../../db/client';
import { deviceCommands } from '../../db/schema/commands';
import { dimmingProfiles } from '../../db/schema/lighting';
import { makeActivation } from '../../testing/factories/activations';
import { makeDevice } from '../../testing/factories/inventory';
import { makeOrganization } from '../../testing/factories/organizations';
import { makeProfile, makeSchedule, makeStaticGroup } from '../../testing/schedule-fixtures';
import { scratchDatabase, type ScratchDatabase } from '../../testing/scratch-database';
import { seedMasterData } from '../master-data';
import { replan, type PlanDeps } from './index';

// A provider's group may hold a customer's devices. A change to the provider's schedule computes those
// devices' nights with every schedule that covers them, the customer's own included: a customer's
// schedule of higher priority keeps its nights whatever the provider changes.

let scratch: ScratchDatabase;
let database: Database;
let db: Db;
let deps: PlanDeps;

beforeAll(async () => {
  scratch = await scratchDatabase();
  database = await openDatabase({ databaseUrl: scratch.url, pgliteDir: 'memory://' });
  await database.migrate();
  db = database.db;
  await seedMasterData(db);
  deps = { db, timeZone: 'Asia/Kolkata', now: () => new Date('2026-06-10T12:00:00Z') };
});
afterAll(async () => {
  await database.close();
  await scratch.drop();
});

async function lastLevels(deviceId: number): Promise<number[]> {
  const list = await db
    .select()
    .from(deviceCommands)
    .where(and(eq(deviceCommands.deviceId, deviceId), eq(deviceCommands.kind, 'schedule')))
    .orderBy(deviceCommands.id);
  const payload = list[list.length - 1]!.payload as unknown as SchedulePayload;
  return payload.nights[0]!.steps.map((s) => s.level);
}

it("plans a customer's device in a provider group with the customer's own schedules too", async () => {
  const provider = (await makeOrganization(db, { isProvider: true })).id;
  const customer = (await makeOrganization(db)).id;
  const device = (await makeDevice(db, { organizationId: customer })).id;
  await makeActivation(db, { organizationId: customer, deviceId: device, latitude: 28.6, longitude: 77.2 });

  const own = await makeStaticGroup(db, customer, [device]);
  const ownProfile = await makeProfile(db, customer, [{ anchor: 'dusk', offset_min: 0, level: 70 }]);
  await makeSchedule(db, { organizationId: customer, groupId: own, profileId: ownProfile, priority: 9 });
  const wide = await makeStaticGroup(db, provider, [device]);
  const wideProfile = await makeProfile(db, provider, [{ anchor: 'dusk', offset_min: 0, level: 30 }]);
  await makeSchedule(db, { organizationId: provider, groupId: wide, profileId: wideProfile, priority: 1 });
  await replan(deps, { organizationId: customer });
  expect((await lastLevels(device))[0]).toBe(70);

  // The provider changes its profile: the customer's schedule still wins the device's nights.
  await db
    .update(dimmingProfiles)
    .set({ steps: [{ anchor: 'dusk', offset_min: 0, level: 20 }] })
    .where(eq(dimmingProfiles.id, wideProfile));
  await replan(deps, { organizationId: provider });
  expect((await lastLevels(device))[0]).toBe(70);
  await replan(deps, { profileIds: [wideProfile] });
  expect((await lastLevels(device))[0]).toBe(70);
});
