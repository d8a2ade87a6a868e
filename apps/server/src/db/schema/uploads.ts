import { index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from './employees';
import { organizations } from './organizations';

/**
 * Who stored each file (an upload through a presigned link, or an exported report) and when: a file
 * may be linked to, and recorded on a row, only by its own organization (docs/architecture.md "Who sees what").
 * `user_id` is the user who asked for the upload link (only they hold it) or generated the report,
 * `created_at` when that was, `uploaded_at` when the store received the file (taken from the store the
 * first time the server looks at the file: null while it has not arrived).
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
    uploadedAt: timestamp('uploaded_at', { withTimezone: true }),
  },
  (t) => [index('stored_files_organization').on(t.organizationId)],
);
