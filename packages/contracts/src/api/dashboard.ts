import { z } from 'zod';
import {
  dashboardAlarmList,
  dashboardAlarmQuery,
  deviceSummary,
  fleetHarvestQuery,
  inventoryCounts,
  inventoryQuery,
  summaryQuery,
} from '../dashboard';
import { endpoint } from '../endpoint';
import { harvestPoint } from '../monitoring';
import { accessOf } from '../routes';

// The dashboard (spec 01 §2): the spec's paths (§7) for inventory counts, alarm tabs and the fleet's
// energy harvest; the device summary is ours. Company counts are `admin_settings/dashboard_companies/`
// (organizations).

const area = 'dashboard';
const DASHBOARD = accessOf('/');

export const dashboardApi = {
  summary: endpoint({
    area,
    method: 'GET',
    path: '/dashboard/summary/',
    access: DASHBOARD,
    summary: "The caller's activated devices by status (project, state, city filters)",
    query: summaryQuery,
    response: deviceSummary,
  }),
  inventory: endpoint({
    area,
    method: 'GET',
    path: '/admin_settings/dashboard_inventory/',
    access: DASHBOARD,
    summary: 'Active STLT, pole and RMS counts the caller sees',
    query: inventoryQuery,
    response: inventoryCounts,
  }),
  alarms: endpoint({
    area,
    method: 'GET',
    path: '/admin_settings/alarms/',
    access: DASHBOARD,
    summary: "The newest alarms (page_size ≤ 5): today's (is_today=true), unresolved or resolved (is_solve)",
    query: dashboardAlarmQuery,
    response: dashboardAlarmList,
  }),
  harvest: endpoint({
    area,
    method: 'GET',
    path: '/admin_settings/harvest_report/',
    access: DASHBOARD,
    summary: 'Energy harvest per local day (Wh) of every device the caller sees',
    query: fleetHarvestQuery,
    response: z.array(harvestPoint),
  }),
};
