import type { Db } from '../db/client';
import { rmsDevices } from '../db/schema/inventory';
import { issueDeviceKey } from '../telemetry/device-keys';

/** An RMS inventory row with a key, in an organization (tests and the test's device-link process). */
export async function addDeviceTo(
  db: Db,
  code: string,
  organizationId: number,
): Promise<{ id: number; code: string; key: string }> {
  const [row] = await db
    .insert(rmsDevices)
    .values({
      code,
      model: 'RMS-12',
      manufacture: 'Test',
      inventoryDate: '2026-01-01',
      expiryDate: '2030-01-01',
      organizationId,
    })
    .returning({ id: rmsDevices.id });
  const key = await issueDeviceKey(db, row!.id);
  return { id: row!.id, code, key };
}
