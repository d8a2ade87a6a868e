import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  boolean,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import type {
  NotificationKind,
  NotifyChannel,
  WebhookDeliveryStatus,
  WebhookEventType,
  WebhookStatus,
} from '@rms/contracts/notifications';
import type { AlarmSeverity } from '@rms/contracts/telemetry';
import { users } from './employees';
import { alarmEvents, alarms } from './telemetry';
import { organizations } from './organizations';

// Outbound webhooks (docs/webhooks.md). A webhook belongs to an organization and names the event types
// it wants; each event is written as one delivery row per subscribed webhook in the transaction that
// made the change (an outbox: the event exists exactly when the change committed), and the delivery
// job (modules/notifications/delivery.ts) sends them, retrying with backoff.
export const webhooks = pgTable(
  'webhooks',
  {
    id: serial('id').primaryKey(),
    organizationId: integer('organization_id')
      .notNull()
      .references(() => organizations.id),
    url: text('url').notNull(),
    events: text('events').array().$type<WebhookEventType[]>().notNull(),
    /**
     * The signing secret, AES-256-GCM under a key derived from JWT_SECRET (secret-box.ts): the server
     * must read it back to sign, so it cannot be a hash; it is never answered.
     */
    secretCipher: text('secret_cipher').notNull(),
    /** The secret's last 4 characters: enough for a person to tell which one is set. */
    secretHint: text('secret_hint').notNull(),
    status: text('status').$type<WebhookStatus>().notNull().default('active'),
    /** Failed attempts since the last success; at WEBHOOK_PAUSE_AFTER_FAILURES the webhook is paused. */
    consecutiveFailures: integer('consecutive_failures').notNull().default(0),
    pausedAt: timestamp('paused_at', { withTimezone: true }),
    lastDeliveryAt: timestamp('last_delivery_at', { withTimezone: true }),
    lastDeliveryOk: boolean('last_delivery_ok'),
    createdBy: integer('created_by')
      .notNull()
      .references(() => users.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('webhooks_organization').on(t.organizationId, t.id)],
);

/** One event for one webhook: its payload as sent (the same event id for every webhook it goes to). */
export const webhookDeliveries = pgTable(
  'webhook_deliveries',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    webhookId: integer('webhook_id')
      .notNull()
      .references(() => webhooks.id, { onDelete: 'cascade' }),
    eventId: uuid('event_id').notNull(),
    eventType: text('event_type').notNull(),
    payload: jsonb('payload').$type<Record<string, unknown>>().notNull(),
    status: text('status').$type<WebhookDeliveryStatus>().notNull().default('pending'),
    attempts: smallint('attempts').notNull().default(0),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
    /** Set while an instance sends it; a crashed instance's claim lapses and the delivery is sent again. */
    lockedUntil: timestamp('locked_until', { withTimezone: true }),
    lastAttemptAt: timestamp('last_attempt_at', { withTimezone: true }),
    lastStatusCode: smallint('last_status_code'),
    lastError: text('last_error'),
    /** The first characters of the receiver's answer, no more. */
    responseExcerpt: text('response_excerpt'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    deliveredAt: timestamp('delivered_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('webhook_deliveries_once').on(t.webhookId, t.eventId),
    index('webhook_deliveries_webhook').on(t.webhookId, t.id),
    index('webhook_deliveries_due')
      .on(t.nextAttemptAt)
      .where(sql`${t.status} = 'pending'`),
    index('webhook_deliveries_created').on(t.createdAt),
  ],
);

// People's notifications (docs/notifications.md). Each person's preferences (none saved: the defaults,
// DEFAULT_NOTIFY_PREFERENCES), the notifications made for them from the alarm timeline by the fan-out
// job, the job's cursor, when each person was last e-mailed, and the days whose digest was sent.
export const notifyPreferences = pgTable('notify_preferences', {
  userId: integer('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  /** Followed organizations; with `projects` both empty, everything the person may see. */
  organizations: integer('organizations')
    .array()
    .notNull()
    .default(sql`'{}'::integer[]`),
  /** Followed projects (activation names), besides the organizations. */
  projects: text('projects')
    .array()
    .notNull()
    .default(sql`'{}'::text[]`),
  severities: text('severities').array().$type<AlarmSeverity[]>().notNull(),
  channels: text('channels').array().$type<NotifyChannel[]>().notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/** One notification of one person, made from one alarm timeline entry (at most once: the unique key). */
export const userNotifications = pgTable(
  'user_notifications',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    alarmId: bigint('alarm_id', { mode: 'number' })
      .notNull()
      .references(() => alarms.id, { onDelete: 'cascade' }),
    /** The timeline entry it came from. */
    eventId: bigint('event_id', { mode: 'number' })
      .notNull()
      .references(() => alarmEvents.id, { onDelete: 'cascade' }),
    kind: text('kind').$type<NotificationKind>().notNull(),
    title: text('title').notNull(),
    /** Shown by the bell. */
    inApp: boolean('in_app').notNull(),
    /** To be e-mailed (the mail job sets `emailed_at` when it takes it). */
    email: boolean('email').notNull(),
    emailedAt: timestamp('emailed_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    readAt: timestamp('read_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('user_notifications_once').on(t.userId, t.eventId),
    index('user_notifications_user').on(t.userId, t.id),
    index('user_notifications_unread')
      .on(t.userId)
      .where(sql`${t.readAt} is null and ${t.inApp}`),
    index('user_notifications_to_mail')
      .on(t.userId)
      .where(sql`${t.email} and ${t.emailedAt} is null`),
  ],
);

/** How far through alarm_events a job has read (name: the job). */
export const notifyCursors = pgTable('notify_cursors', {
  name: text('name').primaryKey(),
  lastEventId: bigint('last_event_id', { mode: 'number' }).notNull(),
});

/** When a person was last sent a notification e-mail (at most one per NOTIFY_EMAIL_MINUTES). */
export const notifyMailings = pgTable('notify_mailings', {
  userId: integer('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  lastSentAt: timestamp('last_sent_at', { withTimezone: true }).notNull(),
});

/** A person's digest of one local day, taken once (by whichever instance inserts the row). */
export const notifyDigests = pgTable(
  'notify_digests',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    day: date('day').notNull(),
    sentAt: timestamp('sent_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.day] })],
);
