import type { Paged } from '@rms/contracts/common';
import type { HsnFields, HsnRow } from '@rms/contracts/master-data';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { get, post } from '../../api/client';
import { MASTER_DATA_KEYS } from '../../lib/master-data-keys';

type Saved = HsnRow & { detail: string };
const PATH = 'publisher/hsn_settings/';

export const hsnPageQuery = (page: number) =>
  queryOptions({
    queryKey: [...MASTER_DATA_KEYS.hsn, 'page', page],
    queryFn: ({ signal }) => get<Paged<HsnRow>>(PATH, { query: { page }, signal }),
  });

/** Spec 01 §7: POST adds, POST with id edits, POST with id and is_active false deletes. */
export function useSaveHsn() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: (HsnFields & { id?: number }) | { id: number; is_active: false }) =>
      post<Saved>(PATH, body),
    meta: { silent: true },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: MASTER_DATA_KEYS.hsn }),
  });
}
