import { z } from 'zod';
import { listResponse, pageQuery } from './common';
import { bodyId, requiredMessage } from './fields';
import { ALARM_SEVERITIES, type AlarmSeverity } from './telemetry';

// Outbound webhooks (ours, issue 15): an organization's HTTPS endpoints told of alarm and device events
// by signed JSON POSTs. Payload, headers and signature: docs/webhooks.md.

export const WEBHOOK_EVENT_TYPES = [
  'alarm.raised',
  'alarm.acknowledged',
  'alarm.assigned',
  'alarm.cleared',
  'device.offline',
  'device.online',
] as const;
export type WebhookEventType = (typeof WEBHOOK_EVENT_TYPES)[number];
/** Sent only by "Test": never subscribed to, never retried. */
export const WEBHOOK_PING = 'ping';

/** `paused`: stopped after repeated failures (or never resumed since); resuming resets the count. */
export const WEBHOOK_STATUSES = ['active', 'paused'] as const;
export type WebhookStatus = (typeof WEBHOOK_STATUSES)[number];

/** `pending` until sent (retries included), then `delivered`, or `failed` once its attempts are spent. */
export const WEBHOOK_DELIVERY_STATUSES = ['pending', 'delivered', 'failed'] as const;
export type WebhookDeliveryStatus = (typeof WEBHOOK_DELIVERY_STATUSES)[number];

/** perOrganization: each webhook multiplies every event into a delivery, so their number is bounded. */
export const WEBHOOK_LIMITS = { urlMax: 2000, secretMin: 16, secretMax: 256, perOrganization: 20 } as const;

export const WEBHOOK_LABELS = { url: 'URL', secret: 'Secret', events: 'Events' } as const;

export const WEBHOOK_EVENT_LABELS: Record<WebhookEventType, string> = {
  'alarm.raised': 'Alarm raised',
  'alarm.acknowledged': 'Alarm acknowledged',
  'alarm.assigned': 'Alarm assigned',
  'alarm.cleared': 'Alarm cleared',
  'device.offline': 'Device offline',
  'device.online': 'Device online',
};

const L = WEBHOOK_LIMITS;
export const WEBHOOK_MESSAGES = {
  created: 'Webhook created',
  tooMany: `An organization can have at most ${L.perOrganization} webhooks: delete one first`,
  updated: 'Webhook saved',
  deleted: 'Webhook deleted',
  resumed: 'Webhook resumed',
  notFound: 'Webhook not found',
  urlInvalid: "'URL' must be a full http(s) address, e.g. https://example.com/hooks/rms",
  urlTooLong: `'URL' must be at most ${L.urlMax} characters`,
  urlCredentials: "'URL' must not carry a user name or password",
  urlNotHttps: "'URL' must use https",
  // One message for both refusals, naming no address: telling "resolves to 10.20.0.5" or "does not
  // resolve" apart would let a caller map the server's internal names.
  urlNotPublic:
    "'URL' must reach a public address: a host that does not resolve, or resolves to a private, loopback or link-local address, is refused",
  secretShort: `'Secret' must be at least ${L.secretMin} characters`,
  secretLong: `'Secret' must be at most ${L.secretMax} characters`,
  eventsRequired: "Choose at least one event in 'Events'",
  eventUnknown: `'Events' takes only ${WEBHOOK_EVENT_TYPES.join(', ')}`,
  nothingToChange: 'Send at least one of url, secret and events',
  pingDelivered: (status: number) => `Test delivered: the receiver answered ${status}`,
  pingFailed: (error: string) => `Test failed: ${error}`,
} as const;
const M = WEBHOOK_MESSAGES;

/** Scheme, host and port: `https://host[:port][/path...]`, written without spaces. */
const URL_SHAPE = /^https?:\/\/([^/?#\s]+)(?:[/?#]\S*)?$/i;
const HOST_AND_PORT = /^(\[[0-9a-f:.]+\]|[^:[\]@]+)(:\d{1,5})?$/i;

/** The authority (`user@host:port`) of an http(s) URL, or null when it is not one. */
function authorityOf(value: string): string | null {
  const authority = URL_SHAPE.exec(value)?.[1];
  if (!authority) return null;
  return HOST_AND_PORT.test(authority.slice(authority.lastIndexOf('@') + 1)) ? authority : null;
}

/** Scheme and shape only; https-only and public addresses are the server's checks (its settings). */
const webhookUrl = z
  .string({ error: requiredMessage(WEBHOOK_LABELS.url) })
  .trim()
  .min(1, { message: requiredMessage(WEBHOOK_LABELS.url), abort: true })
  .max(L.urlMax, { message: M.urlTooLong, abort: true })
  .refine((value) => authorityOf(value) !== null, { message: M.urlInvalid, abort: true })
  .refine((value) => !authorityOf(value)?.includes('@'), M.urlCredentials);

const webhookSecret = z
  .string({ error: requiredMessage(WEBHOOK_LABELS.secret) })
  .min(L.secretMin, M.secretShort)
  .max(L.secretMax, M.secretLong);

const webhookEvents = z
  .array(z.enum(WEBHOOK_EVENT_TYPES, { error: M.eventUnknown }), { error: M.eventsRequired })
  .min(1, M.eventsRequired)
  .transform((list) => [...new Set(list)]);

/** POST: where to, the signing secret (kept, never answered) and the event types wanted. */
export const webhookCreateBody = z.object({
  url: webhookUrl,
  secret: webhookSecret,
  events: webhookEvents,
});
export type WebhookCreateBody = z.infer<typeof webhookCreateBody>;

/** PUT: only what is sent changes; a secret sent replaces the old one (rotation). */
export const webhookUpdateBody = z
  .object({ url: webhookUrl.optional(), secret: webhookSecret.optional(), events: webhookEvents.optional() })
  .refine((b) => b.url !== undefined || b.secret !== undefined || b.events !== undefined, M.nothingToChange);
export type WebhookUpdateBody = z.infer<typeof webhookUpdateBody>;

export const webhookListQuery = pageQuery;
export const webhookDeliveryQuery = pageQuery.omit({ query: true });

export const webhookRow = z.object({
  id: z.number().int(),
  url: z.string(),
  events: z.array(z.enum(WEBHOOK_EVENT_TYPES)),
  /** The secret itself is never answered: whether one is set, and its last 4 characters. */
  has_secret: z.boolean(),
  secret_hint: z.string(),
  status: z.enum(WEBHOOK_STATUSES),
  consecutive_failures: z.number().int(),
  paused_at: z.string().nullable(),
  last_delivery_at: z.string().nullable(),
  last_delivery_ok: z.boolean().nullable(),
  organization: z.number().int(),
  organization_name: z.string(),
  created_by: z.number().int(),
  created_by_email: z.string(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type WebhookRow = z.infer<typeof webhookRow>;
export const webhookList = listResponse(webhookRow);
export const webhookSaved = webhookRow.extend({ detail: z.string() });
export type WebhookSaved = z.infer<typeof webhookSaved>;

export const webhookDeliveryRow = z.object({
  id: z.number().int(),
  event_id: z.string(),
  type: z.string(),
  status: z.enum(WEBHOOK_DELIVERY_STATUSES),
  attempts: z.number().int(),
  last_status_code: z.number().int().nullable(),
  last_error: z.string().nullable(),
  response_excerpt: z.string().nullable(),
  created_at: z.string(),
  last_attempt_at: z.string().nullable(),
  next_attempt_at: z.string().nullable(),
  delivered_at: z.string().nullable(),
});
export type WebhookDeliveryRow = z.infer<typeof webhookDeliveryRow>;
export const webhookDeliveryList = listResponse(webhookDeliveryRow);

/** "Test": a `ping` sent now; whether the receiver answered 2xx, its status and the error otherwise. */
export const webhookTestResult = z.object({
  ok: z.boolean(),
  status_code: z.number().int().nullable(),
  error: z.string().nullable(),
  event_id: z.string(),
  detail: z.string(),
});
export type WebhookTestResult = z.infer<typeof webhookTestResult>;

// ---- People's notifications (docs/notifications.md): each person's bell, e-mails and daily digest of
// the alarms they follow, and escalation. A person sets only their own preferences.

/** in_app: the console's bell; email: an e-mail soon after (batched); digest: yesterday's alarms each morning. */
export const NOTIFY_CHANNELS = ['in_app', 'email', 'digest'] as const;
export type NotifyChannel = (typeof NOTIFY_CHANNELS)[number];
export const NOTIFY_CHANNEL_LABELS: Record<NotifyChannel, string> = {
  in_app: 'In the console (bell)',
  email: 'E-mail',
  digest: 'Daily digest e-mail',
};

/** raised: an alarm one follows; escalated: still unacknowledged, one is named by its rule; assigned: to you. */
export const NOTIFICATION_KINDS = ['raised', 'escalated', 'assigned'] as const;
export type NotificationKind = (typeof NOTIFICATION_KINDS)[number];
export const NOTIFICATION_KIND_LABELS: Record<NotificationKind, string> = {
  raised: 'Alarm raised',
  escalated: 'Escalated to you',
  assigned: 'Assigned to you',
};

/** Without saved preferences: the bell, for critical and major alarms of everything one may see. */
export const DEFAULT_NOTIFY_PREFERENCES = {
  organizations: [] as number[],
  projects: [] as string[],
  severities: ['critical', 'major'] as AlarmSeverity[],
  channels: ['in_app'] as NotifyChannel[],
};

export const NOTIFY_LIMITS = { organizations: 200, projects: 200, projectMax: 200 } as const;

export const NOTIFY_LABELS = {
  organizations: 'Organizations',
  projects: 'Projects',
  severities: 'Severities',
  channels: 'Channels',
} as const;

export const NOTIFY_MESSAGES = {
  saved: 'Notification settings saved',
  read: 'Marked as read',
  readAll: (n: number) => `${n} notification${n === 1 ? '' : 's'} marked as read`,
  notFound: 'Notification not found',
  organizationsList: "'Organizations' must be a list of organization ids",
  organizationsTooMany: `'Organizations' may name at most ${NOTIFY_LIMITS.organizations} organizations`,
  organizationUnknown: "'Organizations' names an organization you cannot see",
  projectsList: "'Projects' must be a list of project names",
  projectsTooMany: `'Projects' may name at most ${NOTIFY_LIMITS.projects} projects`,
  projectUnknown: "'Projects' names a project you cannot see",
  severitiesList: `'Severities' must be a list of: ${ALARM_SEVERITIES.join(', ')}`,
  channelsList: `'Channels' must be a list of: ${NOTIFY_CHANNELS.join(', ')}`,
} as const;

const N = NOTIFY_MESSAGES;
/** PUT notifications/preferences/: a field left out stays as it is; an empty list of organizations and projects follows everything one may see. */
export const notifyPreferencesBody = z.object({
  organizations: z
    .array(bodyId, { error: N.organizationsList })
    .max(NOTIFY_LIMITS.organizations, N.organizationsTooMany)
    .optional(),
  projects: z
    .array(z.string({ error: N.projectsList }).trim().min(1, N.projectsList).max(NOTIFY_LIMITS.projectMax), {
      error: N.projectsList,
    })
    .max(NOTIFY_LIMITS.projects, N.projectsTooMany)
    .optional(),
  severities: z
    .array(z.enum(ALARM_SEVERITIES, { error: N.severitiesList }), { error: N.severitiesList })
    .optional(),
  channels: z.array(z.enum(NOTIFY_CHANNELS, { error: N.channelsList }), { error: N.channelsList }).optional(),
});
export type NotifyPreferencesBody = z.infer<typeof notifyPreferencesBody>;

/** One's preferences (the defaults until saved), and what one may choose from. */
export const notifyPreferences = z.object({
  organizations: z.array(z.number().int()),
  projects: z.array(z.string()),
  severities: z.array(z.enum(ALARM_SEVERITIES)),
  channels: z.array(z.enum(NOTIFY_CHANNELS)),
  /** False until saved once: the defaults apply. */
  saved: z.boolean(),
  choices: z.object({
    organizations: z.array(z.object({ id: z.number().int(), name: z.string() })),
    projects: z.array(z.string()),
  }),
});
export type NotifyPreferences = z.infer<typeof notifyPreferences>;
export const notifyPreferencesSaved = notifyPreferences.extend({ detail: z.string() });

export const notificationRow = z.object({
  id: z.number().int(),
  kind: z.enum(NOTIFICATION_KINDS),
  title: z.string(),
  /** The alarm it is about: the alarms view opens it (?alarm=<id>). */
  alarm: z.number().int(),
  severity: z.enum(ALARM_SEVERITIES),
  created_at: z.string(),
  read_at: z.string().nullable(),
});
export type NotificationRow = z.infer<typeof notificationRow>;
export const notificationList = listResponse(notificationRow);
export const notificationListQuery = pageQuery.extend({
  unread: z.enum(['true', 'false'], { error: "'unread' must be true or false" }).optional(),
});
export const unreadCount = z.object({ unread: z.number().int() });
export const notificationReadAnswer = z.object({ detail: z.string(), unread: z.number().int() });
