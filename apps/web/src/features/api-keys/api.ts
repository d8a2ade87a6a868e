import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { apiKeyApi as A } from '@rms/contracts/api/api-keys';
import { auditLogApi } from '@rms/contracts/api/audit-log';
import type { ApiKeyCreateBody } from '@rms/contracts/api-keys';
import { api } from '../../api/client';
import { apiPage, useInvalidatingMutation } from '../../api/queries';

// The API keys' calls, declared in contracts (api/api-keys.ts). A save reloads the keys and the audit
// log (which records it).

const RELOADS = [A.list.area, auditLogApi.list.area];

export function apiKeysQuery(params: { page: number; pageSize: number; query: string }) {
  return queryOptions({
    ...apiPage(A.list, {
      page: params.page,
      page_size: params.pageSize,
      query: params.query || undefined,
    }),
    placeholderData: keepPreviousData,
  });
}

export function useCreateApiKey() {
  return useInvalidatingMutation((body: ApiKeyCreateBody) => api(A.create, { body }), RELOADS, {
    silent: true,
  });
}

export function useRevokeApiKey() {
  return useInvalidatingMutation((id: number) => api(A.revoke, { body: { id, is_active: false } }), RELOADS);
}
