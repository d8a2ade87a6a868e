import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { employeeApi as E } from '@rms/contracts/api/employees';
import { organizationApi } from '@rms/contracts/api/organizations';
import type { EmployeeCreateBody, EmployeeUpdateBody } from '@rms/contracts/employees';
import { api } from '../../api/client';
import { apiPage, apiRows, areaKey, useInvalidatingMutation } from '../../api/queries';

// The employees area's calls (declared in contracts, api/employees.ts): list, create, update, soft
// delete, and the lists its form offers.

/** Every employee query: what saving one reloads (and restoring an organization, which brings its people back). */
export const EMPLOYEES_KEY = areaKey(E.list);

export function useEmployees(params: { page: number; pageSize: number; query: string; deleted: boolean }) {
  return useQuery({
    ...apiPage(E.list, {
      page: params.page,
      page_size: params.pageSize,
      query: params.query || undefined,
      is_active: params.deleted ? 'false' : undefined,
    }),
    placeholderData: keepPreviousData,
  });
}

export function useSaveEmployee() {
  // Field errors go onto the form; the catalogue still shows the detail.
  return useInvalidatingMutation(
    (body: { create: EmployeeCreateBody } | { update: EmployeeUpdateBody }) =>
      'create' in body ? api(E.create, { body: body.create }) : api(E.update, { body: body.update }),
    [E.list.area],
  );
}

export function useDeleteEmployee() {
  return useInvalidatingMutation(
    (id: number) => api(E.update, { body: { id, is_active: false } }),
    [E.list.area],
  );
}

/**
 * Organizations a provider user may place an employee in. Customer users never ask (they stay in their
 * own organization); a failure is not shown: the form then keeps the caller's own organization.
 */
export function useOrganizationOptions(enabled: boolean) {
  return useQuery({
    ...apiRows(organizationApi.list),
    enabled,
    retry: false,
    staleTime: 5 * 60_000,
    meta: { silent: true },
  });
}
