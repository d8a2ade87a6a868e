import { z } from 'zod';
import {
  alarmAssignBody,
  alarmAssigneesQuery,
  alarmClearBody,
  alarmCommentBody,
  alarmCounts,
  alarmCountsQuery,
  alarmDetail,
  alarmListRow,
  alarmParams,
  alarmPerson,
  alarmSelectionAssignBody,
  alarmSelectionBody,
  alarmSelectionClearBody,
  alarmSelectionCommentBody,
  alarmSelectionResult,
} from '../alarms';
import { listResponse } from '../common';
import { endpoint } from '../endpoint';
import {
  alarmListQuery,
  alarmStatusRow,
  deviceQuery,
  deviceReportPage,
  deviceReportQuery,
  graphPoints,
  graphQuery,
  harvestPoint,
  harvestQuery,
  liveReport,
  loadStatusCreateBody,
  loadStatusQuery,
  loadStatusRow,
  loadStatusUpdateBody,
  mapQuery,
  mapResponse,
  compactMap,
  mapMarker,
  mapMarkerParams,
  mpptDay,
  reportExport,
  reportExportBody,
  reportExportList,
  reportExportParams,
  reportExportWaitQuery,
  reportFile,
  type GraphKind,
} from '../monitoring';
import { allOf, anyOf, SIGNED_IN } from '../permissions';
import { accessOf } from '../routes';

// The monitoring area (spec 02 §2 "Monitoring", §3, §4, §7): device analysis (/analysis), the alarms
// view, load status, the graphs, the device report with its CSV export, and the map. Each narrows the
// devices the caller sees to their organization (the provider sees all).

const area = 'monitoring';
const ANALYSIS = accessOf('/analysis');
const REPORT = accessOf('/device-report');
// Reading the load status follows /analysis (any signed-in user, within their organization). Switching
// a light is a command to the device, like inspection force on/off: it takes DEVICE_ACTIVATION.
const SWITCH = anyOf('DEVICE_ACTIVATION');
const LOAD_STATUS = '/monitoring/load_status/';
const EXPORTS = '/monitoring/device_report/export/';
const savedLoadStatus = loadStatusRow.extend({ detail: z.string() });
// The alarm workflow: reading follows the alarms view; every change takes HANDLE_ALARMS, with the
// alarms view's VIEW_DEVICE_DATA (an action answers the alarm it changed). An alarm of a device the
// caller cannot see answers 404, as if it did not exist.
const ALARMS = '/monitoring/alarms/';
const ALARMS_VIEW = accessOf('/alarms-view');
const HANDLE = allOf('HANDLE_ALARMS', 'VIEW_DEVICE_DATA');

/** One action on one alarm (POST .../alarms/{id}/<action>/) and on a selection (POST .../alarms/<action>/). */
function alarmAction<B extends z.ZodType, S extends z.ZodType>(
  action: string,
  what: string,
  body: B,
  selectionBody: S,
) {
  return {
    one: endpoint({
      area,
      method: 'POST',
      path: `${ALARMS}:id/${action}/`,
      access: HANDLE,
      summary: `${what} one alarm; answers the alarm with its timeline`,
      params: alarmParams,
      body,
      response: alarmDetail,
    }),
    selection: endpoint({
      area,
      method: 'POST',
      path: `${ALARMS}${action}/`,
      access: HANDLE,
      summary: `${what} a selection of alarms (\`ids\`, at most 100): all or nothing, one unknown id changes none (404)`,
      body: selectionBody,
      response: alarmSelectionResult,
    }),
  };
}
const acknowledge = {
  // Acknowledging says nothing more than who and when: no body.
  one: endpoint({
    area,
    method: 'POST',
    path: `${ALARMS}:id/acknowledge/`,
    access: HANDLE,
    summary: 'Acknowledge one alarm; answers the alarm with its timeline',
    params: alarmParams,
    response: alarmDetail,
  }),
  selection: alarmAction('acknowledge', 'Acknowledge', z.object({}), alarmSelectionBody).selection,
};
const assign = alarmAction(
  'assign',
  'Assign (or, with null, unassign)',
  alarmAssignBody,
  alarmSelectionAssignBody,
);
const comment = alarmAction('comment', 'Comment on', alarmCommentBody, alarmSelectionCommentBody);
const clear = alarmAction(
  'clear',
  'Clear by hand (a device still in the faulty state raises a new alarm with its next report)',
  alarmClearBody,
  alarmSelectionClearBody,
);

/** One graph tab's endpoint: the four differ only in their path (and the series the console draws). */
const graph = (kind: GraphKind) =>
  endpoint({
    area,
    method: 'GET',
    path: `/monitoring/graph/${kind}/`,
    access: accessOf('/graph-view'),
    summary: `Graph points of one device for the ${kind} tab (local days; long ranges reduced to about \`points\` rows keeping each bucket's min and max)`,
    query: graphQuery,
    response: graphPoints,
  });

export const monitoringApi = {
  liveReport: endpoint({
    area,
    method: 'GET',
    path: '/monitoring/live_report/',
    access: ANALYSIS,
    summary: "The device's live report: newest sample, activation, parameters, today's load times",
    query: deviceQuery,
    response: liveReport,
  }),
  mppt: endpoint({
    area,
    method: 'GET',
    path: '/monitoring/mppt_efficiency/',
    access: ANALYSIS,
    summary: 'MPPT efficiency per local day over the last 7 days (mean of daytime samples), oldest first',
    query: deviceQuery,
    response: z.array(mpptDay),
  }),
  alarmStatus: endpoint({
    area,
    method: 'GET',
    path: '/monitoring/alarm_status/',
    access: ANALYSIS,
    summary: "The device's newest alarms (at most 20)",
    query: deviceQuery,
    response: z.array(alarmStatusRow),
  }),
  harvest: endpoint({
    area,
    method: 'GET',
    path: '/monitoring/harvest/',
    access: ANALYSIS,
    summary: 'Energy harvest per local day (Wh) of a device, or of every device the caller sees',
    query: harvestQuery,
    response: z.array(harvestPoint),
  }),
  alarms: endpoint({
    area,
    method: 'GET',
    path: ALARMS,
    access: ALARMS_VIEW,
    summary:
      'Alarms of the devices the caller sees: active unacknowledged first, then by severity, newest fault first (is_solve: resolved or not; severity, acknowledged, assigned=me)',
    query: alarmListQuery,
    response: listResponse(alarmListRow),
  }),
  alarmCounts: endpoint({
    area,
    method: 'GET',
    path: `${ALARMS}counts/`,
    access: SIGNED_IN,
    summary:
      'Active alarms by severity and the unacknowledged among them, of the devices the caller sees (or of one device)',
    query: alarmCountsQuery,
    response: alarmCounts,
  }),
  alarmAssignees: endpoint({
    area,
    method: 'GET',
    path: `${ALARMS}assignees/`,
    access: HANDLE,
    summary:
      "The people every one of the alarms may be assigned to: active users of the devices' organization and of the provider",
    query: alarmAssigneesQuery,
    response: z.array(alarmPerson),
  }),
  alarm: endpoint({
    area,
    method: 'GET',
    path: `${ALARMS}:id/`,
    access: ALARMS_VIEW,
    summary: 'One alarm with its timeline (oldest first) and its comments',
    params: alarmParams,
    response: alarmDetail,
  }),
  alarmAcknowledge: acknowledge.one,
  alarmsAcknowledge: acknowledge.selection,
  alarmAssign: assign.one,
  alarmsAssign: assign.selection,
  alarmComment: comment.one,
  alarmsComment: comment.selection,
  alarmClear: clear.one,
  alarmsClear: clear.selection,
  loadStatus: endpoint({
    area,
    method: 'GET',
    path: LOAD_STATUS,
    access: SIGNED_IN,
    summary: "The device's load status record (none, or one) with its command's progress",
    query: loadStatusQuery,
    response: z.array(loadStatusRow),
  }),
  loadStatusCreate: endpoint({
    area,
    method: 'POST',
    path: LOAD_STATUS,
    access: SWITCH,
    summary: 'Create the load status record (switch on/off) and send the load command',
    body: loadStatusCreateBody,
    response: savedLoadStatus,
    status: 201,
  }),
  loadStatusUpdate: endpoint({
    area,
    method: 'PUT',
    path: LOAD_STATUS,
    access: SWITCH,
    summary: 'Switch the load on/off (lo_sts 1/0) and send the load command',
    body: loadStatusUpdateBody,
    response: savedLoadStatus,
  }),
  graphPower: graph('power'),
  graphBattery: graph('battery'),
  graphSolar: graph('solar'),
  graphLoad: graph('load'),
  // The export runs as a job: POST starts it, GET follows its progress; the spec's
  // GET ...?export_csv=true runs the same job and answers when the file is stored.
  deviceReport: endpoint({
    area,
    method: 'GET',
    path: '/monitoring/device_report/',
    access: REPORT,
    summary:
      'Report rows (samples) of the devices the caller sees matching the filters, newest first; export_csv=true stores them all as CSV and answers its link',
    query: deviceReportQuery,
    response: z.union([deviceReportPage, reportFile]),
  }),
  startExport: endpoint({
    area,
    method: 'POST',
    path: EXPORTS,
    access: REPORT,
    summary:
      'Start a CSV export of every report row matching the filters, as a job: answers it at once (202); follow it with GET .../export/{id}/',
    body: reportExportBody,
    response: reportExport,
    status: 202,
  }),
  reportExports: endpoint({
    area,
    method: 'GET',
    path: EXPORTS,
    access: REPORT,
    summary: "The caller's newest CSV exports still kept (REPORT_RETENTION_HOURS), newest first, at most 10",
    response: reportExportList,
  }),
  reportExport: endpoint({
    area,
    method: 'GET',
    path: `${EXPORTS}:id/`,
    access: REPORT,
    summary:
      "One of the caller's CSV exports: its status, rows written of the total and, once done, the file's link; wait=true answers when it next moves on (at most 2 s)",
    params: reportExportParams,
    query: reportExportWaitQuery,
    response: reportExport,
  }),
  map: endpoint({
    area,
    method: 'GET',
    path: '/monitoring/map/',
    access: accessOf('/map-view'),
    summary:
      'Markers of every activated device with coordinates the caller sees (activation filters), with the centre and tile source',
    query: mapQuery,
    response: mapResponse,
  }),
  compactMap: endpoint({
    area,
    method: 'GET',
    path: '/monitoring/map/compact/',
    access: accessOf('/map-view'),
    summary:
      "The map's devices as columns (ids, positions, statuses), for the console's map; ETag: 304 while no device changed status and no activation changed",
    query: mapQuery,
    response: compactMap,
  }),
  mapMarker: endpoint({
    area,
    method: 'GET',
    path: '/monitoring/map/:device/',
    access: accessOf('/map-view'),
    summary: "One device's marker (RMS ID, signal, status, last sample), shown when it is hovered",
    params: mapMarkerParams,
    response: mapMarker,
  }),
};

/** The graph endpoint of each tab. */
export const GRAPH_API: Record<GraphKind, ReturnType<typeof graph>> = {
  power: monitoringApi.graphPower,
  battery: monitoringApi.graphBattery,
  solar: monitoringApi.graphSolar,
  load: monitoringApi.graphLoad,
};
