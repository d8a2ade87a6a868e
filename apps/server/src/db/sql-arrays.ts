// PostgreSQL array literals written directly, for the set-based statements of replan. A JavaScript
// array given as a parameter is escaped element by element by the driver (node-postgres quotes and
// escapes every number too); for tens of thousands of rows that was a large share of the statement's
// cost. Passed as text and cast in SQL (`$1::text::int[]`), so both drivers send them as they are.

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
