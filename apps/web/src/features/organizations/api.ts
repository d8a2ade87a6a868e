import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { organizationApi as O } from '@rms/contracts/api/organizations';
import type { OrganizationCreateInput, OrganizationUpdateInput } from '@rms/contracts/organizations';
import { api } from '../../api/client';
import { apiPage, apiRows, areaKey, useInvalidatingMutation } from '../../api/queries';

// The organizations area's calls (spec 01 §7), declared in contracts (api/organizations.ts).

/** Every organization query: what saving one reloads. */
export const ORGANIZATIONS_KEY = areaKey(O.list);

export function organizationListQuery(params: {
  page: number;
  pageSize: number;
  query: string;
  deleted: boolean;
}) {
  return queryOptions({
    ...apiPage(O.list, {
      page: params.page,
      page_size: params.pageSize,
      query: params.query || undefined,
      is_active: params.deleted ? 'false' : undefined,
    }),
    placeholderData: keepPreviousData,
  });
}

export function useOrganization(id: number | undefined) {
  return useQuery({
    ...apiRows(O.list, { id }),
    enabled: id !== undefined,
    select: (rows) => rows[0] ?? null,
  });
}

export function useCreateOrganization() {
  return useInvalidatingMutation((body: OrganizationCreateInput) => api(O.create, { body }), [O.list.area]);
}

export function useUpdateOrganization() {
  return useInvalidatingMutation((body: OrganizationUpdateInput) => api(O.update, { body }), [O.list.area]);
}

export function useDeleteOrganization() {
  return useInvalidatingMutation(
    (id: number) => api(O.update, { body: { id, is_active: false } }),
    [O.list.area],
  );
}

export function useAddExistingOrganization() {
  return useInvalidatingMutation(
    (body: { email: string; pan: string }) => api(O.addExisting, { body }),
    [O.list.area],
  );
}

export function checkSubDomain(subDomain: string) {
  return api(O.subDomainCheck, { body: { sub_domain: subDomain } });
}
