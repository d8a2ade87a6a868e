import { sql } from 'drizzle-orm';
import {
  boolean,
  date,
  index,
  integer,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { users } from './employees';
import { organizations } from './organizations';

// Inventory (spec 02 §3): RMS/device IDs, STLT IDs and pole IDs. The three tables share one shape in
// code (`code` is the kind's ID column, `model` its model column), so one service serves all three.
// organization_id is the current owner; an ID is unique among active rows (case-insensitive).

function common() {
  return {
    id: serial('id').primaryKey(),
    manufacture: text('manufacture').notNull(),
    inventoryDate: date('inventory_date').notNull(),
    remarks: text('remarks').notNull().default(''),
    organizationId: integer('organization_id')
      .notNull()
      .references(() => organizations.id),
    createdBy: integer('created_by').references(() => users.id),
    isActive: boolean('is_active').notNull().default(true),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  };
}

export const rmsDevices = pgTable(
  'rms_devices',
  {
    ...common(),
    code: text('device_id').notNull(),
    model: text('model').notNull(),
    expiryDate: date('expiry_date').notNull(),
  },
  (t) => [
    uniqueIndex('rms_devices_device_id_active')
      .on(sql`lower(${t.code})`)
      .where(sql`${t.isActive}`),
    index('rms_devices_organization').on(t.organizationId),
  ],
);

export const stlts = pgTable(
  'stlts',
  {
    ...common(),
    code: text('stlt_id').notNull(),
    model: text('model_no').notNull(),
  },
  (t) => [
    uniqueIndex('stlts_stlt_id_active')
      .on(sql`lower(${t.code})`)
      .where(sql`${t.isActive}`),
    index('stlts_organization').on(t.organizationId),
  ],
);

export const poles = pgTable(
  'poles',
  {
    ...common(),
    code: text('pole_id').notNull(),
    model: text('model').notNull(),
  },
  (t) => [
    uniqueIndex('poles_pole_id_active')
      .on(sql`lower(${t.code})`)
      .where(sql`${t.isActive}`),
    index('poles_organization').on(t.organizationId),
  ],
);
