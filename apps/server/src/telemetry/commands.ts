import type { CommandKind } from '@rms/contracts/commands';
import type { Db } from '../db/client';
import { deviceCommands } from '../db/schema/commands';
import { notifyRecorded } from './command-channel';

export interface NewCommand {
  deviceId: number;
  organizationId: number;
  kind: CommandKind;
  payload?: Record<string, unknown>;
  createdBy?: number | null;
}

/**
 * Records commands as `pending` (in the caller's transaction when given one) and returns their ids in
 * order. Delivery to the device, and the status after that, belong to the device link, which hears of
 * them when they are committed (command-channel.ts).
 */
export async function recordCommands(db: Db, commands: NewCommand[]): Promise<number[]> {
  if (commands.length === 0) return [];
  // The rows and their notice are written together (a savepoint inside the caller's transaction): a
  // notice never goes without its rows, nor rows without their notice.
  return db.transaction(async (tx) => {
    const rows = await tx
      .insert(deviceCommands)
      .values(
        commands.map((c) => ({
          deviceId: c.deviceId,
          organizationId: c.organizationId,
          kind: c.kind,
          payload: c.payload ?? {},
          createdBy: c.createdBy ?? null,
        })),
      )
      .returning({ id: deviceCommands.id, deviceId: deviceCommands.deviceId });
    await notifyRecorded(tx, rows);
    return rows.map((r) => r.id);
  });
}
