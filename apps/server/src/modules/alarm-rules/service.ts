import { sql } from 'drizzle-orm';
import {
  ALARM_RULE_DEFAULTS,
  ALARM_RULE_MESSAGES,
  checkRuleUpdate,
  type AlarmRuleCreate,
  type AlarmRuleRow,
  type AlarmRuleUpdateBody,
  type EffectiveAlarmRule,
  type EffectiveRuleSettings,
} from '@rms/contracts/alarm-rules';
import { ALARM_KINDS, type AlarmKind } from '@rms/contracts/telemetry';
import type { AuthUser } from '../../auth/access';
import { actingOrganization } from '../../auth/acting-organization';
import type { Db } from '../../db/client';
import { rowsOf } from '../../db/rows';
import { guardUnique } from '../../db/unique-violation';
import { badRequest, fieldError, notFound } from '../../errors';
import { ALARM_RULES_CHANNEL } from '../../telemetry/alarm-rule-book';
import { assigneesFor } from '../monitoring';

// An organization's alarm rules (docs/alarms.md): read and changed within the caller's scope (the
// provider's people: any organization's; a rule or organization outside it answers 404). Every write
// notifies ALARM_RULES_CHANNEL in its own transaction, so every instance reloads the rules as it commits.

interface RuleRecord extends EffectiveRuleSettings {
  id: number;
  organization_id: number;
  organization_name: string;
  project: string | null;
  kind: AlarmKind;
  updated_at: string | Date;
}

const toRow = (r: RuleRecord): AlarmRuleRow => ({
  id: r.id,
  organization: r.organization_id,
  organization_name: r.organization_name,
  project: r.project,
  kind: r.kind,
  enabled: r.enabled,
  severity: r.severity,
  params: r.params,
  hold_minutes: r.hold_minutes,
  clear_hold_minutes: r.clear_hold_minutes,
  sla_hours: r.sla_hours,
  escalate_after_minutes: r.escalate_after_minutes,
  escalate_to: r.escalate_to,
  updated_at: new Date(r.updated_at).toISOString(),
});

const SELECT = sql`
  select r.id, r.organization_id, o.company_name as organization_name, r.project, r.kind, r.enabled,
    r.severity, r.params, r.hold_minutes, r.clear_hold_minutes, r.sla_hours, r.escalate_after_minutes,
    r.escalate_to, r.updated_at
  from alarm_rules r join organizations o on o.id = r.organization_id`;

export async function listRules(
  db: Db,
  auth: AuthUser,
  query: { organization?: number | undefined; project?: string | undefined },
): Promise<AlarmRuleRow[]> {
  const organization = await actingOrganization(db, auth, query.organization);
  const rows = await rowsOf<RuleRecord>(
    db,
    sql`${SELECT} where r.organization_id = ${organization}
        ${query.project === undefined ? sql`` : sql`and (r.project is null or r.project = ${query.project})`}
        order by r.project nulls first, r.kind`,
  );
  return rows.map(toRow);
}

/** Every kind as a device of the organization (or project) is judged, from the saved rules. */
export async function effectiveRules(
  db: Db,
  auth: AuthUser,
  query: { organization?: number | undefined; project?: string | undefined },
): Promise<{ organization: number; project: string | null; rules: EffectiveAlarmRule[] }> {
  const saved = await listRules(db, auth, query);
  const organization = await actingOrganization(db, auth, query.organization);
  const project = query.project ?? null;
  const rules = ALARM_KINDS.map((kind): EffectiveAlarmRule => {
    const own = project === null ? undefined : saved.find((r) => r.kind === kind && r.project === project);
    const org = saved.find((r) => r.kind === kind && r.project === null);
    const rule = own ?? org;
    const base = ALARM_RULE_DEFAULTS[kind];
    if (!rule) return { kind, source: 'default', rule_id: null, ...base };
    return {
      kind,
      source: own ? 'project' : 'organization',
      rule_id: rule.id,
      enabled: rule.enabled,
      severity: rule.severity,
      params: { ...base.params, ...rule.params },
      hold_minutes: rule.hold_minutes,
      clear_hold_minutes: rule.clear_hold_minutes,
      sla_hours: rule.sla_hours,
      escalate_after_minutes: rule.escalate_after_minutes,
      escalate_to: rule.escalate_to,
    };
  });
  return { organization, project, rules };
}

/** The organization's projects (its active activations' names) and who may be escalated to. */
export async function ruleChoices(
  db: Db,
  auth: AuthUser,
  query: { organization?: number | undefined },
): Promise<{ projects: string[]; people: { id: number; name: string }[] }> {
  const organization = await actingOrganization(db, auth, query.organization);
  const projects = await rowsOf<{ name: string }>(
    db,
    sql`select distinct name from activations where organization_id = ${organization} and is_active order by name`,
  );
  return { projects: projects.map((p) => p.name), people: await assigneesFor(db, auth, [organization]) };
}

/**
 * Whom a rule may name for escalation: whom the caller may give the organization's alarms to
 * (monitoring/assignees.ts: a customer names only its own people, not the provider's staff).
 */
async function checkEscalateTo(
  db: Db,
  auth: AuthUser,
  organization: number,
  ids: readonly number[],
): Promise<void> {
  if (ids.length === 0) return;
  const people = new Set((await assigneesFor(db, auth, [organization])).map((p) => p.id));
  if (ids.some((id) => !people.has(id)))
    throw fieldError('escalate_to', ALARM_RULE_MESSAGES.escalateToUnknown);
}

async function checkProject(db: Db, organization: number, project: string | null): Promise<void> {
  if (project === null) return;
  const [found] = await rowsOf<{ one: number }>(
    db,
    sql`select 1 as one from activations where organization_id = ${organization} and name = ${project} limit 1`,
  );
  if (!found) throw fieldError('project', ALARM_RULE_MESSAGES.projectUnknown);
}

const notify = (db: Db) => db.execute(sql`select pg_notify(${ALARM_RULES_CHANNEL}, '')`);

const duplicate = () => fieldError('kind', ALARM_RULE_MESSAGES.duplicate);

export async function createRule(db: Db, auth: AuthUser, body: AlarmRuleCreate): Promise<AlarmRuleRow> {
  const organization = await actingOrganization(db, auth, body.organization);
  await checkProject(db, organization, body.project);
  await checkEscalateTo(db, auth, organization, body.escalate_to);
  const id = await guardUnique(
    () =>
      db.transaction(async (tx) => {
        const [row] = await rowsOf<{ id: number }>(
          tx,
          sql`
          insert into alarm_rules (organization_id, project, kind, enabled, severity, params, hold_minutes,
            clear_hold_minutes, sla_hours, escalate_after_minutes, escalate_to, created_by)
          values (${organization}, ${body.project}, ${body.kind}, ${body.enabled}, ${body.severity},
            ${JSON.stringify(body.params)}::jsonb, ${body.hold_minutes}, ${body.clear_hold_minutes},
            ${body.sla_hours}, ${body.escalate_after_minutes}, ${sql.param(body.escalate_to)}::int[], ${auth.id})
          returning id`,
        );
        await notify(tx);
        return row!.id;
      }),
    duplicate,
  );
  return ruleOf(db, auth, id);
}

export async function ruleOf(db: Db, auth: AuthUser, id: number): Promise<AlarmRuleRow> {
  const [row] = await rowsOf<RuleRecord>(
    db,
    sql`${SELECT} where r.id = ${id} ${auth.isProvider ? sql`` : sql`and r.organization_id = ${auth.organizationId}`}`,
  );
  if (!row) throw notFound(ALARM_RULE_MESSAGES.notFound);
  return toRow(row);
}

export async function updateRule(
  db: Db,
  auth: AuthUser,
  id: number,
  body: AlarmRuleUpdateBody,
): Promise<AlarmRuleRow> {
  const saved = await ruleOf(db, auth, id);
  const checked = checkRuleUpdate(saved, body);
  if (!checked.ok) {
    const errors: Record<string, string[]> = {};
    for (const issue of checked.issues) (errors[issue.path.join('.')] ??= []).push(issue.message);
    throw badRequest(checked.issues[0]!.message, errors);
  }
  if (body.escalate_to) await checkEscalateTo(db, auth, saved.organization, body.escalate_to);
  const set = (column: string, value: unknown, cast = '') =>
    value === undefined ? sql`` : sql`, ${sql.raw(column)} = ${value}${sql.raw(cast)}`;
  await db.transaction(async (tx) => {
    await tx.execute(sql`
      update alarm_rules set updated_at = now(), params = ${JSON.stringify(checked.params)}::jsonb
        ${set('enabled', body.enabled)} ${set('severity', body.severity)}
        ${set('hold_minutes', body.hold_minutes)} ${set('clear_hold_minutes', body.clear_hold_minutes)}
        ${set('sla_hours', body.sla_hours)}
        ${body.escalate_after_minutes === undefined ? sql`` : sql`, escalate_after_minutes = ${body.escalate_after_minutes}::int`}
        ${body.escalate_to === undefined ? sql`` : sql`, escalate_to = ${sql.param(body.escalate_to)}::int[]`}
      where id = ${id}`);
    await notify(tx);
  });
  return ruleOf(db, auth, id);
}

export async function deleteRule(db: Db, auth: AuthUser, id: number): Promise<void> {
  await ruleOf(db, auth, id);
  await db.transaction(async (tx) => {
    await tx.execute(sql`delete from alarm_rules where id = ${id}`);
    await notify(tx);
  });
}
