import type { Paged } from '@rms/contracts/common';
import type { StateCreateBody, StateRow, StateUpdateBody } from '@rms/contracts/master-data';
import { infiniteQueryOptions, keepPreviousData, useMutation, useQueryClient } from '@tanstack/react-query';
import { get, post, put } from '../../api/client';
import { MASTER_DATA_KEYS } from '../../lib/master-data-keys';

type Saved = StateRow & { detail: string };

/** The state view list, 20 at a time behind Load More. */
export const statePagesQuery = (query: string) =>
  infiniteQueryOptions({
    queryKey: [...MASTER_DATA_KEYS.states, 'pages', query],
    queryFn: ({ pageParam, signal }) =>
      get<Paged<StateRow>>('admin_settings/state/', {
        query: { page: pageParam, query: query || null },
        signal,
      }),
    initialPageParam: 1,
    getNextPageParam: (last) => last.next ?? undefined,
    // While a new search loads, the rows on screen stay (no flash of an empty table).
    placeholderData: keepPreviousData,
  });

/** Adds (no id) or updates (id) a state; a delete is an update with is_active false. */
export function useSaveState() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: StateCreateBody | StateUpdateBody) =>
      'id' in body ? put<Saved>('admin_settings/state/', body) : post<Saved>('admin_settings/state/', body),
    meta: { silent: true },
    // A state's name shows in the city lists too, and a deleted state takes its cities with it.
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: MASTER_DATA_KEYS.states }),
        queryClient.invalidateQueries({ queryKey: MASTER_DATA_KEYS.cities }),
      ]),
  });
}
