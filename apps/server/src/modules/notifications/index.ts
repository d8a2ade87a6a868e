// The notifications area's face: the webhooks' routes and delivery, the events other areas publish
// in their own transactions (telemetry: alarms and device status; the alarm actions: publishEvents), and
// people's notifications (their jobs and live count).
export { notificationRoutes } from './routes';
export { WebhookDelivery, DELIVERY_EVERY_MS, LOG_TRIM_EVERY_MS } from './delivery';
export { SecretBox } from './secret-box';
export type { WebhookContext } from './context';
export { publishAlarmEvents, publishEvents, publishTelemetryEvents, type WebhookEventInput } from './publish';
export { PeopleNotifications } from './people';
