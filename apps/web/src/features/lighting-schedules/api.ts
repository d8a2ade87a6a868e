import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { auditLogApi } from '@rms/contracts/api/audit-log';
import { groupApi } from '@rms/contracts/api/groups';
import { profileApi } from '@rms/contracts/api/profiles';
import { scheduleApi as S } from '@rms/contracts/api/schedules';
import type { DeliveryStatus } from '@rms/contracts/lighting';
import type { ScheduleCreateBody, ScheduleExceptionBody, ScheduleUpdateBody } from '@rms/contracts/schedules';
import { api } from '../../api/client';
import { apiPage, apiQuery, apiRows, useInvalidatingMutation } from '../../api/queries';

// The lighting schedules' calls, declared in contracts (api/schedules.ts). A change reloads the
// schedules' area (the list, a schedule, its calendar, the conflicts and the deliveries), the groups
// and profiles (they count the schedules using them) and the audit log, which records it.

const RELOADS = [
  S.scheduleList.area,
  groupApi.groupList.area,
  profileApi.profileList.area,
  auditLogApi.list.area,
];

export const schedulesQuery = (query: {
  page: number;
  page_size: number;
  query?: string;
  organization?: number;
  enabled?: 'true' | 'false';
}) => queryOptions({ ...apiPage(S.scheduleList, query), placeholderData: keepPreviousData });

/** Every schedule the caller sees (of one organization when given), for the deliveries' filter. */
export const scheduleNamesQuery = (organization: number | undefined) =>
  queryOptions({ ...apiRows(S.scheduleList, { organization }), staleTime: 30_000 });

/** One schedule with its exceptions. */
export const scheduleQuery = (id: number | undefined) =>
  queryOptions({ ...apiQuery(S.scheduleGet, { params: { id: id ?? 0 } }), enabled: id !== undefined });

/** The groups and profiles a schedule of the organization may name. */
export const scheduleChoicesQuery = (organization: number | undefined, enabled = true) =>
  queryOptions({
    ...apiQuery(S.scheduleChoices, { query: { organization } }),
    enabled,
    staleTime: 60_000,
  });

/** Whose month the calendar shows: a schedule's group, or one device under every schedule covering it. */
export type CalendarTarget = { group: number; device?: undefined } | { device: number; group?: undefined };

/** A month's nights (YYYY-MM) of a group or a device: each night's winning schedule and profile. */
export const calendarQuery = (target: CalendarTarget, month: string) =>
  queryOptions({
    ...apiQuery(S.scheduleCalendar, { query: { ...target, month } }),
    placeholderData: keepPreviousData,
  });

/** Up to 50 of the organization's devices whose RMS ID holds `text`, for the calendar's device picker. */
export const calendarDevicesQuery = (organization: number | undefined, text: string) =>
  queryOptions({
    ...apiQuery(S.scheduleChoices, { query: { organization, device: text || undefined } }),
    staleTime: 30_000,
    placeholderData: keepPreviousData,
  });

export const conflictsQuery = (query: {
  organization?: number;
  from?: string;
  to?: string;
  page: number;
  page_size: number;
}) => queryOptions({ ...apiQuery(S.scheduleConflicts, { query }), placeholderData: keepPreviousData });

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

/** Enables or disables a schedule. */
export function useSetScheduleEnabled() {
  return useInvalidatingMutation(
    ({ id, enabled }: { id: number; enabled: boolean }) =>
      api(enabled ? S.scheduleEnable : S.scheduleDisable, { params: { id } }),
    RELOADS,
  );
}

/** Adds an exception, or changes one when `exception` is given. */
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
