import { z } from 'zod';
import { listResponse, pageQuery } from './common';
import { permissionKeyList } from './employees';
import { bodyId, isoDate, requiredText } from './fields';

// Organization API keys (ours): service accounts for integrations. A key belongs to an organization,
// holds a chosen subset of its creator's codes, and is sent as `Authorization: Bearer <key>`. Its
// secret is shown once, at creation; the server keeps only a hash of it.

export const API_KEY_LABELS = {
  name: 'Name',
  permissions: 'Permissions',
  expiresOn: 'Expires on',
} as const;

/** Codes no key may hold: a key never manages keys (nor, by `sessionOnly` endpoints, anyone's sign-in). */
export const CODES_KEYS_NEVER_HOLD = ['MANAGE_API_KEYS'] as const;

export const API_KEY_MESSAGES = {
  created: 'API key created',
  revoked: 'API key revoked',
  notFound: 'API key not found',
  showOnce: 'Copy this key now: it will not be shown again. Only a hash of it is kept.',
  choosePermissions: 'Choose at least one permission',
  keysNeverHold: (codes: readonly string[]) => `An API key cannot hold ${codes.join(', ')}`,
  expiryAfterToday: "'Expires on' must be a day after today",
  cannotRestore: 'A revoked key cannot be used again: create a new one',
} as const;
const M = API_KEY_MESSAGES;

/**
 * A key as sent: `rms_<8-character id>_<43 characters of a 256-bit random secret, base64url>`. The id
 * finds the row; the secret is checked against the stored hash.
 */
export const API_KEY_PATTERN = /^rms_([a-z0-9]{8})_([A-Za-z0-9_-]{43})$/;

/** The part of a key shown in lists (and in logs): it names the key but cannot be used. */
export const apiKeyPrefix = (publicId: string) => `rms_${publicId}`;

/**
 * POST: a name, the codes (a subset of the creator's own, never MANAGE_API_KEYS) and an optional last
 * day (in the deployment's time zone) the key works; without it the key works until revoked.
 */
export const apiKeyCreateBody = z.object({
  name: requiredText(API_KEY_LABELS.name, 100),
  permissions: permissionKeyList
    .min(1, M.choosePermissions)
    .refine(
      (list) => !list.some(({ key }) => (CODES_KEYS_NEVER_HOLD as readonly string[]).includes(key)),
      M.keysNeverHold(CODES_KEYS_NEVER_HOLD),
    ),
  expires_on: isoDate(API_KEY_LABELS.expiresOn).nullish(),
});
export type ApiKeyCreateBody = z.infer<typeof apiKeyCreateBody>;

/** PUT `{id, is_active: false}` revokes a key, at once and for good (there is no restore). */
export const apiKeyRevokeBody = z.object({
  id: bodyId,
  is_active: z.literal(false, { error: M.cannotRestore }),
});

/** GET: `query` searches the name and the prefix; the provider sees every organization's keys. */
export const apiKeyListQuery = pageQuery;

/**
 * Whether a key works now: `disabled` when its creator's account is deleted (a key never outlives the
 * person answerable for it), `expired` past its last day, `revoked` once revoked.
 */
export const API_KEY_STATUSES = ['active', 'expired', 'revoked', 'disabled'] as const;
export type ApiKeyStatus = (typeof API_KEY_STATUSES)[number];

export const apiKeyRow = z.object({
  id: z.number().int(),
  name: z.string(),
  /** `rms_<id>`: how the key is recognised; the secret itself is never answered again. */
  prefix: z.string(),
  /** The codes given to the key; it acts with those its creator still holds (see docs/security.md). */
  permissions: permissionKeyList,
  organization: z.number().int(),
  organization_name: z.string(),
  created_by: z.number().int(),
  created_by_email: z.string(),
  created_at: z.string(),
  /** The last day it works (deployment's time zone), or null: until revoked. */
  expires_on: z.string().nullable(),
  /** Updated at most once a minute while the key is used. */
  last_used_at: z.string().nullable(),
  revoked_at: z.string().nullable(),
  status: z.enum(API_KEY_STATUSES),
});
export type ApiKeyRow = z.infer<typeof apiKeyRow>;
export const apiKeyList = listResponse(apiKeyRow);

/** The creation's answer: the row and, this once, the whole key. */
export const apiKeyCreated = apiKeyRow.extend({ key: z.string(), detail: z.string() });
export type ApiKeyCreated = z.infer<typeof apiKeyCreated>;
