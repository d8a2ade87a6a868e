import { and, desc, eq, sql } from 'drizzle-orm';
import type { SimDevice } from '@rms/simulator/device';
import { simulate, type FleetMember } from '@rms/simulator/fleet';
import type { Db } from '../db/client';
import { activations } from '../db/schema/activations';
import { rmsDevices } from '../db/schema/inventory';
import { deviceParameters } from '../db/schema/parameters';
import { deviceLiveState } from '../db/schema/telemetry';
import { issueDeviceKey } from '../telemetry/device-keys';
import { organizations } from '../db/schema/organizations';
import { injectDemoFaults } from './demo-faults';
import { DEMO_SEED, demoFleet } from './demo-fleet';

// The demo devices as the simulator runs them: each seeded RMS device with its place, hardware,
// newest parameters and, when it has reported before, the state it reported last (so a restart goes
// on from there), and the faults the demo plan injects into some of them (demo-faults.ts), timed from
// when the demo was seeded. Keys are issued anew on each start: the simulator is their only holder.

export interface DemoDevice {
  id: number;
  code: string;
  key: string;
  sim: SimDevice;
  /** Measured time of the newest stored sample, or null. */
  lastTs: number | null;
}

/** `faultPlanAt`: when the fault plan counts from (default: when the demo was seeded). */
export async function loadDemoDevices(
  db: Db,
  organizationId: number,
  faultPlanAt?: number,
): Promise<DemoDevice[]> {
  const rows = await db
    .select({
      id: rmsDevices.id,
      code: rmsDevices.code,
      latitude: activations.latitude,
      longitude: activations.longitude,
      lastTs: deviceLiveState.lastTs,
      sample: deviceLiveState.sample,
      telecom: deviceLiveState.telecom,
    })
    .from(rmsDevices)
    .innerJoin(activations, and(eq(activations.deviceId, rmsDevices.id), eq(activations.isActive, true)))
    .leftJoin(deviceLiveState, eq(deviceLiveState.deviceId, rmsDevices.id))
    .where(and(eq(rmsDevices.organizationId, organizationId), eq(rmsDevices.isActive, true)))
    .orderBy(rmsDevices.id);
  const params = await newestParameters(db, organizationId);
  const fleet = new Map<string, FleetMember>(demoFleet(rows.length).map((m) => [m.code, m]));
  const out: DemoDevice[] = [];
  for (const row of rows) {
    // Only the seeded lights: other devices of the organization (say, the CLI's) are not the demo's.
    const base = fleet.get(row.code);
    if (!base) continue;
    const sim = simulate(
      {
        ...base,
        latitude: row.latitude ?? base.latitude,
        longitude: row.longitude ?? base.longitude,
        params: params.get(row.id) ?? base.params,
        ...(row.sample && { soc: row.sample.soc, energyWh: row.sample.energy_wh }),
        ...(row.telecom && { telecom: row.telecom }),
      },
      DEMO_SEED,
    );
    const key = await issueDeviceKey(db, row.id);
    out.push({ id: row.id, code: row.code, key, sim, lastTs: row.lastTs ? row.lastTs.getTime() : null });
  }
  const [org] = await db
    .select({ createdAt: organizations.createdAt })
    .from(organizations)
    .where(eq(organizations.id, organizationId));
  const planAt = faultPlanAt ?? org?.createdAt.getTime();
  if (planAt !== undefined) injectDemoFaults(out, planAt);
  return out;
}

/** Each device's newest parameter version. */
async function newestParameters(
  db: Db,
  organizationId: number,
): Promise<Map<number, Record<string, number>>> {
  const rows = await db
    .selectDistinctOn([deviceParameters.deviceId], {
      deviceId: deviceParameters.deviceId,
      values: deviceParameters.values,
    })
    .from(deviceParameters)
    .innerJoin(rmsDevices, eq(rmsDevices.id, deviceParameters.deviceId))
    .where(sql`${rmsDevices.organizationId} = ${organizationId}`)
    .orderBy(deviceParameters.deviceId, desc(deviceParameters.version));
  return new Map(rows.map((r) => [r.deviceId, r.values]));
}
