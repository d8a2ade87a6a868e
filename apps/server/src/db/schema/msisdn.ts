import { sql } from 'drizzle-orm';
import { boolean, index, integer, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { organizations } from './organizations';

// MSISDN mapping (spec 02 §2, §3): a SIM card's number (ICCID), its IMSI and its phone number (MSISDN).
// A SIM is one physical card, so each of the three numbers is unique among active rows across every
// organization; a soft-deleted row frees its numbers for reuse.

export const msisdnMappings = pgTable(
  'msisdn_mappings',
  {
    id: serial('id').primaryKey(),
    simNumber: text('sim_number').notNull(),
    imsi: text('imsi').notNull(),
    msisdn: text('msisdn').notNull(),
    /** The owner: the organization of the user who added it. */
    organizationId: integer('organization_id')
      .notNull()
      .references(() => organizations.id),
    isActive: boolean('is_active').notNull().default(true),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('msisdn_mappings_sim_number_active')
      .on(t.simNumber)
      .where(sql`${t.isActive}`),
    uniqueIndex('msisdn_mappings_imsi_active')
      .on(t.imsi)
      .where(sql`${t.isActive}`),
    uniqueIndex('msisdn_mappings_msisdn_active')
      .on(t.msisdn)
      .where(sql`${t.isActive}`),
    index('msisdn_mappings_organization').on(t.organizationId),
  ],
);
