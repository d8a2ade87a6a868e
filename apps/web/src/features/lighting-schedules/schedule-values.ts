import dayjs, { type Dayjs } from 'dayjs';
import type { ExceptionKind } from '@rms/contracts/lighting';
import type { ScheduleExceptionRow, ScheduleRow } from '@rms/contracts/schedules';

// The schedule's and the exception's forms hold dates as Dayjs (the pickers' values); the contract
// takes YYYY-MM-DD. These turn one into the other, and a zod issue or a server field error into the
// form field it is about.

export interface ScheduleValues {
  organization?: number;
  name: string;
  group?: number;
  profile?: number;
  weekdays: number[];
  priority: number | null;
  valid_from?: Dayjs | null;
  valid_to?: Dayjs | null;
  enabled: boolean;
}

export const NEW_SCHEDULE: ScheduleValues = {
  name: '',
  weekdays: [1, 2, 3, 4, 5, 6, 7],
  priority: 0,
  valid_from: null,
  valid_to: null,
  enabled: true,
};

const day = (value: Dayjs | null | undefined) => (value ? value.format('YYYY-MM-DD') : null);

export function scheduleValues(row: ScheduleRow): ScheduleValues {
  return {
    name: row.name,
    group: row.group,
    profile: row.profile,
    weekdays: [...row.weekdays].sort((a, b) => a - b),
    priority: row.priority,
    valid_from: row.valid_from ? dayjs(row.valid_from) : null,
    valid_to: row.valid_to ? dayjs(row.valid_to) : null,
    enabled: row.enabled,
  };
}

/**
 * What the form holds, shaped as the contract's body but unchecked: the contract's schema checks it
 * next. An update sends every field (the season's ends may be null to clear them).
 */
export function scheduleInput(values: ScheduleValues) {
  return {
    ...(values.organization && { organization: values.organization }),
    name: values.name,
    group: values.group,
    profile: values.profile,
    weekdays: [...(values.weekdays ?? [])].sort((a, b) => a - b),
    priority: values.priority ?? undefined,
    valid_from: day(values.valid_from),
    valid_to: day(values.valid_to),
    enabled: values.enabled,
  };
}

export interface ExceptionValues {
  name: string;
  kind: ExceptionKind;
  dates?: [Dayjs, Dayjs] | null;
  /** 'profile': runs `profile`; 'off': lights off those nights. */
  runs: 'profile' | 'off';
  profile?: number | null;
}

export const NEW_EXCEPTION: ExceptionValues = { name: '', kind: 'festival', dates: null, runs: 'profile' };

export function exceptionValues(row: ScheduleExceptionRow): ExceptionValues {
  return {
    name: row.name,
    kind: row.kind,
    dates: [dayjs(row.from), dayjs(row.to)],
    runs: row.profile === null ? 'off' : 'profile',
    profile: row.profile,
  };
}

/** The exception shaped as the contract's body, unchecked (the contract's schema checks it next). */
export function exceptionInput(values: ExceptionValues) {
  return {
    name: values.name,
    kind: values.kind,
    from: day(values.dates?.[0]) ?? undefined,
    to: day(values.dates?.[1]) ?? undefined,
    profile: values.runs === 'off' ? null : (values.profile ?? undefined),
  };
}

/** The exception form's field for a contract or server field: both dates sit in one range picker. */
export const exceptionField = (field: string): string =>
  field === 'from' || field === 'to' ? 'dates' : field;

/**
 * Field errors (zod issues or a server's `errors`) grouped by form field, for `form.setFields`. The
 * form-wide ones (no field) are left for the caller's alert.
 */
export function fieldErrors(
  issues: readonly { path: readonly PropertyKey[]; message: string }[],
  fieldOf: (field: string) => string = (field) => field,
): { name: string; errors: string[] }[] {
  const byField = new Map<string, string[]>();
  for (const issue of issues) {
    const head = issue.path[0];
    if (head === undefined) continue;
    const name = fieldOf(String(head));
    byField.set(name, [...(byField.get(name) ?? []), issue.message]);
  }
  return [...byField].map(([name, errors]) => ({ name, errors }));
}

/** A server's `{field: [messages]}` as zod-like issues, for `fieldErrors`. */
export const serverIssues = (errors: Record<string, string[]>) =>
  Object.entries(errors).flatMap(([field, messages]) =>
    messages.map((message) => ({ path: field.split('.'), message })),
  );
