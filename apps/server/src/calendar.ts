// Day boundaries are the deployment's (TIME_ZONE), not the server clock's.

/** Today in the deployment's time zone, YYYY-MM-DD: validity flips at local midnight. */
export function today(timeZone: string, now = new Date()): string {
  return new Intl.DateTimeFormat('en-CA', {
    timeZone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).format(now);
}

/** The hour of the day (0–23) in the deployment's time zone. */
export function localHour(timeZone: string, now = new Date()): number {
  return Number(
    new Intl.DateTimeFormat('en-GB', { timeZone, hour: '2-digit', hourCycle: 'h23' }).format(now),
  );
}
