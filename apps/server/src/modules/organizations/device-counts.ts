import { inArray, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { clientDetails } from '@rms/contracts/organizations';
import type { Db } from '../../db/client';
import { rmsDevices } from '../../db/schema/inventory';

type ClientDetails = z.infer<typeof clientDetails>;

// Client Details counts (spec 01): the RMS devices an organization holds now. Active: not deleted,
// expiry after today; expired: not deleted, expiry today or before; inactive: deleted (soft) rows it held.

export const NO_DEVICES: ClientDetails = { active_devices: 0, inactive_devices: 0, expired_count: 0 };

/** Counts per organization id, for the given organizations; `day` is today in the deployment's zone. */
export async function deviceCounts(db: Db, organizationIds: number[], day: string) {
  const counts = new Map<number, ClientDetails>();
  if (organizationIds.length === 0) return counts;
  const rows = await db
    .select({
      organizationId: rmsDevices.organizationId,
      active: sql<number>`count(*) filter (where ${rmsDevices.isActive} and ${rmsDevices.expiryDate} > ${day})`,
      expired: sql<number>`count(*) filter (where ${rmsDevices.isActive} and ${rmsDevices.expiryDate} <= ${day})`,
      inactive: sql<number>`count(*) filter (where not ${rmsDevices.isActive})`,
    })
    .from(rmsDevices)
    .where(inArray(rmsDevices.organizationId, organizationIds))
    .groupBy(rmsDevices.organizationId);
  for (const r of rows)
    counts.set(r.organizationId, {
      active_devices: Number(r.active),
      inactive_devices: Number(r.inactive),
      expired_count: Number(r.expired),
    });
  return counts;
}
