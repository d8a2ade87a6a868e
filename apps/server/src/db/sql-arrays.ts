// PostgreSQL array literals written directly, for the set-based statements of replan. A JavaScript
// array given as a parameter is escaped element by element by the driver (node-postgres quotes and
// escapes every number too); for tens of thousands of rows that was a large share of the statement's
// cost. The literal is the parameter's value and the parameter is of the array type (`$1::int[]`):
// both drivers send the text as it is, and PostgreSQL reads it once, when binding, into a constant the
// planner sees. Not `$1::text::int[]`: a cast from text is evaluated in the plan (array_in is not
// immutable), so `id = any(...)` cannot be a hashed lookup and a sequential scan searched the 10,000
// ids of a schedule change once per row (4.9 s instead of 0.3 s, bench/README.md "Schedules").

/** `{1,2,NULL}`: integers (or null). */
export const ints = (list: readonly (number | null)[]): string =>
  `{${list.map((n) => (n === null ? 'NULL' : String(n))).join(',')}}`;

/**
 * `{0.5,1,NaN}`: doubles. JavaScript's shortest round-trip form, which float8 reads back to the same
 * double (what node-postgres sends for a number too).
 */
export const floats = (list: readonly number[]): string => `{${list.map(String).join(',')}}`;

/** `{"a","b \"c\""}`: texts, quoted and escaped as array_in reads them. */
export const texts = (list: readonly string[]): string =>
  `{${list.map((t) => `"${t.replace(/[\\"]/g, '\\$&')}"`).join(',')}}`;
