import { z } from 'zod';
import { pageQuery } from './common';
import { bodyId, isoDate, queryId, requiredText } from './fields';
import { profileSteps, STEP_ANCHOR_LABELS, type ProfileStep } from './lighting';
import { PARAMETERS } from './parameters';

// Dimming profiles' API shapes (docs/dimming-profiles.md). The steps' rules (levels, offsets, clock
// times, at most MAX_LIT_STEPS lit steps) are `profileSteps` in lighting.ts; a profile made concrete for
// a night is lighting-plan.ts. Both the server and the console's form check with these.

export const PROFILE_MESSAGES = {
  created: 'Dimming profile added successfully',
  updated: 'Dimming profile updated successfully',
  deleted: 'Dimming profile deleted successfully',
  duplicated: 'Dimming profile duplicated',
  notFound: 'Dimming profile not found.',
  nameTaken: 'The organization already has a profile of this name',
  inUse: (schedules: number, exceptions: number) =>
    `This profile is in use by ${[
      schedules ? `${schedules} schedule${schedules === 1 ? '' : 's'}` : '',
      exceptions ? `${exceptions} schedule exception${exceptions === 1 ? '' : 's'}` : '',
    ]
      .filter(Boolean)
      .join(' and ')}: give them another profile first`,
  deviceNotFound: 'Device not found.',
  deviceNoPlace:
    'This device has no location: neither its activation nor its city has a latitude and longitude. Enter a place instead',
  placeNeeded: 'Pick a device or enter a latitude and longitude',
  lonNeeded: 'Enter the longitude too',
  latNeeded: 'Enter the latitude too',
  dateRange: 'Date must be from 01/01/2000 to 31/12/2099',
} as const;

export const profileCreateBody = z.object({
  /** The provider's people name the organization; a customer's is its own (absent: the caller's). */
  organization: bodyId.optional(),
  name: requiredText('Name', 100),
  steps: profileSteps,
});
export type ProfileCreateBody = z.input<typeof profileCreateBody>;

/** A field absent from the body is left as it is. */
export const profileUpdateBody = z.object({
  name: requiredText('Name', 100).optional(),
  steps: profileSteps.optional(),
});
export type ProfileUpdateBody = z.input<typeof profileUpdateBody>;

/** Duplicate: the copy's name (absent: "<name> (copy)"). */
export const profileDuplicateBody = z.object({ name: requiredText('Name', 100).optional() }).nullish();

export const profileParams = z.object({ id: queryId });

export const profileListQuery = pageQuery.extend({
  /** The provider's people: one organization's profiles. */
  organization: queryId.optional(),
});

export const profileRow = z.object({
  id: z.number().int(),
  organization: z.number().int(),
  organization_name: z.string(),
  name: z.string(),
  steps: z.array(
    z.object({
      anchor: z.enum(['dusk', 'dawn', 'clock']),
      offset_min: z.number().int(),
      at: z.string().optional(),
      level: z.number().int(),
    }),
  ),
  /** Schedules running it on their weekdays. */
  schedules: z.number().int(),
  /** Schedule exceptions running it on their dates. */
  exceptions: z.number().int(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type ProfileRow = z.infer<typeof profileRow>;

export const profileSaved = z.object({ detail: z.string(), profile: profileRow });

export const profileDeviceQuery = z.object({
  query: z.string().trim().max(200).optional(),
  /** The device picked already, so the picker can name it whatever the search. */
  id: queryId.optional(),
});
export const profileDeviceChoice = z.object({
  id: z.number().int(),
  device_id: z.string(),
  /** The project (its active activation's name), if activated. */
  project: z.string().nullable(),
});

const LOAD = PARAMETERS.load_regulation;
export const PREVIEW_FIRST_DAY = '2000-01-01';
export const PREVIEW_LAST_DAY = '2099-12-31';

/** What the preview is asked: unsaved steps, a night (default tonight) and a device or a place. */
export const profilePreviewBody = z
  .object({
    steps: profileSteps,
    // Within the years suncalc and the zone arithmetic are sure of (a 5-digit next day breaks them).
    date: isoDate('Date')
      .refine((d) => d >= PREVIEW_FIRST_DAY && d <= PREVIEW_LAST_DAY, PROFILE_MESSAGES.dateRange)
      .optional(),
    device: bodyId.optional(),
    lat: z.number({ error: 'Latitude must be a number' }).min(-90).max(90).optional(),
    lon: z.number({ error: 'Longitude must be a number' }).min(-180).max(180).optional(),
    /** Lamp power at full brightness; absent: the device's load_regulation, else its default. */
    watts: z
      .number({ error: 'Watts must be a number' })
      .min(LOAD.min, `Watts must be from ${LOAD.min} to ${LOAD.max}`)
      .max(LOAD.max, `Watts must be from ${LOAD.min} to ${LOAD.max}`)
      .optional(),
  })
  .superRefine((b, ctx) => {
    if (b.device !== undefined) return;
    if (b.lat === undefined && b.lon === undefined)
      ctx.addIssue({ code: 'custom', path: ['device'], message: PROFILE_MESSAGES.placeNeeded });
    else if (b.lon === undefined)
      ctx.addIssue({ code: 'custom', path: ['lon'], message: PROFILE_MESSAGES.lonNeeded });
    else if (b.lat === undefined)
      ctx.addIssue({ code: 'custom', path: ['lat'], message: PROFILE_MESSAGES.latNeeded });
  });
export type ProfilePreviewBody = z.input<typeof profilePreviewBody>;

const instant = z.number().int();

export const profilePreview = z.object({
  /** The evening's local date. */
  date: z.string(),
  place: z.object({
    lat: z.number(),
    lon: z.number(),
    /** device: its activation's; city: the mean of its city's located activations; given: lat/lon sent. */
    source: z.enum(['device', 'city', 'given']),
  }),
  /** Epoch ms, whole minutes. */
  dusk: instant,
  dawn: instant,
  /** The night's steps as absolute times: `level` from `at` until the next; the last is 0 at dawn. */
  night_plan: z.array(z.object({ at: instant, level: z.number().int() })),
  /** Brightness every PREVIEW_SERIES_MINUTES from dusk to dawn, and at each step (for the chart). */
  series: z.array(z.object({ at: instant, level: z.number() })),
  lit_minutes: z.number(),
  night_minutes: z.number(),
  watts: z.number(),
  /** Where `watts` came from. */
  watts_source: z.enum(['given', 'device', 'default']),
  energy_wh: z.number(),
  /** The same lamp at 100 % from dusk to dawn. */
  full_night_wh: z.number(),
  /** 100 × (1 − energy / full night); 0 when the night is empty. */
  saving_percent: z.number(),
});
export type ProfilePreview = z.infer<typeof profilePreview>;

export const PREVIEW_SERIES_MINUTES = 10;

const hhmm = (minutes: number) => {
  const sign = minutes < 0 ? '−' : '+';
  const m = Math.abs(minutes);
  return m % 60 === 0 ? `${sign}${m / 60}h` : `${sign}${m} min`;
};

/** One step in words, as the table summarises it: "Dusk 100%", "23:00 60%", "Dawn −30 min 0%". */
export function stepSummary(step: Pick<ProfileStep, 'anchor' | 'offset_min' | 'at' | 'level'>): string {
  const when =
    step.anchor === 'clock'
      ? (step.at ?? '--:--')
      : `${step.anchor === 'dusk' ? 'Dusk' : 'Dawn'}${step.offset_min ? ` ${hhmm(step.offset_min)}` : ''}`;
  return `${when} ${step.level}%`;
}

/** A profile's steps in one line: "Dusk 100% · 23:00 60% · 02:00 30%". */
export function stepsSummary(steps: readonly Pick<ProfileStep, 'anchor' | 'offset_min' | 'at' | 'level'>[]) {
  return steps.map(stepSummary).join(' · ');
}

export { STEP_ANCHOR_LABELS };
