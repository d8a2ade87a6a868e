import type { CommandKind } from '@rms/contracts/commands';
import type { Db } from '../db/client';
import { deviceCommands } from '../db/schema/commands';
import { commandEvents } from './command-events';

export interface NewCommand {
  deviceId: number;
  organizationId: number;
  kind: CommandKind;
  payload?: Record<string, unknown>;
  createdBy?: number | null;
}

/**
 * Records commands as `pending` (in the caller's transaction when given one) and returns their ids in
 * order. Delivery to the device, and the status after that, belong to the device link.
 */
export async function recordCommands(db: Db, commands: NewCommand[]): Promise<number[]> {
  if (commands.length === 0) return [];
  const rows = await db
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
    .returning({ id: deviceCommands.id });
  // Nudged after the caller's transaction has had time to commit; the dispatcher's periodic pass
  // catches any command this misses.
  const ids = rows.map((r) => r.id);
  setImmediate(() =>
    commandEvents.emit(
      'recorded',
      commands.map((c) => c.deviceId),
      ids,
    ),
  );
  return ids;
}
