import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { activationApi as A } from '@rms/contracts/api/activations';
import type { Paged } from '@rms/contracts/common';
import type { AlarmRow, AlarmStatusRow, LiveReport, LoadStatusRow } from '@rms/contracts/monitoring';
import { get, post, put } from '../../api/client';
import type { HarvestPoint, MonthRangeDays } from '../../lib/month-range';
import { liveKeys } from '../../api/live-keys';
import { apiPage } from '../../api/queries';

// The monitoring screens' calls (spec 02 §7, spec 01 §7), typed from contracts.

/** Activated devices matching a query (device ID, model, project), for the device pickers. */
export const deviceSearchQuery = (query: string) =>
  queryOptions({
    ...apiPage(A.devices, { query: query || undefined, page_size: 20 }),
    placeholderData: keepPreviousData,
    staleTime: 30_000,
  });

export const liveReportQuery = (device: number) =>
  queryOptions({
    queryKey: liveKeys.liveReport(device),
    queryFn: ({ signal }) => get<LiveReport>('monitoring/live_report/', { query: { device }, signal }),
  });

export const mpptQuery = (device: number) =>
  queryOptions({
    queryKey: liveKeys.deviceWhat(device, 'mppt'),
    queryFn: ({ signal }) =>
      get<{ date: string; mppt: number | null }[]>('monitoring/mppt_efficiency/', {
        query: { device },
        signal,
      }),
  });

export const alarmStatusQuery = (device: number) =>
  queryOptions({
    queryKey: liveKeys.deviceWhat(device, 'alarm-status'),
    queryFn: ({ signal }) => get<AlarmStatusRow[]>('monitoring/alarm_status/', { query: { device }, signal }),
  });

export const deviceHarvestQuery = (device: number, range: MonthRangeDays) =>
  queryOptions({
    queryKey: liveKeys.deviceWhat(device, 'harvest', range),
    queryFn: ({ signal }) =>
      get<HarvestPoint[]>('monitoring/harvest/', {
        query: { device, ...range, pagination: false },
        signal,
      }),
    placeholderData: keepPreviousData,
  });

const PENDING = new Set(['pending', 'sent']);
/** Whether the load command is still on its way to the device. */
export const commandInFlight = (row: LoadStatusRow | undefined) =>
  !!row?.command && PENDING.has(row.command.status);

export const loadStatusQuery = (device: number) =>
  queryOptions({
    queryKey: liveKeys.loadStatus(device),
    queryFn: ({ signal }) =>
      get<LoadStatusRow[]>('monitoring/load_status/', { query: { device, pagination: false }, signal }),
    // While the command is pending or sent, ask again every few seconds until the device answers.
    refetchInterval: (query) => (commandInFlight(query.state.data?.[0]) ? 3000 : false),
  });

/** Spec 02 §4: no record → create with lo_sts 1; otherwise flip 0 and 1. Reload afterwards. */
export function useToggleLoad(device: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (row: LoadStatusRow | undefined) =>
      row
        ? put<LoadStatusRow & { detail: string }>('monitoring/load_status/', {
            id: row.id,
            device,
            lo_sts: row.lo_sts === 1 ? 0 : 1,
          })
        : post<LoadStatusRow & { detail: string }>('monitoring/load_status/', { device, lo_sts: 1 }),
    onSettled: () => client.invalidateQueries({ queryKey: liveKeys.loadStatus(device) }),
  });
}

export interface AlarmFilters {
  is_solve?: 'true' | 'false' | undefined;
  device?: number | undefined;
}
export const alarmListQuery = (params: { page: number; pageSize: number } & AlarmFilters) =>
  queryOptions({
    queryKey: liveKeys.alarmList('list', params),
    queryFn: ({ signal }) =>
      get<Paged<AlarmRow>>('monitoring/alarms/', {
        query: {
          page: params.page,
          page_size: params.pageSize,
          is_solve: params.is_solve,
          device: params.device,
        },
        signal,
      }),
    placeholderData: keepPreviousData,
  });
