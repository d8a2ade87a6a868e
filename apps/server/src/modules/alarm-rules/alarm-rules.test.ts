import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ALARM_RULE_DEFAULTS, ALARM_RULE_MESSAGES } from '@rms/contracts/alarm-rules';
import { ALARM_KINDS } from '@rms/contracts/telemetry';
import { users } from '../../db/schema/employees';
import { organizations } from '../../db/schema/organizations';
import { ADMIN, bearer, createTestApp, signIn, type Session, type TestApp } from '../../testing/app';
import { makeActivations, makeOrganization, makeUser } from '../../testing/factories';
import { addUser } from '../../testing/users';

// The alarm rules' API (docs/alarms.md): MANAGE_ALARM_RULES for every route; customers see and change
// only their organization's rules (another's answer 404), the provider's people any organization's;
// bad settings are refused naming the field; an update changes only what it sends.

let t: TestApp;
let admin: Session;
let managerA: Session;
let managerB: Session;
let viewerA: Session;
let orgA: number;
let orgB: number;
let colleagueA: number;
let personOfB: number;

const URL = '/api/v1/monitoring/alarm-rules/';
const call = (who: Session, method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object) =>
  t.app.inject({ method, url, headers: bearer(who), ...(payload && { payload }) });

beforeAll(async () => {
  t = await createTestApp();
  admin = await signIn(t.app);
  const db = t.database.db;
  const codes = ['VIEW_DEVICE_DATA', 'MANAGE_ALARM_RULES'];
  orgA = (
    await makeOrganization(db, { companyName: 'Rules A', email: 'a@rules-a.example', permissions: codes })
  ).id;
  orgB = (
    await makeOrganization(db, { companyName: 'Rules B', email: 'b@rules-b.example', permissions: codes })
  ).id;
  await db
    .update(organizations)
    .set({ permissions: codes })
    .where(inArray(organizations.id, [orgA, orgB]));
  managerA = await addUser(t, orgA, 'manager@rules-a.example', codes);
  managerB = await addUser(t, orgB, 'manager@rules-b.example', codes);
  viewerA = await addUser(t, orgA, 'viewer@rules-a.example', ['VIEW_DEVICE_DATA']);
  // Each can read alarms (VIEW_DEVICE_DATA), as whom an alarm escalates to must.
  colleagueA = (
    await makeUser(db, { organizationId: orgA, firstName: 'Asha', permissions: ['VIEW_DEVICE_DATA'] })
  ).id;
  personOfB = (
    await makeUser(db, { organizationId: orgB, firstName: 'Bela', permissions: ['VIEW_DEVICE_DATA'] })
  ).id;
  await makeActivations(db, [
    { name: 'North', organizationId: orgA },
    { name: 'South', organizationId: orgA },
  ]);
});
afterAll(() => t.close());

describe('access', () => {
  it('refuses every route without MANAGE_ALARM_RULES (403) and without a sign-in (401)', async () => {
    for (const [method, url] of [
      ['GET', URL],
      ['GET', `${URL}effective/`],
      ['GET', `${URL}choices/`],
      ['POST', URL],
      ['GET', `${URL}1/`],
      ['PUT', `${URL}1/`],
      ['DELETE', `${URL}1/`],
    ] as const) {
      const body = method === 'POST' || method === 'PUT' ? { kind: 'battery_low' } : undefined;
      expect((await call(viewerA, method, url, body)).statusCode, `${method} ${url}`).toBe(403);
      expect((await t.app.inject({ method, url })).statusCode, `${method} ${url}`).toBe(401);
    }
  });

  it("lets a customer manage its own rules and answers 404 for another organization's", async () => {
    const made = await call(managerA, 'POST', URL, { kind: 'battery_low', params: { soc_below: 25 } });
    expect(made.statusCode, made.body).toBe(201);
    const rule = made.json<{ rule: { id: number; organization: number; params: Record<string, number> } }>()
      .rule;
    expect(rule.organization).toBe(orgA);
    expect(rule.params).toEqual({ ...ALARM_RULE_DEFAULTS.battery_low.params, soc_below: 25 });
    const one = `${URL}${rule.id}/`;
    expect((await call(managerB, 'GET', one)).statusCode).toBe(404);
    expect((await call(managerB, 'PUT', one, { severity: 'major' })).statusCode).toBe(404);
    expect((await call(managerB, 'DELETE', one)).statusCode).toBe(404);
    expect((await call(managerB, 'GET', `${URL}?organization=${orgA}`)).statusCode).toBe(404);
    expect((await call(managerB, 'POST', URL, { organization: orgA, kind: 'no_charge' })).statusCode).toBe(
      404,
    );
    expect((await call(managerB, 'GET', URL)).json()).toEqual([]);
    expect((await call(managerA, 'GET', URL)).json()).toEqual([expect.objectContaining({ id: rule.id })]);
    // The provider acts for any organization.
    expect((await call(admin, 'GET', one)).statusCode).toBe(200);
    const forB = await call(admin, 'POST', URL, { organization: orgB, kind: 'load_fault' });
    expect(forB.statusCode, forB.body).toBe(201);
    expect((await call(managerB, 'GET', URL)).json()).toEqual([
      expect.objectContaining({ kind: 'load_fault' }),
    ]);
    expect((await call(managerA, 'DELETE', one)).statusCode).toBe(200);
    expect((await call(managerA, 'GET', one)).statusCode).toBe(404);
  });
});

describe('settings', () => {
  const refused = async (body: object, field: string, message?: string) => {
    const res = await call(managerA, 'POST', URL, body);
    expect(res.statusCode, res.body).toBe(400);
    const errors = res.json<{ errors: Record<string, string[]> }>().errors;
    expect(Object.keys(errors), res.body).toContain(field);
    if (message) expect(errors[field]).toContain(message);
  };

  it('refuses bad settings, naming the field', async () => {
    await refused({ kind: 'battery_low', params: { soc_below: 120 } }, 'params.soc_below');
    await refused({ kind: 'battery_low', params: { soc_below: 'low' } }, 'params.soc_below');
    await refused(
      { kind: 'battery_low', params: { soc_below: 40, soc_clear_from: 30 } },
      'params.soc_clear_from',
    );
    await refused({ kind: 'battery_low', params: { volts_below: 11.5 } }, 'params.volts_clear_from');
    await refused({ kind: 'battery_low', params: { wattage: 3 } }, 'params.wattage');
    await refused(
      { kind: 'panel_low', params: { below_percent: 70, clear_from_percent: 50 } },
      'params.clear_from_percent',
    );
    await refused({ kind: 'communication_lost', params: { after_minutes: 0 } }, 'params.after_minutes');
    await refused({ kind: 'smoke' }, 'kind', ALARM_RULE_MESSAGES.kind);
    await refused({ kind: 'fault', severity: 'awful' }, 'severity', ALARM_RULE_MESSAGES.severity);
    await refused({ kind: 'fault', hold_minutes: -1 }, 'hold_minutes');
    await refused({ kind: 'fault', sla_hours: 0 }, 'sla_hours', ALARM_RULE_MESSAGES.slaHours);
    await refused({ kind: 'fault', escalate_to: [colleagueA] }, 'escalate_after_minutes');
    await refused({ kind: 'fault', project: 'Nowhere' }, 'project', ALARM_RULE_MESSAGES.projectUnknown);
    await refused(
      { kind: 'fault', escalate_after_minutes: 30, escalate_to: [personOfB] },
      'escalate_to',
      ALARM_RULE_MESSAGES.escalateToUnknown,
    );
    // A customer names, and is offered, only its own people, as for assigning alarms.
    const adminId = (
      await t.database.db.select({ id: users.id }).from(users).where(eq(users.email, ADMIN.email))
    )[0]!.id;
    await refused(
      { kind: 'fault', escalate_after_minutes: 30, escalate_to: [adminId] },
      'escalate_to',
      ALARM_RULE_MESSAGES.escalateToUnknown,
    );
    // Nor someone of the organization who cannot read alarms: the escalation would tell them nothing.
    const blind = (
      await makeUser(t.database.db, { organizationId: orgA, permissions: ['MANAGE_ALARM_RULES'] })
    ).id;
    await refused(
      { kind: 'fault', escalate_after_minutes: 30, escalate_to: [blind] },
      'escalate_to',
      ALARM_RULE_MESSAGES.escalateToUnknown,
    );
    const choices = (await call(managerA, 'GET', `${URL}choices/?organization=${orgA}`)).json<{
      people: { id: number }[];
    }>();
    expect(choices.people.map((p) => p.id)).toContain(colleagueA);
    expect(choices.people.map((p) => p.id)).not.toContain(adminId);
    expect(choices.people.map((p) => p.id)).not.toContain(blind);
  });

  it('answers one rule per kind and scope, and 4xx, never 5xx, for junk', async () => {
    expect((await call(managerA, 'POST', URL, { kind: 'no_charge', project: 'North' })).statusCode).toBe(201);
    await refused({ kind: 'no_charge', project: 'North' }, 'kind', ALARM_RULE_MESSAGES.duplicate);
    for (const body of [
      [],
      'x',
      { kind: null },
      { kind: 'fault', params: [] },
      { kind: 'fault', escalate_to: [0] },
    ])
      expect([400, 415]).toContain((await call(managerA, 'POST', URL, body as object)).statusCode);
    expect((await call(managerA, 'GET', `${URL}99999999999/`)).statusCode).toBe(400);
    expect((await call(managerA, 'GET', `${URL}?organization=abc`)).statusCode).toBe(400);
    expect((await call(managerA, 'PUT', `${URL}123456/`, { enabled: 'yes' })).statusCode).toBe(400);
  });

  it('changes only what an update sends, params key by key, checked against the saved ones', async () => {
    const made = await call(managerA, 'POST', URL, {
      kind: 'battery_low',
      project: 'South',
      severity: 'major',
      escalate_after_minutes: 30,
      escalate_to: [colleagueA],
    });
    const id = made.json<{ rule: { id: number } }>().rule.id;
    const res = await call(managerA, 'PUT', `${URL}${id}/`, { params: { soc_below: 25 } });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<{ rule: object }>().rule).toMatchObject({
      severity: 'major',
      sla_hours: 48,
      escalate_after_minutes: 30,
      escalate_to: [colleagueA],
      params: { soc_below: 25, soc_clear_from: 30 },
    });
    const bad = await call(managerA, 'PUT', `${URL}${id}/`, { params: { soc_clear_from: 20 } });
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(bad.json<{ errors: object }>().errors)).toEqual(['params.soc_clear_from']);
    const noTime = await call(managerA, 'PUT', `${URL}${id}/`, { escalate_after_minutes: null });
    expect(noTime.statusCode).toBe(400);
  });

  it('answers the effective rules: project over organization over default', async () => {
    const res = await call(managerA, 'GET', `${URL}effective/?project=South`);
    expect(res.statusCode, res.body).toBe(200);
    const rules = res.json<{ rules: { kind: string; source: string; params: object }[] }>().rules;
    expect(rules.map((r) => r.kind)).toEqual([...ALARM_KINDS]);
    expect(rules.find((r) => r.kind === 'battery_low')).toMatchObject({ source: 'project' });
    expect(rules.find((r) => r.kind === 'fault')).toMatchObject({ source: 'default', rule_id: null });
    const choices = (await call(managerA, 'GET', `${URL}choices/`)).json<{
      projects: string[];
      people: { id: number }[];
    }>();
    expect(choices.projects).toEqual(['North', 'South']);
    expect(choices.people.map((p) => p.id)).toContain(colleagueA);
    expect(choices.people.map((p) => p.id)).not.toContain(personOfB);
  });
});
