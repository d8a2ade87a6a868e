import { z } from 'zod';
import { listResponse, pageQuery } from './common';
import { requiredText } from './fields';
import { deletedRowsQuery, formUpdateBody } from './soft-delete';

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
  restored: 'Mapping MSISDN restored successfully',
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
 * PUT (spec 02 §7): the fields plus id to update, `{id, is_active: false}` to delete (soft) or
 * `{id, is_active: true}` to restore (see soft-delete.ts).
 */
export const msisdnUpdateBody = formUpdateBody(msisdnFields);
export type MsisdnUpdateBody = z.output<typeof msisdnUpdateBody>;

/** GET: `query` searches the SIM number, IMSI and MSISDN; `is_active=false` lists the deleted ones. */
export const msisdnListQuery = pageQuery.extend(deletedRowsQuery.shape);

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
