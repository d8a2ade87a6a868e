import { bigint, integer, pgTable, serial, smallint, timestamp } from 'drizzle-orm/pg-core';
import { deviceCommands } from './commands';
import { rmsDevices } from './inventory';

// Load status (spec 02 §3 "Load status record", §4): one record per device, the switch as the console
// last set it, and the command that carries it to the device.

export const loadStatus = pgTable('load_status', {
  id: serial('id').primaryKey(),
  deviceId: integer('device_id')
    .notNull()
    .unique()
    .references(() => rmsDevices.id),
  loSts: smallint('lo_sts'),
  commandId: bigint('command_id', { mode: 'number' }).references(() => deviceCommands.id),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});
