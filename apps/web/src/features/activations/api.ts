import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type {
  ActivationFields,
  ActivationItemKind,
  ActivationRow,
  AvailableItem,
} from '@rms/contracts/activations';
import type { Paged } from '@rms/contracts/common';
import { get, post, put } from '../../api/client';
import type { ActivationFilters } from '../../components/activation-filters';

// The activation area's calls (spec 02 §7), typed from contracts.

export const ACTIVATIONS_URL = 'devices/activation/';
const URL = ACTIVATIONS_URL;
/** Every activation query: what saving or an Excel upload refreshes. */
export const ACTIVATIONS_KEY = ['activations'] as const;
const KEY = ACTIVATIONS_KEY;

export function activationListQuery(
  params: { page: number; pageSize: number; query: string; deleted: boolean } & ActivationFilters,
) {
  const { page, pageSize, query, deleted, ...filters } = params;
  return queryOptions({
    queryKey: [...KEY, 'list', params],
    queryFn: ({ signal }) =>
      get<Paged<ActivationRow>>(URL, {
        query: {
          page,
          page_size: pageSize,
          query: query || undefined,
          is_active: deleted ? 'false' : undefined,
          ...filters,
        },
        signal,
      }),
    placeholderData: keepPreviousData,
  });
}

export function activationQuery(id: number | undefined) {
  return queryOptions({
    queryKey: [...KEY, 'one', id],
    queryFn: ({ signal }) => get<ActivationRow>(`${URL}${id}/`, { signal }),
    enabled: id !== undefined,
  });
}

/** The form's choices of one kind; editing passes the activation so its own item stays offered. */
export function availableItemsQuery(kind: ActivationItemKind, activation: number | undefined) {
  return queryOptions({
    queryKey: [...KEY, 'available', kind, activation],
    queryFn: ({ signal }) =>
      get<AvailableItem[]>(`${URL}available/`, { query: { kind, activation }, signal }),
  });
}

type Saved = ActivationRow & { detail: string };

function useInvalidatingMutation<TBody, TResult>(call: (body: TBody) => Promise<TResult>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: call,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: KEY }),
  });
}

/** The form's body: the contract's fields, with the id when editing. */
export type ActivationBody = { [K in keyof ActivationFields]?: ActivationFields[K] | undefined } & {
  id?: number;
};

export function useSaveActivation() {
  return useInvalidatingMutation((body: ActivationBody) =>
    body.id === undefined ? post<Saved>(URL, body) : put<Saved>(URL, body),
  );
}

export function useDeleteActivation() {
  return useInvalidatingMutation((id: number) =>
    put<{ id: number; detail: string }>(URL, { id, is_active: false }),
  );
}

/** Records a refresh command for the device; the list is unchanged until the device reports. */
export function useRefreshDevice() {
  return useMutation({
    mutationFn: (device: number) => post<{ detail: string }>(`${URL}refresh/`, { device }),
  });
}
