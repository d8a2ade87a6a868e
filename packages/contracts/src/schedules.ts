import { z } from 'zod';
import { pageQuery } from './common';
import { bodyId, isoDate, numberFromText, queryDay, queryId, requiredText } from './fields';
import {
  DELIVERY_STATUSES,
  EXCEPTION_KINDS,
  scheduleException,
  schedulePriority,
  weekdays,
} from './lighting';

// Lighting schedules (docs/lighting-schedules.md): a schedule gives a group a dimming profile on
// chosen weekdays, optionally within a season, with dated exceptions (festival, event, outage) that
// replace the pattern on their nights and revert by themselves. Where several schedules cover one
// device on one night, `nightChoice` (lighting.ts) decides which one runs.

export const SCHEDULE_MESSAGES = {
  notFound: 'Schedule not found',
  exceptionNotFound: 'Exception not found',
  created: 'Schedule created',
  updated: 'Schedule updated',
  deleted: 'Schedule deleted',
  enabled: 'Schedule enabled',
  disabled: 'Schedule disabled',
  exceptionSaved: 'Exception saved',
  exceptionDeleted: 'Exception removed',
  nameTaken: "'name': the organization already has a schedule of this name",
  group: "'group' must be a group of the schedule's organization",
  profile: "'profile' must be a dimming profile of the schedule's organization",
  seasonOrder: "'valid_to' must be on or after 'valid_from'",
  tooFarAhead: (field: string) => `'${field}' must be at most ${MAX_YEARS_AHEAD} years from today`,
  tooManyExceptions: `A schedule holds at most 100 exceptions`,
  targetOne: "Give either 'group' or 'device'",
  rangeOrder: "'to' must be on or after 'from'",
  rangeTooLong: "'to': the conflicts cover at most 62 nights",
} as const;

/** Exceptions are planned at most this far ahead. */
export const MAX_YEARS_AHEAD = 2;
/** The conflicts look at most this many nights ahead, 14 when not told. */
export const MAX_CONFLICT_NIGHTS = 62;
export const DEFAULT_CONFLICT_NIGHTS = 14;

/** Today (UTC) plus `years`, YYYY-MM-DD: the last day an exception may reach. */
export function lastPlannableDay(years = MAX_YEARS_AHEAD, now = new Date()): string {
  const d = new Date(Date.UTC(now.getUTCFullYear() + years, now.getUTCMonth(), now.getUTCDate()));
  return d.toISOString().slice(0, 10);
}

const season = {
  valid_from: isoDate('Valid from').nullable().optional(),
  valid_to: isoDate('Valid to').nullable().optional(),
};
const seasonOrdered = (s: { valid_from?: string | null; valid_to?: string | null }) =>
  !s.valid_from || !s.valid_to || s.valid_to >= s.valid_from;

export const scheduleCreateBody = z
  .object({
    /** The provider's people name the organization; a customer's schedules are its own. */
    organization: bodyId.optional(),
    name: requiredText('Name', 100),
    group: bodyId,
    profile: bodyId,
    weekdays,
    priority: schedulePriority.default(0),
    ...season,
    enabled: z.boolean().default(true),
  })
  .strict()
  .refine(seasonOrdered, { path: ['valid_to'], message: SCHEDULE_MESSAGES.seasonOrder });
export type ScheduleCreateBody = z.infer<typeof scheduleCreateBody>;

/** A field left out is unchanged; the season's ends may be cleared with null. */
export const scheduleUpdateBody = z
  .object({
    name: requiredText('Name', 100).optional(),
    group: bodyId.optional(),
    profile: bodyId.optional(),
    weekdays: weekdays.optional(),
    priority: schedulePriority.optional(),
    ...season,
    enabled: z.boolean().optional(),
  })
  .strict()
  .refine(seasonOrdered, { path: ['valid_to'], message: SCHEDULE_MESSAGES.seasonOrder });
export type ScheduleUpdateBody = z.infer<typeof scheduleUpdateBody>;

/** An exception as written: dates no more than MAX_YEARS_AHEAD years ahead. */
export const scheduleExceptionBody = scheduleException.superRefine((e, ctx) => {
  const last = lastPlannableDay();
  if (e.to > last)
    ctx.addIssue({ code: 'custom', path: ['to'], message: SCHEDULE_MESSAGES.tooFarAhead('to') });
  if (e.from > last)
    ctx.addIssue({ code: 'custom', path: ['from'], message: SCHEDULE_MESSAGES.tooFarAhead('from') });
});
export type ScheduleExceptionBody = z.infer<typeof scheduleExceptionBody>;

export const scheduleParams = z.object({ id: queryId });
export const scheduleExceptionParams = z.object({ id: queryId, exception: queryId });

export const scheduleListQuery = pageQuery.extend({
  organization: queryId.optional(),
  group: queryId.optional(),
  profile: queryId.optional(),
  enabled: z.enum(['true', 'false']).optional(),
});

export const scheduleExceptionRow = z.object({
  id: z.number(),
  name: z.string(),
  kind: z.enum(EXCEPTION_KINDS),
  from: z.string(),
  to: z.string(),
  /** Null: lights off those nights. */
  profile: z.number().nullable(),
  profile_name: z.string().nullable(),
});
export type ScheduleExceptionRow = z.infer<typeof scheduleExceptionRow>;

export const scheduleRow = z.object({
  id: z.number(),
  organization: z.number(),
  organization_name: z.string(),
  name: z.string(),
  group: z.number(),
  group_name: z.string(),
  profile: z.number(),
  profile_name: z.string(),
  weekdays: z.array(z.number()),
  priority: z.number(),
  valid_from: z.string().nullable(),
  valid_to: z.string().nullable(),
  enabled: z.boolean(),
  exception_count: z.number(),
  /** The devices its group holds now (of the schedule's organization). */
  device_count: z.number(),
  updated_at: z.string(),
});
export type ScheduleRow = z.infer<typeof scheduleRow>;

export const scheduleDetail = scheduleRow.extend({ exceptions: z.array(scheduleExceptionRow) });
export type ScheduleDetail = z.infer<typeof scheduleDetail>;

export const scheduleSaved = z.object({ detail: z.string(), schedule: scheduleDetail });

// ---- Conflicts ----------------------------------------------------------------------------------

export const scheduleConflictQuery = z
  .object({
    organization: queryId.optional(),
    from: queryDay('from').optional(),
    to: queryDay('to').optional(),
    page: numberFromText(z.number().int().min(1).max(1_000_000)).default(1),
    page_size: numberFromText(z.number().int().min(1).max(500)).default(50),
  })
  .refine((q) => !q.from || !q.to || q.to >= q.from, { path: ['to'], message: SCHEDULE_MESSAGES.rangeOrder });

export const conflictNight = z.object({
  date: z.string(),
  /** Every schedule applicable that night (its exception or weekday pattern). */
  schedules: z.array(z.number()),
  winner: z.number(),
  profile: z.number().nullable(),
  /** The winner was chosen by a dated exception. */
  exception: z.boolean(),
});
export const scheduleConflictRow = z.object({
  device: z.number(),
  rms_id: z.string(),
  schedules: z.array(z.object({ id: z.number(), name: z.string(), priority: z.number() })),
  nights: z.array(conflictNight),
});
export type ScheduleConflictRow = z.infer<typeof scheduleConflictRow>;
export const scheduleConflicts = z.object({
  from: z.string(),
  to: z.string(),
  results: z.array(scheduleConflictRow),
  count: z.number(),
  current: z.number(),
  next: z.number().nullable(),
});
export type ScheduleConflicts = z.infer<typeof scheduleConflicts>;

// ---- Calendar -----------------------------------------------------------------------------------

export const scheduleCalendarQuery = z
  .object({
    group: queryId.optional(),
    device: queryId.optional(),
    month: z.string().regex(/^\d{4}-(0[1-9]|1[0-2])$/, "'month' must be YYYY-MM"),
  })
  .refine((q) => (q.group === undefined) !== (q.device === undefined), {
    path: ['group'],
    message: SCHEDULE_MESSAGES.targetOne,
  });

export const calendarNight = z.object({
  date: z.string(),
  /** Null: no schedule runs that night (the device keeps its own parameters). */
  schedule: z.number().nullable(),
  schedule_name: z.string().nullable(),
  /** Null with a schedule: lights off (an outage). */
  profile: z.number().nullable(),
  profile_name: z.string().nullable(),
  exception: z.boolean(),
  exception_name: z.string().nullable(),
});
export type CalendarNight = z.infer<typeof calendarNight>;
export const scheduleCalendar = z.object({ month: z.string(), nights: z.array(calendarNight) });
export type ScheduleCalendar = z.infer<typeof scheduleCalendar>;

// ---- Deliveries ---------------------------------------------------------------------------------

export const deliveryListQuery = pageQuery.extend({
  organization: queryId.optional(),
  schedule: queryId.optional(),
  status: z.enum(DELIVERY_STATUSES).optional(),
});
export const deliveryRow = z.object({
  device: z.number(),
  rms_id: z.string(),
  schedule: z.number().nullable(),
  schedule_name: z.string().nullable(),
  status: z.enum(DELIVERY_STATUSES),
  error: z.string().nullable(),
  attempts: z.number(),
  updated_at: z.string(),
  applied_at: z.string().nullable(),
});
export type DeliveryRow = z.infer<typeof deliveryRow>;
export const deliveryList = z.object({
  results: z.array(deliveryRow),
  count: z.number(),
  current: z.number(),
  next: z.number().nullable(),
  /** Rows by status under the same filters, the status filter aside. */
  counts: z.object({ pending: z.number(), applied: z.number(), failed: z.number(), retrying: z.number() }),
});
export type DeliveryList = z.infer<typeof deliveryList>;

// ---- What the form offers -----------------------------------------------------------------------

export const scheduleChoicesQuery = z.object({
  organization: queryId.optional(),
  /** Narrows the devices offered to RMS IDs containing this text. */
  device: z.string().trim().max(64).optional(),
});
const choice = z.object({ id: z.number(), name: z.string() });
export const scheduleChoices = z.object({
  /** Groups and profiles a schedule of the organization may name (the provider's too, for its people). */
  groups: z.array(choice),
  profiles: z.array(choice),
  /** Up to 50 of the organization's devices, for the calendar. */
  devices: z.array(choice),
});
export type ScheduleChoices = z.infer<typeof scheduleChoices>;
