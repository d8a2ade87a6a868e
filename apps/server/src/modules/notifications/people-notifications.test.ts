import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { NOTIFY_MESSAGES } from '@rms/contracts/notifications';
import { rowsOf } from '../../db/rows';
import { alarmRules } from '../../db/schema/alarm-rules';
import { users } from '../../db/schema/employees';
import { userNotifications } from '../../db/schema/notifications';
import { organizations } from '../../db/schema/organizations';
import { alarms } from '../../db/schema/telemetry';
import { bearer, createTestApp, signIn, type Session, type TestApp } from '../../testing/app';
import { sample } from '../../testing/devices';
import { buildFleet, ingest, type Fleet } from '../../testing/monitoring-fleet';
import { mailsTo } from '../../testing/outbox';
import { openStream } from '../../testing/sse';
import { addUser } from '../../testing/users';

// People's notifications (docs/notifications.md): made from the alarm timeline by the fan-out job for
// those who follow the alarm and may see it, the bell's unread count live over the event stream, read
// and read-all of one's own only, e-mails batched per person, the daily digest once per day, and
// escalation of alarms left unacknowledged. The jobs are run by hand here (NOTIFY_EVERY_SECONDS is an
// hour, so their timers do not run meanwhile).

interface Note {
  id: number;
  kind: string;
  title: string;
  alarm: number;
  severity: string;
  read_at: string | null;
}

let t: TestApp;
let admin: Session;
let f: Fleet;
let orgA: number;
let orgB: number;
let lampAt: number;
/** A later sample time for each new alarm of the fleet's lights. */
const next = () => (lampAt += 1000);

const api = (who: Session, method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) =>
  t.app.inject({ method, url: `/api/v1/${url}`, headers: bearer(who), ...(payload && { payload }) });
const notes = async (who: Session, query = '') =>
  (await api(who, 'GET', `notifications/?pagination=false${query}`)).json<Note[]>();
const unread = async (who: Session) =>
  (await api(who, 'GET', 'notifications/unread/')).json<{ unread: number }>().unread;
const idOf = async (email: string) =>
  (await t.database.db.select({ id: users.id }).from(users).where(eq(users.email, email)))[0]!.id;
const fanOut = () => t.app.notifications.fanOut();
/**
 * Raises a device fault with this code on the device (a sample now, through HTTP ingest); the device's
 * other faults clear unless named in `also`.
 */
const raise = async (device: Fleet['lampA'], code: string, also: string[] = []) => {
  await ingest(t, device, [sample(next(), { faults: [code, ...also] })]);
  const [row] = await rowsOf<{ id: string | number }>(
    t.database.db,
    sql`select id from alarms where device_id = ${device.id} and fault_code = ${code} and resolution_time is null`,
  );
  return Number(row!.id);
};

beforeAll(async () => {
  t = await createTestApp({ env: { NOTIFY_EVERY_SECONDS: '3600', NOTIFY_DIGEST_HOUR: '0' } });
  admin = await signIn(t.app);
  // The first run starts at the end of the (empty) timeline.
  await fanOut();
  f = await buildFleet(t);
  orgA = f.lampA.organizationId;
  orgB = f.lampB.organizationId;
  lampAt = Date.now() - 10 * 60_000;
  await t.database.db
    .update(organizations)
    .set({ permissions: ['VIEW_DEVICE_DATA', 'HANDLE_ALARMS'] })
    .where(sql`${organizations.id} in (${orgA}, ${orgB})`);
});
afterAll(() => t.close());

describe('the fan-out', () => {
  it('tells each person of the critical and major alarms they may see, and nobody of another organization', async () => {
    const made = await fanOut();
    expect(made.made).toBeGreaterThan(0);
    const ofA = await notes(f.userA);
    expect(ofA.length).toBeGreaterThan(0);
    expect(ofA.every((n) => n.title.includes('RMS-MON-A1') && n.kind === 'raised')).toBe(true);
    expect(ofA.every((n) => ['critical', 'major'].includes(n.severity))).toBe(true);
    expect(ofA.some((n) => n.title.includes('Battery low'))).toBe(false);
    // Raised three days ago (history sent late): not news.
    expect(ofA.some((n) => n.title.includes('(E12)'))).toBe(false);
    expect(ofA[0]!.title).toContain('Ring Road Lights');
    const ofB = await notes(f.userB);
    expect(ofB.map((n) => n.title)).toEqual(['Device fault (E99) on RMS-MON-B1 · B Park']);
    // Without VIEW_DEVICE_DATA: no alarms, no notifications.
    expect(await notes(f.plainA)).toEqual([]);
    // The provider's people see every organization.
    const ofAdmin = (await notes(admin)).map((n) => n.title);
    expect(ofAdmin.some((n) => n.includes('RMS-MON-A1'))).toBe(true);
    expect(ofAdmin.some((n) => n.includes('RMS-MON-B1'))).toBe(true);
    expect(await unread(f.userB)).toBe(1);
    // A second run makes nothing again.
    expect((await fanOut()).made).toBe(0);
  });

  it('follows only the organizations, projects and severities chosen; inactive people get nothing', async () => {
    const saved = await api(admin, 'PUT', 'notifications/preferences/', { organizations: [orgB] });
    expect(saved.statusCode).toBe(200);
    expect(saved.json()).toMatchObject({
      organizations: [orgB],
      severities: ['critical', 'major'],
      saved: true,
    });
    const gone = await addUser(t, orgA, 'gone@customer-a.example', ['VIEW_DEVICE_DATA']);
    const goneId = await idOf('gone@customer-a.example');
    await t.database.db.update(users).set({ isActive: false }).where(eq(users.id, goneId));
    const projectOnly = await addUser(t, orgA, 'project@customer-a.example', ['VIEW_DEVICE_DATA']);
    expect(
      (await api(projectOnly, 'PUT', 'notifications/preferences/', { projects: ['Quiet Lane'] })).statusCode,
    ).toBe(200);
    const before = (await notes(admin)).length;
    await raise(f.lampA, 'E31');
    await raise(f.lampB, 'E32');
    await fanOut();
    const titles = (await notes(admin)).slice(0, (await notes(admin)).length - before).map((n) => n.title);
    expect(titles).toEqual(['Device fault (E32) on RMS-MON-B1 · B Park']);
    expect((await notes(f.userA))[0]!.title).toContain('(E31)');
    expect(await notes(projectOnly)).toEqual([]);
    void gone;
    const ofGone = await t.database.db
      .select()
      .from(userNotifications)
      .where(eq(userNotifications.userId, goneId));
    expect(ofGone).toEqual([]);
  });

  it('tells the assignee of an alarm assigned to them, whatever they follow', async () => {
    const handler = await addUser(t, orgA, 'handler@customer-a.example', [
      'VIEW_DEVICE_DATA',
      'HANDLE_ALARMS',
    ]);
    await api(handler, 'PUT', 'notifications/preferences/', { severities: ['warning'] });
    const alarm = await raise(f.lampA, 'E33');
    await fanOut();
    expect(await notes(handler)).toEqual([]);
    const handlerId = await idOf('handler@customer-a.example');
    const assigned = await api(admin, 'POST', `monitoring/alarms/${alarm}/assign/`, { assignee: handlerId });
    expect(assigned.statusCode).toBe(200);
    await fanOut();
    expect(await notes(handler)).toMatchObject([
      {
        kind: 'assigned',
        alarm,
        title: 'Assigned to you: Device fault (E33) on RMS-MON-A1 · Ring Road Lights',
      },
    ]);
    // Assigning oneself is no news.
    const mine = await raise(f.lampA, 'E34');
    await api(handler, 'POST', `monitoring/alarms/${mine}/assign/`, { assignee: handlerId });
    await fanOut();
    expect((await notes(handler)).map((n) => n.alarm)).toEqual([alarm]);
  });
});

describe('the bell', () => {
  it("marks read one's own notifications only, one or all", async () => {
    const ofA = await notes(f.userA, '&unread=true');
    const count = await unread(f.userA);
    expect(count).toBe(ofA.length);
    const other = await api(f.userB, 'POST', `notifications/${ofA[0]!.id}/read/`);
    expect(other.statusCode).toBe(404);
    expect(await unread(f.userA)).toBe(count);
    const read = await api(f.userA, 'POST', `notifications/${ofA[0]!.id}/read/`);
    expect(read.json()).toEqual({ detail: NOTIFY_MESSAGES.read, unread: count - 1 });
    expect((await notes(f.userA)).find((n) => n.id === ofA[0]!.id)!.read_at).not.toBeNull();
    const unreadOfB = await unread(f.userB);
    const all = await api(f.userA, 'POST', 'notifications/read_all/');
    expect(all.json()).toEqual({ detail: NOTIFY_MESSAGES.readAll(count - 1), unread: 0 });
    expect(await unread(f.userB)).toBe(unreadOfB);
    expect(unreadOfB).toBeGreaterThan(0);
  });

  it('refuses a request without a session and a notification id that is not a number', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/v1/notifications/unread/' })).statusCode).toBe(
      401,
    );
    const bad = await api(f.userA, 'POST', 'notifications/abc/read/');
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(bad.json<{ errors: object }>().errors)).toEqual(['id']);
  });

  it('sends the unread count live to its person only', async () => {
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const address = t.app.server.address();
    if (!address || typeof address === 'string') throw new Error('no port');
    const base = `http://127.0.0.1:${address.port}`;
    const streamA = await openStream(base, f.userA.access);
    const streamB = await openStream(base, f.userB.access);
    try {
      const before = await unread(f.userA);
      await raise(f.lampA, 'E35');
      await fanOut();
      const told = await streamA.next((e) => e.event === 'notification');
      expect(told.data).toMatchObject({ unread: before + 1, newest: { kind: 'raised', severity: 'major' } });
      // B's stream hears of B's own read, and never of A's notifications.
      await api(f.userB, 'POST', 'notifications/read_all/');
      const toldB = await streamB.next((e) => e.event === 'notification');
      expect(toldB.data).toEqual({ unread: 0, newest: null });
      expect(streamB.events.filter((e) => e.event === 'notification')).toHaveLength(1);
    } finally {
      streamA.close();
      streamB.close();
    }
  });
});

describe('e-mail', () => {
  it('sends one e-mail per person per NOTIFY_EMAIL_MINUTES, with what came meanwhile', async () => {
    const to = 'watch@customer-a.example';
    await api(f.userA, 'PUT', 'notifications/preferences/', { channels: ['in_app', 'email'] });
    await raise(f.lampA, 'E41');
    await fanOut();
    expect(await t.app.notifications.sendMails()).toEqual([to]);
    const first = mailsTo(t.config.dataDir, to);
    expect(first).toHaveLength(1);
    expect(first[0]).toContain('Device fault (E41) on RMS-MON-A1');
    expect(first[0]).toContain('/alarms-view?alarm=');
    await raise(f.lampA, 'E42');
    await raise(f.lampA, 'E43');
    await fanOut();
    expect(await t.app.notifications.sendMails()).toEqual([]);
    expect(mailsTo(t.config.dataDir, to)).toHaveLength(1);
    // The pause has passed: both come in one e-mail.
    await t.database.db.execute(sql`update notify_mailings set last_sent_at = now() - interval '6 minutes'`);
    expect(await t.app.notifications.sendMails()).toEqual([to]);
    const mails = mailsTo(t.config.dataDir, to);
    expect(mails).toHaveLength(2);
    const second = mails.find((m) => m.includes('(E42)'))!;
    expect(second).toContain('(E43)');
    expect(second).toContain('2 alarm notifications');
    expect(second).not.toContain('(E41)');
  });

  it("sends yesterday's digest once per day, of the alarms the person follows", async () => {
    const toA = 'watch@customer-a.example';
    const toB = 'watch@customer-b.example';
    await api(f.userA, 'PUT', 'notifications/preferences/', {
      channels: ['digest'],
      severities: ['critical', 'major', 'minor'],
    });
    await api(f.userB, 'PUT', 'notifications/preferences/', { channels: ['digest'] });
    const sent = await t.app.notifications.sendDigests();
    expect(sent.sort()).toEqual([toA, toB]);
    const [digestA] = mailsTo(t.config.dataDir, toA).filter((m) => m.includes('daily alarm digest'));
    expect(digestA).toContain(`daily alarm digest for ${f.day.d1}`);
    expect(digestA).toContain('Battery low on RMS-MON-A1');
    expect(digestA).not.toContain('RMS-MON-B1');
    const [digestB] = mailsTo(t.config.dataDir, toB).filter((m) => m.includes('daily alarm digest'));
    expect(digestB).toContain('No alarms you follow were raised.');
    // Again (another instance, or the next run of the job): nothing more today.
    expect(await t.app.notifications.sendDigests()).toEqual([]);
    expect(mailsTo(t.config.dataDir, toA).filter((m) => m.includes('daily alarm digest'))).toHaveLength(1);
  });
});

describe('escalation', () => {
  it("tells the rule's people once, in the bell and by e-mail, of an alarm left unacknowledged", async () => {
    const boss = await addUser(t, orgA, 'boss@customer-a.example', ['VIEW_DEVICE_DATA']);
    // Follows nothing of severity major, by e-mail nothing: escalation comes regardless.
    await api(boss, 'PUT', 'notifications/preferences/', { severities: ['warning'], channels: ['in_app'] });
    const bossId = await idOf('boss@customer-a.example');
    const outsiderId = await idOf('watch@customer-b.example');
    const [rule] = await t.database.db
      .insert(alarmRules)
      .values({
        organizationId: orgA,
        kind: 'fault',
        severity: 'major',
        params: {},
        slaHours: 24,
        escalateAfterMinutes: 15,
        escalateTo: [bossId, outsiderId],
      })
      .returning();
    const left = await raise(f.lampA, 'E51');
    const handled = await raise(f.lampA, 'E52', ['E51']);
    await t.database.db
      .update(alarms)
      .set({ ruleId: rule!.id })
      .where(sql`${alarms.id} in (${left}, ${handled})`);
    await fanOut();
    // Not yet: raised just now.
    expect(await t.app.notifications.escalate()).toEqual([]);
    await t.database.db.execute(sql`
      update alarm_events set at = now() - interval '20 minutes'
      where alarm_id in (${left}, ${handled}) and type = 'raised'`);
    expect((await api(admin, 'POST', `monitoring/alarms/${handled}/acknowledge/`)).statusCode).toBe(200);
    expect(await t.app.notifications.escalate()).toEqual([left]);
    expect(await t.app.notifications.escalate()).toEqual([]);

    expect(await notes(boss)).toMatchObject([
      {
        kind: 'escalated',
        alarm: left,
        title: 'Escalated: Device fault (E51) on RMS-MON-A1 · Ring Road Lights',
      },
    ]);
    // Another organization's person named by the rule is told nothing.
    expect((await notes(f.userB)).some((n) => n.alarm === left)).toBe(false);
    expect(await t.app.notifications.sendMails()).toContain('boss@customer-a.example');
    expect(mailsTo(t.config.dataDir, 'boss@customer-a.example')[0]).toContain(
      'Escalated: Device fault (E51)',
    );
    const detail = await api(admin, 'GET', `monitoring/alarms/${left}/`);
    const timeline = detail.json<{ timeline: { type: string }[] }>().timeline.map((e) => e.type);
    expect(timeline.filter((type) => type === 'escalated')).toHaveLength(1);
  });
});

describe('preferences', () => {
  it('answers the defaults until saved, and what one may choose from', async () => {
    const fresh = await addUser(t, orgB, 'fresh@customer-b.example', ['VIEW_DEVICE_DATA']);
    expect((await api(fresh, 'GET', 'notifications/preferences/')).json()).toEqual({
      organizations: [],
      projects: [],
      severities: ['critical', 'major'],
      channels: ['in_app'],
      saved: false,
      choices: { organizations: [{ id: orgB, name: 'Org of b@customer-b.example' }], projects: ['B Park'] },
    });
  });

  it('changes only the fields sent', async () => {
    await api(f.userB, 'PUT', 'notifications/preferences/', { severities: ['minor'] });
    const saved = await api(f.userB, 'PUT', 'notifications/preferences/', { channels: ['email'] });
    expect(saved.json()).toMatchObject({
      severities: ['minor'],
      channels: ['email'],
      detail: NOTIFY_MESSAGES.saved,
    });
  });

  it.each([
    [{ severities: ['loud'] }, 'severities', NOTIFY_MESSAGES.severitiesList],
    [{ channels: 'email' }, 'channels', NOTIFY_MESSAGES.channelsList],
    [{ organizations: ['x'] }, 'organizations', undefined],
    [{ projects: [''] }, 'projects', NOTIFY_MESSAGES.projectsList],
  ])('names the field of bad input %j', async (body, field, message) => {
    const res = await api(f.userA, 'PUT', 'notifications/preferences/', body);
    expect(res.statusCode).toBe(400);
    const errors = res.json<{ errors: Record<string, string[]> }>().errors;
    const [named, ...others] = Object.keys(errors);
    expect(others).toEqual([]);
    expect(named!.split('.')[0]).toBe(field);
    if (message) expect(errors[named!]).toContain(message);
  });

  it("refuses another organization's organization or project to a customer's person", async () => {
    const org = await api(f.userA, 'PUT', 'notifications/preferences/', { organizations: [orgB] });
    expect(org.statusCode).toBe(400);
    expect(org.json()).toMatchObject({ errors: { organizations: [NOTIFY_MESSAGES.organizationUnknown] } });
    const project = await api(f.userA, 'PUT', 'notifications/preferences/', { projects: ['B Park'] });
    expect(project.json()).toMatchObject({ errors: { projects: [NOTIFY_MESSAGES.projectUnknown] } });
    // The provider's people may follow any organization.
    expect(
      (await api(admin, 'PUT', 'notifications/preferences/', { organizations: [orgA, orgB] })).statusCode,
    ).toBe(200);
  });
});
