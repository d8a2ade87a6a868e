import { sql } from 'drizzle-orm';
import { bigserial, index, integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import type { CommandKind, CommandStatus } from '@rms/contracts/commands';
import { users } from './employees';
import { rmsDevices } from './inventory';
import { organizations } from './organizations';

// Commands to devices (docs/device-link.md): load on/off, parameters, bulk parameter, inspection
// force on/off and refresh. The screens record them as `pending`; the device link publishes them on
// `rms/{device_id}/cmd` and moves them through sent → acknowledged | failed | timed_out. The device
// acknowledges by `id`, so a command runs at most once.

export const deviceCommands = pgTable(
  'device_commands',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    deviceId: integer('device_id')
      .notNull()
      .references(() => rmsDevices.id),
    /** The device's organization when the command was given (scope for the console). */
    organizationId: integer('organization_id')
      .notNull()
      .references(() => organizations.id),
    kind: text('kind').$type<CommandKind>().notNull(),
    payload: jsonb('payload').$type<Record<string, unknown>>().notNull().default({}),
    status: text('status').$type<CommandStatus>().notNull().default('pending'),
    error: text('error'),
    createdBy: integer('created_by').references(() => users.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
  },
  (t) => [
    index('device_commands_device_status').on(t.deviceId, t.status),
    index('device_commands_organization').on(t.organizationId),
    // The dispatcher's periodic pass looks for unfinished commands only.
    index('device_commands_open')
      .on(t.deviceId)
      .where(sql`${t.status} in ('pending', 'sent')`),
  ],
);
