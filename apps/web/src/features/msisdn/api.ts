import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { Paged } from '@rms/contracts/common';
import type { MsisdnFields, MsisdnRow } from '@rms/contracts/msisdn';
import { get, post, put } from '../../api/client';

// The MSISDN mapping area's calls (spec 02 §7), typed from contracts.

export const MSISDN_URL = 'devices/msisdn_mapping/';
const URL = MSISDN_URL;
/** The query key of the mapping lists (a bulk upload reloads them). */
export const LIST_KEY = ['msisdn'] as const;

export function msisdnListQuery(params: { page: number; pageSize: number; query: string; deleted: boolean }) {
  return queryOptions({
    queryKey: [...LIST_KEY, 'list', params],
    queryFn: ({ signal }) =>
      get<Paged<MsisdnRow>>(URL, {
        query: {
          page: params.page,
          page_size: params.pageSize,
          query: params.query || undefined,
          is_active: params.deleted ? 'false' : undefined,
        },
        signal,
      }),
    placeholderData: keepPreviousData,
  });
}

function useInvalidatingMutation<TBody, TResult>(call: (body: TBody) => Promise<TResult>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: call,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: LIST_KEY }),
  });
}

export function useCreateMapping() {
  return useInvalidatingMutation((body: MsisdnFields) => post<MsisdnRow & { detail: string }>(URL, body));
}

export function useUpdateMapping() {
  return useInvalidatingMutation((body: MsisdnFields & { id: number }) =>
    put<MsisdnRow & { detail: string }>(URL, body),
  );
}

export function useDeleteMapping() {
  return useInvalidatingMutation((id: number) =>
    put<MsisdnRow & { detail: string }>(URL, { id, is_active: false }),
  );
}
