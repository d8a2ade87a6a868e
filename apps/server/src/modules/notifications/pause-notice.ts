import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client';
import { rowsOf } from '../../db/rows';
import type { Mailer } from '../../mail/mailer';

// A webhook paused after repeated failures is told to its organization's owner and to the person who
// made it, once: the caller sends this only for the webhooks its own UPDATE moved from active to
// paused, and a paused webhook is not tried again until someone resumes it.

export interface PausedWebhook {
  id: number;
  organizationId: number;
  url: string;
  createdBy: number;
  failures: number;
  lastError: string | null;
}

export async function tellPaused(
  db: Db,
  mailer: Mailer,
  log: FastifyBaseLogger,
  publicUrl: string,
  paused: readonly PausedWebhook[],
): Promise<void> {
  if (paused.length === 0) return;
  const people = await rowsOf<{ webhook_id: number; email: string }>(
    db,
    sql`
    select distinct k.webhook_id, lower(u.email) as email
    from unnest(${sql.param(paused.map((p) => p.id))}::int[], ${sql.param(paused.map((p) => p.organizationId))}::int[],
                ${sql.param(paused.map((p) => p.createdBy))}::int[]) as k(webhook_id, org, creator)
    join users u on u.is_active and u.organization_id = k.org and (u.id = k.creator or u.is_primary)`,
  );
  const sends = paused.flatMap((hook) =>
    people
      .filter((p) => p.webhook_id === hook.id)
      .map((p) =>
        mailer
          .send({
            to: p.email,
            subject: `RMS Console: webhook paused after ${hook.failures} failed deliveries`,
            text: noticeText(hook, publicUrl),
          })
          .catch((err: unknown) => log.error({ err, webhook: hook.id }, 'webhooks: pause notice not sent')),
      ),
  );
  await Promise.all(sends);
}

function noticeText(hook: PausedWebhook, publicUrl: string): string {
  return (
    `The webhook ${hook.url} was paused: its last ${hook.failures} delivery attempts failed` +
    (hook.lastError ? ` (the last one: ${hook.lastError})` : '') +
    '.\n\nNo events are sent to it, nor recorded for it, while it is paused. Once the receiver works ' +
    `again, resume it in the console (Integrations → Webhooks, ${publicUrl}/webhooks): the events ` +
    'still waiting are then sent.\n'
  );
}
