import { z } from 'zod';

// Field rules shared by several areas, with the spec's messages (spec 01 §5).

/** The default required message: "'<label>' is required!". */
export function requiredMessage(label: string): string {
  return `'${label}' is required!`;
}

/** A required, trimmed text field. */
export function requiredText(label: string, max = 200) {
  return z
    .string({ error: requiredMessage(label) })
    .trim()
    .min(1, { message: requiredMessage(label), abort: true })
    .max(max, `'${label}' must be at most ${max} characters`);
}

/**
 * An optional text field: blank becomes null (clears it); absent stays absent, so that an update
 * without the field leaves it as it is.
 */
export function optionalText(max = 200) {
  return z
    .string()
    .trim()
    .max(max)
    .nullish()
    .transform((v) => (v === undefined ? undefined : v ? v : null));
}

export const PIN_MESSAGE = 'Please enter a valid PIN';
export const pin = z
  .string({ error: PIN_MESSAGE })
  .trim()
  .regex(/^\d{6}$/, PIN_MESSAGE);

/** Whether `v` is a real calendar day written YYYY-MM-DD (no 2024-02-30, no month 13, year 1–9999). */
export function isCalendarDay(v: string): boolean {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(v);
  if (!match) return false;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const date = new Date(Date.UTC(2000, month - 1, day));
  date.setUTCFullYear(year);
  return year >= 1 && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
}

/** A calendar date, YYYY-MM-DD (spec: dates are stored so). */
export function isoDate(label: string) {
  return z
    .string({ error: requiredMessage(label) })
    .regex(/^\d{4}-\d{2}-\d{2}$/, `'${label}' must be a date (YYYY-MM-DD)`)
    .refine(isCalendarDay, `'${label}' is not a valid date`);
}

/** A day in a query (a report or chart range), YYYY-MM-DD. */
export function queryDay(field: string) {
  return z
    .string({ error: `${field} is required` })
    .regex(/^\d{4}-\d{2}-\d{2}$/, `${field} must be YYYY-MM-DD`)
    .refine(isCalendarDay, `${field} is not a valid date`);
}

/**
 * The grammar of every inventory identifier (RMS ID, STLT ID, pole ID): letters, digits, `.`, `_`
 * and `-`, 1 to 64 characters. An RMS ID is a level of the device's MQTT topics, so it must never hold
 * `+`, `#`, `/`, spaces or control characters (a device named `+` would subscribe to every device's
 * commands); STLT and pole IDs follow the same rule so that every identifier travels through a sheet,
 * a URL or a topic unchanged.
 */
export const IDENTIFIER_PATTERN = /^[A-Za-z0-9._-]{1,64}$/;
export const identifierMessage = (label: string) =>
  `'${label}' may hold only letters, digits, '.', '_' and '-' (at most 64 characters)`;

/** A required inventory identifier (see IDENTIFIER_PATTERN). */
export function identifier(label: string) {
  return requiredText(label, 64).regex(IDENTIFIER_PATTERN, identifierMessage(label));
}

/** An optional inventory identifier: blank becomes null, anything else follows IDENTIFIER_PATTERN. */
export function optionalIdentifier(label: string) {
  return optionalText(64).refine((v) => v == null || IDENTIFIER_PATTERN.test(v), identifierMessage(label));
}

/** The largest id a row can have (a PostgreSQL integer): a bigger one names no row. */
export const MAX_ID = 2_147_483_647;
export const ID_RANGE_MESSAGE = `Must be a whole number from 1 to ${MAX_ID}`;

/** Text that reads as a number: plain decimal notation, an optional sign, digits, an optional fraction. */
const DECIMAL_TEXT = /^[+-]?\d+(\.\d+)?$/;

/**
 * A number sent as JSON or as text (a query string, a form, a sheet's cell): a number as it is, or text
 * in plain decimal notation ("12", "-3.5", " 7 "). Anything else reaches `schema` unchanged, which
 * refuses it with its message: `z.coerce.number` read "0x1A" as 26, "1e1" as 10, true as 1, [45] as 45
 * and a blank as 0, so a wrong cell or parameter could name another row or change a value silently.
 */
export function numberFromText<T extends z.ZodType>(schema: T) {
  return z.preprocess(
    (value) => (typeof value === 'string' && DECIMAL_TEXT.test(value.trim()) ? Number(value.trim()) : value),
    schema,
  );
}

/** A positive whole-number id, as sent in bodies (or as text in a sheet's cell). */
export function idOf(label: string) {
  return numberFromText(
    z
      .number({ error: requiredMessage(label) })
      .int(requiredMessage(label))
      .positive(requiredMessage(label))
      .max(MAX_ID, ID_RANGE_MESSAGE),
  );
}

/** An id in a query string (text). */
export const queryId = numberFromText(
  z
    .number({ error: ID_RANGE_MESSAGE })
    .int(ID_RANGE_MESSAGE)
    .min(1, ID_RANGE_MESSAGE)
    .max(MAX_ID, ID_RANGE_MESSAGE),
);
/** An id in a JSON body (a number, not coerced). */
export const bodyId = z
  .number({ error: ID_RANGE_MESSAGE })
  .int(ID_RANGE_MESSAGE)
  .min(1, ID_RANGE_MESSAGE)
  .max(MAX_ID, ID_RANGE_MESSAGE);
/** A page number: large enough for any list, small enough for an OFFSET. */
export const pageNumber = numberFromText(z.number().int().min(1).max(MAX_ID));

/** A local month, YYYY-MM, of the years 2000–2999 (a date the database holds, and a report could cover). */
export function yearMonth(field: string) {
  return z
    .string({ error: requiredMessage(field) })
    .regex(/^2\d{3}-(0[1-9]|1[0-2])$/, `'${field}' must be a month (YYYY-MM) of the years 2000 to 2999`);
}
