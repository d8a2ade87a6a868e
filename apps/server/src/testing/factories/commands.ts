import type { Db } from '../../db/client';
import { deviceCommands } from '../../db/schema/commands';
import { deviceParameters } from '../../db/schema/parameters';
import { given, insertRows } from './rows';

type NewCommand = typeof deviceCommands.$inferInsert;
type NewParameters = typeof deviceParameters.$inferInsert;

/**
 * A command written straight to the table, pending unless told: unlike recordCommands it sends no
 * commit notification, so no dispatcher wakes for it.
 */
export async function makeCommand(
  db: Db,
  fields: Partial<NewCommand> & Pick<NewCommand, 'deviceId' | 'organizationId'>,
): Promise<typeof deviceCommands.$inferSelect> {
  const [row] = await insertRows(db, deviceCommands, [{ kind: 'refresh', ...given(fields) }]);
  return row!;
}

/** Stored parameter versions of devices (each names its device, version and values). */
export function makeParameterVersions(
  db: Db,
  list: Pick<NewParameters, 'deviceId' | 'version' | 'values'>[],
): Promise<(typeof deviceParameters.$inferSelect)[]> {
  return insertRows(db, deviceParameters, list);
}
