import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import type { AuthUser } from '../../auth/access';
import { BatchConflict } from '../../batch/batch';
import { addDays, today } from '../../calendar';
import { rmsDevices } from '../../db/schema/inventory';
import { createTestApp, type TestApp } from '../../testing/app';
import { makeDevices, makeOrganization } from '../../testing/factories';
import { assignMany } from './batch';
import { heldItemsByCode } from '../inventory';

// The save step re-states the assign rules: an item that changed hands between the sheet's check and
// its save undoes the whole batch, so no row of it is applied.

let t: TestApp;
let sellerId: number;
let buyerId: number;
let otherId: number;

beforeAll(async () => {
  t = await createTestApp();
  const codes = ['ASSIGN_RMS', 'VIEW_RMS'];
  sellerId = (await makeOrganization(t.database.db, { companyName: 'Seller', permissions: codes })).id;
  buyerId = (
    await makeOrganization(t.database.db, { companyName: 'Buyer', permissions: codes, parentId: sellerId })
  ).id;
  otherId = (await makeOrganization(t.database.db, { companyName: 'Other', permissions: codes })).id;
});
afterAll(() => t.close());

const dayFrom = (days: number) => addDays(today(t.config.timeZone), days);

async function ownerOf(code: string) {
  const [row] = await t.database.db
    .select({ organizationId: rmsDevices.organizationId })
    .from(rmsDevices)
    .where(eq(rmsDevices.code, code));
  return row?.organizationId;
}

describe('assigning a batch', () => {
  it('keeps nothing when an item changed hands between the check and the save', async () => {
    await makeDevices(t.database.db, [
      { code: 'RACE-1', organizationId: sellerId, expiryDate: dayFrom(30) },
      { code: 'RACE-2', organizationId: sellerId, expiryDate: dayFrom(30) },
    ]);
    const auth: AuthUser = {
      id: 0,
      email: 'seller@test.example',
      sessionId: '',
      organizationId: sellerId,
      isProvider: false,
      is_superuser: false,
      permissions: [],
      apiKey: null,
    };
    const held = await heldItemsByCode(t.database.db, auth.organizationId, 'rms', ['RACE-1', 'RACE-2']);
    expect(held.size).toBe(2);
    await t.database.db
      .update(rmsDevices)
      .set({ organizationId: otherId })
      .where(eq(rmsDevices.code, 'RACE-2'));
    const inputs = [...held.values()].map((item) => ({
      buyer: buyerId,
      item,
      expiry_date: dayFrom(9),
    }));

    await expect(
      t.database.db.transaction((tx) => assignMany(tx, auth, 'rms', inputs)),
    ).rejects.toBeInstanceOf(BatchConflict);
    expect(await ownerOf('RACE-1')).toBe(sellerId);
  });
});
