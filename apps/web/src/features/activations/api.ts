import { keepPreviousData, queryOptions, useMutation } from '@tanstack/react-query';
import type { ActivationFields, ActivationItemKind } from '@rms/contracts/activations';
import { activationApi as A } from '@rms/contracts/api/activations';
import { api } from '../../api/client';
import { apiPage, apiQuery, areaKey, useInvalidatingMutation } from '../../api/queries';
import type { ActivationFilters } from '../../components/activation-filters';

// The activation area's calls (spec 02 §7), declared in contracts (api/activations.ts).

/** Every activation query: what saving or an Excel upload reloads. */
export const ACTIVATIONS_KEY = areaKey(A.list);

export function activationListQuery(
  params: { page: number; pageSize: number; query: string; deleted: boolean } & ActivationFilters,
) {
  const { page, pageSize, query, deleted, ...filters } = params;
  return queryOptions({
    ...apiPage(A.list, {
      page,
      page_size: pageSize,
      query: query || undefined,
      is_active: deleted ? 'false' : undefined,
      ...filters,
    }),
    placeholderData: keepPreviousData,
  });
}

export function activationQuery(id: number | undefined) {
  return queryOptions({ ...apiQuery(A.one, { params: { id: id ?? 0 } }), enabled: id !== undefined });
}

/** The form's choices of one kind; editing passes the activation so its own item stays offered. */
export function availableItemsQuery(kind: ActivationItemKind, activation: number | undefined) {
  return queryOptions(apiQuery(A.available, { query: { kind, activation } }));
}

/** The form's body: the contract's fields, with the id when editing. */
export type ActivationBody = { [K in keyof ActivationFields]?: ActivationFields[K] | undefined } & {
  id?: number;
};

export function useSaveActivation() {
  return useInvalidatingMutation(
    ({ id, ...fields }: ActivationBody) =>
      id === undefined
        ? api(A.create, { body: fields as ActivationFields })
        : api(A.update, { body: { ...fields, id } }),
    [A.list.area],
  );
}

export function useDeleteActivation() {
  return useInvalidatingMutation(
    (id: number) => api(A.update, { body: { id, is_active: false } }),
    [A.list.area],
  );
}

/** Records a refresh command for the device; the list is unchanged until the device reports. */
export function useRefreshDevice() {
  return useMutation({ mutationFn: (device: number) => api(A.refresh, { body: { device } }) });
}
