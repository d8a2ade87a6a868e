import { bigint, index, integer, jsonb, pgTable, serial, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { deviceCommands } from './commands';
import { users } from './employees';
import { rmsDevices } from './inventory';

// Parameter settings (spec 02 §2 "Parameter setting", "Bulk parameter"): every save stores a new
// version of a device's whole parameter set (the six groups, as one JSON object whose shape and limits
// are in the contract) and the command that sends it. The newest version is the device's setting; it
// is applied once its command is acknowledged.

export const deviceParameters = pgTable(
  'device_parameters',
  {
    id: serial('id').primaryKey(),
    deviceId: integer('device_id')
      .notNull()
      .references(() => rmsDevices.id),
    version: integer('version').notNull(),
    values: jsonb('values').$type<Record<string, number>>().notNull(),
    commandId: bigint('command_id', { mode: 'number' }).references(() => deviceCommands.id),
    createdBy: integer('created_by').references(() => users.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('device_parameters_device_version').on(t.deviceId, t.version),
    index('device_parameters_command').on(t.commandId),
  ],
);
