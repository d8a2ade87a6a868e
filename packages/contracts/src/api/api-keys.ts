import { z } from 'zod';
import {
  apiKeyCreateBody,
  apiKeyCreated,
  apiKeyList,
  apiKeyListQuery,
  apiKeyRevokeBody,
  apiKeyRow,
} from '../api-keys';
import { endpoint } from '../endpoint';
import { accessOf } from '../routes';

// Organization API keys (ours): listed, made and revoked by people holding MANAGE_API_KEYS, never by a
// key (`sessionOnly`), so a key cannot make another key or outlive its revocation through one.
const MANAGE = accessOf('/api-keys');
const area = 'api-keys';
const URL = '/admin_settings/api_keys/';

export const apiKeyApi = {
  list: endpoint({
    area,
    method: 'GET',
    path: URL,
    access: MANAGE,
    sessionOnly: true,
    summary:
      "The caller's organization's API keys (all for the provider), newest first; ?query= searches name and prefix",
    query: apiKeyListQuery,
    response: apiKeyList,
  }),
  create: endpoint({
    area,
    method: 'POST',
    path: URL,
    access: MANAGE,
    sessionOnly: true,
    summary: "Create an API key for the caller's organization; the answer carries the key, this once",
    description:
      'The permissions must be codes the caller holds, never MANAGE_API_KEYS. Send the key as `Authorization: Bearer <key>`.',
    body: apiKeyCreateBody,
    response: apiKeyCreated,
    status: 201,
  }),
  revoke: endpoint({
    area,
    method: 'PUT',
    path: URL,
    access: MANAGE,
    sessionOnly: true,
    summary: 'Revoke an API key: {id, is_active: false}; it stops working at once, for good',
    body: apiKeyRevokeBody,
    response: apiKeyRow.extend({ detail: z.string() }),
  }),
};
