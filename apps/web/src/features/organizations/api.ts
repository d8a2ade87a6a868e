import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Paged } from '@rms/contracts/common';
import type {
  OrganizationCreateInput,
  OrganizationRow,
  OrganizationUpdateInput,
} from '@rms/contracts/organizations';
import { get, post, put } from '../../api/client';

// The organizations area's calls (spec 01 §7), typed from contracts.

export const ORGANIZATIONS_URL = 'admin_settings/organizations/';
/** The query key of the organization lists. */
export const ORGANIZATIONS_KEY = ['organizations'] as const;
const LIST_KEY = ORGANIZATIONS_KEY;

export function organizationListQuery(params: {
  page: number;
  pageSize: number;
  query: string;
  deleted: boolean;
}) {
  return queryOptions({
    queryKey: [...LIST_KEY, 'list', params],
    queryFn: ({ signal }) =>
      get<Paged<OrganizationRow>>('admin_settings/organizations/', {
        query: {
          page: params.page,
          page_size: params.pageSize,
          query: params.query || undefined,
          is_active: params.deleted ? 'false' : undefined,
        },
        signal,
      }),
    placeholderData: keepPreviousData,
  });
}

export function useOrganization(id: number | undefined) {
  return useQuery({
    queryKey: [...LIST_KEY, 'one', id],
    enabled: id !== undefined,
    queryFn: async ({ signal }) => {
      const rows = await get<OrganizationRow[]>('admin_settings/organizations/', {
        query: { id, pagination: 'false' },
        signal,
      });
      return rows[0] ?? null;
    },
  });
}

function useInvalidatingMutation<TBody, TResult>(call: (body: TBody) => Promise<TResult>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: call,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: LIST_KEY }),
  });
}

export function useCreateOrganization() {
  return useInvalidatingMutation((body: OrganizationCreateInput) =>
    post<OrganizationRow & { detail: string }>('admin_settings/organizations/', body),
  );
}

export function useUpdateOrganization() {
  return useInvalidatingMutation((body: OrganizationUpdateInput) =>
    put<OrganizationRow & { detail: string }>('admin_settings/organizations/', body),
  );
}

export function useDeleteOrganization() {
  return useInvalidatingMutation((id: number) =>
    put<{ detail: string }>('admin_settings/organizations/', { id, is_active: false }),
  );
}

export function useAddExistingOrganization() {
  return useInvalidatingMutation((body: { email: string; pan: string }) =>
    post<{ detail: string }>('admin_settings/existing_organization/', body),
  );
}

export function checkSubDomain(subDomain: string) {
  return post<{ available: boolean; detail: string }>('admin_settings/sub_domain_check/', {
    sub_domain: subDomain,
  });
}
