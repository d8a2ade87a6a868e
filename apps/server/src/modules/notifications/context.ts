import type { WebhookSettings } from '../../config';
import type { Db } from '../../db/client';
import type { WebhookDelivery } from './delivery';
import type { SecretBox } from './secret-box';

/** What the webhooks' handlers need, built once (services.ts). */
export interface WebhookContext {
  db: Db;
  secrets: SecretBox;
  settings: WebhookSettings;
  delivery: WebhookDelivery;
}
