import { z } from 'zod';
import { bodyId, queryId } from './fields';
import {
  ALARM_DEFAULT_SEVERITY,
  ALARM_KINDS,
  ALARM_SEVERITIES,
  DEFAULT_SLA_HOURS,
  type AlarmKind,
  type AlarmSeverity,
} from './telemetry';

// Alarm rules (docs/alarms.md): per organization, optionally narrowed to one project (an activation's
// name), one rule per kind. A device is judged by its project's rule for a kind, else its
// organization's, else ALARM_RULE_DEFAULTS, which are the behaviour before rules existed. Each kind has
// a raise side and a clear side; where both are thresholds on the same reading, the clear threshold
// must lie on the healthy side of the raise threshold (hysteresis), so a reading hovering at the limit
// does not raise and clear over and over.

/** One number of a kind's params: its label and unit for the form, its range, and whether it may be empty. */
export interface AlarmRuleField {
  key: string;
  label: string;
  unit: string;
  min: number;
  max: number;
  /** The form's step. */
  step: number;
  /** May be null (the check is off). */
  optional?: boolean;
  /** Which side of the rule it sets. */
  side: 'raise' | 'clear';
}

const f = (
  key: string,
  label: string,
  unit: string,
  min: number,
  max: number,
  step: number,
  side: 'raise' | 'clear',
  optional = false,
): AlarmRuleField => ({ key, label, unit, min, max, step, side, ...(optional ? { optional } : {}) });

export const ALARM_RULE_FIELDS: Record<AlarmKind, AlarmRuleField[]> = {
  battery_low: [
    f('soc_below', 'Raise when SOC is below', '%', 1, 100, 1, 'raise'),
    f('soc_clear_from', 'Clear when SOC is at least', '%', 1, 100, 1, 'clear'),
    f('volts_below', 'Or raise when battery voltage is below', 'V', 0, 100, 0.1, 'raise', true),
    f('volts_clear_from', 'Clear when battery voltage is at least', 'V', 0, 100, 0.1, 'clear', true),
  ],
  load_fault: [
    f(
      'current_below_a',
      'Raise when the lamp, on and dimmed above 0 %, draws under',
      'A',
      0,
      50,
      0.01,
      'raise',
    ),
    f('current_clear_from_a', 'Clear when it draws at least', 'A', 0, 50, 0.01, 'clear'),
  ],
  no_charge: [
    f('from_hour', 'Judge the day from local hour', 'h', 0, 23, 1, 'raise'),
    f('harvest_below_wh', "Raise when the day's harvest is below", 'Wh', 0, 100_000, 1, 'raise'),
    f('charging_clear_from_a', 'Clear when charging current reaches', 'A', 0, 100, 0.1, 'clear'),
  ],
  communication_lost: [f('after_minutes', 'Raise after no report for', 'min', 1, 10_080, 1, 'raise')],
  panel_low: [
    f(
      'below_percent',
      "Raise when panel power is under this share of the neighbours' median",
      '%',
      1,
      99,
      1,
      'raise',
    ),
    f('clear_from_percent', 'Clear when it is at least', '%', 1, 100, 1, 'clear'),
    f('radius_km', 'Neighbours within', 'km', 0.1, 100, 0.1, 'raise'),
    f('min_neighbours', 'Only with at least this many neighbours', 'devices', 1, 100, 1, 'raise'),
    f('window_minutes', 'Neighbours reporting within', 'min', 5, 180, 1, 'raise'),
    f('daylight_from_w', "Daylight: neighbours' median panel power at least", 'W', 1, 10_000, 1, 'raise'),
  ],
  fault: [],
};

/** Raise key, clear key: the clear value must be at or above the raise value (all are "below" rules). */
const HYSTERESIS: Partial<Record<AlarmKind, [string, string][]>> = {
  battery_low: [
    ['soc_below', 'soc_clear_from'],
    ['volts_below', 'volts_clear_from'],
  ],
  load_fault: [['current_below_a', 'current_clear_from_a']],
  panel_low: [['below_percent', 'clear_from_percent']],
};

export type AlarmRuleParams = Record<string, number | null>;

export const ALARM_RULE_LIMITS = {
  holdMinutesMax: 1440,
  slaHoursMax: 8760,
  escalateAfterMax: 10_080,
  escalateToMax: 20,
  projectMax: 100,
} as const;

export const ALARM_RULE_LABELS = {
  organization: 'Organization',
  project: 'Project',
  kind: 'Alarm',
  enabled: 'Enabled',
  severity: 'Severity',
  hold_minutes: 'Hold before raising',
  clear_hold_minutes: 'Hold before clearing',
  sla_hours: 'SLA',
  escalate_after_minutes: 'Escalate after',
  escalate_to: 'Escalate to',
} as const;

const L = ALARM_RULE_LIMITS;
export const ALARM_RULE_MESSAGES = {
  created: 'Alarm rule saved',
  updated: 'Alarm rule saved',
  deleted: 'Alarm rule deleted: the default applies again',
  notFound: 'Alarm rule not found',
  duplicate: 'This organization (or project) already has a rule for this alarm: change that one',
  kind: `'Alarm' must be one of ${ALARM_KINDS.join(', ')}`,
  severity: `'Severity' must be one of ${ALARM_SEVERITIES.join(', ')}`,
  enabled: "'Enabled' must be true or false",
  project: `'Project' must be 1 to ${L.projectMax} characters, or empty for the whole organization`,
  projectUnknown: "'Project' must name a project (activation name) of the organization",
  holdMinutes: (label: string) =>
    `'${label}' must be a whole number of minutes from 0 to ${L.holdMinutesMax}`,
  slaHours: `'SLA' must be a whole number of hours from 1 to ${L.slaHoursMax}`,
  escalateAfter: `'Escalate after' must be a whole number of minutes from 1 to ${L.escalateAfterMax}, or empty`,
  escalateTo: `'Escalate to' must list at most ${L.escalateToMax} different people`,
  escalateToWithoutTime: "'Escalate after' is required when 'Escalate to' names someone",
  escalateToUnknown: "'Escalate to' must name active people who may see the organization's alarms",
  paramsObject: "'params' must be an object of numbers",
  paramUnknown: (key: string) => `'${key}' is not a setting of this alarm`,
  param: (field: AlarmRuleField) =>
    `'${field.label}' must be a number from ${field.min} to ${field.max} ${field.unit}${field.optional ? ', or empty' : ''}`,
  hysteresis: (raise: AlarmRuleField, clear: AlarmRuleField) =>
    `'${clear.label}' must be at or above '${raise.label}' (${raise.key}), so that a reading at the limit does not flap`,
  pairRequired: (other: AlarmRuleField) => `'${other.label}' is required with this setting`,
  organizationRequired: "'Organization' is required",
} as const;

/** The rule as it applies when none is saved: exactly the behaviour before alarm rules. */
export interface EffectiveRuleSettings {
  enabled: boolean;
  severity: AlarmSeverity;
  params: AlarmRuleParams;
  hold_minutes: number;
  clear_hold_minutes: number;
  sla_hours: number;
  escalate_after_minutes: number | null;
  escalate_to: number[];
}

const defaults = (kind: AlarmKind, enabled: boolean, params: AlarmRuleParams): EffectiveRuleSettings => ({
  enabled,
  severity: ALARM_DEFAULT_SEVERITY[kind],
  params,
  hold_minutes: 0,
  clear_hold_minutes: 0,
  sla_hours: DEFAULT_SLA_HOURS[ALARM_DEFAULT_SEVERITY[kind]],
  escalate_after_minutes: null,
  escalate_to: [],
});

export const ALARM_RULE_DEFAULTS: Record<AlarmKind, EffectiveRuleSettings> = {
  battery_low: defaults('battery_low', true, {
    soc_below: 20,
    soc_clear_from: 30,
    volts_below: null,
    volts_clear_from: null,
  }),
  load_fault: defaults('load_fault', true, { current_below_a: 0.05, current_clear_from_a: 0.05 }),
  no_charge: defaults('no_charge', true, { from_hour: 16, harvest_below_wh: 1, charging_clear_from_a: 0.2 }),
  communication_lost: defaults('communication_lost', true, { after_minutes: 15 }),
  // Not raised before rules existed: an organization turns it on.
  panel_low: defaults('panel_low', false, {
    below_percent: 30,
    clear_from_percent: 60,
    radius_km: 2,
    min_neighbours: 3,
    window_minutes: 30,
    daylight_from_w: 10,
  }),
  fault: defaults('fault', true, {}),
};

type Issue = { path: (string | number)[]; message: string };

/**
 * Checks a kind's full params (defaults already filled in): each known key a number in range (or null
 * where optional), no unknown key, optional pairs set together, and hysteresis. Answers the params
 * with only the kind's keys, or the issues by path ['params', key].
 */
export function checkRuleParams(
  kind: AlarmKind,
  params: unknown,
): { ok: true; params: AlarmRuleParams } | { ok: false; issues: Issue[] } {
  const issues: Issue[] = [];
  if (typeof params !== 'object' || params === null || Array.isArray(params))
    return { ok: false, issues: [{ path: ['params'], message: ALARM_RULE_MESSAGES.paramsObject }] };
  const given = params as Record<string, unknown>;
  const fields = ALARM_RULE_FIELDS[kind];
  const out: AlarmRuleParams = {};
  for (const key of Object.keys(given))
    if (!fields.some((x) => x.key === key))
      issues.push({ path: ['params', key], message: ALARM_RULE_MESSAGES.paramUnknown(key) });
  for (const field of fields) {
    const value = given[field.key];
    if (value === null && field.optional) {
      out[field.key] = null;
      continue;
    }
    if (typeof value !== 'number' || !Number.isFinite(value) || value < field.min || value > field.max) {
      issues.push({ path: ['params', field.key], message: ALARM_RULE_MESSAGES.param(field) });
      continue;
    }
    out[field.key] = value;
  }
  if (issues.length > 0) return { ok: false, issues };
  const byKey = (key: string) => fields.find((x) => x.key === key)!;
  for (const [raiseKey, clearKey] of HYSTERESIS[kind] ?? []) {
    const raise = out[raiseKey];
    const clear = out[clearKey];
    if (raise == null && clear == null) continue;
    if (raise == null || clear == null) {
      const missing = raise == null ? raiseKey : clearKey;
      const other = raise == null ? clearKey : raiseKey;
      issues.push({ path: ['params', missing], message: ALARM_RULE_MESSAGES.pairRequired(byKey(other)) });
    } else if (clear < raise)
      issues.push({
        path: ['params', clearKey],
        message: ALARM_RULE_MESSAGES.hysteresis(byKey(raiseKey), byKey(clearKey)),
      });
  }
  return issues.length > 0 ? { ok: false, issues } : { ok: true, params: out };
}

const holdMinutes = (label: string) =>
  z
    .number({ error: ALARM_RULE_MESSAGES.holdMinutes(label) })
    .int(ALARM_RULE_MESSAGES.holdMinutes(label))
    .min(0, ALARM_RULE_MESSAGES.holdMinutes(label))
    .max(L.holdMinutesMax, ALARM_RULE_MESSAGES.holdMinutes(label));
const slaHours = z
  .number({ error: ALARM_RULE_MESSAGES.slaHours })
  .int(ALARM_RULE_MESSAGES.slaHours)
  .min(1, ALARM_RULE_MESSAGES.slaHours)
  .max(L.slaHoursMax, ALARM_RULE_MESSAGES.slaHours);
const escalateAfter = z
  .number({ error: ALARM_RULE_MESSAGES.escalateAfter })
  .int(ALARM_RULE_MESSAGES.escalateAfter)
  .min(1, ALARM_RULE_MESSAGES.escalateAfter)
  .max(L.escalateAfterMax, ALARM_RULE_MESSAGES.escalateAfter)
  .nullable();
const escalateTo = z
  .array(bodyId, { error: ALARM_RULE_MESSAGES.escalateTo })
  .max(L.escalateToMax, ALARM_RULE_MESSAGES.escalateTo)
  .refine((ids) => new Set(ids).size === ids.length, ALARM_RULE_MESSAGES.escalateTo);
const project = z
  .string({ error: ALARM_RULE_MESSAGES.project })
  .trim()
  .min(1, ALARM_RULE_MESSAGES.project)
  .max(L.projectMax, ALARM_RULE_MESSAGES.project)
  .nullable();
const kind = z.enum(ALARM_KINDS, { error: ALARM_RULE_MESSAGES.kind });
const severity = z.enum(ALARM_SEVERITIES, { error: ALARM_RULE_MESSAGES.severity });
const params = z.record(z.string(), z.unknown(), { error: ALARM_RULE_MESSAGES.paramsObject });

const settingsShape = {
  enabled: z.boolean({ error: ALARM_RULE_MESSAGES.enabled }),
  severity,
  params,
  hold_minutes: holdMinutes(ALARM_RULE_LABELS.hold_minutes),
  clear_hold_minutes: holdMinutes(ALARM_RULE_LABELS.clear_hold_minutes),
  sla_hours: slaHours,
  escalate_after_minutes: escalateAfter,
  escalate_to: escalateTo,
};

/** Escalating to people needs a time to escalate after. */
function checkEscalation(
  body: { escalate_after_minutes?: number | null; escalate_to?: number[] },
  ctx: z.RefinementCtx,
) {
  if (body.escalate_to && body.escalate_to.length > 0 && body.escalate_after_minutes == null)
    ctx.addIssue({
      code: 'custom',
      path: ['escalate_after_minutes'],
      message: ALARM_RULE_MESSAGES.escalateToWithoutTime,
    });
}

/**
 * POST monitoring/alarm-rules/: a rule for one kind of the organization (the caller's by default; the
 * provider names it) or of one of its projects. What is left out takes the kind's default (params key
 * by key); the params are checked for the kind, with hysteresis.
 */
const settings = z.object(settingsShape).partial();

export const alarmRuleCreateBody = settings
  .extend({ organization: bodyId.optional(), project: project.optional(), kind })
  .strict()
  .superRefine((body, ctx) => {
    checkEscalation(body, ctx);
    const checked = checkRuleParams(body.kind, { ...ALARM_RULE_DEFAULTS[body.kind].params, ...body.params });
    if (!checked.ok) for (const issue of checked.issues) ctx.addIssue({ code: 'custom', ...issue });
  })
  .transform((body) => {
    const base = ALARM_RULE_DEFAULTS[body.kind];
    const severityOf = body.severity ?? base.severity;
    return {
      organization: body.organization,
      project: body.project ?? null,
      kind: body.kind,
      enabled: body.enabled ?? true,
      severity: severityOf,
      params: { ...base.params, ...(body.params as AlarmRuleParams | undefined) },
      hold_minutes: body.hold_minutes ?? base.hold_minutes,
      clear_hold_minutes: body.clear_hold_minutes ?? base.clear_hold_minutes,
      sla_hours: body.sla_hours ?? DEFAULT_SLA_HOURS[severityOf],
      escalate_after_minutes: body.escalate_after_minutes ?? null,
      escalate_to: body.escalate_to ?? [],
    };
  });
export type AlarmRuleCreateBody = z.input<typeof alarmRuleCreateBody>;
export type AlarmRuleCreate = z.output<typeof alarmRuleCreateBody>;

/**
 * PUT monitoring/alarm-rules/{id}/: only what is sent changes, params key by key; the organization,
 * project and kind of a rule never change (delete it and add another).
 */
export const alarmRuleUpdateBody = settings.strict();
export type AlarmRuleUpdateBody = z.infer<typeof alarmRuleUpdateBody>;

/** Checks an update against the rule it changes (the params merged over the saved ones). */
export function checkRuleUpdate(
  saved: {
    kind: AlarmKind;
    params: AlarmRuleParams;
    escalate_after_minutes: number | null;
    escalate_to: number[];
  },
  body: AlarmRuleUpdateBody,
): { ok: true; params: AlarmRuleParams } | { ok: false; issues: Issue[] } {
  const issues: Issue[] = [];
  const after =
    body.escalate_after_minutes !== undefined ? body.escalate_after_minutes : saved.escalate_after_minutes;
  const to = body.escalate_to ?? saved.escalate_to;
  if (to.length > 0 && after === null)
    issues.push({ path: ['escalate_after_minutes'], message: ALARM_RULE_MESSAGES.escalateToWithoutTime });
  const checked = checkRuleParams(saved.kind, { ...saved.params, ...body.params });
  if (!checked.ok) issues.push(...checked.issues);
  return issues.length > 0 || !checked.ok ? { ok: false, issues } : checked;
}

export const alarmRuleParamsOf = z.object({ id: queryId });

export const alarmRuleRow = z.object({
  id: z.number().int(),
  organization: z.number().int(),
  organization_name: z.string(),
  project: z.string().nullable(),
  kind: z.enum(ALARM_KINDS),
  enabled: z.boolean(),
  severity: z.enum(ALARM_SEVERITIES),
  params: z.record(z.string(), z.number().nullable()),
  hold_minutes: z.number().int(),
  clear_hold_minutes: z.number().int(),
  sla_hours: z.number().int(),
  escalate_after_minutes: z.number().int().nullable(),
  escalate_to: z.array(z.number().int()),
  updated_at: z.string(),
});
export type AlarmRuleRow = z.infer<typeof alarmRuleRow>;
export const alarmRuleList = z.array(alarmRuleRow);
export const alarmRuleSaved = z.object({ detail: z.string(), rule: alarmRuleRow });

/** The list's and the effective rules' scope: the caller's organization unless the provider names one. */
export const alarmRuleListQuery = z.object({
  organization: queryId.optional(),
  /** Only the rules of this project (and, for `effective/`, the rules a device of it is judged by). */
  project: z.string().trim().min(1).max(L.projectMax, ALARM_RULE_MESSAGES.project).optional(),
});

/** One kind as a device of the organization (or project) is judged: which rule, or the default. */
export const effectiveAlarmRule = z.object({
  kind: z.enum(ALARM_KINDS),
  source: z.enum(['project', 'organization', 'default']),
  rule_id: z.number().int().nullable(),
  enabled: z.boolean(),
  severity: z.enum(ALARM_SEVERITIES),
  params: z.record(z.string(), z.number().nullable()),
  hold_minutes: z.number().int(),
  clear_hold_minutes: z.number().int(),
  sla_hours: z.number().int(),
  escalate_after_minutes: z.number().int().nullable(),
  escalate_to: z.array(z.number().int()),
});
export type EffectiveAlarmRule = z.infer<typeof effectiveAlarmRule>;
export const effectiveAlarmRules = z.object({
  organization: z.number().int(),
  project: z.string().nullable(),
  rules: z.array(effectiveAlarmRule),
});

/** The organization's projects (activation names) and the people an escalation may name. */
export const alarmRuleChoices = z.object({
  projects: z.array(z.string()),
  people: z.array(z.object({ id: z.number().int(), name: z.string() })),
});

/** How a list names the rule that raised an alarm: "Default" when none did. */
export function alarmRuleLabel(rule: { project: string | null } | null): string {
  if (!rule) return 'Default';
  return rule.project === null ? 'Organization rule' : `Project rule: ${rule.project}`;
}
