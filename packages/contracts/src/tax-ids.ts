import { z } from 'zod';

// India's tax identifiers an organization is registered with: PAN (spec 01 §5) and GST number (GSTIN).
// One rule for the organization form, the existing-organization form and the API.

export const PAN_MESSAGES = {
  required: 'Please enter a PAN',
  invalid: 'Please enter a valid PAN No.',
  holderType: 'Please enter a valid PAN No.: its 4th letter must be P, C, H, F, A, T, B, L, J or G',
} as const;

/** Spec 01 §5: 5 letters, 4 digits, 1 letter. */
const PAN_PATTERN = /^[A-Z]{5}\d{4}[A-Z]$/;

/**
 * The 4th character of a PAN says who holds it: P person, C company, H Hindu undivided family, F firm
 * (LLPs included), A association of persons, T trust, B body of individuals, L local authority,
 * J artificial juridical person, G government.
 */
export const PAN_HOLDER_TYPES = ['P', 'C', 'H', 'F', 'A', 'T', 'B', 'L', 'J', 'G'] as const;

/**
 * The first problem of a PAN, already trimmed and uppercased, or null. There is no public checksum for
 * PAN (its last letter is a check character computed by a scheme the Income Tax Department does not
 * publish), so the shape and the holder type are all that can be checked here.
 */
export function panProblem(value: string): string | null {
  if (!PAN_PATTERN.test(value)) return PAN_MESSAGES.invalid;
  if (!(PAN_HOLDER_TYPES as readonly string[]).includes(value[3] ?? '')) return PAN_MESSAGES.holderType;
  return null;
}

/** A required PAN; trimmed and uppercased as typed (the form shows it uppercased too). */
export const pan = z
  .string({ error: PAN_MESSAGES.required })
  .trim()
  .toUpperCase()
  .min(1, { message: PAN_MESSAGES.required, abort: true })
  .superRefine((value, ctx) => {
    const problem = panProblem(value);
    if (problem) ctx.addIssue({ code: 'custom', message: problem });
  });

export const GSTIN_MESSAGES = {
  length: 'Please enter a valid GST No.: 15 letters and digits',
  stateCode: 'Please enter a valid GST No.: it starts with a state code (01 to 38, 97 or 99)',
  pan: 'Please enter a valid GST No.: characters 3 to 12 are a valid PAN',
  entity: 'Please enter a valid GST No.: character 13 is the registration number, 1 to 9 or a letter',
  defaultZ: "Please enter a valid GST No.: character 14 is 'Z'",
  checksum: 'Please enter a valid GST No.: its check character (the 15th) does not match',
  panMismatch: "The GST No. must hold the organization's PAN (characters 3 to 12)",
} as const;

/**
 * GST state codes: 01 to 38 (the states and union territories, 25 and 28 kept for registrations made
 * before Daman and Diu merged into 26 and Andhra Pradesh was divided), 97 Other Territory and 99 Centre
 * Jurisdiction.
 */
export const GSTIN_STATE_CODES: readonly string[] = [
  ...Array.from({ length: 38 }, (_, i) => String(i + 1).padStart(2, '0')),
  '97',
  '99',
];

const GSTIN_ALPHABET = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ';

/**
 * The 15th character of a GSTIN from its first 14 (the GSTN's published mod-36 scheme): each
 * character's value (0–9, A=10 … Z=35) is multiplied by 1 and 2 alternately from the left, each product
 * is reduced to quotient + remainder by 36 and summed; the check character is (36 − sum mod 36) mod 36.
 */
export function gstinCheckCharacter(first14: string): string {
  let sum = 0;
  for (let i = 0; i < 14; i++) {
    const product = GSTIN_ALPHABET.indexOf(first14[i] ?? '') * (i % 2 === 0 ? 1 : 2);
    sum += Math.floor(product / 36) + (product % 36);
  }
  return GSTIN_ALPHABET[(36 - (sum % 36)) % 36] ?? '';
}

/**
 * The first problem of a GSTIN, already trimmed and uppercased, or null: 2-digit state code, the
 * holder's PAN, registration number in the state (1–9, then A–Z), 'Z', check character.
 */
export function gstinProblem(value: string): string | null {
  if (!/^[0-9A-Z]{15}$/.test(value)) return GSTIN_MESSAGES.length;
  if (!GSTIN_STATE_CODES.includes(value.slice(0, 2))) return GSTIN_MESSAGES.stateCode;
  if (panProblem(value.slice(2, 12))) return GSTIN_MESSAGES.pan;
  if (!/[1-9A-Z]/.test(value[12] ?? '')) return GSTIN_MESSAGES.entity;
  if (value[13] !== 'Z') return GSTIN_MESSAGES.defaultZ;
  if (gstinCheckCharacter(value) !== value[14]) return GSTIN_MESSAGES.checksum;
  return null;
}

/**
 * Whether a GSTIN carries this PAN. Only two valid values can disagree: a missing or invalid one is
 * its own field's problem, not a mismatch.
 */
export function gstinMatchesPan(
  gst: string | null | undefined,
  panValue: string | null | undefined,
): boolean {
  const g = gst?.trim().toUpperCase();
  const p = panValue?.trim().toUpperCase();
  if (!g || !p || gstinProblem(g) || panProblem(p)) return true;
  return g.slice(2, 12) === p;
}

/**
 * An optional GSTIN: blank becomes null (clears it); absent stays absent (an update without it leaves
 * it as it is); anything else is trimmed, uppercased and must be a valid GSTIN.
 */
export const optionalGstin = z
  .string({ error: GSTIN_MESSAGES.length })
  .trim()
  .toUpperCase()
  .nullish()
  .superRefine((value, ctx) => {
    const problem = value ? gstinProblem(value) : null;
    if (problem) ctx.addIssue({ code: 'custom', message: problem });
  })
  .transform((v) => (v === undefined ? undefined : v ? v : null));

/** The form's GSTIN rule beside a PAN field: a valid GSTIN that holds that PAN (when one is typed). */
export function gstinFor(panValue: string | null | undefined) {
  return optionalGstin.refine((gst) => gstinMatchesPan(gst, panValue), GSTIN_MESSAGES.panMismatch);
}
