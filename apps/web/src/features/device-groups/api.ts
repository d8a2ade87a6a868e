import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { auditLogApi } from '@rms/contracts/api/audit-log';
import { groupApi as G } from '@rms/contracts/api/groups';
import type { GroupCreateBody, GroupMembersBody, GroupUpdateBody } from '@rms/contracts/groups';
import type { GroupFilter } from '@rms/contracts/lighting';
import { pageOf } from '@rms/contracts/common';
import { api } from '../../api/client';
import { apiPage, apiQuery, useInvalidatingMutation } from '../../api/queries';

// Device groups' calls, declared in contracts (api/groups.ts). A change reloads the groups (their counts
// and member lists) and the audit log, which records it.

const RELOADS = [G.groupList.area, auditLogApi.list.area];

export const groupsQuery = (query: {
  page: number;
  page_size: number;
  query?: string;
  organization?: number;
}) => queryOptions({ ...apiPage(G.groupList, query), placeholderData: keepPreviousData });

export function groupDevicesQuery(id: number, page: number, pageSize: number) {
  const call = apiQuery(G.groupDevices, { params: { id }, query: { page, page_size: pageSize } });
  return queryOptions({
    queryKey: call.queryKey,
    queryFn: async (context: { signal: AbortSignal }) => pageOf(await call.queryFn(context)),
    placeholderData: keepPreviousData,
  });
}

/** What unsaved criteria select now (kept while the next answer loads). */
export const groupPreviewQuery = (organization: number | undefined, filter: GroupFilter | null) =>
  queryOptions({
    ...apiQuery(G.groupPreview, { body: { ...(organization && { organization }), filter: filter ?? {} } }),
    enabled: filter !== null,
    placeholderData: keepPreviousData,
    meta: { silent: true },
  });

export const candidatesQuery = (organization: number | undefined, query: string) =>
  queryOptions({
    ...apiQuery(G.groupCandidates, { query: { organization, query: query || undefined } }),
    staleTime: 30_000,
    placeholderData: keepPreviousData,
  });

export function useCreateGroup() {
  return useInvalidatingMutation((body: GroupCreateBody) => api(G.groupCreate, { body }), RELOADS, {
    silent: true,
  });
}

export function useUpdateGroup() {
  return useInvalidatingMutation(
    ({ id, body }: { id: number; body: GroupUpdateBody }) => api(G.groupUpdate, { params: { id }, body }),
    RELOADS,
    { silent: true },
  );
}

export function useGroupMembers() {
  return useInvalidatingMutation(
    ({ id, body }: { id: number; body: GroupMembersBody }) => api(G.groupMembers, { params: { id }, body }),
    RELOADS,
  );
}

export function useDeleteGroup() {
  return useInvalidatingMutation((id: number) => api(G.groupDelete, { params: { id } }), RELOADS);
}
