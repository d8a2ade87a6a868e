import { sql } from 'drizzle-orm';
import { index, integer, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { users } from './employees';
import { organizations } from './organizations';

// Organization API keys (service accounts). A key is `rms_<public_id>_<secret>`: the public id finds the
// row, and only the SHA-256 of the whole key is kept (the secret is 256 random bits, so a fast hash is
// as safe as a slow one, and a slow one would cost every API call it authenticates).
export const apiKeys = pgTable(
  'api_keys',
  {
    id: serial('id').primaryKey(),
    /** 8 lowercase letters and digits; with `rms_` in front it is the prefix lists show. */
    publicId: text('public_id').notNull(),
    secretHash: text('secret_hash').notNull(),
    name: text('name').notNull(),
    organizationId: integer('organization_id')
      .notNull()
      .references(() => organizations.id),
    /** The codes given at creation; the key acts with those its creator still holds. */
    permissions: text('permissions')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    createdBy: integer('created_by')
      .notNull()
      .references(() => users.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /** The last day it works, in TIME_ZONE (kept as the instant it stops: the next day's start). */
    expiresAt: timestamp('expires_at', { withTimezone: true }),
    /** Written at most once a minute per key, not on every request. */
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    revokedBy: integer('revoked_by').references(() => users.id),
  },
  (t) => [
    uniqueIndex('api_keys_public_id').on(t.publicId),
    index('api_keys_organization').on(t.organizationId, t.id),
  ],
);
