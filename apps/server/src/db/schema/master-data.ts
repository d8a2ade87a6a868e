import { sql } from 'drizzle-orm';
import { boolean, index, integer, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';

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
