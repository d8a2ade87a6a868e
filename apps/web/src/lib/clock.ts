import dayjs, { type Dayjs } from 'dayjs';
import timezone from 'dayjs/plugin/timezone';
import utc from 'dayjs/plugin/utc';
import { readSession } from '../auth/session-store';

dayjs.extend(utc);
dayjs.extend(timezone);

// Days and times in the console are the deployment's (TIME_ZONE, sent with the signed-in user), not the
// browser's: a browser in another zone sees the same "today" the server counts days by, and the same
// times as the CSV report. The Dayjs values made here carry the deployment's wall clock in their local
// fields, so they compare by day and month with the calendar days of antd's pickers.

const DATE_ONLY = /^\d{4}-\d{2}-\d{2}$/;

/** The deployment's time zone, or undefined (the browser's) before anyone has signed in. */
export function deploymentZone(): string | undefined {
  return readSession()?.user.time_zone || undefined;
}

/**
 * An instant (now when left out) as the deployment's wall clock. A date without a time (YYYY-MM-DD) is a
 * calendar day already and is taken as it is.
 */
export function wallClock(value?: string | number | Date): Dayjs {
  if (typeof value === 'string' && DATE_ONLY.test(value)) return dayjs(value);
  const instant = value === undefined ? dayjs() : dayjs(value);
  const zone = deploymentZone();
  return zone ? dayjs(instant.tz(zone).format('YYYY-MM-DDTHH:mm:ss.SSS')) : instant;
}

/** Today in the deployment's time zone, YYYY-MM-DD. */
export function todayIso(): string {
  return wallClock().format('YYYY-MM-DD');
}

/** The instant (epoch seconds) at which the deployment's wall clock reads `wall` (a wallClock value). */
export function wallToSeconds(wall: Dayjs): number {
  const zone = deploymentZone();
  return zone ? dayjs.tz(wall.format('YYYY-MM-DDTHH:mm:ss'), zone).unix() : wall.unix();
}

/** The first instant of a calendar day (YYYY-MM-DD) in the deployment's time zone, in epoch seconds. */
export function dayStartSeconds(day: string): number {
  return wallToSeconds(dayjs(day));
}
