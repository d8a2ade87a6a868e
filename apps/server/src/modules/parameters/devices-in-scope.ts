import { and, asc, eq, inArray } from 'drizzle-orm';
import { MAX_PAGE_SIZE } from '@rms/contracts/common';
import { PARAMETER_MESSAGES, type DeviceSelection } from '@rms/contracts/parameters';
import type { AuthUser } from '../../auth/access';
import { orgScope } from '../../auth/tenant';
import type { Db } from '../../db/client';
import { rmsDevices } from '../../db/schema/inventory';
import { deviceGroups } from '../../db/schema/lighting';
import { fieldError, notFound } from '../../errors';
import { groupDevices } from '../groups';
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

/**
 * The devices a bulk action (bulk parameter, inspection) acts on: the chosen ids, or a group's devices as
 * they are now. A group of another organization answers 404 like another organization's device; an
 * empty group is a 400 naming `group`.
 */
export async function selectedDevicesOf(
  db: Db,
  auth: AuthUser,
  selection: DeviceSelection,
): Promise<ScopedDevice[]> {
  if (selection.group === undefined) return devicesInScope(db, auth, selection.devices ?? []);
  const [group] = await db
    .select({ id: deviceGroups.id })
    .from(deviceGroups)
    .where(and(eq(deviceGroups.id, selection.group), orgScope(deviceGroups.organizationId, auth)));
  if (!group) throw notFound(PARAMETER_MESSAGES.groupNotFound);
  const ids = (await groupDevices(db, [group.id])).map((m) => m.deviceId).sort((a, b) => a - b);
  if (ids.length === 0) throw fieldError('group', PARAMETER_MESSAGES.groupEmpty);
  return devicesInScope(db, auth, ids);
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
