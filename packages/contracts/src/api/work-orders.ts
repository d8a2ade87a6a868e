import { z } from 'zod';
import { alarmPerson } from '../alarms';
import { listResponse } from '../common';
import { endpoint } from '../endpoint';
import { allOf } from '../permissions';
import { accessOf } from '../routes';
import {
  workOrderAssigneesQuery,
  workOrderCreateBody,
  workOrderDetail,
  workOrderDraft,
  workOrderDraftQuery,
  workOrderListQuery,
  workOrderNoteBody,
  workOrderParams,
  workOrderPhotoBody,
  workOrderPhotoParams,
  workOrderReportExportQuery,
  workOrderReportQuery,
  workOrderReportRow,
  workOrderRow,
  workOrderTransitionBody,
  workOrderUpdateBody,
  type WorkOrderTransition,
} from '../work-orders';

// Work orders (docs/work-orders.md). Reading follows the work orders screen (VIEW_DEVICE_DATA: an order
// shows its alarms); every change takes MANAGE_WORK_ORDERS with VIEW_DEVICE_DATA (a change answers the
// order with its alarms, the draft any alarm named), as the alarm actions take HANDLE_ALARMS with it. An
// order (or an alarm) of another organization answers 404, as if it did not exist.

const area = 'work-orders';
const BASE = '/work-orders/';
const READ = accessOf('/work-orders');
const REPORT = accessOf('/work-orders-report');
const MANAGE = allOf('MANAGE_WORK_ORDERS', 'VIEW_DEVICE_DATA');

const transition = (action: WorkOrderTransition, summary: string) =>
  endpoint({
    area,
    method: 'POST',
    path: `${BASE}:id/${action}/`,
    access: MANAGE,
    summary,
    params: workOrderParams,
    body: workOrderTransitionBody,
    response: workOrderDetail,
  });

export const workOrderApi = {
  list: endpoint({
    area,
    method: 'GET',
    path: BASE,
    access: READ,
    summary:
      'Work orders the caller sees, open and overdue first, then newest (status, assignee=me, overdue=true, organization, alarm)',
    query: workOrderListQuery,
    response: listResponse(workOrderRow),
  }),
  create: endpoint({
    area,
    method: 'POST',
    path: BASE,
    access: MANAGE,
    summary:
      'Create a work order from alarms of one organization (at most 100, none cleared, none in another open order); due after the most urgent SLA among them',
    body: workOrderCreateBody,
    response: workOrderDetail,
    status: 201,
  }),
  draft: endpoint({
    area,
    method: 'GET',
    path: `${BASE}draft/`,
    access: MANAGE,
    summary: 'What a work order made from these alarms would be: organization, SLA, due time, assignees',
    query: workOrderDraftQuery,
    response: workOrderDraft,
  }),
  assignees: endpoint({
    area,
    method: 'GET',
    path: `${BASE}assignees/`,
    access: MANAGE,
    summary: "The people an organization's work orders may be given to",
    query: workOrderAssigneesQuery,
    response: z.array(alarmPerson),
  }),
  report: endpoint({
    area,
    method: 'GET',
    path: `${BASE}report/`,
    access: REPORT,
    summary:
      'Per organization and local month: alarms, time to acknowledge and to repair (mean, median, hours), work orders done and SLA met %',
    query: workOrderReportQuery,
    response: z.array(workOrderReportRow),
  }),
  reportExport: endpoint({
    area,
    method: 'GET',
    path: `${BASE}report/export/`,
    access: REPORT,
    summary: 'The report as a file: format=csv or xlsx',
    query: workOrderReportExportQuery,
  }),
  get: endpoint({
    area,
    method: 'GET',
    path: `${BASE}:id/`,
    access: READ,
    summary: 'One work order with its alarms, timeline and photos',
    params: workOrderParams,
    response: workOrderDetail,
  }),
  update: endpoint({
    area,
    method: 'PUT',
    path: `${BASE}:id/`,
    access: MANAGE,
    summary: 'Change title, description, assignee or due time (a field left out is unchanged)',
    params: workOrderParams,
    body: workOrderUpdateBody,
    response: workOrderDetail,
  }),
  start: transition('start', 'Start an open work order (in progress)'),
  finish: transition(
    'finish',
    'Finish a work order: done; its alarms clear now where the device is healthy, else at its next healthy report',
  ),
  cancel: transition('cancel', 'Cancel an open or in-progress work order: its alarms are free again'),
  reopen: transition('reopen', 'Reopen a done or cancelled work order (open again)'),
  note: endpoint({
    area,
    method: 'POST',
    path: `${BASE}:id/notes/`,
    access: MANAGE,
    summary: "Add a note to the work order's timeline",
    params: workOrderParams,
    body: workOrderNoteBody,
    response: workOrderDetail,
  }),
  addPhoto: endpoint({
    area,
    method: 'POST',
    path: `${BASE}:id/photos/`,
    access: MANAGE,
    summary: 'Attach an uploaded image (uploads/presign with file_type=image) to the work order',
    params: workOrderParams,
    body: workOrderPhotoBody,
    response: workOrderDetail,
    status: 201,
  }),
  removePhoto: endpoint({
    area,
    method: 'DELETE',
    path: `${BASE}:id/photos/:photo/`,
    access: MANAGE,
    summary: 'Remove a photo from the work order',
    params: workOrderPhotoParams,
    response: workOrderDetail,
  }),
};
