import type { ProfileStep } from '@rms/contracts/lighting';
import type { Db } from '../db/client';
import {
  deviceGroupMembers,
  deviceGroups,
  dimmingProfiles,
  lightingSchedules,
  scheduleExceptions,
} from '../db/schema/lighting';
import { nextSerial } from './factories/serial';

// Groups, profiles and schedules written straight to the database, for schedule delivery's tests
// (their screens and API belong to modules/groups and modules/lighting).

export async function makeStaticGroup(db: Db, organizationId: number, deviceIds: number[]): Promise<number> {
  const [group] = await db
    .insert(deviceGroups)
    .values({ organizationId, name: `Group ${nextSerial()}`, kind: 'static' })
    .returning({ id: deviceGroups.id });
  if (deviceIds.length > 0)
    await db
      .insert(deviceGroupMembers)
      .values(deviceIds.map((deviceId) => ({ groupId: group!.id, deviceId })));
  return group!.id;
}

export async function makeProfile(db: Db, organizationId: number, steps: ProfileStep[]): Promise<number> {
  const [profile] = await db
    .insert(dimmingProfiles)
    .values({ organizationId, name: `Profile ${nextSerial()}`, steps })
    .returning({ id: dimmingProfiles.id });
  return profile!.id;
}

export async function makeSchedule(
  db: Db,
  fields: {
    organizationId: number;
    groupId: number;
    profileId: number;
    priority?: number;
    weekdays?: number[];
  },
): Promise<number> {
  const [schedule] = await db
    .insert(lightingSchedules)
    .values({ name: `Schedule ${nextSerial()}`, weekdays: [1, 2, 3, 4, 5, 6, 7], ...fields })
    .returning({ id: lightingSchedules.id });
  return schedule!.id;
}

export async function makeException(
  db: Db,
  scheduleId: number,
  fromDay: string,
  toDay: string,
  profileId: number | null,
): Promise<void> {
  await db
    .insert(scheduleExceptions)
    .values({ scheduleId, name: `Exception ${nextSerial()}`, kind: 'festival', fromDay, toDay, profileId });
}

/** Dusk at full, 60 % from 23:00, off two hours before dawn: a typical street profile. */
export const STREET: ProfileStep[] = [
  { anchor: 'dusk', offset_min: 0, level: 100 },
  { anchor: 'clock', offset_min: 0, at: '23:00', level: 60 },
  { anchor: 'dawn', offset_min: -120, level: 0 },
];
