import type { Paged } from '@rms/contracts/common';
import type { CityCreateBody, CityRow, CityUpdateBody } from '@rms/contracts/master-data';
import { infiniteQueryOptions, keepPreviousData, useMutation, useQueryClient } from '@tanstack/react-query';
import { get, post, put } from '../../api/client';
import { MASTER_DATA_KEYS } from '../../lib/master-data-keys';

type Saved = CityRow & { detail: string };

/** The city view list, 20 at a time behind Load More. */
export const cityPagesQuery = (query: string) =>
  infiniteQueryOptions({
    queryKey: [...MASTER_DATA_KEYS.cities, 'pages', query],
    queryFn: ({ pageParam, signal }) =>
      get<Paged<CityRow>>('admin_settings/city/', {
        query: { page: pageParam, query: query || null },
        signal,
      }),
    initialPageParam: 1,
    getNextPageParam: (last) => last.next ?? undefined,
    // While a new search loads, the rows on screen stay (no flash of an empty table).
    placeholderData: keepPreviousData,
  });

/** Adds (no id) or updates (id) a city; a delete is an update with is_active false. */
export function useSaveCity() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CityCreateBody | CityUpdateBody) =>
      'id' in body ? put<Saved>('admin_settings/city/', body) : post<Saved>('admin_settings/city/', body),
    meta: { silent: true },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: MASTER_DATA_KEYS.cities }),
  });
}
