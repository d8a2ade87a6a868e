import { sql } from 'drizzle-orm';
import {
  boolean,
  index,
  integer,
  numeric,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
  type AnyPgColumn,
} from 'drizzle-orm/pg-core';

// Master data (spec 01 §2 "Master data screens"): states and cities (seeded with India's),
// GST rates, HSN codes and dropdown settings.

export const states = pgTable(
  'states',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull(),
    country: text('country').notNull().default('India'),
    isActive: boolean('is_active').notNull().default(true),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('states_name_active')
      .on(sql`lower(${t.name})`, t.country)
      .where(sql`${t.isActive}`),
  ],
);

export const cities = pgTable(
  'cities',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull(),
    stateId: integer('state_id')
      .notNull()
      .references(() => states.id),
    isActive: boolean('is_active').notNull().default(true),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('cities_name_state_active')
      .on(sql`lower(${t.name})`, t.stateId)
      .where(sql`${t.isActive}`),
    index('cities_state').on(t.stateId),
  ],
);

export const gstSettings = pgTable(
  'gst_settings',
  {
    id: serial('id').primaryKey(),
    invoiceName: text('invoice_name').notNull(),
    name: text('name').notNull(),
    /** Percent, 0–100 with two decimals. */
    value: numeric('value', { precision: 5, scale: 2, mode: 'number' }).notNull(),
    isActive: boolean('is_active').notNull().default(true),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('gst_settings_name_active')
      .on(sql`lower(${t.name})`)
      .where(sql`${t.isActive}`),
  ],
);

// same_state / other_state are integer arrays of gst_settings ids rather than a join table: each is a
// handful of ids, always read and written whole with its HSN row, and GST rows are only ever soft-deleted,
// so an id never dangles. The service checks every id names an active GST rate on write and drops
// soft-deleted ones on read.
export const hsnSettings = pgTable(
  'hsn_settings',
  {
    id: serial('id').primaryKey(),
    hsnNo: text('hsn_no').notNull(),
    sameState: integer('same_state')
      .array()
      .notNull()
      .default(sql`'{}'::integer[]`),
    otherState: integer('other_state')
      .array()
      .notNull()
      .default(sql`'{}'::integer[]`),
    isActive: boolean('is_active').notNull().default(true),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('hsn_settings_no_active')
      .on(t.hsnNo)
      .where(sql`${t.isActive}`),
  ],
);

// Dropdown settings: a tree of groups (a group with children is a heading) and each group's values.
// Groups ship with the product (seeded); users add, edit, disable and delete values.
export const dropdownGroups = pgTable(
  'dropdown_groups',
  {
    id: serial('id').primaryKey(),
    parentId: integer('parent_id').references((): AnyPgColumn => dropdownGroups.id),
    title: text('title').notNull(),
    /** Stable key other screens ask for, e.g. `device_type`. */
    path: text('path').notNull().unique(),
    /** Whether the group's values may be enabled and disabled. */
    canDisabled: boolean('can_disabled').notNull().default(false),
    sortOrder: integer('sort_order').notNull().default(0),
  },
  (t) => [index('dropdown_groups_parent').on(t.parentId)],
);

export const dropdownValues = pgTable(
  'dropdown_values',
  {
    id: serial('id').primaryKey(),
    groupId: integer('group_id')
      .notNull()
      .references(() => dropdownGroups.id),
    value: text('value').notNull(),
    /** The number devices and reports know the value by (e.g. Force On = 1), for values that have one. */
    code: integer('code'),
    isEditable: boolean('is_editable').notNull().default(true),
    isDeletable: boolean('is_deletable').notNull().default(true),
    isDisabled: boolean('is_disabled').notNull().default(false),
    isActive: boolean('is_active').notNull().default(true),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('dropdown_values_value_active')
      .on(t.groupId, sql`lower(${t.value})`)
      .where(sql`${t.isActive}`),
  ],
);
