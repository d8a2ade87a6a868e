import { sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';

// Local days (the deployment's time zone) for the monitoring figures: a day is a YYYY-MM-DD string.

const DAY_MS = 86_400_000;
const pad = (n: number) => (n < 10 ? `0${n}` : String(n));

/** Every day from `start` to `end`, both included. Formats by hand: a year of days runs per request. */
export function daysBetween(start: string, end: string): string[] {
  const days: string[] = [];
  const last = Date.parse(`${end}T00:00:00Z`);
  for (let t = Date.parse(`${start}T00:00:00Z`); t <= last; t += DAY_MS) {
    const d = new Date(t);
    days.push(`${d.getUTCFullYear()}-${pad(d.getUTCMonth() + 1)}-${pad(d.getUTCDate())}`);
  }
  return days;
}

/** The instant local `day` begins, as SQL (compares with a timestamptz column and keeps its index). */
export function dayStart(day: string, timeZone: string): SQL {
  return sql`((${day}::date)::timestamp at time zone ${timeZone})`;
}

/** The local day of a timestamptz column, as 'YYYY-MM-DD' text. */
export function localDay(column: AnyPgColumn | SQL, timeZone: string): SQL<string> {
  return sql<string>`to_char((${column} at time zone ${timeZone})::date, 'YYYY-MM-DD')`;
}
