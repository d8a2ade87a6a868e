import { z } from 'zod';
import { listResponse, pageQuery } from './common';
import { idOf, requiredText } from './fields';

// The MSISDN mapping area (spec 02 §2 and §3 "MSISDN mapping", §4, §5, §7, §8): a SIM card's number
// (ICCID), its IMSI and its phone number (MSISDN). Server and console take their rules and texts from here.

/** Form labels; the required messages name them. */
export const MSISDN_LABELS = {
  simNumber: 'SIM NO.',
  imsi: 'IMSI',
  msisdn: 'MSISDN',
} as const;
const L = MSISDN_LABELS;

export const MSISDN_MESSAGES = {
  added: 'Added Mapping MSISDN successfully',
  updated: 'Mapping MSISDN updated successfully',
  deleted: 'Mapping MSISDN deleted successfully',
  simNumberPattern: 'SIM NO. (ICCID) is 18 to 22 digits',
  imsiPattern: 'IMSI is 15 digits',
  msisdnPattern: 'MSISDN is 10 to 15 digits, with an optional leading +',
  simNumberTaken: 'This SIM NO. is already mapped',
  imsiTaken: 'This IMSI is already mapped',
  msisdnTaken: 'This MSISDN is already mapped',
  notFound: 'MSISDN mapping not found',
} as const;
const M = MSISDN_MESSAGES;

// Numbers are kept as text: an ICCID is longer than a safe integer and leading zeros matter.
export const SIM_NUMBER_PATTERN = /^\d{18,22}$/;
export const IMSI_PATTERN = /^\d{15}$/;
export const MSISDN_PATTERN = /^\+?\d{10,15}$/;

export const msisdnFields = z.object({
  sim_number: requiredText(L.simNumber, 22).regex(SIM_NUMBER_PATTERN, M.simNumberPattern),
  imsi: requiredText(L.imsi, 15).regex(IMSI_PATTERN, M.imsiPattern),
  msisdn: requiredText(L.msisdn, 16).regex(MSISDN_PATTERN, M.msisdnPattern),
});
export type MsisdnFields = z.infer<typeof msisdnFields>;
export type MsisdnField = keyof MsisdnFields;

/** POST: a new mapping. */
export const msisdnCreateBody = msisdnFields;

/**
 * PUT (spec 02 §7): the fields plus id to update, or `{id, is_active: false}` to delete (soft). A deletion
 * carries no fields, so they are required only when not deleting; the parsed body says which it is.
 */
export const msisdnUpdateBody = z
  .looseObject({ id: idOf('id'), is_active: z.boolean().optional() })
  .superRefine((body, ctx) => {
    if (body.is_active === false) return;
    const parsed = msisdnFields.safeParse(body);
    if (!parsed.success) for (const issue of parsed.error.issues) ctx.addIssue({ ...issue, code: 'custom' });
  })
  .transform((body) =>
    body.is_active === false
      ? { kind: 'delete' as const, id: body.id }
      : { kind: 'save' as const, id: body.id, ...msisdnFields.parse(body) },
  );
export type MsisdnUpdateBody = z.output<typeof msisdnUpdateBody>;

/** GET: `query` searches the SIM number, IMSI and MSISDN. */
export const msisdnListQuery = pageQuery;

export const msisdnRow = z.object({
  id: z.number().int(),
  sim_number: z.string(),
  imsi: z.string(),
  msisdn: z.string(),
  /** The owning organization's id. */
  organization: z.number().int(),
  is_active: z.boolean(),
  created_at: z.string(),
});
export type MsisdnRow = z.infer<typeof msisdnRow>;
export const msisdnList = listResponse(msisdnRow);
