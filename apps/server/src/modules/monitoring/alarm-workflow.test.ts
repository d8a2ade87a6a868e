import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ALARM_COMMENT_MAX, ALARM_MESSAGES, ALARM_SELECTION_MAX } from '@rms/contracts/alarms';
import { users } from '../../db/schema/employees';
import { organizations } from '../../db/schema/organizations';
import { ADMIN, bearer, createTestApp, signIn, type Session, type TestApp } from '../../testing/app';
import { sample } from '../../testing/devices';
import { makeUser } from '../../testing/factories';
import { buildFleet, ingest, type Fleet } from '../../testing/monitoring-fleet';
import { addUser } from '../../testing/users';
import { markOffline } from '../../telemetry/sweeper';

// The alarm workflow (docs/operations.md "Alarms"): severity, acknowledgement, assignee, comments and the
// timeline, on alarms raised the real way (HTTP ingest); every action checks HANDLE_ALARMS and the
// organization, and a selection is all or nothing.

let t: TestApp;
let admin: Session;
let f: Fleet;
let handlerA: Session;
let handlerB: Session;
let colleagueA: number;
let userOfB: number;

interface Row {
  id: number;
  fault_type: string;
  severity: string;
  status: string;
  acknowledged_at: string | null;
  acknowledged_by: { id: number; name: string } | null;
  assignee: { id: number; name: string } | null;
  cleared_by: { id: number; name: string } | null;
  device_data: { id: number };
}
interface Detail extends Row {
  timeline: {
    type: string;
    actor: { name: string } | null;
    assignee: { id: number } | null;
    note: string | null;
  }[];
  comments: { note: string }[];
}

const url = (path: string) => `/api/v1/monitoring/alarms/${path}`;
const get = (who: Session, path: string) =>
  t.app.inject({ method: 'GET', url: url(path), headers: bearer(who) });
const post = (who: Session, path: string, payload?: object) =>
  t.app.inject({ method: 'POST', url: url(path), headers: bearer(who), ...(payload && { payload }) });
const rows = async (who: Session, query = '') => (await get(who, `?pagination=false${query}`)).json<Row[]>();
const idOf = async (who: Session, faultType: string) =>
  (await rows(who)).find((r) => r.fault_type === faultType && r.status === 'Unresolved')!.id;

beforeAll(async () => {
  t = await createTestApp();
  admin = await signIn(t.app);
  f = await buildFleet(t);
  const db = t.database.db;
  const orgA = f.lampA.organizationId;
  const orgB = f.lampB.organizationId;
  await db
    .update(organizations)
    .set({ permissions: ['VIEW_DEVICE_DATA', 'HANDLE_ALARMS'] })
    .where(inArray(organizations.id, [orgA, orgB]));
  handlerA = await addUser(t, orgA, 'handler@customer-a.example', ['VIEW_DEVICE_DATA', 'HANDLE_ALARMS']);
  handlerB = await addUser(t, orgB, 'handler@customer-b.example', ['VIEW_DEVICE_DATA', 'HANDLE_ALARMS']);
  colleagueA = (
    await makeUser(db, {
      organizationId: orgA,
      firstName: 'Asha',
      lastName: 'Rao',
      permissions: ['VIEW_DEVICE_DATA'],
    })
  ).id;
  userOfB = (
    await makeUser(db, { organizationId: orgB, firstName: 'Bela', permissions: ['VIEW_DEVICE_DATA'] })
  ).id;
  // lampA's lamp draws nothing while on: a load fault (critical), newer than its open E7 (major).
  await ingest(t, f.lampA, [
    sample(f.at(f.day.d0, '00:00:10'), { lo_sts: 1, brightness: 100, lo_i: 0, faults: ['E7'] }),
  ]);
});
afterAll(() => t.close());

describe('the alarm model', () => {
  it('gives each kind its default severity and lists active unacknowledged alarms first, by severity', async () => {
    const list = await rows(f.userA);
    expect(list.map((r) => [r.fault_type, r.severity, r.status])).toEqual([
      ['Load fault', 'critical', 'Unresolved'],
      ['Device fault (E7)', 'major', 'Unresolved'],
      ['Battery low', 'minor', 'Resolved'],
      ['Device fault (E12)', 'major', 'Resolved'],
    ]);
    expect(list[0]).toMatchObject({ acknowledged_at: null, acknowledged_by: null, assignee: null });
  });

  it('records raised and cleared by the device data on the timeline', async () => {
    const e12 = (await rows(f.userA)).find((r) => r.fault_type === 'Device fault (E12)')!;
    const res = await get(f.userA, `${e12.id}/`);
    expect(res.statusCode).toBe(200);
    const detail = res.json<Detail>();
    expect(detail.timeline.map((e) => [e.type, e.actor])).toEqual([
      ['raised', null],
      ['cleared', null],
    ]);
    expect(detail.cleared_by).toBeNull();
  });

  it('counts active alarms by severity, and the unacknowledged among them', async () => {
    const res = await get(f.userA, 'counts/');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      active: { critical: 1, major: 1, minor: 0, warning: 0, total: 2 },
      unacknowledged: { critical: 1, major: 1, minor: 0, warning: 0, total: 2 },
    });
    const b = (await get(f.userB, 'counts/')).json();
    expect(b.active).toEqual({ critical: 0, major: 1, minor: 0, warning: 0, total: 1 });
    expect((await get(admin, 'counts/')).json().active.total).toBe(3);
    expect((await get(f.userB, `counts/?device=${f.lampA.id}`)).statusCode).toBe(404);
  });
});

describe('acknowledge', () => {
  it('records who and when, once; the list then puts it after the unacknowledged', async () => {
    const e7 = await idOf(f.userA, 'Device fault (E7)');
    const res = await post(handlerA, `${e7}/acknowledge/`);
    expect(res.statusCode).toBe(200);
    const detail = res.json<Detail>();
    expect(detail.acknowledged_at).toEqual(expect.any(String));
    expect(detail.acknowledged_by).toEqual({ id: expect.any(Number), name: 'handler@customer-a.example' });
    const again = (await post(handlerA, `${e7}/acknowledge/`)).json<Detail>();
    expect(again.timeline.filter((e) => e.type === 'acknowledged')).toHaveLength(1);
    expect(again.timeline.at(-1)).toMatchObject({
      type: 'acknowledged',
      actor: { name: 'handler@customer-a.example' },
    });
    expect((await rows(f.userA, '&acknowledged=true')).map((r) => r.id)).toEqual([e7]);
    expect((await get(f.userA, 'counts/')).json().unacknowledged.major).toBe(0);
  });
});

describe('assign', () => {
  it('assigns to a user of the organization or of the provider, and unassigns with null', async () => {
    const load = await idOf(f.userA, 'Load fault');
    const res = await post(handlerA, `${load}/assign/`, { assignee: colleagueA });
    expect(res.statusCode).toBe(200);
    expect(res.json<Detail>().assignee).toEqual({ id: colleagueA, name: 'Asha Rao' });
    const none = await post(handlerA, `${load}/assign/`, { assignee: null });
    const timeline = none.json<Detail>().timeline.filter((e) => e.type === 'assigned');
    expect(timeline.map((e) => e.assignee?.id ?? null)).toEqual([colleagueA, null]);
  });

  it("refuses a user of another organization, naming 'assignee'", async () => {
    const load = await idOf(f.userA, 'Load fault');
    const res = await post(handlerA, `${load}/assign/`, { assignee: userOfB });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toEqual({ assignee: [ALARM_MESSAGES.assigneeNotAllowed] });
    const missing = await post(handlerA, `${load}/assign/`, {});
    expect(missing.statusCode).toBe(400);
    expect(missing.json().errors.assignee).toEqual([ALARM_MESSAGES.assigneeRequired]);
  });

  it('refuses, and does not offer, a colleague who cannot read alarms (no VIEW_DEVICE_DATA)', async () => {
    const load = await idOf(f.userA, 'Load fault');
    const db = t.database.db;
    const orgA = f.lampA.organizationId;
    const blind = (await makeUser(db, { organizationId: orgA, permissions: ['VIEW_ENERGY_REPORTS'] })).id;
    const res = await post(handlerA, `${load}/assign/`, { assignee: blind });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toEqual({ assignee: [ALARM_MESSAGES.assigneeNotAllowed] });
    const people = (await get(handlerA, `assignees/?ids=${load}`)).json<{ id: number }[]>();
    expect(people.map((p) => p.id)).not.toContain(blind);
    expect(people.map((p) => p.id)).toContain(colleagueA);
  });

  it('lists who may be assigned, and filters the alarms assigned to me', async () => {
    const load = await idOf(f.userA, 'Load fault');
    const people = (await get(handlerA, `assignees/?ids=${load}`)).json<{ id: number; name: string }[]>();
    const names = people.map((p) => p.name);
    expect(names).toEqual(expect.arrayContaining(['Asha Rao', 'handler@customer-a.example']));
    expect(people.map((p) => p.id)).not.toContain(userOfB);
    const adminId = (
      await t.database.db.select({ id: users.id }).from(users).where(eq(users.email, ADMIN.email))
    )[0]!.id;
    // A customer is shown, and may assign, only its own people: not the provider's staff.
    expect(people.map((p) => p.id)).not.toContain(adminId);
    const provider = await post(handlerA, `${load}/assign/`, { assignee: adminId });
    expect(provider.statusCode).toBe(400);
    expect(provider.json().errors).toEqual({ assignee: [ALARM_MESSAGES.assigneeNotAllowed] });
    const self = people.find((p) => p.name === 'handler@customer-a.example')!.id;
    await post(handlerA, `${load}/assign/`, { assignee: self });
    expect((await rows(handlerA, '&assigned=me')).map((r) => r.id)).toEqual([load]);
    expect(await rows(f.userA, '&assigned=me')).toEqual([]);
  });
});

describe('comment', () => {
  it("adds a comment to the timeline; an empty or long one is refused, naming 'text'", async () => {
    const load = await idOf(f.userA, 'Load fault');
    const empty = await post(handlerA, `${load}/comment/`, { text: '  ' });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().errors).toEqual({ text: ["'text' is required!"] });
    const long = await post(handlerA, `${load}/comment/`, { text: 'x'.repeat(ALARM_COMMENT_MAX + 1) });
    expect(long.json().errors).toEqual({ text: [ALARM_MESSAGES.textTooLong] });
    const res = await post(handlerA, `${load}/comment/`, { text: 'Crew sent to pole 14' });
    expect(res.statusCode).toBe(200);
    expect(res.json<Detail>().comments).toMatchObject([{ type: 'commented', note: 'Crew sent to pole 14' }]);
  });
});

describe('clear', () => {
  it('clears by hand with a note; the device raises again with its next faulty report', async () => {
    const load = await idOf(f.userA, 'Load fault');
    const res = await post(handlerA, `${load}/clear/`, { note: 'Lamp replaced' });
    expect(res.statusCode).toBe(200);
    const detail = res.json<Detail>();
    expect(detail).toMatchObject({ status: 'Resolved', cleared_by: { name: 'handler@customer-a.example' } });
    expect(detail.timeline.at(-1)).toMatchObject({ type: 'cleared', note: 'Lamp replaced' });
    await ingest(t, f.lampA, [sample(f.at(f.day.d0, '00:00:20'), { lo_sts: 1, brightness: 100, lo_i: 0 })]);
    const again = (await rows(f.userA, '&is_solve=false')).filter((r) => r.fault_type === 'Load fault');
    expect(again).toHaveLength(1);
    expect(again[0]!.id).not.toBe(load);
  });

  it("refuses a note over the limit, naming 'note'", async () => {
    const load = await idOf(f.userA, 'Load fault');
    const res = await post(handlerA, `${load}/clear/`, { note: 'n'.repeat(501) });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toEqual({ note: [ALARM_MESSAGES.noteTooLong] });
  });
});

describe('a selection', () => {
  it('acknowledges every alarm of the selection at once', async () => {
    const load = await idOf(f.userA, 'Load fault');
    const e7 = await idOf(f.userA, 'Device fault (E7)');
    const res = await post(handlerA, 'acknowledge/', { ids: [load, e7] });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ detail: ALARM_MESSAGES.acknowledged(2), changed: [load] });
  });

  it('is all or nothing: one alarm the caller cannot see changes none (404)', async () => {
    const load = await idOf(f.userA, 'Load fault');
    const b = await idOf(f.userB, 'Device fault (E99)');
    const res = await post(handlerA, 'comment/', { ids: [load, b], text: 'Both' });
    expect(res.statusCode).toBe(404);
    expect(res.json().detail).toBe(ALARM_MESSAGES.notFound);
    expect((await get(handlerA, `${load}/`)).json<Detail>().comments).toEqual([]);
    const cleared = await post(admin, 'clear/', { ids: [load, 999_999] });
    expect(cleared.statusCode).toBe(404);
    expect((await get(handlerA, `${load}/`)).json<Detail>().status).toBe('Unresolved');
  });

  it('assigns, comments on and clears a selection across organizations for the provider', async () => {
    const load = await idOf(f.userA, 'Load fault');
    const b = await idOf(f.userB, 'Device fault (E99)');
    const people = (await get(admin, `assignees/?ids=${load},${b}`)).json<{ id: number }[]>();
    expect(people.map((p) => p.id)).not.toContain(colleagueA);
    expect((await post(admin, 'assign/', { ids: [load, b], assignee: colleagueA })).statusCode).toBe(400);
    const assigned = await post(admin, 'assign/', { ids: [load, b], assignee: people[0]!.id });
    expect(assigned.json()).toEqual({
      detail: ALARM_MESSAGES.assigned(2),
      changed: [load, b].sort((x, y) => x - y),
    });
    expect((await post(admin, 'comment/', { ids: [load, b], text: 'Check both' })).statusCode).toBe(200);
    const cleared = await post(admin, 'clear/', { ids: [load, b] });
    expect(cleared.json().detail).toBe(ALARM_MESSAGES.cleared(2));
    expect((await get(f.userB, 'counts/')).json().active.total).toBe(0);
  });

  it("refuses an empty or too long selection, naming 'ids'", async () => {
    const empty = await post(handlerA, 'acknowledge/', { ids: [] });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().errors).toEqual({ ids: [ALARM_MESSAGES.idsRequired] });
    const many = Array.from({ length: ALARM_SELECTION_MAX + 1 }, (_, i) => i + 1);
    expect((await post(handlerA, 'acknowledge/', { ids: many })).json().errors).toEqual({
      ids: [ALARM_MESSAGES.idsTooMany],
    });
    expect((await post(handlerA, 'clear/', { ids: 'all' })).json().errors).toEqual({
      ids: [ALARM_MESSAGES.idsList],
    });
  });
});

describe('access', () => {
  it('needs HANDLE_ALARMS for every action (403), reading needs VIEW_DEVICE_DATA', async () => {
    const e7 = await idOf(f.userA, 'Device fault (E7)');
    for (const [path, body] of [
      [`${e7}/acknowledge/`, undefined],
      [`${e7}/assign/`, { assignee: null }],
      [`${e7}/comment/`, { text: 'x' }],
      [`${e7}/clear/`, {}],
      ['acknowledge/', { ids: [e7] }],
      ['assign/', { ids: [e7], assignee: null }],
      ['comment/', { ids: [e7], text: 'x' }],
      ['clear/', { ids: [e7] }],
    ] as const) {
      expect((await post(f.userA, path, body)).statusCode, path).toBe(403);
    }
    expect((await get(f.userA, `assignees/?ids=${e7}`)).statusCode).toBe(403);
    expect((await get(f.plainA, `${e7}/`)).statusCode).toBe(403);
    // Acting answers the alarm: HANDLE_ALARMS alone, without VIEW_DEVICE_DATA, acts on nothing.
    const blind = await addUser(t, f.lampA.organizationId, 'blind@customer-a.example', ['HANDLE_ALARMS']);
    expect((await post(blind, `${e7}/acknowledge/`)).statusCode).toBe(403);
    expect((await post(blind, 'comment/', { ids: [e7], text: 'x' })).statusCode).toBe(403);
    expect((await get(blind, `assignees/?ids=${e7}`)).statusCode).toBe(403);
    expect((await get(handlerA, `${e7}/`)).json<Detail>().acknowledged_by?.name).not.toBe(
      'blind@customer-a.example',
    );
  });

  it("answers 404 for another organization's alarm on every route, and changes nothing", async () => {
    const e7 = await idOf(f.userA, 'Device fault (E7)');
    expect((await get(handlerB, `${e7}/`)).statusCode).toBe(404);
    expect((await get(handlerB, `assignees/?ids=${e7}`)).statusCode).toBe(404);
    for (const [path, body] of [
      [`${e7}/acknowledge/`, undefined],
      [`${e7}/assign/`, { assignee: null }],
      [`${e7}/comment/`, { text: 'x' }],
      [`${e7}/clear/`, {}],
      ['acknowledge/', { ids: [e7] }],
      ['assign/', { ids: [e7], assignee: null }],
      ['comment/', { ids: [e7], text: 'x' }],
      ['clear/', { ids: [e7] }],
    ] as const) {
      const res = await post(handlerB, path, body);
      expect(res.statusCode, path).toBe(404);
      expect(JSON.stringify(res.json())).not.toContain('E7');
    }
    const detail = (await get(handlerA, `${e7}/`)).json<Detail>();
    expect(detail.status).toBe('Unresolved');
    expect(detail.comments).toEqual([]);
  });

  it('names a bad id in the path', async () => {
    const res = await get(handlerA, 'abc/');
    expect(res.statusCode).toBe(400);
    expect(Object.keys(res.json().errors)).toEqual(['id']);
  });

  it('records each action in the audit log', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/v1/admin_settings/audit_log/?pagination=false',
      headers: bearer(admin),
    });
    const routes = JSON.stringify(res.json());
    expect(routes).toContain('/monitoring/alarms/:id/acknowledge/');
    expect(routes).toContain('/monitoring/alarms/clear/');
  });
});

// Last: the sweep marks every reporting device offline, which raises alarms the tests above do not count.
describe('the offline sweep', () => {
  it('records communication lost as raised by the device data, and the next report clears it', async () => {
    await markOffline(t.database.db, Date.now() + 3_600_000);
    const lost = (await rows(f.userA, '&is_solve=false')).find((r) => r.fault_type === 'Communication lost')!;
    expect(lost.severity).toBe('major');
    await ingest(t, f.lampA, [sample(Date.now() - 1000)]);
    const detail = (await get(f.userA, `${lost.id}/`)).json<Detail>();
    expect(detail.status).toBe('Resolved');
    expect(detail.timeline.map((e) => [e.type, e.actor])).toEqual([
      ['raised', null],
      ['cleared', null],
    ]);
  });
});
