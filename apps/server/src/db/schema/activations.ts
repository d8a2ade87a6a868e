import { sql } from 'drizzle-orm';
import {
  boolean,
  doublePrecision,
  index,
  integer,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { users } from './employees';
import { poles, rmsDevices, stlts } from './inventory';
import { cities, states } from './master-data';
import { organizations } from './organizations';

// Device activation (spec 02 §2, §3): an RMS device put to work as a project at an address, with the
// STLT and pole it is fitted to. Device, STLT and pole are optional but each serves one active
// activation at a time. Latitude and longitude place it on the map (monitoring issue).

export const activations = pgTable(
  'activations',
  {
    id: serial('id').primaryKey(),
    /** The project name. */
    name: text('name').notNull(),
    deviceId: integer('device_id').references(() => rmsDevices.id),
    stltId: integer('stlt_id').references(() => stlts.id),
    poleId: integer('pole_id').references(() => poles.id),
    address1: text('address1').notNull(),
    address2: text('address2').notNull(),
    stateId: integer('state_id')
      .notNull()
      .references(() => states.id),
    cityId: integer('city_id')
      .notNull()
      .references(() => cities.id),
    pin: text('pin').notNull(),
    panelId: text('panel_id'),
    batteryId: text('battery_id'),
    latitude: doublePrecision('latitude'),
    /** Free tags (lighting groups select by them), at most MAX_TAGS. */
    tags: text('tags')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    longitude: doublePrecision('longitude'),
    organizationId: integer('organization_id')
      .notNull()
      .references(() => organizations.id),
    createdBy: integer('created_by').references(() => users.id),
    isActive: boolean('is_active').notNull().default(true),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('activations_device_active')
      .on(t.deviceId)
      .where(sql`${t.isActive} and ${t.deviceId} is not null`),
    uniqueIndex('activations_stlt_active')
      .on(t.stltId)
      .where(sql`${t.isActive} and ${t.stltId} is not null`),
    uniqueIndex('activations_pole_active')
      .on(t.poleId)
      .where(sql`${t.isActive} and ${t.poleId} is not null`),
    // With is_active beside the organization, a list's count of a tenant's activations is an index-only
    // scan instead of a pass over the table's rows (bench/README.md, the activation list).
    index('activations_organization').on(t.organizationId, t.isActive),
    index('activations_state_city').on(t.stateId, t.cityId),
    index('activations_tags').using('gin', t.tags),
  ],
);
