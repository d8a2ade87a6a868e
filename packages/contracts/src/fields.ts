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

/** An optional text field: blank becomes null. */
export function optionalText(max = 200) {
  return z
    .string()
    .trim()
    .max(max)
    .nullish()
    .transform((v) => (v ? v : null));
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

/** A positive whole-number id, as sent in bodies. */
export function idOf(label: string) {
  return z.coerce
    .number({ error: requiredMessage(label) })
    .int(requiredMessage(label))
    .positive(requiredMessage(label));
}
