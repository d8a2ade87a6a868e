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
  type AnyPgColumn,
} from 'drizzle-orm/pg-core';
import { cities, states } from './master-data';

// Organizations (spec 01 §3). The provider's own organization has is_provider = true and sees every other one.
export const organizations = pgTable(
  'organizations',
  {
    id: serial('id').primaryKey(),
    companyName: text('company_name').notNull(),
    /** Owner's name. */
    name: text('name').notNull().default(''),
    email: text('email').notNull(),
    mobile: text('mobile'),
    photo: text('photo'),
    stateId: integer('state_id').references(() => states.id),
    cityId: integer('city_id').references(() => cities.id),
    address: text('address').notNull().default(''),
    gst: text('gst'),
    pan: text('pan'),
    activationDate: date('activation_date'),
    expiryDate: date('expiry_date'),
    companyLogo: text('company_logo'),
    tagline: text('tagline'),
    subDomain: text('sub_domain'),
    /** The codes this organization may hold; caps what its users can be given. */
    permissions: text('permissions')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    /**
     * The organization that registered (or linked) this one as its client; null for the provider.
     * A customer organization sees itself and its clients in the organization list.
     */
    parentId: integer('parent_id').references((): AnyPgColumn => organizations.id),
    isProvider: boolean('is_provider').notNull().default(false),
    isActive: boolean('is_active').notNull().default(true),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('organizations_sub_domain_active')
      .on(sql`lower(${t.subDomain})`)
      .where(sql`${t.isActive}`),
    uniqueIndex('organizations_one_provider')
      .on(t.isProvider)
      .where(sql`${t.isProvider}`),
    uniqueIndex('organizations_email_active')
      .on(sql`lower(${t.email})`)
      .where(sql`${t.isActive}`),
    index('organizations_parent').on(t.parentId),
  ],
);

/**
 * A request to add an existing organization to another's clients ("Existing Organization"). Nothing
 * changes until the adopted organization's owner opens the mailed link: only the code's hash is kept,
 * it expires, and it is spent once.
 */
export const organizationAdoptions = pgTable(
  'organization_adoptions',
  {
    id: serial('id').primaryKey(),
    /** The organization asking to add the other one: the request is its row. */
    organizationId: integer('organization_id')
      .notNull()
      .references(() => organizations.id),
    adoptedId: integer('adopted_id')
      .notNull()
      .references(() => organizations.id),
    requestedBy: integer('requested_by').notNull(),
    codeHash: text('code_hash').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    confirmedAt: timestamp('confirmed_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('organization_adoptions_code').on(t.codeHash)],
);
