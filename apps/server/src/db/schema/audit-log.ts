import { bigserial, index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

// The audit log: one row per write through the REST API that succeeded, and per failed sign-in
// (modules/audit-log/recorder.ts). No foreign keys: a row must outlive, unchanged, whatever it names
// (and an insert on every write should check nothing it need not). No bodies, so no secrets.
export const auditLog = pgTable(
  'audit_log',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /** The organization of whoever acted; null when nobody is known (a failed sign-in). */
    organizationId: integer('organization_id'),
    userId: integer('user_id'),
    apiKeyId: integer('api_key_id'),
    /** The user's e-mail or the key's name at the time (or the e-mail a failed sign-in tried). */
    actor: text('actor'),
    area: text('area').notNull(),
    action: text('action').notNull(),
    method: text('method').notNull(),
    route: text('route').notNull(),
    recordId: text('record_id'),
    /** `delete` or `restore`: an update whose body set `is_active` (the API's soft delete and restore). */
    change: text('change'),
    recordCount: integer('record_count'),
    /** The body's top-level field names (never their values). */
    fields: text('fields').array().notNull(),
    status: integer('status').notNull(),
    ip: text('ip').notNull(),
    userAgent: text('user_agent'),
  },
  (t) => [
    index('audit_log_created').on(t.createdAt),
    index('audit_log_organization').on(t.organizationId, t.id),
    index('audit_log_record').on(t.recordId),
    index('audit_log_user').on(t.userId),
    index('audit_log_api_key').on(t.apiKeyId),
  ],
);
