import dayjs, { type Dayjs } from 'dayjs';

/** Spec 02 §5: expiry pickers (RMS inventory, assignments) disable days up to the end of today. */
export function expiryDisabled(day: Dayjs, now = dayjs()): boolean {
  return !day.isAfter(now.endOf('day'));
}
