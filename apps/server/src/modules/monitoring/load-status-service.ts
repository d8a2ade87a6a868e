import { and, eq } from 'drizzle-orm';
import { LOAD_STATUS_MESSAGES as M, type LoadStatusRow } from '@rms/contracts/monitoring';
import type { AuthUser } from '../../auth/access';
import type { Db } from '../../db/client';
import { deviceCommands } from '../../db/schema/commands';
import { loadStatus } from '../../db/schema/monitoring';
import { isUniqueViolation } from '../../db/unique-violation';
import { HttpError, notFound } from '../../errors';
import { recordCommands } from '../../telemetry/commands';
import { getInventory } from '../inventory';

// Load on/off (spec 02 §4): the record keeps the wanted state; each change records a `load` command
// for the device in the same transaction, so a saved switch is always on its way to the device.

/** The device's record (0 or 1 of them); the device must be one the caller sees. */
export async function loadStatusOf(db: Db, auth: AuthUser, deviceId: number): Promise<LoadStatusRow[]> {
  await getInventory(db, auth, 'rms', deviceId);
  const rows = await db
    .select({ record: loadStatus, command: { id: deviceCommands.id, status: deviceCommands.status } })
    .from(loadStatus)
    .leftJoin(deviceCommands, eq(deviceCommands.id, loadStatus.commandId))
    .where(eq(loadStatus.deviceId, deviceId));
  return rows.map(({ record, command }) => toRow(record, command));
}

/** Creates the device's record (spec: when none exists, the toggle creates it). */
export async function createLoadStatus(
  db: Db,
  auth: AuthUser,
  body: { device: number; lo_sts: 0 | 1 },
): Promise<{ row: LoadStatusRow; detail: string }> {
  const device = await getInventory(db, auth, 'rms', body.device);
  try {
    return await db.transaction(async (tx) => {
      const [commandId] = await command(tx, auth, device, body.lo_sts);
      const [record] = await tx
        .insert(loadStatus)
        .values({ deviceId: device.id, loSts: body.lo_sts, commandId })
        .returning();
      return saved(record!, commandId!);
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw new HttpError(400, M.exists);
    throw error;
  }
}

/** Changes the device's record. */
export async function updateLoadStatus(
  db: Db,
  auth: AuthUser,
  body: { id: number; device: number; lo_sts: 0 | 1 },
): Promise<{ row: LoadStatusRow; detail: string }> {
  const device = await getInventory(db, auth, 'rms', body.device);
  return db.transaction(async (tx) => {
    const [commandId] = await command(tx, auth, device, body.lo_sts);
    const [record] = await tx
      .update(loadStatus)
      .set({ loSts: body.lo_sts, commandId, updatedAt: new Date() })
      .where(and(eq(loadStatus.id, body.id), eq(loadStatus.deviceId, device.id)))
      .returning();
    if (!record) throw notFound(M.notFound);
    return saved(record, commandId!);
  });
}

function command(db: Db, auth: AuthUser, device: { id: number; organization: number }, lo: 0 | 1) {
  return recordCommands(db, [
    {
      deviceId: device.id,
      organizationId: device.organization,
      kind: 'load',
      payload: { lo_sts: lo },
      createdBy: auth.id,
    },
  ]);
}

function saved(record: typeof loadStatus.$inferSelect, commandId: number) {
  return {
    row: toRow(record, { id: commandId, status: 'pending' as const }),
    detail: record.loSts === 1 ? M.on : M.off,
  };
}

function toRow(
  record: typeof loadStatus.$inferSelect,
  command: LoadStatusRow['command'] | null,
): LoadStatusRow {
  return {
    id: record.id,
    device: record.deviceId,
    lo_sts: record.loSts,
    updated_at: record.updatedAt.toISOString(),
    command: command?.id ? command : null,
  };
}
