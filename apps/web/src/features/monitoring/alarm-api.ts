import { queryOptions } from '@tanstack/react-query';
import { dashboardApi as D } from '@rms/contracts/api/dashboard';
import { monitoringApi as M } from '@rms/contracts/api/monitoring';
import { MESSAGES } from '@rms/contracts/messages';
import { api } from '../../api/client';
import { ApiError } from '../../api/errors';
import { apiQuery, useInvalidatingMutation } from '../../api/queries';

// The alarm workflow's calls (docs/operations.md "Alarms"), declared in contracts (api/monitoring.ts).
// Every action reloads the monitoring area (the alarms view, counts, a device's alarms, the map) and the
// dashboard (its alarm tabs).

export const alarmDetailQuery = (id: number) => queryOptions(apiQuery(M.alarm, { params: { id } }));

export const alarmAssigneesQuery = (ids: readonly number[]) =>
  queryOptions({ ...apiQuery(M.alarmAssignees, { query: { ids: ids.join(',') } }), staleTime: 60_000 });

/** One action on a selection of alarms (one alarm is a selection of one). */
export type AlarmActionInput =
  | { action: 'acknowledge'; ids: number[] }
  | { action: 'assign'; ids: number[]; assignee: number | null }
  | { action: 'comment'; ids: number[]; text: string }
  | { action: 'clear'; ids: number[]; note?: string };

function callAction(input: AlarmActionInput) {
  switch (input.action) {
    case 'acknowledge':
      return api(M.alarmsAcknowledge, { body: { ids: input.ids } });
    case 'assign':
      return api(M.alarmsAssign, { body: { ids: input.ids, assignee: input.assignee } });
    case 'comment':
      return api(M.alarmsComment, { body: { ids: input.ids, text: input.text } });
    case 'clear':
      return api(M.alarmsClear, { body: { ids: input.ids, ...(input.note && { note: input.note }) } });
  }
}

/** Acknowledge, assign, comment or clear; the screen shows a refusal itself (alarmFailure). */
export function useAlarmAction() {
  return useInvalidatingMutation(callAction, [M.alarms.area, D.alarms.area], { silent: true });
}

/** What to tell the user when an action is refused: the server's detail ("Alarm not found", ...). */
export function alarmFailure(error: unknown): string {
  return error instanceof ApiError ? error.detail : MESSAGES.somethingWrong;
}
