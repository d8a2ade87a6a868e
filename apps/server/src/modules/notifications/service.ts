import { and, count, desc, eq, sql } from 'drizzle-orm';
import {
  WEBHOOK_LIMITS,
  WEBHOOK_MESSAGES as M,
  type WebhookCreateBody,
  type WebhookDeliveryRow,
  type WebhookRow,
  type WebhookUpdateBody,
} from '@rms/contracts/notifications';
import type { AuthUser } from '../../auth/access';
import { orgScope } from '../../auth/tenant';
import { pageOf, pageWindow, type PageParams } from '../../db/paging';
import { users } from '../../db/schema/employees';
import { webhookDeliveries, webhooks } from '../../db/schema/notifications';
import { organizations } from '../../db/schema/organizations';
import { textSearch } from '../../db/search';
import { badRequest, fieldError, notFound } from '../../errors';
import { checkTarget } from './address-guard';
import type { WebhookContext } from './context';

// An organization's webhooks: made for the caller's organization, listed and changed within its scope
// (the provider's people: every organization's), never answering the secret. The URL is checked
// against the address rules when saved (and again before every attempt, delivery.ts).

function hookRows(ctx: WebhookContext) {
  return ctx.db
    .select({
      hook: webhooks,
      creatorEmail: users.email,
      organizationName: organizations.companyName,
    })
    .from(webhooks)
    .innerJoin(users, eq(users.id, webhooks.createdBy))
    .innerJoin(organizations, eq(organizations.id, webhooks.organizationId));
}
type HookRecord = Awaited<ReturnType<ReturnType<typeof hookRows>['where']>>[number];

export async function listWebhooks(
  ctx: WebhookContext,
  auth: AuthUser,
  query: PageParams & { query?: string | undefined },
) {
  const where = and(orgScope(webhooks.organizationId, auth), textSearch(query.query, [webhooks.url]));
  const { limit, offset } = pageWindow(query);
  const [rows, [total]] = await Promise.all([
    hookRows(ctx).where(where).orderBy(desc(webhooks.id)).limit(limit).offset(offset),
    ctx.db.select({ n: count() }).from(webhooks).where(where),
  ]);
  return pageOf(query, rows.map(toRow), total?.n ?? 0);
}

export async function getWebhook(ctx: WebhookContext, auth: AuthUser, id: number): Promise<WebhookRow> {
  const [row] = await hookRows(ctx).where(and(eq(webhooks.id, id), orgScope(webhooks.organizationId, auth)));
  if (!row) throw notFound(M.notFound);
  return toRow(row);
}

async function checkedUrl(ctx: WebhookContext, url: string): Promise<string> {
  const checked = await checkTarget(url, ctx.settings);
  if (!checked.ok) throw fieldError('url', checked.message);
  return url;
}

export async function createWebhook(ctx: WebhookContext, auth: AuthUser, body: WebhookCreateBody) {
  const [held] = await ctx.db
    .select({ n: count() })
    .from(webhooks)
    .where(eq(webhooks.organizationId, auth.organizationId));
  if (held!.n >= WEBHOOK_LIMITS.perOrganization) throw badRequest(M.tooMany);
  const url = await checkedUrl(ctx, body.url);
  const [saved] = await ctx.db
    .insert(webhooks)
    .values({
      organizationId: auth.organizationId,
      url,
      events: body.events,
      secretCipher: ctx.secrets.seal(body.secret),
      secretHint: body.secret.slice(-4),
      createdBy: auth.id,
    })
    .returning({ id: webhooks.id });
  return { ...(await getWebhook(ctx, auth, saved!.id)), detail: M.created };
}

export async function updateWebhook(
  ctx: WebhookContext,
  auth: AuthUser,
  id: number,
  body: WebhookUpdateBody,
) {
  await getWebhook(ctx, auth, id);
  const url = body.url === undefined ? undefined : await checkedUrl(ctx, body.url);
  await ctx.db
    .update(webhooks)
    .set({
      ...(url !== undefined && { url }),
      ...(body.events !== undefined && { events: body.events }),
      ...(body.secret !== undefined && {
        secretCipher: ctx.secrets.seal(body.secret),
        secretHint: body.secret.slice(-4),
      }),
      updatedAt: sql`now()`,
    })
    .where(and(eq(webhooks.id, id), orgScope(webhooks.organizationId, auth)));
  return { ...(await getWebhook(ctx, auth, id)), detail: M.updated };
}

export async function deleteWebhook(ctx: WebhookContext, auth: AuthUser, id: number) {
  const gone = await ctx.db
    .delete(webhooks)
    .where(and(eq(webhooks.id, id), orgScope(webhooks.organizationId, auth)))
    .returning({ id: webhooks.id });
  if (gone.length === 0) throw notFound(M.notFound);
  return { detail: M.deleted };
}

/** Active again with a clean failure count; the deliveries waiting are due at once. */
export async function resumeWebhook(ctx: WebhookContext, auth: AuthUser, id: number) {
  const resumed = await ctx.db.transaction(async (tx) => {
    const rows = await tx
      .update(webhooks)
      .set({ status: 'active', consecutiveFailures: 0, pausedAt: null, updatedAt: sql`now()` })
      .where(and(eq(webhooks.id, id), orgScope(webhooks.organizationId, auth)))
      .returning({ id: webhooks.id });
    if (rows.length === 0) return false;
    await tx
      .update(webhookDeliveries)
      .set({ nextAttemptAt: sql`now()` })
      .where(and(eq(webhookDeliveries.webhookId, id), eq(webhookDeliveries.status, 'pending')));
    return true;
  });
  if (!resumed) throw notFound(M.notFound);
  ctx.delivery.wake();
  return { ...(await getWebhook(ctx, auth, id)), detail: M.resumed };
}

export async function listDeliveries(ctx: WebhookContext, auth: AuthUser, id: number, query: PageParams) {
  await getWebhook(ctx, auth, id);
  const where = eq(webhookDeliveries.webhookId, id);
  const { limit, offset } = pageWindow(query);
  const [rows, [total]] = await Promise.all([
    ctx.db
      .select()
      .from(webhookDeliveries)
      .where(where)
      .orderBy(desc(webhookDeliveries.id))
      .limit(limit)
      .offset(offset),
    ctx.db.select({ n: count() }).from(webhookDeliveries).where(where),
  ]);
  return pageOf(query, rows.map(toDeliveryRow), total?.n ?? 0);
}

const iso = (at: Date | null) => at?.toISOString() ?? null;

function toRow({ hook, creatorEmail, organizationName }: HookRecord): WebhookRow {
  return {
    id: hook.id,
    url: hook.url,
    events: hook.events,
    has_secret: hook.secretCipher !== '',
    secret_hint: hook.secretHint,
    status: hook.status,
    consecutive_failures: hook.consecutiveFailures,
    paused_at: iso(hook.pausedAt),
    last_delivery_at: iso(hook.lastDeliveryAt),
    last_delivery_ok: hook.lastDeliveryOk,
    organization: hook.organizationId,
    organization_name: organizationName,
    created_by: hook.createdBy,
    created_by_email: creatorEmail,
    created_at: hook.createdAt.toISOString(),
    updated_at: hook.updatedAt.toISOString(),
  };
}

export function toDeliveryRow(row: typeof webhookDeliveries.$inferSelect): WebhookDeliveryRow {
  return {
    id: row.id,
    event_id: row.eventId,
    type: row.eventType,
    status: row.status,
    attempts: row.attempts,
    last_status_code: row.lastStatusCode,
    last_error: row.lastError,
    response_excerpt: row.responseExcerpt,
    created_at: row.createdAt.toISOString(),
    last_attempt_at: iso(row.lastAttemptAt),
    next_attempt_at: row.status === 'pending' ? iso(row.nextAttemptAt) : null,
    delivered_at: iso(row.deliveredAt),
  };
}
