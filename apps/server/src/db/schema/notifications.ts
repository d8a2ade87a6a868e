import { sql } from 'drizzle-orm';
import {
  bigserial,
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  serial,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import type { WebhookDeliveryStatus, WebhookEventType, WebhookStatus } from '@rms/contracts/notifications';
import { users } from './employees';
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
