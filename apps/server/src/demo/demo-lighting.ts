import { eq, inArray } from 'drizzle-orm';
import type { GroupFilter, ProfileStep } from '@rms/contracts/lighting';
import type { Db } from '../db/client';
import { activations } from '../db/schema/activations';
import {
  deviceGroupMembers,
  deviceGroups,
  dimmingProfiles,
  energyReportSubscriptions,
  lightingSchedules,
  scheduleExceptions,
} from '../db/schema/lighting';

// The demo customer's lighting by plan (docs/operations.md, "What the demo shows"), seeded once with the
// organization: tags on its activations, groups by city, tag and project and one chosen by hand,
// dimming profiles, schedules (every night by city, the market streets' weekends at a higher
// priority, a project on energy saving) with a festival covering tonight and an event night in the
// past weeks, and the monthly energy report mailed to the owner. What each device runs on each night
// follows from these rows (demo-plans.ts), as for any customer.

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

/** Tags by the area of the pole's address or by project (activations.name). */
export const DEMO_TAGS: readonly { tag: string; areas?: readonly string[]; projects?: readonly string[] }[] =
  [
    {
      tag: 'market',
      areas: ['Connaught Place', 'Sarojini Nagar', 'Laxmi Nagar', 'Kamla Nagar', 'Sector 18', 'Raj Nagar'],
    },
    { tag: 'park', areas: ['Lodhi Road', 'Chanakyapuri', 'Model Town', 'Sector 15'] },
    {
      tag: 'main-road',
      projects: [
        'North Delhi Ring Road',
        'South-West Delhi Arterials',
        'Faridabad Highway',
        'Noida Expressway',
      ],
    },
  ];

const clock = (at: string, level: number): ProfileStep => ({ anchor: 'clock', offset_min: 0, at, level });
const dusk = (level: number): ProfileStep => ({ anchor: 'dusk', offset_min: 0, level });

/** Every profile ends with the light off at dawn (nightPlan adds it). */
export const DEMO_PROFILES = {
  standard: { name: 'Standard night', steps: [dusk(100), clock('23:00', 60), clock('02:00', 30)] },
  festival: { name: 'Festival full', steps: [dusk(100)] },
  saver: { name: 'Energy saver', steps: [dusk(70), clock('22:00', 40), clock('01:00', 20)] },
  market: {
    name: 'Market evenings',
    steps: [dusk(100), clock('00:30', 60), { anchor: 'dawn', offset_min: -60, level: 30 } as ProfileStep],
  },
} as const satisfies Record<string, { name: string; steps: ProfileStep[] }>;

export const DEMO_FESTIVAL = 'City Lights Festival';
export const DEMO_EVENT = 'Cricket final at the stadium';

const ALL_WEEK = [1, 2, 3, 4, 5, 6, 7];

function addDays(day: string, n: number): string {
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(y, m - 1, d + n)).toISOString().slice(0, 10);
}

/**
 * Seeds the lighting rows of the demo organization `orgId` (in the seeding's transaction). `today` is
 * the local date of the seeding: the festival covers tonight and the next two nights, then the
 * schedule reverts by itself; the event night was ten days ago (its history shows it).
 */
export async function seedDemoLighting(
  tx: Tx,
  orgId: number,
  today: string,
  recipients: readonly string[],
  cityIds: { delhi: number; newDelhi: number },
): Promise<void> {
  const rows = await tx
    .select({
      id: activations.id,
      deviceId: activations.deviceId,
      name: activations.name,
      address1: activations.address1,
    })
    .from(activations)
    .where(eq(activations.organizationId, orgId));
  const areaOf = (address1: string | null) => address1?.split(', ')[1] ?? '';
  const tagsOf = new Map<number, string[]>();
  for (const r of rows) {
    const tags = DEMO_TAGS.filter(
      (t) => t.areas?.includes(areaOf(r.address1)) || (r.name && t.projects?.includes(r.name)),
    ).map((t) => t.tag);
    if (tags.length > 0) tagsOf.set(r.id, tags);
  }
  // One update per distinct tag list (a handful), not one per activation.
  const byList = new Map<string, number[]>();
  for (const [id, tags] of tagsOf) byList.set(tags.join('\n'), [...(byList.get(tags.join('\n')) ?? []), id]);
  for (const [list, ids] of byList)
    await tx
      .update(activations)
      .set({ tags: list.split('\n') })
      .where(inArray(activations.id, ids));

  const dynamic = (name: string, filter: GroupFilter) => ({
    organizationId: orgId,
    name,
    kind: 'dynamic' as const,
    filter,
  });
  const groups = await tx
    .insert(deviceGroups)
    .values([
      dynamic('Delhi streets', { city: cityIds.delhi }),
      dynamic('New Delhi streets', { city: cityIds.newDelhi }),
      dynamic('Market streets', { tag: 'market' }),
      dynamic('Parks', { tag: 'park' }),
      dynamic('Main roads', { tag: 'main-road' }),
      dynamic('Noida Expressway', { project: 'Noida Expressway' }),
      { organizationId: orgId, name: 'Connaught Place pilot', kind: 'static' as const, filter: null },
    ])
    .returning({ id: deviceGroups.id, name: deviceGroups.name });
  const group = (name: string) => groups.find((g) => g.name === name)!.id;
  // The pilot: the poles of Connaught Place, chosen one by one.
  const pilot = rows
    .filter((r) => areaOf(r.address1) === 'Connaught Place' && r.deviceId !== null)
    .slice(0, 12);
  if (pilot.length > 0)
    await tx
      .insert(deviceGroupMembers)
      .values(pilot.map((r) => ({ groupId: group('Connaught Place pilot'), deviceId: r.deviceId! })));

  const profiles = await tx
    .insert(dimmingProfiles)
    .values(
      Object.values(DEMO_PROFILES).map((p) => ({ organizationId: orgId, name: p.name, steps: [...p.steps] })),
    )
    .returning({ id: dimmingProfiles.id, name: dimmingProfiles.name });
  const profile = (key: keyof typeof DEMO_PROFILES) =>
    profiles.find((p) => p.name === DEMO_PROFILES[key].name)!.id;

  const schedules = await tx
    .insert(lightingSchedules)
    .values([
      {
        organizationId: orgId,
        name: 'Delhi every night',
        groupId: group('Delhi streets'),
        profileId: profile('standard'),
        weekdays: ALL_WEEK,
        priority: 0,
      },
      {
        organizationId: orgId,
        name: 'New Delhi every night',
        groupId: group('New Delhi streets'),
        profileId: profile('standard'),
        weekdays: ALL_WEEK,
        priority: 0,
      },
      {
        organizationId: orgId,
        name: 'Market weekends',
        groupId: group('Market streets'),
        profileId: profile('market'),
        // Friday and Saturday evenings: the markets stay open late.
        weekdays: [5, 6],
        priority: 10,
      },
      {
        organizationId: orgId,
        name: 'Noida energy saving',
        groupId: group('Noida Expressway'),
        profileId: profile('saver'),
        weekdays: ALL_WEEK,
        priority: 0,
      },
    ])
    .returning({ id: lightingSchedules.id, name: lightingSchedules.name });
  const schedule = (name: string) => schedules.find((s) => s.name === name)!.id;
  await tx.insert(scheduleExceptions).values([
    {
      scheduleId: schedule('Delhi every night'),
      name: DEMO_FESTIVAL,
      kind: 'festival',
      fromDay: today,
      toDay: addDays(today, 2),
      profileId: profile('festival'),
    },
    {
      scheduleId: schedule('New Delhi every night'),
      name: DEMO_EVENT,
      kind: 'event',
      fromDay: addDays(today, -10),
      toDay: addDays(today, -10),
      profileId: profile('festival'),
    },
  ]);

  await tx.insert(energyReportSubscriptions).values({ organizationId: orgId, recipients: [...recipients] });
}
