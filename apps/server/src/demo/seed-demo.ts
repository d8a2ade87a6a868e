import { and, eq, inArray } from 'drizzle-orm';
import type { PermissionCode } from '@rms/contracts/permissions';
import { defaultParameters } from '@rms/simulator/parameters';
import { hashPassword } from '../auth/passwords';
import type { Db } from '../db/client';
import { activations } from '../db/schema/activations';
import { users } from '../db/schema/employees';
import { poles, rmsDevices, stlts } from '../db/schema/inventory';
import { cities, states } from '../db/schema/master-data';
import { msisdnMappings } from '../db/schema/msisdn';
import { organizations } from '../db/schema/organizations';
import { deviceParameters } from '../db/schema/parameters';
import { newPassword } from '../first-credentials';
import { dayResolver } from '../telemetry/day-of';
import { seedDemoLighting } from './demo-lighting';
import { DEMO_EMAIL, DEMO_ORGANIZATION, DEMO_PEOPLE, DEMO_SITES, demoFleet, nearestSite } from './demo-fleet';

// The demo customer on first start (docs/operations.md, DEMO): an organization with an owner and the
// two people who handle its alarms (a supervisor and a field technician), its activated fleet (RMS devices, STLTs, poles, SIMs, addresses and coordinates around the map
// centre), each device's default parameter set and its lighting by plan (demo-lighting.ts). Telemetry history and live reports come after,
// from run-demo.

/** What a customer running street lights holds (not the provider's master-data and company codes). */
export const DEMO_PERMISSIONS: PermissionCode[] = [
  'VIEW_USER',
  'MANAGE_USER',
  'DEVICE_ACTIVATION',
  'VIEW_DEVICE_ACTIVATION',
  'VIEW_DEVICE_DATA',
  'VIEW_RMS',
  'VIEW_STLT',
  'VIEW_POLE',
  'CHANGE_PARAMETER_SETTINGS',
  'VIEW_PARAMETER_SETTINGS',
  'MAP_VIEW',
  'GRAPH_VIEW',
  'DEVICE_REPORT',
  'HANDLE_ALARMS',
  'MANAGE_ALARM_RULES',
  'MANAGE_WORK_ORDERS',
  'MANAGE_GROUPS',
  'MANAGE_SCHEDULES',
  'VIEW_ENERGY_REPORTS',
];

/**
 * The supervisor handles alarms and work orders; the technician sees the fleet and works alarms and
 * the work orders he is given (starts them, notes the repair, finishes them).
 */
const SUPERVISOR_PERMISSIONS = DEMO_PERMISSIONS.filter((p) => p !== 'MANAGE_USER');
const TECHNICIAN_PERMISSIONS: PermissionCode[] = [
  'VIEW_DEVICE_DATA',
  'VIEW_RMS',
  'VIEW_STLT',
  'VIEW_POLE',
  'VIEW_PARAMETER_SETTINGS',
  'MAP_VIEW',
  'GRAPH_VIEW',
  'HANDLE_ALARMS',
  'MANAGE_WORK_ORDERS',
];

export interface DemoSeedResult {
  organizationId: number;
  email: string;
  /** The owner's password (generated unless one was given). */
  password: string;
  devices: number;
}

export async function findDemoOrganization(db: Db): Promise<number | null> {
  const [row] = await db
    .select({ id: organizations.id })
    .from(organizations)
    .where(and(eq(organizations.companyName, DEMO_ORGANIZATION), eq(organizations.isActive, true)))
    .limit(1);
  return row?.id ?? null;
}

export interface DemoOwnerPassword {
  /** The owner's password (one kept from a start that stopped before seeding); generated when absent. */
  password?: string | undefined;
  /** Gets a generated password before the owner is made (main.ts keeps it to print until the first sign-in). */
  keep?: (password: string) => void;
}

/**
 * Seeds the demo customer unless it exists; returns null when it did. A demo organization someone
 * deleted counts as existing: it stays deleted (it can be restored from the organization list), and
 * seeding it again would clash with its devices, still active, at every start.
 */
export async function seedDemo(
  db: Db,
  count?: number,
  now = new Date(),
  owner: DemoOwnerPassword = {},
  /** The deployment's TIME_ZONE: the festival covers tonight there. */
  timeZone = 'Asia/Kolkata',
): Promise<DemoSeedResult | null> {
  const [seeded] = await db
    .select({ id: organizations.id })
    .from(organizations)
    .where(eq(organizations.companyName, DEMO_ORGANIZATION))
    .limit(1);
  if (seeded) return null;
  const fleet = demoFleet(count);
  const password = owner.password ?? newPassword();
  if (!owner.password) owner.keep?.(password);
  const passwordHash = await hashPassword(password);
  // The others sign in only once the owner resets their password: theirs is never told.
  const [supervisorHash, technicianHash] = await Promise.all([
    hashPassword(newPassword()),
    hashPassword(newPassword()),
  ]);
  const day = (d: Date) => d.toISOString().slice(0, 10);
  const installed = day(new Date(now.getTime() - 120 * 86_400_000));
  const expiry = day(new Date(now.getTime() + 3 * 365 * 86_400_000));

  const organizationId = await db.transaction(async (tx) => {
    const places = await placesOf(tx);
    const [provider] = await tx
      .select({ id: organizations.id })
      .from(organizations)
      .where(eq(organizations.isProvider, true));
    const delhi = places.get('Delhi|New Delhi')!;
    const [org] = await tx
      .insert(organizations)
      .values({
        companyName: DEMO_ORGANIZATION,
        name: 'Asha Verma',
        email: DEMO_EMAIL,
        mobile: '9810000000',
        stateId: delhi.stateId,
        cityId: delhi.cityId,
        address: 'Barakhamba Road, Connaught Place, New Delhi 110001',
        permissions: DEMO_PERMISSIONS,
        parentId: provider?.id ?? null,
        activationDate: installed,
        expiryDate: expiry,
        tagline: 'Lighting the streets with the sun',
      })
      .returning({ id: organizations.id });
    const orgId = org!.id;
    await tx.insert(users).values({
      organizationId: orgId,
      ...DEMO_PEOPLE.owner,
      passwordHash,
      permissions: DEMO_PERMISSIONS,
      isPrimary: true,
    });
    await tx.insert(users).values([
      {
        organizationId: orgId,
        ...DEMO_PEOPLE.supervisor,
        passwordHash: supervisorHash,
        permissions: SUPERVISOR_PERMISSIONS,
      },
      {
        organizationId: orgId,
        ...DEMO_PEOPLE.technician,
        passwordHash: technicianHash,
        permissions: TECHNICIAN_PERMISSIONS,
      },
    ]);

    const common = { manufacture: 'Surya Controls', inventoryDate: installed, organizationId: orgId };
    const devices = await tx
      .insert(rmsDevices)
      .values(fleet.map((m) => ({ ...common, code: m.code, model: `RMS-${m.system}`, expiryDate: expiry })))
      .returning({ id: rmsDevices.id, code: rmsDevices.code });
    const number = (i: number) => String(i + 1).padStart(4, '0');
    const stltRows = await tx
      .insert(stlts)
      .values(fleet.map((m, i) => ({ ...common, code: `STLT${number(i)}`, model: `SL-${m.system}V` })))
      .returning({ id: stlts.id });
    const poleRows = await tx
      .insert(poles)
      .values(
        fleet.map((_, i) => ({
          ...common,
          manufacture: 'Bharat Poles',
          code: `POLE${number(i)}`,
          model: 'GI-7M',
        })),
      )
      .returning({ id: poles.id });
    await tx.insert(msisdnMappings).values(
      fleet.map((_, i) => ({
        simNumber: `899110${String(4_000_000_000_000 + i * 7919).padStart(13, '0')}`,
        imsi: `40410${String(7_000_000_000 + i * 104_729).padStart(10, '0')}`,
        msisdn: `+91${String(9_871_000_000 + i * 37)}`,
        organizationId: orgId,
      })),
    );
    const idOf = new Map(devices.map((d) => [d.code, d.id]));
    await tx.insert(activations).values(
      fleet.map((m, i) => {
        const site = nearestSite(m.latitude, m.longitude);
        const place = places.get(`${site.state}|${site.city}`)!;
        return {
          name: site.project,
          deviceId: idOf.get(m.code)!,
          stltId: stltRows[i]!.id,
          poleId: poleRows[i]!.id,
          address1: `Pole ${number(i)}, ${site.areas[i % site.areas.length]}`,
          address2: `${site.city}, ${site.state}`,
          stateId: place.stateId,
          cityId: place.cityId,
          pin: site.pins[i % site.pins.length]!,
          panelId: `PV${m.panelWp}-${number(i)}`,
          batteryId: `LFP${m.system}-${number(i)}`,
          latitude: m.latitude,
          longitude: m.longitude,
          organizationId: orgId,
          createdAt: new Date(now.getTime() - (100 - (i % 10)) * 86_400_000),
        };
      }),
    );
    await tx.insert(deviceParameters).values(
      fleet.map((m) => ({
        deviceId: idOf.get(m.code)!,
        version: 1,
        values: defaultParameters(m.system, m.params),
      })),
    );
    await seedDemoLighting(tx, orgId, dayResolver(timeZone)(now.getTime()), [DEMO_EMAIL], {
      delhi: places.get('Delhi|Delhi')!.cityId,
      newDelhi: delhi.cityId,
    });
    return orgId;
  });
  return { organizationId, email: DEMO_EMAIL, password, devices: fleet.length };
}

/** State and city ids of the demo sites, by "State|City". */
export async function placesOf(db: Db): Promise<Map<string, { stateId: number; cityId: number }>> {
  const names = [...new Set(DEMO_SITES.map((s) => s.state))];
  const rows = await db
    .select({ state: states.name, stateId: states.id, city: cities.name, cityId: cities.id })
    .from(cities)
    .innerJoin(states, eq(states.id, cities.stateId))
    .where(and(inArray(states.name, names), eq(cities.isActive, true), eq(states.isActive, true)));
  const map = new Map(rows.map((r) => [`${r.state}|${r.city}`, { stateId: r.stateId, cityId: r.cityId }]));
  for (const site of DEMO_SITES) {
    if (!map.has(`${site.state}|${site.city}`))
      throw new Error(`demo: master data has no city ${site.city} in ${site.state}`);
  }
  return map;
}
