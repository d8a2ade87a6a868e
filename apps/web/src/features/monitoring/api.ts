import { keepPreviousData, queryOptions, useQueryClient } from '@tanstack/react-query';
import { activationApi as A } from '@rms/contracts/api/activations';
import { monitoringApi as M } from '@rms/contracts/api/monitoring';
import type { LoadStatusRow } from '@rms/contracts/monitoring';
import type { AlarmSeverity } from '@rms/contracts/telemetry';
import { api } from '../../api/client';
import { apiPage, apiQuery, endpointKey, useInvalidatingMutation } from '../../api/queries';
import type { MonthRangeDays } from '../../lib/month-range';

// The monitoring screens' calls (spec 02 §7, spec 01 §7), declared in contracts (api/monitoring.ts).
// The live channel refreshes a device's queries through their endpoints (api/live-keys.ts).

/** Activated devices matching a query (device ID, model, project), for the device pickers. */
export const deviceSearchQuery = (query: string) =>
  queryOptions({
    ...apiPage(A.devices, { query: query || undefined, page_size: 20 }),
    placeholderData: keepPreviousData,
    staleTime: 30_000,
  });

export const liveReportQuery = (device: number) =>
  queryOptions(apiQuery(M.liveReport, { query: { device } }));

export const mpptQuery = (device: number) => queryOptions(apiQuery(M.mppt, { query: { device } }));

export const alarmStatusQuery = (device: number) =>
  queryOptions(apiQuery(M.alarmStatus, { query: { device } }));

export const deviceHarvestQuery = (device: number, range: MonthRangeDays) =>
  queryOptions({
    ...apiQuery(M.harvest, { query: { device, ...range, pagination: 'false' } }),
    placeholderData: keepPreviousData,
  });

const PENDING = new Set(['pending', 'sent']);
/** Whether the load command is still on its way to the device. */
export const commandInFlight = (row: LoadStatusRow | undefined) =>
  !!row?.command && PENDING.has(row.command.status);

export const loadStatusQuery = (device: number) =>
  queryOptions({
    ...apiQuery(M.loadStatus, { query: { device, pagination: 'false' } }),
    // While the command is pending or sent, ask again every few seconds until the device answers.
    refetchInterval: (query) => (commandInFlight(query.state.data?.[0]) ? 3000 : false),
  });

/** Spec 02 §4: no record → create with lo_sts 1; otherwise flip 0 and 1. Reload afterwards. */
export function useToggleLoad(device: number) {
  const client = useQueryClient();
  return useInvalidatingMutation(
    async (row: LoadStatusRow | undefined) => {
      try {
        return await (row
          ? api(M.loadStatusUpdate, { body: { id: row.id, device, lo_sts: row.lo_sts === 1 ? 0 : 1 } })
          : api(M.loadStatusCreate, { body: { device, lo_sts: 1 } }));
      } catch (error) {
        // Refused (another console made or switched the record meanwhile): show the record as it is.
        void client.invalidateQueries({ queryKey: endpointKey(M.loadStatus, { query: { device } }) });
        throw error;
      }
    },
    [M.loadStatus.area],
  );
}

export interface AlarmFilters {
  is_solve?: 'true' | 'false' | undefined;
  device?: number | undefined;
  severity?: AlarmSeverity | undefined;
  acknowledged?: 'true' | 'false' | undefined;
  assigned?: 'me' | undefined;
}
export const alarmListQuery = (params: { page: number; pageSize: number } & AlarmFilters) =>
  queryOptions({
    ...apiPage(M.alarms, {
      page: params.page,
      page_size: params.pageSize,
      is_solve: params.is_solve,
      device: params.device,
      severity: params.severity,
      acknowledged: params.acknowledged,
      assigned: params.assigned,
    }),
    placeholderData: keepPreviousData,
  });
