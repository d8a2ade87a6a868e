import { check, date, index, integer, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
import { users } from './employees';
import { organizations } from './organizations';

// Assignment history (spec 02 §2, §3): each time an RMS, STLT or pole ID moves from one organization
// to a buyer. The item's current owner lives on the inventory row; these rows keep how it got there.
// item_id points into rms_devices, stlts or poles depending on kind, so it carries no foreign key.

export const assignments = pgTable(
  'assignments',
  {
    id: serial('id').primaryKey(),
    kind: text('kind', { enum: ['rms', 'stlt', 'pole'] }).notNull(),
    itemId: integer('item_id').notNull(),
    fromOrganizationId: integer('from_organization_id')
      .notNull()
      .references(() => organizations.id),
    toOrganizationId: integer('to_organization_id')
      .notNull()
      .references(() => organizations.id),
    expiryDate: date('expiry_date').notNull(),
    /** RMS only: the value of the Device Type dropdown chosen at assignment. */
    deviceType: text('device_type'),
    assignedBy: integer('assigned_by').references(() => users.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('assignments_kind', sql`${t.kind} in ('rms', 'stlt', 'pole')`),
    index('assignments_item').on(t.kind, t.itemId),
    index('assignments_from').on(t.fromOrganizationId),
    index('assignments_to').on(t.toOrganizationId),
  ],
);
