import { randomUUID } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import { WEBHOOK_MESSAGES as M, WEBHOOK_PING, type WebhookTestResult } from '@rms/contracts/notifications';
import type { AuthUser } from '../../auth/access';
import { orgScope } from '../../auth/tenant';
import { webhookDeliveries, webhooks } from '../../db/schema/notifications';
import { notFound } from '../../errors';
import type { WebhookContext } from './context';
import { eventBody } from './event-body';
import { sendSigned } from './send';

// "Test": a `ping` event signed and sent now, whatever the webhook's status, answered with how the
// receiver answered. It is kept in the delivery log but never retried and never counts towards a pause.

export async function pingWebhook(
  ctx: WebhookContext,
  auth: AuthUser,
  id: number,
): Promise<WebhookTestResult> {
  const [hook] = await ctx.db
    .select({
      url: webhooks.url,
      secretCipher: webhooks.secretCipher,
      organizationId: webhooks.organizationId,
    })
    .from(webhooks)
    .where(and(eq(webhooks.id, id), orgScope(webhooks.organizationId, auth)));
  if (!hook) throw notFound(M.notFound);
  const eventId = randomUUID();
  const payload = {
    id: eventId,
    type: WEBHOOK_PING,
    occurred_at: new Date().toISOString(),
    organization: hook.organizationId,
    webhook: { id },
  };
  // Recorded first, as failed, so the attempt carries its delivery id; the outcome replaces it.
  const [row] = await ctx.db
    .insert(webhookDeliveries)
    .values({
      webhookId: id,
      eventId,
      eventType: WEBHOOK_PING,
      payload,
      status: 'failed',
      attempts: 1,
      lastAttemptAt: sql`now()`,
      lastError: 'sending',
    })
    .returning({ id: webhookDeliveries.id });
  const secret = ctx.secrets.open(hook.secretCipher);
  const result =
    secret === null
      ? { ok: false, statusCode: null, error: 'the secret cannot be read: set it again', excerpt: null }
      : await sendSigned({
          url: hook.url,
          body: eventBody(payload),
          secret,
          eventId,
          eventType: WEBHOOK_PING,
          deliveryId: row!.id,
          timeoutMs: ctx.settings.timeoutMs,
          policy: ctx.settings,
        });
  await ctx.db
    .update(webhookDeliveries)
    .set({
      status: result.ok ? 'delivered' : 'failed',
      lastStatusCode: result.statusCode,
      lastError: result.error?.slice(0, 500) ?? null,
      responseExcerpt: result.excerpt,
      deliveredAt: result.ok ? sql`now()` : null,
    })
    .where(eq(webhookDeliveries.id, row!.id));
  return {
    ok: result.ok,
    status_code: result.statusCode,
    error: result.error,
    event_id: eventId,
    detail: result.ok ? M.pingDelivered(result.statusCode ?? 200) : M.pingFailed(result.error ?? 'no answer'),
  };
}
