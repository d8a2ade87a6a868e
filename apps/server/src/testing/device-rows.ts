import type { Db } from '../db/client';
import { rmsDevices } from '../db/schema/inventory';
import { issueDeviceKey } from '../telemetry/device-keys';

/** An RMS inventory row with a key, in an organization (tests and the test's device-link process);
 * `fields` sets what a test cares about, such as the expiry date or whether the row is active. */
export async function addDeviceTo(
  db: Db,
  code: string,
  organizationId: number,
  fields: Partial<typeof rmsDevices.$inferInsert> = {},
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
      ...fields,
    })
    .returning({ id: rmsDevices.id });
  const key = await issueDeviceKey(db, row!.id);
  return { id: row!.id, code, key };
}
