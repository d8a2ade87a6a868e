import type {
  DropdownGroup,
  DropdownValueCreateBody,
  DropdownValueRow,
  DropdownValueUpdateBody,
} from '@rms/contracts/master-data';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { get, post, put } from '../../api/client';
import { MASTER_DATA_KEYS } from '../../lib/master-data-keys';

type Saved = DropdownValueRow & { detail: string };
const VALUES = 'publisher/dropdown_values/';

export const dropdownTreeQuery = () =>
  queryOptions({
    queryKey: MASTER_DATA_KEYS.dropdownTree,
    queryFn: ({ signal }) => get<DropdownGroup[]>('publisher/dropdown/', { signal }),
    staleTime: 5 * 60_000,
  });

export const dropdownValuesQuery = (groupId: number | undefined) =>
  queryOptions({
    queryKey: [...MASTER_DATA_KEYS.dropdownValues, groupId],
    queryFn: ({ signal }) =>
      get<DropdownValueRow[]>(VALUES, { query: { parent: groupId, pagination: false }, signal }),
    enabled: groupId !== undefined,
  });

/** Adds a value (no id) or changes one (id): its text, is_disabled, or is_active false to delete. */
export function useSaveDropdownValue() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: DropdownValueCreateBody | DropdownValueUpdateBody) =>
      'id' in body ? put<Saved>(VALUES, body) : post<Saved>(VALUES, body),
    meta: { silent: true },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: MASTER_DATA_KEYS.dropdownValues }),
  });
}
