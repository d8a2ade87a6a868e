import { z } from 'zod';
import { bodyId, queryId, requiredMessage } from './fields';
import { alarmRow } from './monitoring';
import { ALARM_EVENT_TYPES } from './telemetry';

// The alarm workflow (docs/operations.md "Alarms"): each alarm is active or cleared (spec 02 §4's
// Unresolved / Resolved), acknowledged or not, may have an assignee and comments, and keeps a timeline
// of every change. People acknowledge, assign, comment and clear, one alarm or a selection at once.

/** The most alarms one selection action takes. */
export const ALARM_SELECTION_MAX = 100;
/** The longest comment, and the longest note on a clear. */
export const ALARM_COMMENT_MAX = 2000;
export const ALARM_NOTE_MAX = 500;

export const ALARM_MESSAGES = {
  notFound: 'Alarm not found',
  assigneeNotAllowed: "'assignee' must be an active user who can see the alarm's device",
  acknowledged: (n: number) => `${n} alarm${n === 1 ? '' : 's'} acknowledged`,
  assigned: (n: number) => `${n} alarm${n === 1 ? '' : 's'} assigned`,
  unassigned: (n: number) => `${n} alarm${n === 1 ? '' : 's'} unassigned`,
  commented: (n: number) => `Comment added to ${n} alarm${n === 1 ? '' : 's'}`,
  cleared: (n: number) => `${n} alarm${n === 1 ? '' : 's'} cleared`,
  idsRequired: "'ids' must name at least one alarm",
  idsTooMany: `'ids' may name at most ${ALARM_SELECTION_MAX} alarms`,
  idsList: "'ids' must be a list of alarm ids",
  assigneeRequired: "'assignee' is required! (a user id, or null to unassign)",
  textTooLong: `'text' must be at most ${ALARM_COMMENT_MAX} characters`,
  noteTooLong: `'note' must be at most ${ALARM_NOTE_MAX} characters`,
} as const;

/** A person named on an alarm: full name, or e-mail when the name is blank. */
export const alarmPerson = z.object({ id: z.number().int(), name: z.string() });
export type AlarmPerson = z.infer<typeof alarmPerson>;

/** An alarm as the alarms view lists it: the row, with who acknowledged, who is assigned, who cleared. */
export const alarmListRow = alarmRow.extend({
  acknowledged_by: alarmPerson.nullable(),
  assignee: alarmPerson.nullable(),
  /** Who cleared it by hand; null while active or when the device's data cleared it. */
  cleared_by: alarmPerson.nullable(),
  /**
   * The alarm rule that raised it (monitoring/alarm-rules/): its id and scope, the project it is
   * narrowed to or null for the organization's rule; null: the built-in default (or a rule since deleted).
   */
  rule: z.object({ id: z.number().int(), project: z.string().nullable() }).nullable(),
});
export type AlarmListRow = z.infer<typeof alarmListRow>;

/** One timeline entry. actor null: the device's data (ingest, the offline sweep). */
export const alarmEvent = z.object({
  id: z.number().int(),
  type: z.enum(ALARM_EVENT_TYPES),
  at: z.string(),
  actor: alarmPerson.nullable(),
  /** assigned: the new assignee; null there means unassigned. */
  assignee: alarmPerson.nullable(),
  /** commented: the comment; cleared by a person: the note, if any. */
  note: z.string().nullable(),
});
export type AlarmEventRow = z.infer<typeof alarmEvent>;

/** GET monitoring/alarms/{id}/: the alarm, its whole timeline (oldest first) and its comments. */
export const alarmDetail = alarmListRow.extend({
  timeline: z.array(alarmEvent),
  comments: z.array(alarmEvent),
});
export type AlarmDetail = z.infer<typeof alarmDetail>;

export const alarmParams = z.object({ id: queryId });

const assignee = z.union([bodyId, z.null()], { error: ALARM_MESSAGES.assigneeRequired });
const text = z
  .string({ error: requiredMessage('text') })
  .trim()
  .min(1, { message: requiredMessage('text'), abort: true })
  .max(ALARM_COMMENT_MAX, ALARM_MESSAGES.textTooLong);
const note = z
  .string({ error: ALARM_MESSAGES.noteTooLong })
  .trim()
  .max(ALARM_NOTE_MAX, ALARM_MESSAGES.noteTooLong);

export const alarmAssignBody = z.object({ assignee });
export const alarmCommentBody = z.object({ text });
/** A manual clear, with an optional note (blank is no note). */
export const alarmClearBody = z.object({ note: note.optional() });

/** A selection: distinct alarm ids, at least one, at most ALARM_SELECTION_MAX. */
const ids = z
  .array(bodyId, { error: ALARM_MESSAGES.idsList })
  .min(1, ALARM_MESSAGES.idsRequired)
  .max(ALARM_SELECTION_MAX, ALARM_MESSAGES.idsTooMany)
  .transform((list) => [...new Set(list)]);
export const alarmSelectionBody = z.object({ ids });
export const alarmSelectionAssignBody = z.object({ ids, assignee });
export const alarmSelectionCommentBody = z.object({ ids, text });
export const alarmSelectionClearBody = z.object({ ids, note: note.optional() });

/** A selection action's answer: what was done, and the alarms it changed (already so: unchanged). */
export const alarmSelectionResult = z.object({ detail: z.string(), changed: z.array(z.number().int()) });

/** GET monitoring/alarms/assignees/?ids=1,2: the people every one of the alarms may be assigned to. */
export const alarmAssigneesQuery = z.object({
  ids: z
    .string({ error: ALARM_MESSAGES.idsRequired })
    .regex(/^\d{1,10}(,\d{1,10})*$/, ALARM_MESSAGES.idsList)
    .transform((v) => [...new Set(v.split(',').map(Number))])
    .refine((list) => list.length <= ALARM_SELECTION_MAX, ALARM_MESSAGES.idsTooMany),
});

/** Active alarms by severity, and how many of them nobody has acknowledged. */
const bySeverity = z.object({
  critical: z.number().int(),
  major: z.number().int(),
  minor: z.number().int(),
  warning: z.number().int(),
  total: z.number().int(),
});
export type AlarmSeverityCounts = z.infer<typeof bySeverity>;
export const alarmCountsQuery = z.object({ device: queryId.optional() });
export const alarmCounts = z.object({ active: bySeverity, unacknowledged: bySeverity });
export type AlarmCounts = z.infer<typeof alarmCounts>;
