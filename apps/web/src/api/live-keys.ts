import type { Query, QueryFilters, QueryKey } from '@tanstack/react-query';
import { dashboardApi as D } from '@rms/contracts/api/dashboard';
import { GRAPH_API, monitoringApi as M } from '@rms/contracts/api/monitoring';
import { notificationApi as N } from '@rms/contracts/api/notifications';
import { parameterApi as P } from '@rms/contracts/api/parameters';
import type { Endpoint } from '@rms/contracts/endpoint';
import { endpointKey } from './queries';

// What the live channel (api/live.ts) refreshes. The screens key their queries with endpointKey
// ([area, method, path, input], api/queries.ts) and know nothing of the channel; here each kind of news
// names the endpoints whose answers it changes, so an event invalidates (or patches) exactly those:
//
//   liveQueries.device(id)   one device's screens: /analysis (live report, MPPT, alarm status,
//                              harvest chart, load status) and its graphs, the calls with ?device=id;
//                              every event about the device, at once
//   liveKeys.liveReport(id)  its live report; `live` events patch this one in place (status, last
//                              update, readings) before its reload
//   liveKeys.parameterSetting(id)  its parameter settings, which show their command's progress:
//                              its parameter and bulk parameter commands' events
//   liveQueries.alarms       alarm lists (/alarms-view, the dashboard's Alarms panel) and the counts by
//                              severity (those and a device's, the map's): `alarm` events
//   liveQueries.fleet        fleet-wide views (map, device report, the dashboard's summary, inventory
//                              and harvest): `live` events at most every 15 s; a screen of many devices
//                              (the map) may rather patch its own data from subscribeLiveEvents()
//   liveKeys.unread          the bell's unread count: `notification` events set it in place
//   liveKeys.notifications   the person's notification list: `notification` events
//   liveQueries.all          every monitoring and dashboard panel query, and the bell's: after the
//                              channel reopens
//
// Ids are the devices' inventory ids (numbers), as the server's events carry them.

const DEVICE_ENDPOINTS: readonly Endpoint[] = [
  M.liveReport,
  M.mppt,
  M.alarmStatus,
  M.harvest,
  M.loadStatus,
  ...Object.values(GRAPH_API),
];
const ALARM_ENDPOINTS: readonly Endpoint[] = [M.alarms, M.alarmCounts, D.alarms];
const FLEET_ENDPOINTS: readonly Endpoint[] = [
  M.deviceReport,
  M.map,
  M.compactMap,
  D.summary,
  D.inventory,
  D.harvest,
];
const DASHBOARD_ENDPOINTS: readonly Endpoint[] = Object.values(D);
const MONITORING = M.liveReport.area;

/** Whether the query is a call of one of the endpoints. */
const callOf = (key: QueryKey, endpoints: readonly Endpoint[]) =>
  endpoints.some((e) => key[0] === e.area && key[1] === e.method && key[2] === e.path);

/** The device a call asks about (?device=), if any. */
const deviceOf = (key: QueryKey) => (key[3] as { query?: { device?: unknown } } | null)?.query?.device;

const matching = (test: (key: QueryKey) => boolean): QueryFilters => ({
  predicate: (query: Query) => test(query.queryKey),
});

export const liveKeys = {
  liveReport: (id: number) => endpointKey(M.liveReport, { query: { device: id } }),
  parameterSetting: (id: number) => endpointKey(P.setting, { query: { device: id } }),
  unread: endpointKey(N.unread, {}),
  /** The start of every key of the person's notification list. */
  notifications: [N.list.area, N.list.method, N.list.path] as const,
  /** The start of every alarms-view list's key. */
  alarms: [M.alarms.area, M.alarms.method, M.alarms.path] as const,
};

export const liveQueries = {
  all: matching(
    (key) => key[0] === MONITORING || callOf(key, DASHBOARD_ENDPOINTS) || callOf(key, [N.list, N.unread]),
  ),
  device: (id: number) => matching((key) => callOf(key, DEVICE_ENDPOINTS) && deviceOf(key) === id),
  alarms: matching((key) => callOf(key, ALARM_ENDPOINTS)),
  fleet: matching((key) => callOf(key, FLEET_ENDPOINTS)),
};
