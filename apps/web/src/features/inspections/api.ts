import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { inspectionApi as A } from '@rms/contracts/api/inspections';
import type { InspectionBody } from '@rms/contracts/inspections';
import { api } from '../../api/client';
import { apiPage, useInvalidatingMutation } from '../../api/queries';

// Inspection calls (spec 02 §7), declared in contracts (api/inspections.ts): POST {devices, insp};
// history GET with page and query.

export function inspectionListQuery(params: { page: number; pageSize: number; query: string }) {
  return queryOptions({
    ...apiPage(A.list, { page: params.page, page_size: params.pageSize, query: params.query || undefined }),
    placeholderData: keepPreviousData,
  });
}

export function useInspect() {
  return useInvalidatingMutation((body: InspectionBody) => api(A.inspect, { body }), [A.list.area]);
}
