import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { ASSIGNMENT_API, assignmentApi } from '@rms/contracts/api/assignments';
import { inventoryApi } from '@rms/contracts/api/inventory';
import { DEVICE_TYPE_GROUP, type AssignmentKind } from '@rms/contracts/assignments';
import type { EndpointInput } from '@rms/contracts/endpoint';
import { masterDataApi } from '@rms/contracts/api/master-data';
import { organizationApi } from '@rms/contracts/api/organizations';
import { rowsOf } from '@rms/contracts/common';
import type { OrganizationRow } from '@rms/contracts/organizations';
import { api } from '../../api/client';
import { apiPage, apiRows, useInvalidatingMutation } from '../../api/queries';

// The assignment area's calls (spec 02 §7), declared in contracts (api/assignments.ts): organization
// search by e-mail, the items the caller may assign, the Device Type dropdown's enabled values, the
// assignment history and the assignment itself.

/** The assignment area: an assignment or a bulk upload reloads its history and assignable items. */
export const ASSIGNMENTS_AREA = assignmentApi.rmsList.area;

/** The organization with this e-mail that the caller sees, or null. */
export async function findOrganizationByEmail(email: string): Promise<OrganizationRow | null> {
  const answer = await api(organizationApi.list, {
    query: { email: email.trim().toLowerCase(), pagination: 'false' },
  });
  return rowsOf(answer)[0] ?? null;
}

export function assignableItemsQuery(kind: AssignmentKind) {
  return queryOptions(apiRows(ASSIGNMENT_API[kind].items));
}

export function deviceTypesQuery() {
  return queryOptions({
    ...apiRows(masterDataApi.dropdownValues, { name: DEVICE_TYPE_GROUP.path, is_disabled: 'false' }),
    staleTime: 60_000,
  });
}

export function assignmentHistoryQuery(kind: AssignmentKind, params: { page: number; pageSize: number }) {
  return queryOptions({
    ...apiPage(ASSIGNMENT_API[kind].list, { page: params.page, page_size: params.pageSize }),
    placeholderData: keepPreviousData,
  });
}

type KindApi = (typeof ASSIGNMENT_API)[AssignmentKind];

/**
 * What the form sends: the buyer, the item under the kind's own field name (ASSIGNMENT[kind].itemField),
 * which the form picks at run time, and the expiry date (RMS: the device type); the server's schema checks it.
 */
export type AssignBody = Record<string, unknown>;

/** Assigns an item: the kind's history and items reload, and its inventory list (the item moved on). */
export function useAssign(kind: AssignmentKind) {
  return useInvalidatingMutation(
    (body: AssignBody) =>
      api(ASSIGNMENT_API[kind].assign, { body: body as EndpointInput<KindApi['assign']>['body'] }),
    [ASSIGNMENTS_AREA, inventoryApi.rmsList.area],
  );
}
