import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { auditLogApi } from '@rms/contracts/api/audit-log';
import { scheduleApi as S } from '@rms/contracts/api/schedules';
import type { DeliveryStatus } from '@rms/contracts/lighting';
import type { ScheduleCreateBody, ScheduleExceptionBody, ScheduleUpdateBody } from '@rms/contracts/schedules';
import { api } from '../../api/client';
import { apiPage, apiQuery, useInvalidatingMutation } from '../../api/queries';

// The lighting schedules' calls, declared in contracts (api/schedules.ts). A save reloads the
// schedules' area (list, detail, calendar, conflicts) and the audit log, which records it.

const RELOADS = [S.scheduleList.area, auditLogApi.list.area];

export const schedulesQuery = (query: {
  page: number;
  page_size: number;
  query?: string;
  organization?: number;
}) => queryOptions({ ...apiPage(S.scheduleList, query), placeholderData: keepPreviousData });

export const scheduleQuery = (id: number | undefined) =>
  queryOptions({ ...apiQuery(S.scheduleGet, { params: { id: id ?? 0 } }), enabled: id !== undefined });

export const choicesQuery = (organization: number | undefined, device?: string) =>
  queryOptions({
    ...apiQuery(S.scheduleChoices, {
      query: { ...(organization && { organization }), ...(device && { device }) },
    }),
    staleTime: 30_000,
    placeholderData: keepPreviousData,
  });

export const calendarQuery = (target: { group?: number; device?: number } | null, month: string) =>
  queryOptions({
    ...apiQuery(S.scheduleCalendar, { query: { ...target, month } }),
    enabled: target !== null,
  });

export const conflictsQuery = (query: { organization?: number; from?: string; to?: string; page: number }) =>
  queryOptions({
    ...apiQuery(S.scheduleConflicts, { query: { ...query, page_size: 20 } }),
    placeholderData: keepPreviousData,
  });

export const deliveriesQuery = (query: {
  organization?: number;
  schedule?: number;
  status?: DeliveryStatus;
  query?: string;
  page: number;
  page_size: number;
}) => queryOptions({ ...apiQuery(S.scheduleDeliveries, { query }), placeholderData: keepPreviousData });

export function useCreateSchedule() {
  return useInvalidatingMutation((body: ScheduleCreateBody) => api(S.scheduleCreate, { body }), RELOADS, {
    silent: true,
  });
}

export function useUpdateSchedule() {
  return useInvalidatingMutation(
    ({ id, body }: { id: number; body: ScheduleUpdateBody }) =>
      api(S.scheduleUpdate, { params: { id }, body }),
    RELOADS,
    { silent: true },
  );
}

export function useDeleteSchedule() {
  return useInvalidatingMutation((id: number) => api(S.scheduleDelete, { params: { id } }), RELOADS);
}

export function useSetEnabled() {
  return useInvalidatingMutation(
    ({ id, enabled }: { id: number; enabled: boolean }) =>
      api(enabled ? S.scheduleEnable : S.scheduleDisable, { params: { id } }),
    RELOADS,
  );
}

export function useSaveException() {
  return useInvalidatingMutation(
    ({ id, exception, body }: { id: number; exception?: number; body: ScheduleExceptionBody }) =>
      exception === undefined
        ? api(S.scheduleExceptionAdd, { params: { id }, body })
        : api(S.scheduleExceptionUpdate, { params: { id, exception }, body }),
    RELOADS,
    { silent: true },
  );
}

export function useDeleteException() {
  return useInvalidatingMutation(
    ({ id, exception }: { id: number; exception: number }) =>
      api(S.scheduleExceptionDelete, { params: { id, exception } }),
    RELOADS,
  );
}
