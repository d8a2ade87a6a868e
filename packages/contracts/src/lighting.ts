import { z } from 'zod';
import { bodyId, isoDate, requiredText } from './fields';

// Lighting by plan (docs/lighting.md): device groups, dimming profiles, schedules with dated
// exceptions, the plan each device is sent over the command path, and the energy report. The rules and
// limits are here so the server and the console check the same thing.

// ---- Groups ----------------------------------------------------------------------------------------

export const GROUP_KINDS = ['static', 'dynamic'] as const;
export type GroupKind = (typeof GROUP_KINDS)[number];

/** A tag on a device's activation (dynamic groups select by it): letters, digits, space, . _ - */
export const TAG_PATTERN = /^[\p{L}\p{N}][\p{L}\p{N} ._-]{0,39}$/u;
export const TAG_MESSAGE = 'A tag is 1 to 40 letters, digits, spaces, dots, underscores or hyphens';
export const MAX_TAGS = 20;
export const tag = z.string().trim().regex(TAG_PATTERN, TAG_MESSAGE);
export const tags = z.array(tag).max(MAX_TAGS, `At most ${MAX_TAGS} tags`);

/**
 * What a dynamic group selects: every active activation of the group's organization matching every
 * criterion given (an absent criterion selects all). `status` is the device's live status.
 */
export const groupFilter = z
  .object({
    organization: bodyId.optional(),
    project: z.string().trim().min(1).max(200).optional(),
    state: bodyId.optional(),
    city: bodyId.optional(),
    status: z.enum(['Online', 'Offline', 'On Error']).optional(),
    tag: tag.optional(),
  })
  .strict();
export type GroupFilter = z.infer<typeof groupFilter>;

/** Static groups hold at most this many chosen devices. */
export const MAX_GROUP_DEVICES = 20_000;

// ---- Dimming profiles ----------------------------------------------------------------------------

export const STEP_ANCHORS = ['dusk', 'dawn', 'clock'] as const;
export type StepAnchor = (typeof STEP_ANCHORS)[number];
export const STEP_ANCHOR_LABELS: Record<StepAnchor, string> = {
  dusk: 'After dusk',
  dawn: 'Before/after dawn',
  clock: 'At clock time',
};

/**
 * What a device can hold (spec 02 §3, load and timer parameters): up to `total_dim_steps` = 3 lit steps
 * a night, each lasting whole minutes (dim_N hours plus dim_N_timer minutes). A profile has at most 3
 * steps with a level above 0, plus steps at 0 (off), at most MAX_PROFILE_STEPS in all.
 */
export const MAX_LIT_STEPS = 3;
export const MAX_PROFILE_STEPS = 6;
/** Offsets from dusk or dawn, in minutes (negative: before). */
export const MAX_OFFSET_MINUTES = 12 * 60;

export const profileStep = z
  .object({
    anchor: z.enum(STEP_ANCHORS),
    /** Minutes after the anchor (dusk, dawn); negative before. Ignored for clock steps (0). */
    offset_min: z
      .number()
      .int('Offset must be whole minutes')
      .min(-MAX_OFFSET_MINUTES)
      .max(MAX_OFFSET_MINUTES)
      .default(0),
    /** Local clock time HH:MM (deployment's time zone), for clock steps. */
    at: z
      .string()
      .regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'Time must be HH:MM, 00:00 to 23:59')
      .optional(),
    /** Brightness from this step on, in percent (0: off). */
    level: z.number().int('Level must be a whole percent').min(0).max(100),
  })
  .superRefine((s, ctx) => {
    if (s.anchor === 'clock' && !s.at)
      ctx.addIssue({ code: 'custom', path: ['at'], message: 'Enter the time' });
  });
export type ProfileStep = z.infer<typeof profileStep>;

export const profileSteps = z
  .array(profileStep)
  .min(1, 'Add at least one step')
  .max(MAX_PROFILE_STEPS, `At most ${MAX_PROFILE_STEPS} steps`)
  .superRefine((steps, ctx) => {
    if (steps.filter((s) => s.level > 0).length > MAX_LIT_STEPS)
      ctx.addIssue({
        code: 'custom',
        message: `A device holds at most ${MAX_LIT_STEPS} brightness steps a night`,
      });
  });

// ---- Schedules ----------------------------------------------------------------------------------

/** Weekdays as ISO numbers, 1 Monday … 7 Sunday; a night belongs to the weekday of its evening. */
export const WEEKDAYS = [1, 2, 3, 4, 5, 6, 7] as const;
export const weekdays = z
  .array(z.number().int().min(1).max(7))
  .min(1, 'Pick at least one weekday')
  .max(7)
  .refine((d) => new Set(d).size === d.length, 'A weekday is picked once');

/** Higher wins where two schedules cover one device on one night. */
export const schedulePriority = z.number().int('Priority must be a whole number').min(0).max(1000);

export const EXCEPTION_KINDS = ['festival', 'event', 'outage', 'other'] as const;
export type ExceptionKind = (typeof EXCEPTION_KINDS)[number];

/** A dated exception: on these nights the profile (null: lights off) replaces the weekday pattern. */
export const scheduleException = z
  .object({
    name: requiredText('Name', 100),
    kind: z.enum(EXCEPTION_KINDS),
    from: isoDate('From'),
    to: isoDate('To'),
    profile: bodyId.nullable(),
  })
  .refine((e) => e.to >= e.from, { path: ['to'], message: 'To must be on or after From' });
export type ScheduleException = z.infer<typeof scheduleException>;
export const MAX_EXCEPTIONS = 100;

// ---- What a device is sent ----------------------------------------------------------------------

/** The nights ahead each device's plan covers; a daily pass extends it before it runs short. */
export const PLAN_NIGHTS = 7;

/** One night of a device's plan: brightness `level` from `at` (epoch ms) until the next step. */
export const planNight = z.object({
  /** The evening's local date, YYYY-MM-DD. */
  date: z.string(),
  steps: z
    .array(z.object({ at: z.number().int(), level: z.number().int().min(0).max(100) }))
    .max(MAX_PROFILE_STEPS + 1),
});
export type PlanNight = z.infer<typeof planNight>;

/** The payload of a `schedule` command (docs/device-link.md). */
export const schedulePayload = z.object({
  /** Identifies the plan's content; the device reports nothing back but the command's ack. */
  plan: z.string(),
  nights: z.array(planNight).max(PLAN_NIGHTS + 1),
});
export type SchedulePayload = z.infer<typeof schedulePayload>;

/** A device's delivery, as the console shows it. */
export const DELIVERY_STATUSES = ['pending', 'applied', 'failed', 'retrying'] as const;
export type DeliveryStatus = (typeof DELIVERY_STATUSES)[number];

// ---- Which schedule runs a device on a night --------------------------------------------------------

/** A schedule as the night's choice needs it. */
export interface ScheduleRule {
  id: number;
  priority: number;
  enabled: boolean;
  profileId: number;
  weekdays: readonly number[];
  validFrom: string | null;
  validTo: string | null;
  exceptions: readonly { from: string; to: string; profileId: number | null }[];
}

export interface NightChoice {
  scheduleId: number;
  /** Null: lights off (an outage exception). */
  profileId: number | null;
  /** Chosen by a dated exception rather than the weekday pattern. */
  exception: boolean;
}

/** ISO weekday (1 Monday … 7 Sunday) of `day` (YYYY-MM-DD). */
export function isoWeekday(day: string): number {
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  return ((new Date(Date.UTC(y, m - 1, d)).getUTCDay() + 6) % 7) + 1;
}

/**
 * Among the schedules covering one device, the one that runs the night of `day`: a dated exception
 * beats a weekday pattern (festival nights win, then revert by themselves); among equals the higher
 * priority wins, then the older schedule (lower id). Null: no schedule applies and the device runs its
 * own parameters.
 */
export function nightChoice(rules: readonly ScheduleRule[], day: string): NightChoice | null {
  const weekday = isoWeekday(day);
  let best: (NightChoice & { priority: number }) | null = null;
  for (const r of rules) {
    if (!r.enabled) continue;
    const ex = r.exceptions.find((e) => e.from <= day && day <= e.to);
    const inSeason = (!r.validFrom || r.validFrom <= day) && (!r.validTo || day <= r.validTo);
    const candidate = ex
      ? { scheduleId: r.id, profileId: ex.profileId, exception: true, priority: r.priority }
      : inSeason && r.weekdays.includes(weekday)
        ? { scheduleId: r.id, profileId: r.profileId, exception: false, priority: r.priority }
        : null;
    if (!candidate) continue;
    if (
      !best ||
      (candidate.exception && !best.exception) ||
      (candidate.exception === best.exception &&
        (candidate.priority > best.priority ||
          (candidate.priority === best.priority && candidate.scheduleId < best.scheduleId)))
    )
      best = candidate;
  }
  if (!best) return null;
  const { priority: _, ...choice } = best;
  return choice;
}
