import { bigint, index, integer, pgTable, primaryKey, serial, timestamp } from 'drizzle-orm/pg-core';
import { deviceCommands } from './commands';
import { users } from './employees';
import { rmsDevices } from './inventory';
import { organizations } from './organizations';

// Inspections (spec 02 §2 "Inspections", §3): a field check forcing selected devices' lamps on (1) or
// off (2). One inspection holds its devices, each with the command recorded for it.

export const inspections = pgTable(
  'inspections',
  {
    id: serial('id').primaryKey(),
    /** 1 Force On, 2 Force Off (spec §9). */
    insp: integer('insp').notNull(),
    /** The organization of the user who inspected (scope of the history). */
    organizationId: integer('organization_id')
      .notNull()
      .references(() => organizations.id),
    createdBy: integer('created_by').references(() => users.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('inspections_organization').on(t.organizationId)],
);

export const inspectionDevices = pgTable(
  'inspection_devices',
  {
    inspectionId: integer('inspection_id')
      .notNull()
      .references(() => inspections.id),
    deviceId: integer('device_id')
      .notNull()
      .references(() => rmsDevices.id),
    commandId: bigint('command_id', { mode: 'number' }).references(() => deviceCommands.id),
  },
  (t) => [
    primaryKey({ columns: [t.inspectionId, t.deviceId] }),
    index('inspection_devices_device').on(t.deviceId),
  ],
);
