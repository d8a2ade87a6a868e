import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { WEBHOOK_LIMITS, WEBHOOK_MESSAGES as M, type WebhookRow } from '@rms/contracts/notifications';
import { webhooks } from '../../db/schema/notifications';
import { bearer, createTestApp, signIn, type Session, type TestApp } from '../../testing/app';
import { makeOrganization, makeUser, providerIdOf } from '../../testing/factories';
import { signInAs } from '../../testing/users';

// The webhooks' API with the production defaults: https only, public addresses only. Public IP
// literals stand in for receivers (nothing here sends to them).

const URL = '/api/v1/notifications/webhooks/';
const one = (id: number, tail = '') => `${URL}${id}/${tail}`;
const CODES = ['MANAGE_WEBHOOKS', 'VIEW_RMS', 'MANAGE_API_KEYS'];
const PUBLIC_URL = 'https://93.184.215.14/hooks/rms';
const SECRET = 'a-long-enough-secret-1234';

let t: TestApp;
let admin: Session;
let manager: Session;
let otherManager: Session;
let viewer: Session;
let orgA: number;

beforeAll(async () => {
  t = await createTestApp();
  const db = t.database.db;
  admin = await signIn(t.app);
  const provider = await providerIdOf(db);
  orgA = (await makeOrganization(db, { permissions: CODES, parentId: provider })).id;
  const orgB = (await makeOrganization(db, { permissions: CODES, parentId: provider })).id;
  manager = await signInAs(t, await makeUser(db, { organizationId: orgA, permissions: ['MANAGE_WEBHOOKS'] }));
  otherManager = await signInAs(
    t,
    await makeUser(db, { organizationId: orgB, permissions: ['MANAGE_WEBHOOKS'] }),
  );
  viewer = await signInAs(t, await makeUser(db, { organizationId: orgA, permissions: ['VIEW_RMS'] }));
});
afterAll(() => t.close());

const call = (
  session: Session | string,
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  url: string,
  payload?: object,
) => t.app.inject({ method, url, headers: bearer(session), ...(payload && { payload }) });

async function newHook(session = manager, over: object = {}): Promise<WebhookRow> {
  const res = await call(session, 'POST', URL, {
    url: PUBLIC_URL,
    secret: SECRET,
    events: ['alarm.raised', 'device.offline'],
    ...over,
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json<WebhookRow>();
}

describe('creating a webhook', () => {
  it('answers 201 with the row, never the secret', async () => {
    const res = await call(manager, 'POST', URL, {
      url: PUBLIC_URL,
      secret: SECRET,
      events: ['alarm.raised', 'alarm.cleared', 'alarm.raised'],
    });
    expect(res.statusCode, res.body).toBe(201);
    const made = res.json();
    expect(made).toMatchObject({
      url: PUBLIC_URL,
      events: ['alarm.raised', 'alarm.cleared'],
      status: 'active',
      has_secret: true,
      secret_hint: '1234',
      organization: orgA,
      detail: M.created,
    });
    expect(res.body).not.toContain(SECRET);
    expect(made).not.toHaveProperty('secret');
    // Nor kept in clear.
    const [row] = await t.database.db.select().from(webhooks).where(eq(webhooks.id, made.id));
    expect(row!.secretCipher).not.toContain(SECRET);
    for (const url of [URL, one(made.id)])
      expect((await call(manager, 'GET', url)).body).not.toContain(SECRET);
  });

  it('refuses bad input with messages naming the field', async () => {
    const cases: [object, string, string][] = [
      [{ url: 'not a url' }, 'url', M.urlInvalid],
      [{ url: `https://example.com/${'a'.repeat(2000)}` }, 'url', M.urlTooLong],
      [{ url: 'ftp://example.com/x' }, 'url', M.urlInvalid],
      [{ url: 'https://user:pw@93.184.215.14/x' }, 'url', M.urlCredentials],
      [{ secret: 'short' }, 'secret', M.secretShort],
      [{ secret: 'x'.repeat(257) }, 'secret', M.secretLong],
      [{ events: [] }, 'events', M.eventsRequired],
      [{ events: ['alarm.exploded'] }, 'events', M.eventUnknown],
    ];
    for (const [over, field, message] of cases) {
      const res = await call(manager, 'POST', URL, {
        url: PUBLIC_URL,
        secret: SECRET,
        events: ['alarm.raised'],
        ...over,
      });
      expect(res.statusCode, JSON.stringify(over)).toBe(400);
      const errors = res.json().errors as Record<string, string[]>;
      expect(
        Object.keys(errors).some((k) => k === field || k.startsWith(`${field}.`)),
        res.body,
      ).toBe(true);
      expect(res.body).toContain(message.replace(/'/g, "'"));
    }
    const missing = await call(manager, 'POST', URL, {});
    expect(missing.statusCode).toBe(400);
    expect(Object.keys(missing.json().errors)).toEqual(expect.arrayContaining(['url', 'secret', 'events']));
  });

  it('refuses plain http and addresses of the private network (SSRF)', async () => {
    const refused: [string, string][] = [
      ['http://93.184.215.14/hooks', M.urlNotHttps],
      ['https://127.0.0.1/hooks', M.urlNotPublic],
      ['https://10.1.2.3/hooks', M.urlNotPublic],
      ['https://192.168.0.10/hooks', M.urlNotPublic],
      ['https://169.254.169.254/latest/meta-data/', M.urlNotPublic],
      ['https://[::1]/hooks', M.urlNotPublic],
      ['https://[::ffff:127.0.0.1]/hooks', M.urlNotPublic],
      ['https://0.0.0.0/hooks', M.urlNotPublic],
      // IPv4 inside IPv6: compatible, translated, local NAT64, 6to4 (of 127.0.0.1) and Teredo forms.
      ['https://[::a9fe:a9fe]/hooks', M.urlNotPublic],
      ['https://[::ffff:0:7f00:1]/hooks', M.urlNotPublic],
      ['https://[64:ff9b:1::a9fe:a9fe]/hooks', M.urlNotPublic],
      ['https://[2002:7f00:1::1]/hooks', M.urlNotPublic],
      ['https://[2001:0:4136:e378:8000:63bf:3fff:fdd2]/hooks', M.urlNotPublic],
      // IPv4 written in decimal and in hex is still 127.0.0.1.
      ['https://2130706433/hooks', M.urlNotPublic],
      ['https://0x7f.0.0.1/hooks', M.urlNotPublic],
    ];
    for (const [url, message] of refused) {
      const res = await call(manager, 'POST', URL, { url, secret: SECRET, events: ['alarm.raised'] });
      expect(res.statusCode, url).toBe(400);
      expect(res.json().errors, url).toEqual({ url: [message] });
    }
    // A name that resolves to loopback is refused for what it resolves to.
    const local = await call(manager, 'POST', URL, {
      url: 'https://localhost/hooks',
      secret: SECRET,
      events: ['alarm.raised'],
    });
    expect(local.statusCode).toBe(400);
    expect(local.json().errors.url).toEqual([M.urlNotPublic]);
    expect(local.body).not.toMatch(/127\.0\.0\.1|::1/);
  });
});

describe('changing a webhook', () => {
  it('changes only the fields sent; a new secret replaces the old one', async () => {
    const made = await newHook();
    const [before] = await t.database.db.select().from(webhooks).where(eq(webhooks.id, made.id));
    const events = await call(manager, 'PUT', one(made.id), { events: ['device.online'] });
    expect(events.statusCode, events.body).toBe(200);
    expect(events.json()).toMatchObject({ url: PUBLIC_URL, events: ['device.online'], secret_hint: '1234' });
    const [kept] = await t.database.db.select().from(webhooks).where(eq(webhooks.id, made.id));
    expect(kept!.secretCipher).toBe(before!.secretCipher);
    const rotated = await call(manager, 'PUT', one(made.id), { secret: 'another-secret-of-length-9876' });
    expect(rotated.json()).toMatchObject({ secret_hint: '9876', events: ['device.online'] });
    expect(rotated.body).not.toContain('another-secret');
    const bad = await call(manager, 'PUT', one(made.id), { url: 'https://10.0.0.1/x' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors).toEqual({ url: [M.urlNotPublic] });
    const empty = await call(manager, 'PUT', one(made.id), {});
    expect(empty.statusCode).toBe(400);
    expect(empty.json().detail).toContain(M.nothingToChange);
  });

  it('deletes a webhook: it is gone from the list and answers 404', async () => {
    const made = await newHook();
    const res = await call(manager, 'DELETE', one(made.id));
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ detail: M.deleted });
    expect((await call(manager, 'GET', one(made.id))).statusCode).toBe(404);
    const list = await call(manager, 'GET', `${URL}?pagination=false`);
    expect(list.json().map((w: WebhookRow) => w.id)).not.toContain(made.id);
  });
});

describe('who may', () => {
  it('needs MANAGE_WEBHOOKS on every route', async () => {
    const made = await newHook();
    for (const [method, url] of routes(made.id)) {
      const res = await call(viewer, method, url, method === 'GET' ? undefined : {});
      expect(res.statusCode, `${method} ${url}`).toBe(403);
    }
  });

  it("answers 404 for another organization's webhook on every route, and lists only one's own", async () => {
    const made = await newHook();
    for (const [method, url] of routes(made.id).filter(([, url]) => url !== URL)) {
      const payload = method === 'PUT' ? { events: ['alarm.cleared'] } : undefined;
      const res = await call(otherManager, method, url, payload);
      expect(res.statusCode, `${method} ${url}`).toBe(404);
    }
    const theirs = await call(otherManager, 'GET', `${URL}?pagination=false`);
    expect(theirs.json().map((w: WebhookRow) => w.id)).not.toContain(made.id);
    // Still there, unchanged.
    expect((await call(manager, 'GET', one(made.id))).json().events).toEqual([
      'alarm.raised',
      'device.offline',
    ]);
  });

  it("lets the provider's people see and manage every organization's webhooks", async () => {
    const made = await newHook();
    const list = await call(admin, 'GET', `${URL}?pagination=false`);
    expect(list.json().map((w: WebhookRow) => w.id)).toContain(made.id);
    expect((await call(admin, 'GET', one(made.id, 'deliveries/'))).statusCode).toBe(200);
    const mine = await newHook(admin);
    expect(mine.organization).toBe(await providerIdOf(t.database.db));
    expect((await call(manager, 'GET', one(mine.id))).statusCode).toBe(404);
  });

  it('lets an API key holding MANAGE_WEBHOOKS manage its organization’s webhooks', async () => {
    const made = await newHook();
    const keyMaker = await signInAs(
      t,
      await makeUser(t.database.db, {
        organizationId: orgA,
        permissions: ['MANAGE_WEBHOOKS', 'MANAGE_API_KEYS'],
      }),
    );
    const key = await call(keyMaker, 'POST', '/api/v1/admin_settings/api_keys/', {
      name: 'Hooks',
      permissions: [{ key: 'MANAGE_WEBHOOKS' }],
    });
    const token = key.json().key as string;
    expect((await call(token, 'GET', one(made.id))).statusCode).toBe(200);
    const theirs = await newHook(otherManager);
    expect((await call(token, 'GET', one(theirs.id))).statusCode).toBe(404);
    expect((await call(token, 'DELETE', one(theirs.id))).statusCode).toBe(404);
    // A key cannot make or repoint a webhook: one would go on sending after the key is revoked.
    const create = await call(token, 'POST', URL, {
      url: 'https://hooks.example.com/rms',
      secret: SECRET,
      events: ['alarm.raised'],
    });
    expect(create.statusCode).toBe(403);
    const repoint = await call(token, 'PUT', one(made.id), { url: 'https://attacker.example.com/x' });
    expect(repoint.statusCode).toBe(403);
    expect((await call(keyMaker, 'GET', one(made.id))).json().url).toBe(made.url);
  });

  it('holds an organization to a bounded number of webhooks', async () => {
    const db = t.database.db;
    const org = (
      await makeOrganization(db, { permissions: ['MANAGE_WEBHOOKS'], parentId: await providerIdOf(db) })
    ).id;
    const owner = await signInAs(
      t,
      await makeUser(db, { organizationId: org, permissions: ['MANAGE_WEBHOOKS'] }),
    );
    for (let i = 0; i < WEBHOOK_LIMITS.perOrganization; i++) await newHook(owner);
    const over = await call(owner, 'POST', URL, {
      url: 'https://hooks.example.com/one-more',
      secret: SECRET,
      events: ['alarm.raised'],
    });
    expect(over.statusCode).toBe(400);
    expect(over.json().detail).toBe(M.tooMany);
    // Another organization is not held to this one's count.
    expect((await newHook(otherManager)).id).toBeGreaterThan(0);
  });
});

function routes(id: number): ['GET' | 'POST' | 'PUT' | 'DELETE', string][] {
  return [
    ['GET', URL],
    ['POST', URL],
    ['GET', one(id)],
    ['PUT', one(id)],
    ['DELETE', one(id)],
    ['POST', one(id, 'test/')],
    ['POST', one(id, 'resume/')],
    ['GET', one(id, 'deliveries/')],
  ];
}
