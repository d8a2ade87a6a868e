import { z } from 'zod';
import { pagedList, pageQuery } from './common';
import { email } from './employees';
import { bodyId, numberFromText, queryId, yearMonth } from './fields';

// The energy and service report (docs/energy-reports.md): per local month (TIME_ZONE) and per
// organization, project (activation name) or device group, what the lights burned, drew and harvested,
// how well they kept their plans, what dimming saved and the CO₂ the solar lamps kept off the grid.
// Everything is read from the daily rollups and the devices' night plans, never from raw samples.

export const ENERGY_REPORT_MESSAGES = {
  futureMonth: 'The month has not begun yet',
  groupNotFound: 'Group not found',
  subscriptionNotFound: 'Subscription not found',
  subscriptionSaved: 'Subscription saved',
  subscriptionDeleted: 'Subscription deleted',
  recipientsRequired: 'Add at least one recipient',
  recipientsTooMany: 'At most 20 recipients',
  recipientsRepeated: 'Each recipient once',
} as const;

/** Full brightness, when a device has no load_regulation setting (the parameters' default). */
export const DEFAULT_LAMP_WATTS = 30;
/** The battery, when a device has no btr_true_capacity setting (the parameters' default). */
export const DEFAULT_BATTERY_AH = 40;

const project = z.string().trim().min(1, "'project' must not be empty").max(100);

/** What the report covers: one month, and the organization, project or group narrowing it. */
export const energyReportScope = z.object({
  month: yearMonth('month'),
  /** The provider's people choose an organization; a customer's people always get their own. */
  organization: queryId.optional(),
  project: project.optional(),
  group: queryId.optional(),
});
export type EnergyReportScope = z.infer<typeof energyReportScope>;

export const ENERGY_DEVICE_ORDERINGS = [
  'device',
  '-lamp_kwh',
  'lamp_kwh',
  '-burning_hours',
  'burning_hours',
  'availability_percent',
  '-availability_percent',
  '-saved_kwh',
  'autonomy_days',
] as const;

export const energyReportQuery = energyReportScope.extend({
  /** The per-device table's page (its first page of 20 unless asked). */
  page: pageQuery.shape.page,
  page_size: numberFromText(z.number().int().min(1).max(200)).default(20),
  ordering: z.enum(ENERGY_DEVICE_ORDERINGS).default('device'),
});
export type EnergyReportQuery = z.infer<typeof energyReportQuery>;

export const energyReportExportQuery = energyReportScope.extend({
  format: z.enum(['xlsx', 'pdf'], { error: 'format is xlsx or pdf' }),
});

/** Figures of a fleet or of one device over the month; null where nothing was measured or planned. */
export const energyFigures = z.object({
  /** Hours the lamps were on (each hour's share of samples with the lamp on). */
  burning_hours: z.number(),
  /** Lamp energy, from the load's voltage × current. */
  lamp_kwh: z.number(),
  /** Solar energy harvested into the batteries. */
  harvest_kwh: z.number(),
  /** Hours the night plans had the lamps on. */
  planned_hours: z.number().nullable(),
  /** Share of the planned hours the lamps were on (at most 100 per device). */
  availability_percent: z.number().nullable(),
  /** Full brightness from dusk to dawn on the planned nights, at each lamp's rated power. */
  full_night_kwh: z.number().nullable(),
  /** Full-night energy minus the lamp energy of the planned nights. */
  saved_kwh: z.number().nullable(),
  saved_percent: z.number().nullable(),
  /** The battery's energy over the mean night's lamp energy: nights it could light with no sun. */
  autonomy_days: z.number().nullable(),
  /** Lamp energy × the grid factor: what a grid-fed lamp giving the same light would have emitted. */
  co2_avoided_kg: z.number(),
});
export type EnergyFigures = z.infer<typeof energyFigures>;

export const energyDeviceRow = energyFigures.extend({
  device: z.object({ id: z.number().int(), code: z.string() }),
  project: z.string().nullable(),
  /** Days of the month with readings. */
  days: z.number().int(),
});
export type EnergyDeviceRow = z.infer<typeof energyDeviceRow>;

export const energyDay = z.object({
  /** YYYY-MM-DD, local. */
  day: z.string(),
  lamp_kwh: z.number(),
  harvest_kwh: z.number(),
  burning_hours: z.number(),
  /** Lamp energy had the planned nights been at full brightness; null on days without plans. */
  full_night_kwh: z.number().nullable(),
});
export type EnergyDay = z.infer<typeof energyDay>;

export const energyReport = z.object({
  month: z.string(),
  organization: z.object({ id: z.number().int(), name: z.string() }).nullable(),
  project: z.string().nullable(),
  group: z.object({ id: z.number().int(), name: z.string() }).nullable(),
  /** kg CO₂ per kWh of grid energy (GRID_CO2_KG_PER_KWH). */
  grid_co2_kg_per_kwh: z.number(),
  /** Devices with readings in the month. */
  devices_reporting: z.number().int(),
  totals: energyFigures,
  days: z.array(energyDay),
  devices: pagedList(energyDeviceRow),
});
export type EnergyReport = z.infer<typeof energyReport>;

/** The per-device sheet's columns, as the xlsx and PDF exports write them. */
export const ENERGY_DEVICE_COLUMNS: {
  key: Exclude<keyof EnergyDeviceRow, 'device'> | 'device';
  header: string;
}[] = [
  { key: 'device', header: 'RMS ID' },
  { key: 'project', header: 'Project' },
  { key: 'days', header: 'Days reporting' },
  { key: 'burning_hours', header: 'Burning hours' },
  { key: 'planned_hours', header: 'Planned hours' },
  { key: 'availability_percent', header: 'Availability (%)' },
  { key: 'lamp_kwh', header: 'Lamp energy (kWh)' },
  { key: 'harvest_kwh', header: 'Solar harvest (kWh)' },
  { key: 'full_night_kwh', header: 'Full brightness (kWh)' },
  { key: 'saved_kwh', header: 'Saved (kWh)' },
  { key: 'saved_percent', header: 'Saved (%)' },
  { key: 'autonomy_days', header: 'Battery autonomy (nights)' },
  { key: 'co2_avoided_kg', header: 'CO₂ avoided (kg)' },
];

// ---- Monthly e-mail: on the 1st, the month before, to chosen recipients.

export const MAX_REPORT_RECIPIENTS = 20;

export const energySubscriptionBody = z.object({
  organization: bodyId.optional(),
  project: project.nullable().optional(),
  recipients: z
    .array(email)
    .min(1, ENERGY_REPORT_MESSAGES.recipientsRequired)
    .max(MAX_REPORT_RECIPIENTS, ENERGY_REPORT_MESSAGES.recipientsTooMany)
    .refine((list) => new Set(list).size === list.length, ENERGY_REPORT_MESSAGES.recipientsRepeated),
});
export type EnergySubscriptionBody = z.infer<typeof energySubscriptionBody>;

export const energySubscriptionParams = z.object({ id: queryId });

export const energySubscriptionRow = z.object({
  id: z.number().int(),
  organization: z.object({ id: z.number().int(), name: z.string() }),
  project: z.string().nullable(),
  recipients: z.array(z.string()),
  /** The last month mailed (YYYY-MM), or null. */
  last_sent_month: z.string().nullable(),
});
export type EnergySubscriptionRow = z.infer<typeof energySubscriptionRow>;

/** A change: a field left out stays as it is; the organization stays. */
export const energySubscriptionUpdateBody = energySubscriptionBody.omit({ organization: true }).partial();
export type EnergySubscriptionUpdateBody = z.infer<typeof energySubscriptionUpdateBody>;
export const energySubscriptionSaved = z.object({
  detail: z.string(),
  subscription: energySubscriptionRow,
});
