import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { msisdnApi as A } from '@rms/contracts/api/msisdn';
import type { MsisdnFields } from '@rms/contracts/msisdn';
import { api } from '../../api/client';
import { apiPage, areaKey, useInvalidatingMutation } from '../../api/queries';

// The MSISDN mapping area's calls (spec 02 §7), declared in contracts (api/msisdn.ts).

/** The MSISDN area: a save or a bulk upload reloads its lists. */
export const MSISDN_AREA = A.list.area;
/** Every MSISDN query. */
export const MSISDN_KEY = areaKey(A.list);

export function msisdnListQuery(params: { page: number; pageSize: number; query: string; deleted: boolean }) {
  return queryOptions({
    ...apiPage(A.list, {
      page: params.page,
      page_size: params.pageSize,
      query: params.query || undefined,
      is_active: params.deleted ? 'false' : undefined,
    }),
    placeholderData: keepPreviousData,
  });
}

export function useCreateMapping() {
  return useInvalidatingMutation((body: MsisdnFields) => api(A.create, { body }), [MSISDN_AREA]);
}

export function useUpdateMapping() {
  return useInvalidatingMutation(
    (body: MsisdnFields & { id: number }) => api(A.update, { body }),
    [MSISDN_AREA],
  );
}

export function useDeleteMapping() {
  return useInvalidatingMutation(
    (id: number) => api(A.update, { body: { id, is_active: false } }),
    [MSISDN_AREA],
  );
}
