import { z } from 'zod';
import { listResponse, MAX_PAGE_SIZE } from './common';
import { numberFromText, pageNumber, queryDay, queryId } from './fields';

// The audit log (ours): one row per write through the REST API that succeeded (and per failed
// sign-in): who, for which organization, which endpoint, which record, when, from where, the outcome.
// Rows hold no request or answer bodies, so no password, token or key ever lands in them; `fields`
// names the body's top-level fields, never their values.

export const AUDIT_MESSAGES = {
  endBeforeStart: 'End date cannot be before the start date',
  areaPattern: 'area is an API area, such as inventory or api-keys',
  actionPattern: 'action is an endpoint name, such as create or bulkUpload',
} as const;

/** Who acted: a person's session, an organization API key, or nobody known (a failed sign-in, a mailed link). */
export const AUDIT_ACTOR_KINDS = ['user', 'api_key', 'anonymous'] as const;
export type AuditActorKind = (typeof AUDIT_ACTOR_KINDS)[number];

export const AUDIT_OUTCOMES = ['success', 'failure'] as const;

/**
 * GET: newest first. `actor` matches part of the e-mail or key name; `user` and `api_key` one actor
 * by id; `area` and `action` the endpoint (as the API declares it); `record` the record's id exactly;
 * two local days (TIME_ZONE, both included); `organization` (the provider's people: one organization's
 * rows; everyone else sees only their own organization's anyway).
 */
export const auditListQuery = z
  .object({
    page: pageNumber.default(1),
    page_size: numberFromText(z.number().int().min(1).max(MAX_PAGE_SIZE)).default(20),
    pagination: z.enum(['true', 'false']).optional(),
    actor: z.string().trim().max(200).optional(),
    user: queryId.optional(),
    api_key: queryId.optional(),
    area: z
      .string()
      .trim()
      .regex(/^[a-z][a-z -]{0,39}$/, AUDIT_MESSAGES.areaPattern)
      .optional(),
    action: z
      .string()
      .trim()
      .regex(/^[A-Za-z][A-Za-z0-9]{0,63}$/, AUDIT_MESSAGES.actionPattern)
      .optional(),
    record: z.string().trim().min(1).max(100).optional(),
    organization: queryId.optional(),
    outcome: z.enum(AUDIT_OUTCOMES).optional(),
    created_at__gte: queryDay('created_at__gte').optional(),
    created_at__lte: queryDay('created_at__lte').optional(),
  })
  .superRefine((q, ctx) => {
    if (q.created_at__gte && q.created_at__lte && q.created_at__lte < q.created_at__gte)
      ctx.addIssue({ code: 'custom', path: ['created_at__lte'], message: AUDIT_MESSAGES.endBeforeStart });
  });
export type AuditListQuery = z.infer<typeof auditListQuery>;

export const auditRow = z.object({
  id: z.number().int(),
  created_at: z.string(),
  /** The organization of whoever acted (for a sign-in, the account's); null when nobody is known. */
  organization: z.number().int().nullable(),
  organization_name: z.string().nullable(),
  actor_kind: z.enum(AUDIT_ACTOR_KINDS),
  user: z.number().int().nullable(),
  api_key: z.number().int().nullable(),
  /** The user's e-mail or the key's name (a failed sign-in: the e-mail that was tried). */
  actor: z.string().nullable(),
  /** The endpoint: its API area and name (`inventory` / `createRms`), method and route pattern. */
  area: z.string(),
  action: z.string(),
  method: z.string(),
  route: z.string(),
  /** The record written, where the request or the answer names one. */
  record_id: z.string().nullable(),
  /** `delete` or `restore` when the body set `is_active` (how the API deletes and restores a row). */
  change: z.enum(['delete', 'restore']).nullable(),
  /** How many records a bulk write touched (a sheet's rows, a selection's devices). */
  record_count: z.number().int().nullable(),
  /** The top-level fields the body carried (names only). */
  fields: z.array(z.string()),
  status: z.number().int(),
  ip: z.string(),
  user_agent: z.string().nullable(),
});
export type AuditRow = z.infer<typeof auditRow>;
export const auditList = listResponse(auditRow);
