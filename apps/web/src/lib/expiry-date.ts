import type { Dayjs } from 'dayjs';
import { wallClock } from './clock';

/** Spec 02 §5: expiry pickers (RMS inventory, assignments) disable days up to the end of today. */
export function expiryDisabled(day: Dayjs, now = wallClock()): boolean {
  return !day.isAfter(now.endOf('day'));
}
