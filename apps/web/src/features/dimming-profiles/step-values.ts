import dayjs, { type Dayjs } from 'dayjs';
import { profileSteps, type ProfileStep, type StepAnchor } from '@rms/contracts/lighting';

// The step form's values and the contract's steps, both ways. The form keeps a clock time as a Dayjs
// (antd's TimePicker), the contract as "HH:mm"; an offset means nothing to a clock step, so it is 0.

export interface StepValues {
  anchor: StepAnchor;
  offset_min?: number | null;
  at?: Dayjs | null;
  level?: number | null;
}

export const TIME_FORMAT = 'HH:mm';

export const NEW_STEP: StepValues = { anchor: 'clock', at: null, offset_min: 0, level: 50 };

export function toSteps(values: readonly (StepValues | undefined)[] | undefined): ProfileStep[] {
  return (values ?? []).flatMap((v) => {
    if (!v) return [];
    const step = {
      anchor: v.anchor,
      offset_min: v.anchor === 'clock' ? 0 : (v.offset_min ?? 0),
      level: v.level as number,
    };
    return [v.anchor === 'clock' && v.at ? { ...step, at: v.at.format(TIME_FORMAT) } : step];
  });
}

/** "HH:mm" as a Dayjs today at that time (only its hour and minute matter). */
const clockTime = (hhmm: string) => {
  const [h, m] = hhmm.split(':').map(Number) as [number, number];
  return dayjs().hour(h).minute(m).second(0).millisecond(0);
};

export function toValues(steps: readonly ProfileStep[]): StepValues[] {
  return steps.map((s) => ({
    anchor: s.anchor,
    offset_min: s.offset_min,
    at: s.at ? clockTime(s.at) : null,
    level: s.level,
  }));
}

/** The steps if the contract takes them (the preview asks only for steps a device could run). */
export function validSteps(values: readonly (StepValues | undefined)[] | undefined): ProfileStep[] | null {
  const parsed = profileSteps.safeParse(toSteps(values));
  return parsed.success ? parsed.data : null;
}

/** What the contract says of the list as a whole (too many lit steps, none at all). */
export function listErrors(values: readonly (StepValues | undefined)[] | undefined): string[] {
  const steps = toSteps(values);
  const parsed = profileSteps.safeParse(steps);
  if (parsed.success) return [];
  const messages = parsed.error.issues.filter((i) => i.path.length === 0).map((i) => i.message);
  // The list's own rule runs only once every step is complete; the lit-step limit is said at once.
  // Each step as a complete stand-in that keeps only whether it is lit.
  const lit = profileSteps.safeParse(steps.map((st) => ({ anchor: 'dusk', level: st.level > 0 ? 1 : 0 })));
  if (messages.length === 0 && !lit.success) messages.push(...lit.error.issues.map((i) => i.message));
  return messages;
}

/** A server field name ("steps.0.level") as an antd form name path. */
export const fieldPath = (name: string) => name.split('.').map((p) => (/^\d+$/.test(p) ? Number(p) : p));
