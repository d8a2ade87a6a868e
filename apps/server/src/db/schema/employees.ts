import { sql } from 'drizzle-orm';
import { boolean, index, integer, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { organizations } from './organizations';

// Users: the employees of an organization (spec 01 §3). E-mail is the sign-in name.
export const users = pgTable(
  'users',
  {
    id: serial('id').primaryKey(),
    organizationId: integer('organization_id')
      .notNull()
      .references(() => organizations.id),
    email: text('email').notNull(),
    firstName: text('first_name').notNull().default(''),
    middleName: text('middle_name').notNull().default(''),
    lastName: text('last_name').notNull().default(''),
    mobile: text('mobile'),
    photo: text('photo'),
    passwordHash: text('password_hash').notNull(),
    permissions: text('permissions')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    isSuperuser: boolean('is_superuser').notNull().default(false),
    /** The organization's owner: the user made with the organization, exactly one per organization. */
    isPrimary: boolean('is_primary').notNull().default(false),
    isActive: boolean('is_active').notNull().default(true),
    /** Deleted because its organization was: restoring the organization brings it back. */
    deletedWithOrganization: boolean('deleted_with_organization').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('users_email_active')
      .on(sql`lower(${t.email})`)
      .where(sql`${t.isActive}`),
    index('users_organization').on(t.organizationId),
    // An organization has one owner, the user made with it (migration one_owner_per_organization repaired
    // the data saved before this rule).
    uniqueIndex('users_one_owner_per_organization')
      .on(t.organizationId)
      .where(sql`${t.isPrimary}`),
  ],
);
