import { index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from './employees';
import { organizations } from './organizations';

/**
 * Who stored each file (an upload through a presigned link, or an exported report): a file may be
 * linked to, and recorded on a row, only by its own organization (DESIGN "Who sees what").
 */
export const storedFiles = pgTable(
  'stored_files',
  {
    key: text('key').primaryKey(),
    organizationId: integer('organization_id')
      .notNull()
      .references(() => organizations.id),
    userId: integer('user_id').references(() => users.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('stored_files_organization').on(t.organizationId)],
);
