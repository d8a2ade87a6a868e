import { queryOptions } from '@tanstack/react-query';
import { monitoringApi as M } from '@rms/contracts/api/monitoring';
import { workOrderApi as W } from '@rms/contracts/api/work-orders';
import type { WorkOrderTransition, WorkOrderUpdateBody } from '@rms/contracts/work-orders';
import { api } from '../../api/client';
import { downloadEndpointFile } from '../../api/download';
import { apiQuery, useInvalidatingMutation } from '../../api/queries';

// The work orders' calls (docs/work-orders.md), declared in contracts (api/work-orders.ts). A change
// reloads the work orders and the alarms (finishing may clear alarms).

export const workOrderQuery = (id: number) => queryOptions(apiQuery(W.get, { params: { id } }));

export type WorkOrderAction =
  | { type: WorkOrderTransition; note?: string }
  | { type: 'update'; body: WorkOrderUpdateBody }
  | { type: 'note'; text: string }
  | { type: 'add-photo'; file_name: string }
  | { type: 'remove-photo'; photo: number };

export function useWorkOrderAction(id: number) {
  return useInvalidatingMutation(
    (a: WorkOrderAction) => {
      const params = { id };
      switch (a.type) {
        case 'update':
          return api(W.update, { params, body: a.body });
        case 'note':
          return api(W.note, { params, body: { text: a.text } });
        case 'add-photo':
          return api(W.addPhoto, { params, body: { file_name: a.file_name } });
        case 'remove-photo':
          return api(W.removePhoto, { params: { id, photo: a.photo } });
        default:
          return api(W[a.type], { params, body: a.note ? { note: a.note } : {} });
      }
    },
    [W.get.area, M.alarms.area],
    { silent: true },
  );
}

/** Downloads the report as a file (CSV or xlsx) with the session's token. */
export function downloadReport(query: { from: string; to: string; format: 'csv' | 'xlsx' }) {
  return downloadEndpointFile(W.reportExport, query, `work-orders-${query.from}-${query.to}.${query.format}`);
}
