import { infiniteQueryOptions, keepPreviousData } from '@tanstack/react-query';
import { masterDataApi as D } from '@rms/contracts/api/master-data';
import { pageOf } from '@rms/contracts/common';
import type { CityCreateBody, CityUpdateBody } from '@rms/contracts/master-data';
import { api } from '../../api/client';
import { endpointKey, useInvalidatingMutation } from '../../api/queries';

/** The city view list, 20 at a time behind Load More. */
export const cityPagesQuery = (query: string) => {
  const search = { query: query || undefined };
  return infiniteQueryOptions({
    queryKey: [...endpointKey(D.cities, { query: search }), 'pages'],
    queryFn: async ({ pageParam, signal }) =>
      pageOf(await api(D.cities, { query: { ...search, page: pageParam } }, { signal })),
    initialPageParam: 1,
    getNextPageParam: (last) => last.next ?? undefined,
    // While a new search loads, the rows on screen stay (no flash of an empty table).
    placeholderData: keepPreviousData,
  });
};

/** Adds (no id) or updates (id) a city; a delete is an update with is_active false. */
export function useSaveCity() {
  return useInvalidatingMutation(
    (body: CityCreateBody | CityUpdateBody) =>
      'id' in body ? api(D.updateCity, { body }) : api(D.createCity, { body }),
    [D.cities.area],
    { silent: true },
  );
}
