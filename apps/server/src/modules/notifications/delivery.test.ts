import { createHmac } from 'node:crypto';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { and, eq, sql } from 'drizzle-orm';
import {
  WEBHOOK_MESSAGES as M,
  type WebhookDeliveryRow,
  type WebhookRow,
} from '@rms/contracts/notifications';
import { webhookDeliveries, webhooks } from '../../db/schema/notifications';
import { bearer, createTestApp, type Session, type TestApp } from '../../testing/app';
import { makeOrganization, makeUser, providerIdOf } from '../../testing/factories';
import { mailsTo, waitForMail } from '../../testing/outbox';
import { signInAs } from '../../testing/users';
import { startReceiver, waitFor, type WebhookReceiver } from '../../testing/webhook-receiver';
import { publishEvents } from '.';

// Deliveries to a real receiver on 127.0.0.1 (WEBHOOK_ALLOW_HTTP and WEBHOOK_ALLOW_PRIVATE_ADDRESSES on,
// as a test needs them). The first attempt happens on its own (the commit wakes the delivery); later
// ones are driven by calling the pass with a time in the future, never by waiting.

const URL = '/api/v1/notifications/webhooks/';
const SECRET = 'receiver-shared-secret-0001';
const MAX_ATTEMPTS = 3;
const PAUSE_AFTER = 4;

let t: TestApp;
let receiver: WebhookReceiver;
let manager: Session;
let managerEmail: string;
let ownerEmail: string;
let orgA: number;

beforeAll(async () => {
  t = await createTestApp({
    env: {
      WEBHOOK_ALLOW_HTTP: '1',
      WEBHOOK_ALLOW_PRIVATE_ADDRESSES: '1',
      WEBHOOK_MAX_ATTEMPTS: String(MAX_ATTEMPTS),
      WEBHOOK_PAUSE_AFTER_FAILURES: String(PAUSE_AFTER),
    },
  });
  const db = t.database.db;
  orgA = (await makeOrganization(db, { permissions: ['MANAGE_WEBHOOKS'], parentId: await providerIdOf(db) }))
    .id;
  ownerEmail = (await makeUser(db, { organizationId: orgA, isPrimary: true, permissions: [] })).email;
  const user = await makeUser(db, { organizationId: orgA, permissions: ['MANAGE_WEBHOOKS'] });
  managerEmail = user.email;
  manager = await signInAs(t, user);
  receiver = await startReceiver();
});
afterAll(async () => {
  await t.close();
  await receiver.close();
});
beforeEach(() => {
  receiver.received.length = 0;
  receiver.answer(200);
});

const later = (minutes: number) => new Date(Date.now() + minutes * 60_000);
const deliver = (at: Date) => t.app.webhooks.delivery.deliverDue(at);

async function newHook(events = ['alarm.raised', 'alarm.cleared', 'device.offline']): Promise<WebhookRow> {
  const res = await t.app.inject({
    method: 'POST',
    url: URL,
    headers: bearer(manager),
    payload: { url: receiver.url, secret: SECRET, events },
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json<WebhookRow>();
}

const alarmEvent = (id: number) => ({
  type: 'alarm.raised' as const,
  organizationId: orgA,
  occurredAt: new Date('2026-05-01T10:00:00Z'),
  alarm: { id, deviceId: 'RMS-HOOK-1', kind: 'battery_low' as const, status: 'active' as const },
});

async function deliveriesOf(hookId: number) {
  return t.database.db.select().from(webhookDeliveries).where(eq(webhookDeliveries.webhookId, hookId));
}

describe('a delivery', () => {
  it('is recorded whatever the receiver answers: a NUL byte in its answer blocks no other delivery', async () => {
    const odd = await startReceiver();
    odd.answerBody(Buffer.from('\u0000ok\u0000', 'utf8'));
    try {
      const res = await t.app.inject({
        method: 'POST',
        url: URL,
        headers: bearer(manager),
        payload: { url: odd.url, secret: SECRET, events: ['alarm.raised'] },
      });
      expect(res.statusCode, res.body).toBe(201);
      const oddHook = res.json<WebhookRow>();
      const hook = await newHook(['alarm.raised']);
      await t.database.db.transaction((tx) => publishEvents(tx, [alarmEvent(40)]));
      // Both are sent by the pass the commit wakes, and recorded in one statement.
      const [oddRow] = await waitFor(async () => {
        const rows = await deliveriesOf(oddHook.id);
        return rows[0]?.status === 'pending' ? undefined : rows;
      }, 'the odd answer recorded');
      const [row] = await waitFor(async () => {
        const rows = await deliveriesOf(hook.id);
        return rows[0]?.status === 'pending' ? undefined : rows;
      }, 'the other delivery recorded');
      expect(oddRow).toMatchObject({ status: 'delivered', attempts: 1, responseExcerpt: 'ok' });
      expect(row).toMatchObject({ status: 'delivered', attempts: 1 });
      await t.database.db.delete(webhooks).where(eq(webhooks.id, oddHook.id));
      await t.database.db.delete(webhooks).where(eq(webhooks.id, hook.id));
    } finally {
      await odd.close();
    }
  });

  it('is a JSON POST of the event, signed with HMAC-SHA256 of the raw body', async () => {
    const hook = await newHook();
    await t.database.db.transaction((tx) => publishEvents(tx, [alarmEvent(41)]));
    const got = await waitFor(() => receiver.received[0], 'the delivery');
    const expected = createHmac('sha256', SECRET).update(got.raw).digest('hex');
    expect(got.headers['x-rms-signature']).toBe(`sha256=${expected}`);
    expect(got.headers['content-type']).toBe('application/json');
    expect(got.headers['x-rms-event-type']).toBe('alarm.raised');
    expect(got.json).toEqual({
      id: got.headers['x-rms-event'],
      type: 'alarm.raised',
      occurred_at: '2026-05-01T10:00:00.000Z',
      organization: orgA,
      alarm: { id: 41, device_id: 'RMS-HOOK-1', kind: 'battery_low', severity: 'minor', status: 'active' },
    });
    const [row] = await waitFor(async () => {
      const rows = await deliveriesOf(hook.id);
      return rows[0]?.status === 'delivered' ? rows : undefined;
    });
    expect(got.headers['x-rms-delivery']).toBe(String(row!.id));
    expect(row).toMatchObject({ attempts: 1, lastStatusCode: 200, responseExcerpt: 'answered 200' });
    await t.database.db.delete(webhooks).where(eq(webhooks.id, hook.id));
  });

  it('goes once to each subscribed active webhook with one event id, and not without a commit', async () => {
    const a = await newHook(['alarm.raised']);
    const b = await newHook(['alarm.raised', 'device.online']);
    const other = await newHook(['device.online']);
    await t.database.db.transaction((tx) => publishEvents(tx, [alarmEvent(42)]));
    await expect(
      t.database.db.transaction(async (tx) => {
        await publishEvents(tx, [alarmEvent(43)]);
        throw new Error('rolled back');
      }),
    ).rejects.toThrow('rolled back');
    const [rowA] = await deliveriesOf(a.id);
    const [rowB] = await deliveriesOf(b.id);
    expect(rowA!.eventId).toBe(rowB!.eventId);
    expect(await deliveriesOf(other.id)).toEqual([]);
    expect((await deliveriesOf(a.id)).map((d) => d.payload.alarm)).toEqual([
      expect.objectContaining({ id: 42 }),
    ]);
    await waitFor(() => receiver.received.length >= 2);
    await t.database.db.delete(webhooks).where(sql`${webhooks.id} in (${a.id}, ${b.id}, ${other.id})`);
  });
});

describe('retries', () => {
  it('tries again after failures with growing waits, the same event and body each time', async () => {
    const hook = await newHook();
    receiver.answer(500, 503, 200);
    await t.database.db.transaction((tx) => publishEvents(tx, [alarmEvent(50)]));
    const first = await waitFor(async () => {
      const [row] = await deliveriesOf(hook.id);
      return row?.attempts === 1 && row.lockedUntil === null ? row : undefined;
    }, 'the first attempt');
    expect(first).toMatchObject({ status: 'pending', lastStatusCode: 500, lastError: 'HTTP 500' });
    const firstWait = first.nextAttemptAt.getTime() - first.lastAttemptAt!.getTime();
    expect(firstWait).toBeGreaterThan(0);

    // Not due yet: nothing is sent.
    expect(await deliver(new Date(first.lastAttemptAt!.getTime() + 1000))).toBe(0);
    const secondAt = later(10);
    expect(await deliver(secondAt)).toBe(1);
    const [second] = await deliveriesOf(hook.id);
    expect(second).toMatchObject({ status: 'pending', attempts: 2, lastStatusCode: 503 });
    expect(second!.nextAttemptAt.getTime() - secondAt.getTime()).toBeGreaterThan(firstWait);

    expect(await deliver(later(60))).toBe(1);
    const [third] = await deliveriesOf(hook.id);
    expect(third).toMatchObject({ status: 'delivered', attempts: 3, lastStatusCode: 200 });
    expect(receiver.received).toHaveLength(3);
    const ids = new Set(receiver.received.map((r) => r.headers['x-rms-event']));
    expect(ids.size).toBe(1);
    expect(new Set(receiver.received.map((r) => r.raw.toString('hex'))).size).toBe(1);
    await t.database.db.delete(webhooks).where(eq(webhooks.id, hook.id));
  });

  it('gives up after WEBHOOK_MAX_ATTEMPTS: the delivery is failed', async () => {
    const hook = await newHook();
    receiver.answer(500);
    await t.database.db.transaction((tx) => publishEvents(tx, [alarmEvent(51)]));
    await waitFor(async () => (await deliveriesOf(hook.id))[0]?.attempts === 1);
    await deliver(later(10));
    await deliver(later(60));
    expect(await deliver(later(600))).toBe(0);
    const [row] = await deliveriesOf(hook.id);
    expect(row).toMatchObject({ status: 'failed', attempts: MAX_ATTEMPTS });
    await t.database.db.delete(webhooks).where(eq(webhooks.id, hook.id));
  });

  it('sends again a delivery whose claim lapsed (its instance died): at least once, same event id', async () => {
    const hook = await newHook();
    // As if an instance claimed it, then died before recording anything.
    await t.database.db.transaction(async (tx) => {
      await publishEvents(tx, [alarmEvent(52)]);
      await tx
        .update(webhookDeliveries)
        .set({ attempts: 1, lockedUntil: later(2), lastAttemptAt: new Date() })
        .where(eq(webhookDeliveries.webhookId, hook.id));
    });
    const [claimed] = await deliveriesOf(hook.id);
    // Held while the claim lasts ...
    expect(await deliver(later(1))).toBe(0);
    // ... and sent once it lapsed.
    expect(await deliver(later(3))).toBe(1);
    expect(receiver.received.map((r) => r.headers['x-rms-event'])).toEqual([claimed!.eventId]);
    const [row] = await deliveriesOf(hook.id);
    expect(row).toMatchObject({ status: 'delivered', attempts: 2, eventId: claimed!.eventId });
    await t.database.db.delete(webhooks).where(eq(webhooks.id, hook.id));
  });

  it('does not follow redirects', async () => {
    const hook = await newHook();
    receiver.answer(302);
    await t.database.db.transaction((tx) => publishEvents(tx, [alarmEvent(53)]));
    const row = await waitFor(async () => {
      const [r] = await deliveriesOf(hook.id);
      return r?.lastStatusCode ? r : undefined;
    });
    expect(row).toMatchObject({
      status: 'pending',
      lastStatusCode: 302,
      lastError: 'redirect not followed (HTTP 302)',
    });
    expect(receiver.received).toHaveLength(1);
    await t.database.db.delete(webhooks).where(eq(webhooks.id, hook.id));
  });
});

describe('pausing', () => {
  it('pauses after repeated failures, tells the owner and the creator once, and resumes', async () => {
    const hook = await newHook();
    receiver.answer(500);
    await t.database.db.transaction((tx) => publishEvents(tx, [alarmEvent(60), alarmEvent(61)]));
    await waitFor(async () => (await deliveriesOf(hook.id)).every((d) => d.attempts === 1 && !d.lockedUntil));
    await deliver(later(10));
    const get = () => t.app.inject({ url: `${URL}${hook.id}/`, headers: bearer(manager) });
    expect((await get()).json()).toMatchObject({ status: 'paused', consecutive_failures: PAUSE_AFTER });
    const [ownerMail] = await waitForMail(t.config.dataDir, ownerEmail);
    expect(ownerMail).toContain(receiver.url);
    expect(ownerMail).toMatch(/paused/);
    await waitForMail(t.config.dataDir, managerEmail);

    // Paused: no attempts, no new events recorded, and no second notice.
    const sent = receiver.received.length;
    expect(await deliver(later(120))).toBe(0);
    await t.database.db.transaction((tx) => publishEvents(tx, [alarmEvent(62)]));
    expect(await deliveriesOf(hook.id)).toHaveLength(2);
    expect(receiver.received).toHaveLength(sent);
    expect(mailsTo(t.config.dataDir, ownerEmail)).toHaveLength(1);
    expect(mailsTo(t.config.dataDir, managerEmail)).toHaveLength(1);

    receiver.answer(200);
    const resumed = await t.app.inject({
      method: 'POST',
      url: `${URL}${hook.id}/resume/`,
      headers: bearer(manager),
    });
    expect(resumed.statusCode, resumed.body).toBe(200);
    expect(resumed.json()).toMatchObject({ status: 'active', consecutive_failures: 0 });
    // The deliveries still waiting (one attempt left each) go out.
    await waitFor(
      async () => (await deliveriesOf(hook.id)).every((d) => d.status === 'delivered'),
      'resumed deliveries',
    );
    await t.database.db.delete(webhooks).where(eq(webhooks.id, hook.id));
  });
});

describe('the console’s calls', () => {
  it('"Test" sends a signed ping and answers the outcome; the delivery log pages', async () => {
    const hook = await newHook();
    const res = await t.app.inject({
      method: 'POST',
      url: `${URL}${hook.id}/test/`,
      headers: bearer(manager),
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ ok: true, status_code: 200, error: null });
    const ping = receiver.received.at(-1)!;
    expect(ping.json).toMatchObject({ type: 'ping', organization: orgA, webhook: { id: hook.id } });
    expect(ping.headers['x-rms-signature']).toBe(
      `sha256=${createHmac('sha256', SECRET).update(ping.raw).digest('hex')}`,
    );
    receiver.answer(500);
    const failed = await t.app.inject({
      method: 'POST',
      url: `${URL}${hook.id}/test/`,
      headers: bearer(manager),
    });
    expect(failed.json()).toMatchObject({
      ok: false,
      status_code: 500,
      error: 'HTTP 500',
      detail: 'Test failed: HTTP 500',
    });

    const log = await t.app.inject({
      url: `${URL}${hook.id}/deliveries/?page_size=1`,
      headers: bearer(manager),
    });
    expect(log.statusCode).toBe(200);
    const page = log.json<{ results: WebhookDeliveryRow[]; count: number; next: number | null }>();
    expect(page).toMatchObject({ count: 2, next: 2 });
    expect(page.results[0]).toMatchObject({
      type: 'ping',
      status: 'failed',
      attempts: 1,
      last_status_code: 500,
    });
    // Pings never count towards a pause.
    const [row] = await t.database.db
      .select()
      .from(webhooks)
      .where(and(eq(webhooks.id, hook.id)));
    expect(row!.consecutiveFailures).toBe(0);
  });

  it('refuses at delivery time an address refused by the rules (checked again before each attempt)', async () => {
    const strict = await createTestApp({ env: { WEBHOOK_ALLOW_HTTP: '1' } });
    try {
      const db = strict.database.db;
      const user = await makeUser(db, { organizationId: await providerIdOf(db), permissions: [] });
      // Saved while allowed (here: written directly), refused now.
      const [hook] = await db
        .insert(webhooks)
        .values({
          organizationId: user.organizationId,
          url: receiver.url,
          events: ['alarm.raised'],
          secretCipher: strict.app.webhooks.secrets.seal(SECRET),
          secretHint: '0001',
          createdBy: user.id,
        })
        .returning();
      await db.transaction((tx) =>
        publishEvents(tx, [{ ...alarmEvent(70), organizationId: user.organizationId }]),
      );
      const row = await waitFor(async () => {
        const [r] = await db
          .select()
          .from(webhookDeliveries)
          .where(eq(webhookDeliveries.webhookId, hook!.id));
        return r?.lastError ? r : undefined;
      });
      expect(row.lastError).toBe(M.urlNotPublic);
      expect(receiver.received).toHaveLength(0);
    } finally {
      await strict.close();
    }
  });
});
