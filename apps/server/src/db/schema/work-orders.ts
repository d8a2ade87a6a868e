import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  boolean,
  index,
  integer,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import type { WorkOrderEventType, WorkOrderStatus } from '@rms/contracts/work-orders';
import { users } from './employees';
import { organizations } from './organizations';
import { alarms } from './telemetry';
import { storedFiles } from './uploads';

// Work orders (docs/work-orders.md): made from one or more alarms of one organization, given to a
// person, due by the most urgent SLA of its alarms, worked open → in progress → done (or cancelled).
// The order's history is its own timeline; its photos are stored files (uploads) of images.

export const workOrders = pgTable(
  'work_orders',
  {
    id: serial('id').primaryKey(),
    organizationId: integer('organization_id')
      .notNull()
      .references(() => organizations.id),
    title: text('title').notNull(),
    description: text('description').notNull().default(''),
    /** An active user of the organization or of the provider (who sees its alarms); null: nobody. */
    assigneeId: integer('assignee_id').references(() => users.id, { onDelete: 'set null' }),
    status: text('status').$type<WorkOrderStatus>().notNull().default('open'),
    dueAt: timestamp('due_at', { withTimezone: true }).notNull(),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /** When it was first started; kept through a reopen. */
    startedAt: timestamp('started_at', { withTimezone: true }),
    /** When it was (last) finished; null unless done. */
    doneAt: timestamp('done_at', { withTimezone: true }),
    doneBy: integer('done_by').references(() => users.id, { onDelete: 'set null' }),
  },
  (t) => [
    index('work_orders_organization').on(t.organizationId, t.status),
    index('work_orders_assignee').on(t.assigneeId),
  ],
);

/**
 * The alarms of an order. `active` is true while the order is open or in progress: an alarm is in at
 * most one such order (the partial unique index), and a done or cancelled order lets it go.
 */
export const workOrderAlarms = pgTable(
  'work_order_alarms',
  {
    workOrderId: integer('work_order_id')
      .notNull()
      .references(() => workOrders.id, { onDelete: 'cascade' }),
    alarmId: bigint('alarm_id', { mode: 'number' })
      .notNull()
      .references(() => alarms.id, { onDelete: 'cascade' }),
    active: boolean('active').notNull().default(true),
  },
  (t) => [
    primaryKey({ columns: [t.workOrderId, t.alarmId] }),
    uniqueIndex('work_order_alarms_active_once')
      .on(t.alarmId)
      .where(sql`${t.active}`),
    index('work_order_alarms_alarm').on(t.alarmId),
  ],
);

/** The order's timeline: created, status changes, assignment, edits, notes, photos. */
export const workOrderEvents = pgTable(
  'work_order_events',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    workOrderId: integer('work_order_id')
      .notNull()
      .references(() => workOrders.id, { onDelete: 'cascade' }),
    type: text('type').$type<WorkOrderEventType>().notNull(),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
    actorId: integer('actor_id').references(() => users.id, { onDelete: 'set null' }),
    /** assigned: the new assignee (null: unassigned). */
    assigneeId: integer('assignee_id').references(() => users.id, { onDelete: 'set null' }),
    /** noted: the note; other types: what changed, in words. */
    note: text('note'),
  },
  (t) => [index('work_order_events_order').on(t.workOrderId, t.id)],
);

export const workOrderPhotos = pgTable(
  'work_order_photos',
  {
    id: serial('id').primaryKey(),
    workOrderId: integer('work_order_id')
      .notNull()
      .references(() => workOrders.id, { onDelete: 'cascade' }),
    fileKey: text('file_key')
      .notNull()
      .references(() => storedFiles.key, { onDelete: 'cascade' }),
    addedBy: integer('added_by').references(() => users.id, { onDelete: 'set null' }),
    addedAt: timestamp('added_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('work_order_photos_order').on(t.workOrderId)],
);
