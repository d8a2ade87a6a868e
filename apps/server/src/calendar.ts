// Day boundaries are the deployment's (TIME_ZONE), not the server clock's. A formatter is costly to
// make and requests ask for today often, so each zone's formatters are made once.

const dayFormats = new Map<string, Intl.DateTimeFormat>();
const hourFormats = new Map<string, Intl.DateTimeFormat>();

function formatterOf(
  cache: Map<string, Intl.DateTimeFormat>,
  timeZone: string,
  make: () => Intl.DateTimeFormat,
): Intl.DateTimeFormat {
  let format = cache.get(timeZone);
  if (!format) cache.set(timeZone, (format = make()));
  return format;
}

/** Today in the deployment's time zone, YYYY-MM-DD: validity flips at local midnight. */
export function today(timeZone: string, now = new Date()): string {
  return formatterOf(
    dayFormats,
    timeZone,
    () => new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }),
  ).format(now);
}

/** `day` (YYYY-MM-DD) plus `n` days (n may be negative). */
export function addDays(day: string, n: number): string {
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(y, m - 1, d + n)).toISOString().slice(0, 10);
}

/** The hour of the day (0–23) in the deployment's time zone. */
export function localHour(timeZone: string, now = new Date()): number {
  return Number(
    formatterOf(
      hourFormats,
      timeZone,
      () => new Intl.DateTimeFormat('en-GB', { timeZone, hour: '2-digit', hourCycle: 'h23' }),
    ).format(now),
  );
}
