import type { Dayjs } from 'dayjs';
import { wallClock } from './clock';
import { HARVEST_MAX_MONTHS, HARVEST_MESSAGES } from '@rms/contracts/monitoring';

// The harvest chart's month range (spec 01 §2, 02 §2, §9): MM/YYYY, default the last 3 months up to
// now, the end no more than 12 months after the start month.

/** One local day of energy harvest (Wh). */
export interface HarvestPoint {
  date: string;
  harvest: number;
}
/** The days a harvest call asks for, YYYY-MM-DD. */
export interface MonthRangeDays {
  start_date: string;
  end_date: string;
}

export const DEFAULT_MONTHS_BACK = 3;

export type MonthRange = [Dayjs, Dayjs];

/** The last 3 months up to the current month. */
export function defaultMonthRange(now: Dayjs = wallClock()): MonthRange {
  return [now.subtract(DEFAULT_MONTHS_BACK, 'month').startOf('month'), now.startOf('month')];
}

/** Months between the start month and the end month (0 when the same). */
const monthsApart = (start: Dayjs, end: Dayjs) =>
  (end.year() - start.year()) * 12 + (end.month() - start.month());

/**
 * Why a range is refused, or null: a start after the current month (nothing harvested yet), an end before
 * the start, or one more than 12 months after it.
 */
export function monthRangeError(start: Dayjs, end: Dayjs, now: Dayjs = wallClock()): string | null {
  const apart = monthsApart(start, end);
  if (start.isAfter(now, 'month')) return HARVEST_MESSAGES.startInFuture;
  if (apart < 0) return HARVEST_MESSAGES.endBeforeStart;
  if (apart > HARVEST_MAX_MONTHS) return HARVEST_MESSAGES.tooLong;
  return null;
}

/** The days the server is asked for: the first of the start month to the end month's last day (not after today). */
export function monthRangeDays([start, end]: MonthRange, now: Dayjs = wallClock()): MonthRangeDays {
  const last = end.endOf('month');
  return {
    start_date: start.startOf('month').format('YYYY-MM-DD'),
    end_date: (last.isAfter(now, 'day') ? now : last).format('YYYY-MM-DD'),
  };
}
