import { sql, type SQL } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { WebhookSettings } from '../../config';
import type { Db } from '../../db/client';
import type { Listener } from '../../db/listener';
import { rowsOf } from '../../db/rows';
import type { Mailer } from '../../mail/mailer';
import { retryDelayMs } from './backoff';
import { eventBody } from './event-body';
import { tellPaused, type PausedWebhook } from './pause-notice';
import { WEBHOOKS_CHANNEL } from './publish';
import type { SecretBox } from './secret-box';
import { sendSigned, type AttemptResult } from './send';

// Sends the webhooks' deliveries. A pass claims due deliveries (FOR UPDATE SKIP LOCKED, with a lease),
// sends them, and records every outcome in one statement: delivered, tried again later with backoff,
// or failed once WEBHOOK_MAX_ATTEMPTS are spent. Claims make passes safe to run anywhere at once: the
// periodic job (one instance per period) and the wake-up each instance hears when deliveries commit.
// A delivery claimed by an instance that died is claimed again when its lease lapses: at least once,
// and the event id lets a receiver drop a repeat.

/**
 * How often each instance looks for due deliveries (retries; a wake-up missed). An instance job: the
 * claims already keep two instances off one delivery, and a shared job's row rewritten every 5 s
 * would be churn for nothing.
 */
export const DELIVERY_EVERY_MS = 5_000;
/** How often the log's old rows are trimmed (a shared job: one instance per period). */
export const LOG_TRIM_EVERY_MS = 6 * 3600_000;
/**
 * Deliveries claimed at once, and sent at once: a claim then lasts one attempt (the address check's
 * lookup and the attempt's time limit), so its lease can be short and still outlast it.
 */
const BATCH = 8;
/** What a claim may take beyond the attempt's time limit: the address lookup (5 s) and recording. */
const LEASE_MARGIN_SECONDS = 30;
/** At most this many of one webhook's deliveries in a claim: a slow receiver cannot hold every slot. */
const PER_WEBHOOK = 2;
/** Claims per pass before it yields (a wake-up or the next period goes on). */
const ROUNDS = 100;
/** Finished deliveries are kept this long in the log. */
export const DELIVERY_LOG_DAYS = 30;

interface Claimed {
  id: number;
  webhook_id: number;
  event_id: string;
  event_type: string;
  payload: Record<string, unknown>;
  attempts: number;
  url: string;
  secret_cipher: string;
  /** The claim's lease as the database wrote it: the claim's token (see record). */
  lease: string;
}

export interface WebhookDeliveryOptions {
  db: Db;
  log: FastifyBaseLogger;
  mailer: Mailer;
  secrets: SecretBox;
  settings: WebhookSettings;
  publicUrl: string;
}

export class WebhookDelivery {
  private running: Promise<unknown> | null = null;
  private again = false;
  private unlisten: (() => Promise<void>) | null = null;
  private stopped = false;

  constructor(private readonly options: WebhookDeliveryOptions) {}

  /** Hears committed deliveries on this instance and sends them at once. */
  async listen(listener: Listener): Promise<void> {
    this.unlisten = await listener.listen(WEBHOOKS_CHANNEL, () => this.wake());
  }

  async stop(): Promise<void> {
    this.stopped = true;
    await this.unlisten?.();
    await this.running?.catch(() => {});
  }

  /** A pass now, or right after the one under way (wake-ups during a pass make one more, not many). */
  wake(): void {
    if (this.stopped) return;
    if (this.running) {
      this.again = true;
      return;
    }
    this.running = this.deliverDue()
      .catch((err: unknown) => this.options.log.error({ err }, 'webhooks: delivery pass failed'))
      .finally(() => {
        this.running = null;
        if (this.again) {
          this.again = false;
          this.wake();
        }
      });
  }

  /**
   * Sends what is due at `now` (the database's clock when absent; tests pass a time to play retries
   * forward), batch after batch until nothing is due. Answers how many attempts were made.
   */
  async deliverDue(now?: Date): Promise<number> {
    let made = 0;
    for (let round = 0; round < ROUNDS && !this.stopped; round++) {
      const claimed = await this.claim(now);
      if (claimed.length === 0) break;
      const results = await this.sendAll(claimed);
      await this.record(claimed, results, now);
      made += claimed.length;
    }
    return made;
  }

  /** Deletes finished deliveries older than DELIVERY_LOG_DAYS. */
  async trimLog(): Promise<void> {
    await this.options.db.execute(sql`
      delete from webhook_deliveries where status <> 'pending'
        and created_at < now() - make_interval(days => ${DELIVERY_LOG_DAYS})`);
  }

  /**
   * Claims the due deliveries, oldest first, at most PER_WEBHOOK of each webhook. The lease written is
   * the claim's token: a delivery is claimed again only once its lease has passed, so the new lease is
   * later, and only the claim holding the lease records an outcome (a late pass changes nothing).
   */
  private claim(now: Date | undefined): Promise<Claimed[]> {
    const at = timeOf(now);
    const lease = this.options.settings.timeoutMs / 1000 + LEASE_MARGIN_SECONDS;
    return rowsOf<Claimed>(
      this.options.db,
      sql`
      update webhook_deliveries d set
        locked_until = ${at} + make_interval(secs => ${lease}),
        attempts = d.attempts + 1, last_attempt_at = ${at}
      from webhooks w
      where w.id = d.webhook_id and d.id in (
        select c.id from webhooks h
        cross join lateral (
          select x.id, x.next_attempt_at from webhook_deliveries x
          where x.webhook_id = h.id and x.status = 'pending' and x.next_attempt_at <= ${at}
            and (x.locked_until is null or x.locked_until <= ${at})
          order by x.next_attempt_at, x.id
          limit ${PER_WEBHOOK}
          for update of x skip locked) c
        where h.status = 'active'
        order by c.next_attempt_at, c.id
        limit ${BATCH})
      returning d.id, d.webhook_id, d.event_id, d.event_type, d.payload, d.attempts, w.url, w.secret_cipher,
        d.locked_until::text as lease`,
    );
  }

  private async sendAll(claimed: Claimed[]): Promise<AttemptResult[]> {
    const results: AttemptResult[] = new Array(claimed.length);
    let next = 0;
    const worker = async () => {
      while (next < claimed.length) {
        const i = next++;
        results[i] = await this.sendOne(claimed[i]!);
      }
    };
    await Promise.all(Array.from({ length: claimed.length }, worker));
    return results;
  }

  /** One attempt, whose outcome is always a result: an error is a failed attempt, never a lost pass. */
  private async sendOne(row: Claimed): Promise<AttemptResult> {
    try {
      return await this.attempt(row);
    } catch (err) {
      this.options.log.error({ err, delivery: row.id }, 'webhooks: attempt failed unexpectedly');
      return { ok: false, statusCode: null, error: 'the attempt failed on the server', excerpt: null };
    }
  }

  private async attempt(row: Claimed): Promise<AttemptResult> {
    const secret = this.options.secrets.open(row.secret_cipher);
    if (secret === null)
      return { ok: false, statusCode: null, error: 'the secret cannot be read: set it again', excerpt: null };
    return sendSigned({
      url: row.url,
      body: eventBody(row.payload),
      secret,
      eventId: row.event_id,
      eventType: row.event_type,
      deliveryId: Number(row.id),
      timeoutMs: this.options.settings.timeoutMs,
      policy: this.options.settings,
    });
  }

  /** Every outcome in one statement, then the webhooks' failure counts, then pauses (told once). */
  private async record(claimed: Claimed[], results: AttemptResult[], now: Date | undefined): Promise<void> {
    const { db, settings } = this.options;
    const at = timeOf(now);
    const status = claimed.map((row, i) =>
      results[i]!.ok ? 'delivered' : row.attempts >= settings.maxAttempts ? 'failed' : 'pending',
    );
    await db.execute(sql`
      update webhook_deliveries d set
        status = r.status, locked_until = null, last_status_code = r.code, last_error = r.error,
        response_excerpt = r.excerpt,
        delivered_at = case when r.status = 'delivered' then ${at} end,
        next_attempt_at = case when r.status = 'pending' then ${at} + make_interval(secs => r.wait_ms / 1000.0)
          else d.next_attempt_at end
      from unnest(
        ${sql.param(claimed.map((c) => Number(c.id)))}::bigint[], ${sql.param(status)}::text[],
        ${sql.param(results.map((r) => r.statusCode))}::int[], ${sql.param(results.map((r) => r.error?.slice(0, 500) ?? null))}::text[],
        ${sql.param(results.map((r) => r.excerpt))}::text[],
        ${sql.param(claimed.map((c) => retryDelayMs(c.attempts)))}::int[],
        ${sql.param(claimed.map((c) => c.lease))}::timestamptz[]) as r(id, status, code, error, excerpt, wait_ms, lease)
      where d.id = r.id and d.locked_until = r.lease`);

    // Per webhook, in the order sent: failures since its last success in this pass (or all of them).
    const byHook = new Map<
      number,
      { reset: boolean; failures: number; lastOk: boolean; lastError: string | null }
    >();
    claimed.forEach((row, i) => {
      const result = results[i]!;
      const hook = byHook.get(row.webhook_id) ?? {
        reset: false,
        failures: 0,
        lastOk: false,
        lastError: null,
      };
      if (result.ok) Object.assign(hook, { reset: true, failures: 0, lastOk: true });
      else Object.assign(hook, { failures: hook.failures + 1, lastOk: false, lastError: result.error });
      byHook.set(row.webhook_id, hook);
    });
    const hooks = [...byHook.entries()];
    await db.execute(sql`
      update webhooks w set
        consecutive_failures = case when r.reset then r.failures else w.consecutive_failures + r.failures end,
        last_delivery_at = ${at}, last_delivery_ok = r.last_ok
      from unnest(${sql.param(hooks.map(([id]) => id))}::int[], ${sql.param(hooks.map(([, h]) => h.reset))}::boolean[],
                  ${sql.param(hooks.map(([, h]) => h.failures))}::int[], ${sql.param(hooks.map(([, h]) => h.lastOk))}::boolean[])
        as r(id, reset, failures, last_ok)
      where w.id = r.id`);
    // A separate statement so that the row lock decides: of two passes at once, one pauses and tells.
    const paused = await rowsOf<{
      id: number;
      organization_id: number;
      url: string;
      created_by: number;
      failures: number;
    }>(
      db,
      sql`
      update webhooks set status = 'paused', paused_at = ${at}
      where id = any(${sql.param(hooks.map(([id]) => id))}::int[]) and status = 'active'
        and consecutive_failures >= ${settings.pauseAfterFailures}
      returning id, organization_id, url, created_by, consecutive_failures as failures`,
    );
    if (paused.length === 0) return;
    this.options.log.warn({ webhooks: paused.map((p) => p.id) }, 'webhooks: paused after repeated failures');
    const notices: PausedWebhook[] = paused.map((p) => ({
      id: p.id,
      organizationId: p.organization_id,
      url: p.url,
      createdBy: p.created_by,
      failures: p.failures,
      lastError: byHook.get(p.id)?.lastError ?? null,
    }));
    await tellPaused(db, this.options.mailer, this.options.log, this.options.publicUrl, notices);
  }
}

function timeOf(now: Date | undefined): SQL {
  return now ? sql`${now.toISOString()}::timestamptz` : sql`now()`;
}
