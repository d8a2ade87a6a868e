import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { Paged } from '@rms/contracts/common';
import type { InspectionBody, InspectionRow } from '@rms/contracts/inspections';
import { get, post } from '../../api/client';

// Inspection calls (spec 02 §7): POST {devices, insp}; history GET with page and query.

const URL = 'devices/inspection/';
const KEY = ['inspections'] as const;

export function inspectionListQuery(params: { page: number; pageSize: number; query: string }) {
  return queryOptions({
    queryKey: [...KEY, 'list', params],
    queryFn: ({ signal }) =>
      get<Paged<InspectionRow>>(URL, {
        query: { page: params.page, page_size: params.pageSize, query: params.query || undefined },
        signal,
      }),
    placeholderData: keepPreviousData,
  });
}

export function useInspect() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: InspectionBody) => post<InspectionRow & { detail: string }>(URL, body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: KEY }),
  });
}
