import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { auditLogApi } from '@rms/contracts/api/audit-log';
import { profileApi as P } from '@rms/contracts/api/profiles';
import type { ProfileCreateBody, ProfilePreviewBody, ProfileUpdateBody } from '@rms/contracts/profiles';
import { api } from '../../api/client';
import { apiPage, apiQuery, useInvalidatingMutation } from '../../api/queries';

// The dimming profiles' calls, declared in contracts (api/profiles.ts). A save reloads the profiles
// and the audit log, which records it.

const RELOADS = [P.profileList.area, auditLogApi.list.area];

export const profilesQuery = (query: {
  page: number;
  page_size: number;
  query?: string;
  organization?: number;
}) => queryOptions({ ...apiPage(P.profileList, query), placeholderData: keepPreviousData });

/** The preview of unsaved steps: one night at a device or a place (kept while the next one loads). */
export const previewQuery = (body: ProfilePreviewBody | null) =>
  queryOptions({
    ...apiQuery(P.profilePreview, { body: body ?? { steps: [] } }),
    enabled: body !== null,
    placeholderData: keepPreviousData,
    meta: { silent: true },
  });

export const deviceChoicesQuery = (query: string, id: number | undefined) =>
  queryOptions({
    ...apiQuery(P.profileDevices, { query: { query: query || undefined, id } }),
    staleTime: 60_000,
    placeholderData: keepPreviousData,
  });

export function useCreateProfile() {
  return useInvalidatingMutation((body: ProfileCreateBody) => api(P.profileCreate, { body }), RELOADS, {
    silent: true,
  });
}

export function useUpdateProfile() {
  return useInvalidatingMutation(
    ({ id, body }: { id: number; body: ProfileUpdateBody }) => api(P.profileUpdate, { params: { id }, body }),
    RELOADS,
    { silent: true },
  );
}

export function useDuplicateProfile() {
  return useInvalidatingMutation(
    (id: number) => api(P.profileDuplicate, { params: { id }, body: {} }),
    RELOADS,
  );
}

export function useDeleteProfile() {
  return useInvalidatingMutation((id: number) => api(P.profileDelete, { params: { id } }), RELOADS);
}
