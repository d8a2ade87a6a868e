import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApiKeyCreated } from '@rms/contracts/api-keys';
import { rowsOf } from '../../db/rows';
import { users } from '../../db/schema/employees';
import { organizations } from '../../db/schema/organizations';
import { bearer, createTestApp, signIn, type Session, type TestApp } from '../../testing/app';
import { sample } from '../../testing/devices';
import { buildFleet, ingest, type Fleet } from '../../testing/monitoring-fleet';
import { mailsTo } from '../../testing/outbox';
import { addUser } from '../../testing/users';

// What people's notifications must never do: answer a person's bell or settings to an API key (a key is
// no person: whoever made it, it neither reads their notifications nor changes what they are told of),
// and e-mail a notification to someone who may no longer see its alarm by the time the mail goes.

let t: TestApp;
let admin: Session;
let f: Fleet;
let orgA: number;
let lampAt: number;
const next = () => (lampAt += 1000);

const api = (who: Session | string, method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) =>
  t.app.inject({ method, url: `/api/v1/${url}`, headers: bearer(who), ...(payload && { payload }) });
const fanOut = () => t.app.notifications.fanOut();
const raise = async (device: Fleet['lampA'], code: string) => {
  await ingest(t, device, [sample(next(), { faults: [code] })]);
  const [row] = await rowsOf<{ id: string | number }>(
    t.database.db,
    sql`select id from alarms where device_id = ${device.id} and fault_code = ${code} and resolution_time is null`,
  );
  return Number(row!.id);
};

beforeAll(async () => {
  t = await createTestApp({ env: { NOTIFY_EVERY_SECONDS: '3600', NOTIFY_DIGEST_HOUR: '0' } });
  admin = await signIn(t.app);
  await fanOut();
  f = await buildFleet(t);
  orgA = f.lampA.organizationId;
  lampAt = Date.now() - 10 * 60_000;
  await t.database.db
    .update(organizations)
    .set({ permissions: ['VIEW_DEVICE_DATA', 'HANDLE_ALARMS'] })
    .where(eq(organizations.id, orgA));
});
afterAll(() => t.close());

describe('an API key', () => {
  it("neither reads its creator's notifications nor changes their settings", async () => {
    await raise(f.lampA, 'E71');
    await fanOut();
    const made = await api(admin, 'POST', 'admin_settings/api_keys/', {
      name: 'Integration',
      permissions: [{ key: 'VIEW_DEVICE_DATA' }],
    });
    expect(made.statusCode, made.body).toBe(201);
    const key = made.json<ApiKeyCreated>().key;
    const [mine] = (await api(admin, 'GET', 'notifications/?pagination=false')).json<{ id: number }[]>();
    expect(mine).toBeDefined();
    for (const [method, url, payload] of [
      ['GET', 'notifications/', undefined],
      ['GET', 'notifications/unread/', undefined],
      ['POST', `notifications/${mine!.id}/read/`, undefined],
      ['POST', 'notifications/read_all/', undefined],
      ['GET', 'notifications/preferences/', undefined],
      ['PUT', 'notifications/preferences/', { severities: ['warning'], channels: [] }],
    ] as const)
      expect((await api(key, method, url, payload)).statusCode, `${method} ${url}`).toBe(403);
    const settings = (await api(admin, 'GET', 'notifications/preferences/')).json<{ saved: boolean }>();
    expect(settings.saved).toBe(false);
    const still = (await api(admin, 'GET', 'notifications/?pagination=false')).json<{ read_at: null }[]>();
    expect(still[0]!.read_at).toBeNull();
  });
});

describe('a notification e-mail', () => {
  it('is not sent to a person who may no longer see the alarm when the mail goes', async () => {
    const db = t.database.db;
    const lost = await addUser(t, orgA, 'lost@customer-a.example', ['VIEW_DEVICE_DATA']);
    const stays = await addUser(t, orgA, 'stays@customer-a.example', ['VIEW_DEVICE_DATA']);
    for (const who of [lost, stays, f.userA])
      expect(
        (await api(who, 'PUT', 'notifications/preferences/', { channels: ['in_app', 'email'] })).statusCode,
      ).toBe(200);
    await raise(f.lampA, 'E72');
    await fanOut();
    // Meanwhile one loses VIEW_DEVICE_DATA ...
    await db.update(users).set({ permissions: [] }).where(eq(users.email, 'lost@customer-a.example'));
    expect(await t.app.notifications.sendMails()).toEqual(
      expect.arrayContaining(['stays@customer-a.example', 'watch@customer-a.example']),
    );
    expect(mailsTo(t.config.dataDir, 'lost@customer-a.example')).toEqual([]);

    // ... and then the whole organization is deleted (made inactive) before the next mail goes.
    await db.execute(sql`update notify_mailings set last_sent_at = now() - interval '1 day'`);
    await raise(f.lampA, 'E73');
    await fanOut();
    await db.update(organizations).set({ isActive: false }).where(eq(organizations.id, orgA));
    try {
      expect(await t.app.notifications.sendMails()).toEqual([]);
    } finally {
      await db.update(organizations).set({ isActive: true }).where(eq(organizations.id, orgA));
    }
    expect(mailsTo(t.config.dataDir, 'stays@customer-a.example')).toHaveLength(1);
  });
});

describe('the bell', () => {
  it('no longer shows the alarms of a person who lost VIEW_DEVICE_DATA', async () => {
    const db = t.database.db;
    const lapsed = await addUser(t, orgA, 'lapsed@customer-a.example', ['VIEW_DEVICE_DATA']);
    await raise(f.lampA, 'E74');
    await fanOut();
    const [mine] = (await api(lapsed, 'GET', 'notifications/?pagination=false')).json<{ id: number }[]>();
    expect(mine).toBeDefined();
    await db.update(users).set({ permissions: [] }).where(eq(users.email, 'lapsed@customer-a.example'));
    expect((await api(lapsed, 'GET', 'notifications/?pagination=false')).json()).toEqual([]);
    expect((await api(lapsed, 'GET', 'notifications/unread/')).json()).toEqual({ unread: 0 });
    expect((await api(lapsed, 'POST', `notifications/${mine!.id}/read/`)).statusCode).toBe(404);
    // Given back, the notification is there again.
    await db
      .update(users)
      .set({ permissions: ['VIEW_DEVICE_DATA'] })
      .where(eq(users.email, 'lapsed@customer-a.example'));
    expect((await api(lapsed, 'GET', 'notifications/unread/')).json()).toEqual({ unread: 1 });
  });
});
