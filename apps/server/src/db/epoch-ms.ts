import { sql, type SQL } from 'drizzle-orm';

// Instants in SQL as epoch milliseconds, both ways. Read as numbers, since their text form depends on
// the session's settings; written as whole milliseconds times an interval, exact integer arithmetic
// (no float seconds, no ISO text formatted in JavaScript and parsed by PostgreSQL).

/** A timestamptz as epoch milliseconds (float8; whole for the instants stored, kept to the ms). */
export const epochMsOf = (instant: SQL): SQL => sql`(extract(epoch from ${instant}) * 1000)::float8`;

/** Epoch milliseconds as a timestamptz, exactly. */
export const instantOfEpochMs = (ms: SQL): SQL =>
  sql`(timestamptz 'epoch' + ${ms} * interval '1 millisecond')`;
