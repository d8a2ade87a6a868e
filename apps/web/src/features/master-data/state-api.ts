import { infiniteQueryOptions, keepPreviousData } from '@tanstack/react-query';
import { masterDataApi as D } from '@rms/contracts/api/master-data';
import { pageOf } from '@rms/contracts/common';
import type { StateCreateBody, StateUpdateBody } from '@rms/contracts/master-data';
import { api } from '../../api/client';
import { endpointKey, useInvalidatingMutation } from '../../api/queries';

/** The state view list, 20 at a time behind Load More. */
export const statePagesQuery = (query: string) => {
  const search = { query: query || undefined };
  return infiniteQueryOptions({
    queryKey: [...endpointKey(D.states, { query: search }), 'pages'],
    queryFn: async ({ pageParam, signal }) =>
      pageOf(await api(D.states, { query: { ...search, page: pageParam } }, { signal })),
    initialPageParam: 1,
    getNextPageParam: (last) => last.next ?? undefined,
    // While a new search loads, the rows on screen stay (no flash of an empty table).
    placeholderData: keepPreviousData,
  });
};

/**
 * Adds (no id) or updates (id) a state; a delete is an update with is_active false. The master-data
 * lists reload: a state's name shows in the city lists too, and a deleted state takes its cities with it.
 */
export function useSaveState() {
  return useInvalidatingMutation(
    (body: StateCreateBody | StateUpdateBody) =>
      'id' in body ? api(D.updateState, { body }) : api(D.createState, { body }),
    [D.states.area],
    { silent: true },
  );
}
