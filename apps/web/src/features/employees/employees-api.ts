import type { Paged } from '@rms/contracts/common';
import type { EmployeeCreateBody, EmployeeRow, EmployeeUpdateBody } from '@rms/contracts/employees';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { get, post, put } from '../../api/client';
import { EMPLOYEES_KEY } from '../../lib/people-keys';

// The employees area's calls: list, create, update, soft delete, and the lists its form offers.

export const EMPLOYEES_URL = 'admin_settings/employee/';

export function useEmployees(params: { page: number; pageSize: number; query: string; deleted: boolean }) {
  return useQuery({
    queryKey: [...EMPLOYEES_KEY, params],
    queryFn: ({ signal }) =>
      get<Paged<EmployeeRow>>('admin_settings/employee/', {
        query: {
          page: params.page,
          page_size: params.pageSize,
          query: params.query || null,
          is_active: params.deleted ? 'false' : null,
        },
        signal,
      }),
    placeholderData: (previous) => previous,
  });
}

type Saved = Partial<EmployeeRow> & { detail: string };

export function useSaveEmployee() {
  const queryClient = useQueryClient();
  return useMutation({
    // Field errors go onto the form; the catalogue still shows the detail.
    mutationFn: (body: { create: EmployeeCreateBody } | { update: EmployeeUpdateBody }) =>
      'create' in body
        ? post<Saved>('admin_settings/employee/', body.create)
        : put<Saved>('admin_settings/employee/', body.update),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: EMPLOYEES_KEY }),
  });
}

export function useDeleteEmployee() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => put<Saved>('admin_settings/employee/', { id, is_active: false }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: EMPLOYEES_KEY }),
  });
}

export interface OrganizationOption {
  id: number;
  company_name: string;
}

/**
 * Organizations a provider user may place an employee in. Customer users never ask (they stay in their
 * own organization); a failure is not shown: the form then keeps the caller's own organization.
 */
export function useOrganizationOptions(enabled: boolean) {
  return useQuery({
    queryKey: ['organizations', 'options'],
    queryFn: ({ signal }) =>
      get<OrganizationOption[]>('admin_settings/organizations/', { query: { pagination: false }, signal }),
    enabled,
    retry: false,
    staleTime: 5 * 60_000,
    meta: { silent: true },
  });
}
