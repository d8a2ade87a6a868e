import { z } from 'zod';
import { activationFilters } from './activations';
import { pagedList } from './common';
import { COMMAND_STATUSES } from './commands';
import {
  ID_RANGE_MESSAGE,
  idOf,
  isCalendarDay,
  MAX_ID,
  numberFromText,
  pageNumber,
  queryDay,
  queryId,
} from './fields';
import { ALARM_KINDS, ALARM_SEVERITIES, rejectSummary } from './telemetry';

// The monitoring area (spec 02 §2 "Monitoring", §3, §4, §7). Load status: the light's switch as the
// console sets it (spec 02 §4: On when lo_sts is 1; Off when 0, null or no record). Setting it records
// a `load` command; `command` says how far the device has got with it.

export const LOAD_STATUS_MESSAGES = {
  on: 'Load switched on',
  off: 'Load switched off',
  exists: 'This device already has a load status record: update it',
  notFound: 'Load status not found',
} as const;

const loSts = z.union([z.literal(0), z.literal(1)], { error: 'lo_sts is 0 (off) or 1 (on)' });

export const loadStatusQuery = z.object({
  device: queryId,
  pagination: z.enum(['true', 'false']).optional(),
});

export const loadStatusCreateBody = z.object({ device: idOf('device'), lo_sts: loSts });
export const loadStatusUpdateBody = loadStatusCreateBody.extend({ id: idOf('id') });

export const loadStatusRow = z.object({
  id: z.number().int(),
  device: z.number().int(),
  lo_sts: z.number().int().nullable(),
  updated_at: z.string(),
  /** The command that carries the latest change to the device. */
  command: z.object({ id: z.number().int(), status: z.enum(COMMAND_STATUSES) }).nullable(),
});
export type LoadStatusRow = z.infer<typeof loadStatusRow>;

// ---- Device analysis, alarms view, energy harvest (spec 02 §2 "Monitoring", §3, §5, §7, §9)

const deviceParam = queryId;
export const deviceQuery = z.object({ device: deviceParam });

/**
 * The device live report (spec 02 §3), from the device's newest sample and its active activation.
 * Null where nothing is known yet (no sample, no activation, no parameter version). Units: volts,
 * amperes, watts, percent; total_energy is the device's cumulative counter in Wh; load_power = lo_v × lo_i,
 * pv_power = pv_v × pv_i; full/half_brightness_hour are dim_1/dim_2 (hours) of the newest parameter set;
 * load_on_time/load_off_time the first/last sample of today (local) with the load on. device_phone is
 * always null: no MSISDN is linked to a device (a mapping pairs a SIM with nothing the device names).
 * `rejects` (not in the spec): the device's messages the server refused, how many and the last reason;
 * null when none ever was.
 */
export const liveReport = z.object({
  status: z.enum(['Online', 'Offline', 'On Error']).nullable(),
  stlt_id: z.string().nullable(),
  pole_id: z.string().nullable(),
  rms_id: z.string().nullable(),
  panel_id: z.string().nullable(),
  battery_id: z.string().nullable(),
  signal_strength: z.number().nullable(),
  telecom: z.string().nullable(),
  device_phone: z.string().nullable(),
  total_energy: z.number().nullable(),
  last_update: z.string().nullable(),
  load_power: z.number().nullable(),
  brightness_lvl: z.number().nullable(),
  full_brightness_hour: z.number().nullable(),
  half_brightness_hour: z.number().nullable(),
  load_voltage: z.number().nullable(),
  load_current: z.number().nullable(),
  load_on_time: z.string().nullable(),
  load_off_time: z.string().nullable(),
  voltage: z.number().nullable(),
  charging_current: z.number().nullable(),
  discharging_current: z.number().nullable(),
  state_of_charge: z.number().nullable(),
  pv_voltage: z.number().nullable(),
  pv_power: z.number().nullable(),
  pv_current: z.number().nullable(),
  mppt_efficiency: z.number().nullable(),
  rejects: rejectSummary,
});
export type LiveReport = z.infer<typeof liveReport>;

/** MPPT efficiency per local day over the last 7 days (daytime samples: pv_i > 0); null on a day without any. */
export const MPPT_DAYS = 7;
export const mpptDay = z.object({ date: z.string(), mppt: z.number().nullable() });

/** Spec 02 §4: Resolved when a resolution time exists, otherwise Unresolved. */
export const ALARM_STATUSES = ['Resolved', 'Unresolved'] as const;
export const ALARM_STATUS_LIMIT = 20;
export const alarmStatusRow = z.object({
  id: z.number().int(),
  /** ALARM_LABELS of the kind; a device fault adds its code: "Device fault (E12)". */
  fault_type: z.string(),
  fault_time: z.string(),
  resolution_time: z.string().nullable(),
  /** Resolved (cleared: by the device's data or by a person) or Unresolved (active). */
  status: z.enum(ALARM_STATUSES),
  kind: z.enum(ALARM_KINDS),
  severity: z.enum(ALARM_SEVERITIES),
  /** When someone acknowledged it; null while nobody has. */
  acknowledged_at: z.string().nullable(),
});
export type AlarmStatusRow = z.infer<typeof alarmStatusRow>;

export const alarmRow = alarmStatusRow.extend({
  device_data: z.object({ id: z.number().int(), device_id: z.string() }),
});
export type AlarmRow = z.infer<typeof alarmRow>;

export const alarmListQuery = z.object({
  page: pageNumber.default(1),
  page_size: numberFromText(z.number().int().min(1).max(2500)).default(20),
  pagination: z.enum(['true', 'false']).optional(),
  /** true: resolved only; false: unresolved only; absent: both. */
  is_solve: z.enum(['true', 'false']).optional(),
  device: deviceParam.optional(),
  severity: z
    .enum(ALARM_SEVERITIES, { error: `severity is one of ${ALARM_SEVERITIES.join(', ')}` })
    .optional(),
  /** true: acknowledged only; false: not acknowledged only. */
  acknowledged: z.enum(['true', 'false'], { error: 'acknowledged is true or false' }).optional(),
  /** me: assigned to the caller. */
  assigned: z.enum(['me'], { error: 'assigned is me' }).optional(),
});

export const HARVEST_MESSAGES = {
  endBeforeStart: 'End date cannot be before the start date',
  tooLong: 'End date cannot be more than 12 months after the start month',
  /** The console's month picker: no harvest exists yet for a month after the current one. */
  startInFuture: 'Start month cannot be after the current month',
} as const;
export const HARVEST_MAX_MONTHS = 12;

const isoDay = queryDay;

/** The last day allowed for a harvest range: the end of the month 12 months after the start's month. */
export function harvestLastDay(start: string): string {
  const [y, m] = start.split('-').map(Number) as [number, number];
  const last = new Date(Date.UTC(y, m - 1 + HARVEST_MAX_MONTHS + 1, 0));
  return last.toISOString().slice(0, 10);
}

const harvestFields = {
  start_date: isoDay('start_date'),
  end_date: isoDay('end_date'),
  pagination: z.enum(['true', 'false']).optional(),
};
const harvestRule = (q: { start_date: string; end_date: string }, ctx: z.RefinementCtx) => {
  // Runs even when a field failed (zod reports every issue at once): only real days are compared.
  if (!isCalendarDay(q.start_date) || !isCalendarDay(q.end_date)) return;
  if (q.end_date < q.start_date)
    ctx.addIssue({ code: 'custom', path: ['end_date'], message: HARVEST_MESSAGES.endBeforeStart });
  else if (q.end_date > harvestLastDay(q.start_date))
    ctx.addIssue({ code: 'custom', path: ['end_date'], message: HARVEST_MESSAGES.tooLong });
};
/** A harvest date range (spec 02 §9): the end no more than 12 months after the end of the start month. */
export const harvestRange = z.object(harvestFields).superRefine(harvestRule);

/** Energy harvest (spec 02 §5, §9): without `device`, the fleet the caller sees, summed per day. */
export const harvestQuery = z
  .object({ device: deviceParam.optional(), ...harvestFields })
  .superRefine(harvestRule);
/** One local day: harvest in Wh (0 for a day without data). */
export const harvestPoint = z.object({ date: z.string(), harvest: z.number() });

// ---- Graphs, device report, map (spec 02 §2 "Monitoring", §3, §7, §9). Each narrows the devices the
// caller sees with the activation list's filters (`activationFilters`, re-exported here).

export { activationFilters, type ActivationFilters } from './activations';

const flag = z.enum(['true', 'false']).optional();

export const GRAPH_MESSAGES = {
  deviceRequired: "'device' is required!",
  endBeforeStart: 'End date cannot be before the start date',
  tooLong: 'The date range cannot be longer than 366 days',
  deviceNotFound: 'Device not found',
} as const;
/** The longest graph range, in days (both ends included). */
export const GRAPH_MAX_DAYS = 366;
/** Spec 02 §9: the graph's default range is the last 7 days to today (start = today - 6 days on the client). */
export const GRAPH_DEFAULT_DAYS = 7;
export const GRAPH_DEFAULT_POINTS = 1000;
export const GRAPH_MAX_POINTS = 5000;

/** The four tabs: GET monitoring/graph/{kind}/. */
export const GRAPH_KINDS = ['power', 'battery', 'solar', 'load'] as const;
export type GraphKind = (typeof GRAPH_KINDS)[number];

/**
 * Each tab's fields (what it draws) and its main series: when a range holds more samples than `points`,
 * the server splits it into points/2 equal time buckets and keeps, per bucket, the samples holding the
 * main series' minimum and maximum (so peaks survive), ordered by time.
 */
export const GRAPH_SERIES = {
  power: { main: 'pv_power', fields: ['pv_power', 'load_power', 'bt_power'] },
  battery: { main: 'bt_v', fields: ['bt_v', 'bt_ch_i', 'bt_power'] },
  solar: { main: 'pv_power', fields: ['pv_v', 'pv_i', 'pv_power'] },
  load: { main: 'load_power', fields: ['lo_i', 'load_power'] },
} as const satisfies Record<GraphKind, { main: GraphField; fields: readonly GraphField[] }>;

/** Days in a YYYY-MM-DD range, both ends included. */
export function daysBetween(start: string, end: string): number {
  return Math.round((Date.parse(`${end}T00:00:00Z`) - Date.parse(`${start}T00:00:00Z`)) / 86_400_000) + 1;
}

const day = queryDay;

/**
 * GET monitoring/graph/{kind}/ (spec 02 §7): one device's samples between two local days (TIME_ZONE),
 * both included. Without start_date/end_date the server takes the last 7 days to today. `points` is
 * about the chart's width × 2. `pagination` is accepted and ignored: the answer is always an array.
 */
export const graphQuery = activationFilters
  .extend({
    device: numberFromText(
      z
        .number({ error: GRAPH_MESSAGES.deviceRequired })
        .int(GRAPH_MESSAGES.deviceRequired)
        .positive(GRAPH_MESSAGES.deviceRequired)
        .max(MAX_ID, ID_RANGE_MESSAGE),
    ),
    start_date: day('start_date').optional(),
    end_date: day('end_date').optional(),
    points: numberFromText(z.number().int().min(2).max(GRAPH_MAX_POINTS)).default(GRAPH_DEFAULT_POINTS),
    pagination: flag,
  })
  .superRefine((q, ctx) => {
    if (!q.start_date || !q.end_date) return;
    if (q.end_date < q.start_date)
      ctx.addIssue({ code: 'custom', path: ['end_date'], message: GRAPH_MESSAGES.endBeforeStart });
    else if (daysBetween(q.start_date, q.end_date) > GRAPH_MAX_DAYS)
      ctx.addIssue({ code: 'custom', path: ['end_date'], message: GRAPH_MESSAGES.tooLong });
  });
export type GraphQuery = z.infer<typeof graphQuery>;

/**
 * Graph point (spec 02 §3). One shape for every tab. Units: V, A, W. load_power = lo_v × lo_i,
 * bt_power = bt_v × bt_ch_i (spec: battery power is voltage × charging current), pv_power = pv_v × pv_i.
 */
export const graphPoint = z.object({
  created_at: z.string(),
  lo_i: z.number(),
  bt_v: z.number(),
  load_power: z.number(),
  bt_ch_i: z.number(),
  bt_power: z.number(),
  pv_i: z.number(),
  pv_v: z.number(),
  pv_power: z.number(),
});
export type GraphPoint = z.infer<typeof graphPoint>;
export type GraphField = Exclude<keyof GraphPoint, 'created_at'>;
export const graphPoints = z.array(graphPoint);

export const REPORT_MESSAGES = {
  endBeforeStart: 'End date cannot be before the start date',
  generating: 'Generating File ...',
  generated: 'File Generated Successfully!',
  failed: 'File Generation Failed!',
  /** A report's file is deleted once its retention (REPORT_RETENTION_HOURS) has passed. */
  expired: 'This report is no longer kept. Please export it again.',
  /** A user may have REPORT_EXPORTS_PER_USER exports running at once. */
  busy: 'Your other reports are still being generated. Please wait until they finish.',
} as const;

/** Report and export filters: the activation filters and two local days (TIME_ZONE), both included. */
const reportFilters = activationFilters.extend({
  created_at__gte: day('created_at__gte').optional(),
  created_at__lte: day('created_at__lte').optional(),
});
const endNotBeforeStart = (
  q: { created_at__gte?: string | undefined; created_at__lte?: string | undefined },
  ctx: z.RefinementCtx,
) => {
  if (q.created_at__gte && q.created_at__lte && q.created_at__lte < q.created_at__gte)
    ctx.addIssue({ code: 'custom', path: ['created_at__lte'], message: REPORT_MESSAGES.endBeforeStart });
};

/**
 * GET monitoring/device_report/ (spec 02 §7): samples of the devices the caller sees that match the
 * filters, between two local days (TIME_ZONE, both included; either may be left out), newest first,
 * with the exact count. export_csv=true answers `reportFile` instead of a page, once the file is stored.
 */
export const deviceReportQuery = reportFilters
  .extend({
    page: pageNumber.default(1),
    page_size: numberFromText(z.number().int().min(1).max(2500)).default(20),
    export_csv: flag,
  })
  .superRefine(endNotBeforeStart);
export type DeviceReportQuery = z.infer<typeof deviceReportQuery>;

/** POST monitoring/device_report/export/: the report's filters; every matching row goes in the file. */
export const reportExportBody = reportFilters.superRefine(endNotBeforeStart);
export type ReportExportFilters = z.infer<typeof reportExportBody>;

/** Exports one user may have running at once. */
export const REPORT_EXPORTS_PER_USER = 2;

/** running → done or failed; a done export whose file's retention has passed is expired. */
export const REPORT_EXPORT_STATUSES = ['running', 'done', 'failed', 'expired'] as const;
export type ReportExportStatus = (typeof REPORT_EXPORT_STATUSES)[number];

/**
 * An export job: its progress (rows written of the total, which is null until counted) and, once done,
 * the stored file's key and a signed link to open (valid until the file's retention ends). `detail` is
 * the spec's message for the state (generating, generated, failed) or the expired one.
 */
export const reportExport = z.object({
  id: z.string(),
  status: z.enum(REPORT_EXPORT_STATUSES),
  rows_written: z.number().int(),
  rows_total: z.number().int().nullable(),
  created_at__gte: z.string().nullable(),
  created_at__lte: z.string().nullable(),
  created_at: z.string(),
  finished_at: z.string().nullable(),
  report_upload: z.string().nullable(),
  report_path: z.string().nullable(),
  detail: z.string(),
});
export type ReportExport = z.infer<typeof reportExport>;
export const reportExportList = z.array(reportExport);
export const reportExportParams = z.object({ id: z.uuid() });
/**
 * GET monitoring/device_report/export/{id}/: wait=true answers when the running export moves on (rows
 * written, done or failed) or after REPORT_EXPORT_WAIT_MS, whichever comes first: the console learns of
 * the end at once without asking many times a second.
 */
export const reportExportWaitQuery = z.object({ wait: flag });
/** The longest a wait=true call is held. */
export const REPORT_EXPORT_WAIT_MS = 2000;

/** Device report row (spec 02 §3): one sample. gsm_sig and SOC in %, volts, amperes; device is the id. */
export const reportRow = z.object({
  created_at: z.string(),
  device: z.number().int(),
  RMS_ID: z.string(),
  gsm_sig: z.number(),
  bt_v: z.number(),
  bt_ch_i: z.number(),
  lo_i: z.number(),
  pv_v: z.number(),
  pv_i: z.number(),
  mppt: z.number(),
  SOC: z.number(),
});
export type ReportRow = z.infer<typeof reportRow>;
/** A page of report rows; `count` is exact. */
export const deviceReportPage = pagedList(reportRow);
export type DeviceReportPage = z.infer<typeof deviceReportPage>;

/**
 * The CSV export's answer (spec 02 §3 "CSV report response"): the stored file's name and a signed,
 * expiring link to open in a new window (the same kind uploads/download_file/ hands out).
 */
export const reportFile = z.object({ report_upload: z.string(), report_path: z.string() });
export type ReportFile = z.infer<typeof reportFile>;

/** The CSV's columns, in order (dates as DD/MM/YYYY hh:mm a in TIME_ZONE). */
export const REPORT_CSV_HEADER = [
  'Date',
  'RMS ID',
  'GSM Signal (%)',
  'Battery Voltage (V)',
  'Battery Charging Current (A)',
  'Load Current (A)',
  'PV Voltage (V)',
  'PV Current (A)',
  'MPPT (%)',
  'SOC (%)',
] as const;

/** Spec 02 §2, §9: the map's default centre and zoom. */
export const MAP_DEFAULT_CENTER = { latitude: 28.6479, longitude: 77.2031 } as const;
export const MAP_DEFAULT_ZOOM = 8;

/** GET monitoring/map/ (spec 02 §7): the filters and query of the activation list. */
export const mapQuery = activationFilters;
export type MapQuery = z.infer<typeof mapQuery>;

/**
 * Map marker (spec 02 §3): an activated device with coordinates. gsm_sig in % (null before the device
 * has reported); status 'Offline' before it has; last_add_on when its newest sample was measured.
 * lat/lon are rounded to 6 decimals (about 0.1 m). last_add_on is ISO 8601 with an offset
 * ("2026-11-22T06:03:12.429+00:00"): the database writes this answer.
 */
export const MAP_STATUSES = ['Online', 'Offline', 'On Error'] as const;
export const mapMarker = z.object({
  lat: z.number(),
  lon: z.number(),
  RMS_ID: z.string(),
  gsm_sig: z.number().nullable(),
  status: z.enum(MAP_STATUSES),
  last_add_on: z.string().nullable(),
  device: z.number().int(),
});
export type MapMarker = z.infer<typeof mapMarker>;

export const mapResponse = z.object({
  data: z.array(mapMarker),
  extra_data: z.object({
    /** The mean of the markers, else MAP_DEFAULT_CENTER. */
    center_latitude: z.number(),
    center_longitude: z.number(),
    /** A Leaflet tile URL template ({z}/{x}/{y}, maybe {s}), from MAP_TILE_URL. */
    tile_url: z.string(),
    tile_attribution: z.string(),
  }),
});
export type MapResponse = z.infer<typeof mapResponse>;

/**
 * The console's map (GET monitoring/map/compact/): the same devices as `mapResponse`, as columns: ids,
 * positions and statuses only (what the markers and clusters are drawn from), so 10,000 devices are a
 * few hundred kilobytes before compression. The rest of a marker (RMS ID, signal, last sample) comes
 * with GET monitoring/map/<device>/ when a marker is hovered. `status` holds indexes into
 * MAP_STATUSES. It changes only when a device changes status or an activation changes, so the answer
 * carries an ETag and a reload of an unchanged fleet is a 304.
 */
export const compactMap = z.object({
  device: z.array(z.number().int()),
  lat: z.array(z.number()),
  lon: z.array(z.number()),
  status: z.array(
    z
      .number()
      .int()
      .min(0)
      .max(MAP_STATUSES.length - 1),
  ),
  extra_data: mapResponse.shape.extra_data,
});
export type CompactMap = z.infer<typeof compactMap>;

export const mapMarkerParams = z.object({ device: queryId });
