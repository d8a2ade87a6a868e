import { and, asc, eq, inArray } from 'drizzle-orm';
import { MAX_PAGE_SIZE } from '@rms/contracts/common';
import { PARAMETER_MESSAGES } from '@rms/contracts/parameters';
import type { AuthUser } from '../../auth/access';
import { orgScope } from '../../auth/tenant';
import type { Db } from '../../db/client';
import { rmsDevices } from '../../db/schema/inventory';
import { notFound } from '../../errors';
import { textSearch } from '../../db/search';

export interface ScopedDevice {
  id: number;
  deviceId: string;
  organizationId: number;
}

/**
 * The active RMS devices the caller's organization sees, in the order asked. One id outside the scope
 * (or unknown) answers 404 for the whole request, so nothing is saved and nothing leaks.
 */
export async function devicesInScope(db: Db, auth: AuthUser, ids: number[]): Promise<ScopedDevice[]> {
  const rows = await db
    .select({ id: rmsDevices.id, deviceId: rmsDevices.code, organizationId: rmsDevices.organizationId })
    .from(rmsDevices)
    .where(
      and(
        inArray(rmsDevices.id, ids),
        eq(rmsDevices.isActive, true),
        orgScope(rmsDevices.organizationId, auth),
      ),
    );
  const byId = new Map(rows.map((r) => [r.id, r]));
  return ids.map((id) => {
    const row = byId.get(id);
    if (!row) throw notFound(PARAMETER_MESSAGES.deviceNotFound);
    return row;
  });
}

/** The active RMS devices the caller sees, by device id (the parameter screen's picker). */
export async function deviceChoices(db: Db, auth: AuthUser, query?: string) {
  return db
    .select({ id: rmsDevices.id, device_id: rmsDevices.code })
    .from(rmsDevices)
    .where(
      and(
        eq(rmsDevices.isActive, true),
        orgScope(rmsDevices.organizationId, auth),
        textSearch(query, [rmsDevices.code]),
      ),
    )
    .orderBy(asc(rmsDevices.code))
    .limit(MAX_PAGE_SIZE);
}
