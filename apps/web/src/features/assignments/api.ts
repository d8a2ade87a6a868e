import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import {
  ASSIGNMENT,
  DEVICE_TYPE_GROUP,
  type AssignableItem,
  type AssignmentKind,
  type AssignmentRow,
} from '@rms/contracts/assignments';
import type { Paged } from '@rms/contracts/common';
import type { DropdownValueRow } from '@rms/contracts/master-data';
import type { OrganizationRow } from '@rms/contracts/organizations';
import { get, post } from '../../api/client';

// The assignment area's calls (spec 02 §7): organization search by e-mail, the items the caller may
// assign, the Device Type dropdown's enabled values, the assignment history and the assignment itself.

/** Every query of a kind's assignments (history and assignable items): what an upload refreshes. */
export const assignmentsKey = (kind: AssignmentKind) => ['assignments', kind] as const;
const keyOf = assignmentsKey;

/** The organization with this e-mail that the caller sees, or null. */
export async function findOrganizationByEmail(email: string): Promise<OrganizationRow | null> {
  const rows = await get<OrganizationRow[]>('admin_settings/organizations/', {
    query: { email: email.trim().toLowerCase(), pagination: 'false' },
  });
  return rows[0] ?? null;
}

export function assignableItemsQuery(kind: AssignmentKind) {
  return queryOptions({
    queryKey: [...keyOf(kind), 'items'],
    queryFn: ({ signal }) =>
      get<AssignableItem[]>(`${ASSIGNMENT[kind].path}items/`, { query: { pagination: 'false' }, signal }),
  });
}

export function deviceTypesQuery() {
  return queryOptions({
    queryKey: ['dropdown-values', DEVICE_TYPE_GROUP.path, 'enabled'],
    queryFn: ({ signal }) =>
      get<DropdownValueRow[]>('publisher/dropdown_values/', {
        query: { name: DEVICE_TYPE_GROUP.path, is_disabled: 'false', pagination: 'false' },
        signal,
      }),
    staleTime: 60_000,
  });
}

export function assignmentHistoryQuery(kind: AssignmentKind, params: { page: number; pageSize: number }) {
  return queryOptions({
    queryKey: [...keyOf(kind), 'history', params],
    queryFn: ({ signal }) =>
      get<Paged<AssignmentRow>>(ASSIGNMENT[kind].path, {
        query: { page: params.page, page_size: params.pageSize },
        signal,
      }),
    placeholderData: keepPreviousData,
  });
}

export function useAssign(kind: AssignmentKind) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: Record<string, unknown>) =>
      post<AssignmentRow & { detail: string }>(ASSIGNMENT[kind].path, body),
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: keyOf(kind) }),
        queryClient.invalidateQueries({ queryKey: ['inventory', kind] }),
      ]),
  });
}
