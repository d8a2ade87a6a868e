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

export const PAN_MESSAGES = {
  required: 'Please enter a PAN',
  invalid: 'Please enter a valid PAN No.',
} as const;
export const pan = z
  .string({ error: PAN_MESSAGES.required })
  .trim()
  .toUpperCase()
  .min(1, { message: PAN_MESSAGES.required, abort: true })
  .regex(/^[A-Z]{5}\d{4}[A-Z]$/, PAN_MESSAGES.invalid);

export const PIN_MESSAGE = 'Please enter a valid PIN';
export const pin = z
  .string({ error: PIN_MESSAGE })
  .trim()
  .regex(/^\d{6}$/, PIN_MESSAGE);

/** A calendar date, YYYY-MM-DD (spec: dates are stored so). */
export function isoDate(label: string) {
  return z
    .string({ error: requiredMessage(label) })
    .regex(/^\d{4}-\d{2}-\d{2}$/, `'${label}' must be a date (YYYY-MM-DD)`)
    .refine((v) => !Number.isNaN(Date.parse(`${v}T00:00:00Z`)), `'${label}' is not a valid date`);
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

/** A positive whole-number id, as sent in bodies. */
export function idOf(label: string) {
  return z.coerce
    .number({ error: requiredMessage(label) })
    .int(requiredMessage(label))
    .positive(requiredMessage(label));
}
