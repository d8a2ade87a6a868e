import { wallClock } from './clock';

// Display formats of the spec (01 §9, 02 §9): dates stored YYYY-MM-DD, shown DD/MM/YYYY; '--' for empty.
// Times are shown in the deployment's time zone (lib/clock). Every date the console shows, in a table, a
// card, a picker or on a chart's axis, goes through here, so that none falls back to the browser's (US)
// formats.

export const EMPTY = '--';

/** A calendar day, as tables show it and date pickers take it. */
export const DATE_FORMAT = 'DD/MM/YYYY';
/** A month, as the harvest range pickers show it. */
export const MONTH_FORMAT = 'MM/YYYY';
const TIME_FORMAT = 'hh:mm a';

/** A date or instant: an ISO text (a bare YYYY-MM-DD is a calendar day) or epoch milliseconds. */
type When = string | number | null | undefined;
const given = (value: When): value is string | number =>
  value !== null && value !== undefined && value !== '';

/** The value, or '--' when it is null, undefined or blank. */
export function dash(value: string | number | null | undefined): string {
  if (value === null || value === undefined) return EMPTY;
  const text = String(value);
  return text.trim() === '' ? EMPTY : text;
}

export function formatDate(value: When): string {
  return given(value) ? wallClock(value).format(DATE_FORMAT) : EMPTY;
}

/** Date with 24-hour time, DD/MM/YYYY HH:mm:ss (spec 01 §9). */
export function formatDateTime(value: When): string {
  return given(value) ? wallClock(value).format(`${DATE_FORMAT} HH:mm:ss`) : EMPTY;
}

/** Spec: Expired when the expiry date is before or equal to now, otherwise Active. */
export function validity(expiryDate: string | null | undefined, now = wallClock()): 'Active' | 'Expired' {
  return expiryDate && !wallClock(expiryDate).isAfter(now) ? 'Expired' : 'Active';
}

/** Serial number of a row: (page-1)*pageSize + index + 1. */
export function serialNumber(page: number, pageSize: number, index: number): number {
  return (page - 1) * pageSize + index + 1;
}

/** Date with 12-hour time, DD/MM/YYYY hh:mm a (spec 02 §9), e.g. 05/03/2026 02:30 pm. */
export function formatDateTimeAmPm(value: When): string {
  return given(value) ? wallClock(value).format(`${DATE_FORMAT} ${TIME_FORMAT}`) : EMPTY;
}

/** A device's last report, "DD-MM-YYYY hh:mm A" (spec 02 §9), or '--'. */
export function formatLastData(value: When): string {
  return given(value) ? wallClock(value).format('DD-MM-YYYY hh:mm A') : EMPTY;
}

const DAY_SECONDS = 86_400;

/**
 * The labels of a time axis: its ticks (epoch seconds) as the deployment's dates and times, at the
 * detail the ticks' spacing (`step`, seconds) calls for: years, months MM/YYYY, days DD/MM/YYYY, or
 * times hh:mm a with the day DD/MM/YYYY on a second line under the first tick and wherever the day changes.
 */
export function timeAxisLabels(ticks: readonly number[], step: number): string[] {
  const days = ticks.map((tick) => wallClock(tick * 1000));
  if (step >= 365 * DAY_SECONDS) return days.map((day) => day.format('YYYY'));
  if (step >= 28 * DAY_SECONDS) return days.map((day) => day.format(MONTH_FORMAT));
  if (step >= DAY_SECONDS) return days.map((day) => day.format(DATE_FORMAT));
  const time = step >= 60 ? TIME_FORMAT : 'hh:mm:ss a';
  return days.map((day, i) => {
    const before = days[i - 1];
    const newDay = !before || !before.isSame(day, 'day');
    return newDay ? `${day.format(time)}\n${day.format(DATE_FORMAT)}` : day.format(time);
  });
}
