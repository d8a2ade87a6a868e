import type { Paged } from '@rms/contracts/common';
import type { GstFields, GstRow } from '@rms/contracts/master-data';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { get, post } from '../../api/client';
import { MASTER_DATA_KEYS } from '../../lib/master-data-keys';

type Saved = GstRow & { detail: string };
const PATH = 'publisher/gst_setting/';

export const gstPageQuery = (page: number) =>
  queryOptions({
    queryKey: [...MASTER_DATA_KEYS.gst, 'page', page],
    queryFn: ({ signal }) => get<Paged<GstRow>>(PATH, { query: { page }, signal }),
  });

/** Every active rate: the HSN form's pickers. */
export const gstAllQuery = () =>
  queryOptions({
    queryKey: [...MASTER_DATA_KEYS.gst, 'all'],
    queryFn: ({ signal }) => get<GstRow[]>(PATH, { query: { pagination: false }, signal }),
  });

/** Spec 01 §7: POST adds, POST with id edits, POST with id and is_active false deletes. */
export function useSaveGst() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: (GstFields & { id?: number }) | { id: number; is_active: false }) =>
      post<Saved>(PATH, body),
    meta: { silent: true },
    // HSN rows show the rates' names, so they refresh too.
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: MASTER_DATA_KEYS.gst }),
        queryClient.invalidateQueries({ queryKey: MASTER_DATA_KEYS.hsn }),
      ]),
  });
}
