import { z } from 'zod';
import { numberFromText, queryId } from './fields';
import { alarmRow, harvestRange } from './monitoring';

// The dashboard's device panels (spec 01 §2 "Dashboard", §3, §7): device summary (ours,
// `dashboard/summary/`), inventory counts (`admin_settings/dashboard_inventory/`), alarms
// (`admin_settings/alarms/`) and the fleet's energy harvest (`admin_settings/harvest_report/`).
// Company counts live with organizations.

export const summaryQuery = z.object({
  project: z.string().trim().max(200).optional(),
  state: queryId.optional(),
  city: queryId.optional(),
});
/** The caller's activated devices by status; never_reported: no sample yet. */
export const deviceSummary = z.object({
  total: z.number().int(),
  online: z.number().int(),
  offline: z.number().int(),
  on_error: z.number().int(),
  never_reported: z.number().int(),
});

/** Active inventory rows in scope. */
export const inventoryCounts = z.object({
  stlts: z.number().int(),
  poles: z.number().int(),
  rms: z.number().int(),
});

export const inventoryQuery = z.object({ pagination: z.enum(['true', 'false']).optional() });

/**
 * The alarm tabs (spec 01 §4): today (is_today=true), unresolved (is_solve=false), resolved
 * (is_solve=true); newest fault first, at most 5.
 */
export const DASHBOARD_ALARM_LIMIT = 5;
const flag = z.enum(['true', 'false']);
export const dashboardAlarmQuery = z.object({
  page_size: numberFromText(z.number().int().min(1).max(DASHBOARD_ALARM_LIMIT)).default(
    DASHBOARD_ALARM_LIMIT,
  ),
  is_today: flag.optional(),
  is_solve: flag.optional(),
});
export type DashboardAlarmQuery = z.infer<typeof dashboardAlarmQuery>;
/** An alarm with the device's model and the city of its active activation (spec 01 §3). */
export const dashboardAlarm = alarmRow.extend({
  device_data: z.object({ id: z.number().int(), device_id: z.string(), model: z.string() }),
  activation_data: z.object({ city_data: z.object({ name: z.string() }) }).nullable(),
});
export type DashboardAlarm = z.infer<typeof dashboardAlarm>;
export const dashboardAlarmList = z.object({ results: z.array(dashboardAlarm) });

/** GET admin_settings/harvest_report/: the fleet the caller sees, harvest (Wh) per local day. */
export const fleetHarvestQuery = harvestRange;
export type DeviceSummary = z.infer<typeof deviceSummary>;
export type InventoryCounts = z.infer<typeof inventoryCounts>;
