import { z } from 'zod';
import { COMMAND_STATUSES } from './commands';
import { MAX_PAGE_SIZE } from './common';
import { bodyId, idOf, requiredMessage } from './fields';

// Parameter settings and bulk parameter (spec 02 §2 "Parameter setting", "Bulk parameter", §3, §5, §7,
// §8): the six groups a device's controller runs by. Every field is required (spec §5) and held to the
// limits below, which cover both 12 V (4S LiFePO4, 12.8 V nominal) and 24 V (8S LiFePO4, 25.6 V nominal)
// solar street lights: battery and solar voltages span 9–32 V and 5–100 V so one table serves both; the
// defaults are a 12 V LiFePO4 light of 30 W with a 40 Ah battery. For a 24 V system double the voltage
// defaults (low_cut_recover 24.0, high_cut_recover 27.6, high_cut 29.2, power_saving 24.8,
// battery_charging_cut 28.8, solar_over_volt 50.0, solar_over_reconnect 46.0). Server and console take
// the rules and texts from here.

export const PARAMETER_GROUPS = ['battery', 'solar', 'load', 'timers', 'features', 'calibration'] as const;
export type ParameterGroup = (typeof PARAMETER_GROUPS)[number];

export const PARAMETER_GROUP_TITLES: Record<ParameterGroup, string> = {
  battery: 'Battery',
  solar: 'Solar',
  load: 'Load',
  timers: 'Timers',
  features: 'Features',
  calibration: 'Calibration',
};

export type ParameterUnit = 'V' | 'A' | 'Ah' | '%' | 'W' | 'h' | 'min' | 'factor';

export interface ParameterChoice {
  value: number;
  label: string;
}

export interface ParameterSpec {
  group: ParameterGroup;
  label: string;
  /** Absent for choice lists and reserved words. */
  unit?: ParameterUnit;
  min: number;
  max: number;
  /** The input's step; a value must be a multiple of it (1: whole numbers). */
  step: number;
  default: number;
  /** A fixed list of values (features); min and max are its ends. */
  choices?: readonly ParameterChoice[];
  /** What the field means, for the console's help text. */
  help?: string;
}

const OFF_ON: readonly ParameterChoice[] = [
  { value: 0, label: 'Off' },
  { value: 1, label: 'On' },
];
const onOff = (label: string, fallback: 0 | 1, help: string): Omit<ParameterSpec, 'group'> => ({
  label,
  min: 0,
  max: 1,
  step: 1,
  default: fallback,
  choices: OFF_ON,
  help,
});
/** A word the firmware keeps for later use; sent as given (0 unless the manufacturer says otherwise). */
const reserved = (): Omit<ParameterSpec, 'group'> => ({
  label: 'Reserved',
  min: 0,
  max: 65535,
  step: 1,
  default: 0,
  help: 'Kept for the controller firmware; leave 0 unless the manufacturer says otherwise',
});
const factor = (label: string): Omit<ParameterSpec, 'group'> => ({
  label,
  unit: 'factor',
  min: 0.5,
  max: 1.5,
  step: 0.001,
  default: 1,
  help: 'Multiplies the raw reading; 1.000 means no correction',
});

const BATTERY = {
  low_cut_recover: {
    label: 'Low Cut Recover',
    unit: 'V',
    min: 9,
    max: 32,
    step: 0.1,
    default: 12,
    help: 'The load comes back on when the battery recovers to this voltage after a low-voltage cut',
  },
  high_cut_recover: {
    label: 'High Cut Recover',
    unit: 'V',
    min: 9,
    max: 32,
    step: 0.1,
    default: 13.8,
    help: 'Charging resumes when the battery falls back to this voltage after a high-voltage cut',
  },
  high_cut: {
    label: 'High Cut',
    unit: 'V',
    min: 9,
    max: 32,
    step: 0.1,
    default: 14.6,
    help: 'Charging stops at this battery voltage (over-voltage protection)',
  },
  power_saving: {
    label: 'Power Saving',
    unit: 'V',
    min: 9,
    max: 32,
    step: 0.1,
    default: 12.4,
    help: 'Below this battery voltage the light dims to save energy (with power saver mode on)',
  },
  charging_curr_limit: {
    label: 'Charging Current Limit',
    unit: 'A',
    min: 1,
    max: 60,
    step: 0.1,
    default: 10,
  },
  btr_true_capacity: {
    label: 'Battery True Capacity',
    unit: 'Ah',
    min: 5,
    max: 400,
    step: 1,
    default: 40,
  },
  battery_charging_cut: {
    label: 'Battery Charging Cut',
    unit: 'V',
    min: 9,
    max: 32,
    step: 0.1,
    default: 14.4,
    help: 'Constant-voltage charging ends at this voltage; at most the high cut',
  },
  btr_reserved: reserved(),
} as const;

const SOLAR = {
  solar_over_volt: {
    label: 'Solar Over Voltage',
    unit: 'V',
    min: 10,
    max: 100,
    step: 0.1,
    default: 25,
    help: 'Charging from the panel stops above this panel voltage',
  },
  solar_over_reconnect: {
    label: 'Solar Over Reconnect',
    unit: 'V',
    min: 10,
    max: 100,
    step: 0.1,
    default: 23,
    help: 'Charging resumes when the panel voltage falls back below this',
  },
  solar_curr_limit: {
    label: 'Solar Current Limit',
    unit: 'A',
    min: 1,
    max: 60,
    step: 0.1,
    default: 10,
  },
  solar_up: {
    label: 'Solar Up (Dawn)',
    unit: 'V',
    min: 1,
    max: 40,
    step: 0.1,
    default: 8,
    help: 'Panel voltage above which it is day: the light turns off',
  },
  solar_down: {
    label: 'Solar Down (Dusk)',
    unit: 'V',
    min: 1,
    max: 40,
    step: 0.1,
    default: 5,
    help: 'Panel voltage below which it is night: the light turns on',
  },
  solar_reserved: reserved(),
} as const;

const LOAD = {
  load_regulation: {
    label: 'Load Watt',
    unit: 'W',
    min: 1,
    max: 150,
    step: 1,
    default: 30,
    help: 'The lamp power at full brightness',
  },
  dim_1: {
    label: 'Full Brightness Hours',
    unit: 'h',
    min: 0,
    max: 24,
    step: 0.5,
    default: 4,
  },
  dim_2: {
    label: 'Half Brightness Hours',
    unit: 'h',
    min: 0,
    max: 24,
    step: 0.5,
    default: 6,
  },
  dim_3: {
    label: 'Dim 3 Hours',
    unit: 'h',
    min: 0,
    max: 24,
    step: 0.5,
    default: 2,
    help: 'Hours at the third (lowest) brightness step',
  },
  load_reserved: reserved(),
} as const;

const TIMERS = {
  dim_1_timer: {
    label: 'Dim 1 Timer',
    unit: 'min',
    min: 0,
    max: 59,
    step: 1,
    default: 0,
    help: 'Minutes added to the full-brightness hours',
  },
  dim_2_timer: {
    label: 'Dim 2 Timer',
    unit: 'min',
    min: 0,
    max: 59,
    step: 1,
    default: 0,
    help: 'Minutes added to the half-brightness hours',
  },
  dim_3_timer: {
    label: 'Dim 3 Timer',
    unit: 'min',
    min: 0,
    max: 59,
    step: 1,
    default: 0,
    help: 'Minutes added to the dim 3 hours',
  },
  dim_reserved: reserved(),
} as const;

const FEATURES = {
  motion_sensor: onOff('Motion Sensor', 0, 'Full brightness for a while when motion is sensed'),
  dimming: onOff('Dimming', 1, 'Steps the brightness down through the night'),
  power_saver_mode: onOff('Power Saver Mode', 1, 'Dims below the power-saving voltage'),
  total_dim_steps: {
    label: 'Total Dim Steps',
    min: 1,
    max: 3,
    step: 1,
    default: 3,
    choices: [
      { value: 1, label: '1 step' },
      { value: 2, label: '2 steps' },
      { value: 3, label: '3 steps' },
    ],
    help: 'How many of the brightness steps (full, half, dim 3) the night uses',
  },
  dusk_dawn: onOff('Dusk to Dawn', 1, 'Switches by the panel voltage (solar up/down)'),
  load_enable: onOff('Load Enable', 1, 'Off keeps the lamp off whatever else is set'),
  features_reserved: reserved(),
} as const;

const CALIBRATION = {
  batt_volt_fac: factor('Battery Voltage Factor'),
  solar_vol_fac: factor('Solar Voltage Factor'),
  batt_ch_curr_fac: factor('Battery Charging Current Factor'),
  solar_curr_fac: factor('Solar Current Factor'),
  load_curr_fac: factor('Load Current Factor'),
  load_vol_fac: factor('Load Voltage Factor'),
  temp_factor: factor('Temperature Factor'),
  calibration_reserved: reserved(),
} as const;

function inGroup<T extends Record<string, Omit<ParameterSpec, 'group'>>>(group: ParameterGroup, specs: T) {
  return Object.fromEntries(Object.entries(specs).map(([k, s]) => [k, { ...s, group }])) as {
    [K in keyof T]: ParameterSpec;
  };
}

/** Every parameter, in screen order, with its group, label, unit, limits and 12 V default. */
export const PARAMETERS = {
  ...inGroup('battery', BATTERY),
  ...inGroup('solar', SOLAR),
  ...inGroup('load', LOAD),
  ...inGroup('timers', TIMERS),
  ...inGroup('features', FEATURES),
  ...inGroup('calibration', CALIBRATION),
};
export type ParameterField = keyof typeof PARAMETERS;
export type ParameterValues = Record<ParameterField, number>;
export const PARAMETER_FIELDS = Object.keys(PARAMETERS) as ParameterField[];

export function fieldsOfGroup(group: ParameterGroup): ParameterField[] {
  return PARAMETER_FIELDS.filter((f) => PARAMETERS[f].group === group);
}

export const PARAMETER_DEFAULTS = Object.fromEntries(
  PARAMETER_FIELDS.map((f) => [f, PARAMETERS[f].default]),
) as ParameterValues;

export const PARAMETER_MESSAGES = {
  added: 'Parameter setting added successfully',
  bulkAdded: 'Inspected parameter added successfully',
  inspected: 'Inspected successfully',
  deviceNotFound: 'Device not found',
  devicesRequired: 'Select at least one device',
  devicesTooMany: `Select at most ${MAX_PAGE_SIZE} devices`,
  devicesUnique: 'A device is selected twice',
  devicesOrGroup: 'Choose devices or a group, not both',
  groupNotFound: 'Group not found',
  groupEmpty: 'The group has no devices',
  lowCutBelowHighCutRecover: "'Low Cut Recover' must be below 'High Cut Recover'",
  highCutRecoverAtMostHighCut: "'High Cut Recover' must not be above 'High Cut'",
  chargingCutAtMostHighCut: "'Battery Charging Cut' must not be above 'High Cut'",
  powerSavingAboveLowCut: "'Power Saving' must be above 'Low Cut Recover'",
  reconnectBelowOverVolt: "'Solar Over Reconnect' must be below 'Solar Over Voltage'",
  downBelowUp: "'Solar Down (Dusk)' must be below 'Solar Up (Dawn)'",
  dimHoursOver24: 'The brightness hours with their timers must add up to at most 24 h',
} as const;
const M = PARAMETER_MESSAGES;

/** "'Low Cut Recover' must be between 9 and 32 V". */
export function rangeMessage(field: ParameterField): string {
  const s = PARAMETERS[field];
  if (s.choices) return `'${s.label}' must be one of ${s.choices.map((c) => c.label).join(', ')}`;
  return `'${s.label}' must be between ${s.min} and ${s.max}${s.unit && s.unit !== 'factor' ? ` ${s.unit}` : ''}`;
}

/** "'Load Watt' must be a whole number" or "… in steps of 0.1 V". */
export function stepMessage(field: ParameterField): string {
  const s = PARAMETERS[field];
  if (s.step === 1) return `'${s.label}' must be a whole number`;
  return `'${s.label}' must be in steps of ${s.step}${s.unit && s.unit !== 'factor' ? ` ${s.unit}` : ''}`;
}

/** The decimal places a step is written with: 0.1 → 1, 0.5 → 1, 0.001 → 3, 1 → 0. */
function placesOf(step: number): number {
  let places = 0;
  while (places < 15 && Number(step.toFixed(places)) !== step) places += 1;
  return places;
}

/**
 * Whether a value is exactly a multiple of the step as written in decimal: 12.3 is on a step of 0.1,
 * 12.00000001 is not (nor is 4.0000001 on a step of 0.5, or 40.0000001 a whole number). The value must
 * be the number its rounding to the step's decimal places stands for, and that rounding a multiple of
 * the step; nothing is rounded for the caller.
 */
function onStep(value: number, step: number): boolean {
  if (Number.isInteger(step)) return Number.isInteger(value) && value % step === 0;
  const places = placesOf(step);
  if (Number(value.toFixed(places)) !== value) return false;
  const scale = 10 ** places;
  return Math.round(value * scale) % Math.round(step * scale) === 0;
}

/** One field's rule: required, a number, within its limits, on its step (or one of its choices). */
export function parameterField(field: ParameterField) {
  const s = PARAMETERS[field];
  const required = requiredMessage(s.label);
  return z
    .number({ error: required })
    .refine((v) => Number.isFinite(v), { message: required, abort: true })
    .refine((v) => (s.choices ? s.choices.some((c) => c.value === v) : v >= s.min && v <= s.max), {
      message: rangeMessage(field),
      abort: true,
    })
    .refine((v) => onStep(v, s.step), stepMessage(field));
}

const valuesShape = Object.fromEntries(PARAMETER_FIELDS.map((f) => [f, parameterField(f)])) as {
  [K in ParameterField]: ReturnType<typeof parameterField>;
};

/** Hours of the brightness steps, with their minute timers. */
export function nightHours(v: Pick<ParameterValues, 'dim_1' | 'dim_2' | 'dim_3'> & Partial<ParameterValues>) {
  return (
    v.dim_1 + v.dim_2 + v.dim_3 + ((v.dim_1_timer ?? 0) + (v.dim_2_timer ?? 0) + (v.dim_3_timer ?? 0)) / 60
  );
}

type Issue = { field: ParameterField; message: string };

/** The rules between fields, each naming the field to correct. */
export function crossFieldIssues(v: ParameterValues): Issue[] {
  const issues: Issue[] = [];
  if (!(v.low_cut_recover < v.high_cut_recover))
    issues.push({ field: 'low_cut_recover', message: M.lowCutBelowHighCutRecover });
  if (!(v.high_cut_recover <= v.high_cut))
    issues.push({ field: 'high_cut_recover', message: M.highCutRecoverAtMostHighCut });
  if (!(v.battery_charging_cut <= v.high_cut))
    issues.push({ field: 'battery_charging_cut', message: M.chargingCutAtMostHighCut });
  if (!(v.power_saving > v.low_cut_recover))
    issues.push({ field: 'power_saving', message: M.powerSavingAboveLowCut });
  if (!(v.solar_over_reconnect < v.solar_over_volt))
    issues.push({ field: 'solar_over_reconnect', message: M.reconnectBelowOverVolt });
  if (!(v.solar_down < v.solar_up)) issues.push({ field: 'solar_down', message: M.downBelowUp });
  if (nightHours(v) > 24) issues.push({ field: 'dim_2', message: M.dimHoursOver24 });
  return issues;
}

function crossFieldRefinement(v: ParameterValues, ctx: z.RefinementCtx) {
  for (const issue of crossFieldIssues(v))
    ctx.addIssue({ code: 'custom', path: [issue.field], message: issue.message });
}

/** The whole parameter set: every field, then the rules between fields. */
export const parameterValues = z.object(valuesShape).superRefine(crossFieldRefinement);

/** POST and PUT devices/parameter_settings/ (spec 02 §3: the fields, device and id). */
export const parameterSettingBody = z
  .object({ device: idOf('Device'), id: bodyId.nullish(), ...valuesShape })
  .superRefine((v, ctx) => crossFieldRefinement(v, ctx));
export type ParameterSettingBody = z.output<typeof parameterSettingBody>;

/** GET devices/parameter_settings/?device=<RMS inventory id>. */
export const parameterSettingQuery = z.object({ device: idOf('Device') });

/** The device's newest parameter version, or the defaults (version null) when none was ever saved. */
export const parameterSetting = z.object({
  /** The version's row id; null for defaults. */
  id: z.number().int().nullable(),
  device: z.number().int(),
  device_data: z.object({ id: z.number().int(), device_id: z.string() }),
  version: z.number().int().nullable(),
  values: z.record(z.string(), z.number()),
  created_at: z.string().nullable(),
  /** Its command's status: pending until the device link sends it, acknowledged once applied. */
  command_status: z.enum(COMMAND_STATUSES).nullable(),
});
export type ParameterSetting = z.infer<typeof parameterSetting>;

/** GET devices/parameter_settings/devices/: the devices the picker offers ({id, device_id}). */
export const parameterDeviceQuery = z.object({ query: z.string().trim().max(200).optional() });
export const parameterDevice = z.object({ id: z.number().int(), device_id: z.string() });
export type ParameterDevice = z.infer<typeof parameterDevice>;

/** A list of selected RMS devices (inventory ids): 1 to MAX_PAGE_SIZE, each once. */
export const selectedDevices = z
  .array(idOf('Device'), { error: M.devicesRequired })
  .min(1, M.devicesRequired)
  .max(MAX_PAGE_SIZE, M.devicesTooMany)
  .refine((ids) => new Set(ids).size === ids.length, M.devicesUnique);

/**
 * Where a bulk action's devices come from (bulk parameter, inspection): `devices`, the chosen ids (the
 * spec's payload), or `group`, a device group whose devices are taken as they are when the call arrives
 * (docs/device-groups.md). Exactly one of the two; neither names `devices`, both name `group`.
 */
export const deviceSelectionShape = {
  devices: selectedDevices.optional(),
  group: idOf('Group').optional(),
};
export interface DeviceSelection {
  devices?: number[];
  group?: number;
}
export function checkDeviceSelection(v: DeviceSelection, ctx: z.RefinementCtx): void {
  if (v.devices !== undefined && v.group !== undefined)
    ctx.addIssue({ code: 'custom', path: ['group'], message: M.devicesOrGroup });
  else if (v.devices === undefined && v.group === undefined)
    ctx.addIssue({ code: 'custom', path: ['devices'], message: M.devicesRequired });
}

/** The three values the bulk parameter sets (spec 02 §2): same limits as the full form. */
export const BULK_PARAMETER_FIELDS = ['load_regulation', 'dim_1', 'dim_2'] as const;
export type BulkParameterField = (typeof BULK_PARAMETER_FIELDS)[number];

/** POST devices/bulk_parameter/: the other fields of each device keep their newest values. */
export const bulkParameterBody = z
  .object({
    ...deviceSelectionShape,
    load_regulation: parameterField('load_regulation'),
    dim_1: parameterField('dim_1'),
    dim_2: parameterField('dim_2'),
  })
  .superRefine((v, ctx) => {
    checkDeviceSelection(v, ctx);
    if (v.dim_1 + v.dim_2 > 24) ctx.addIssue({ code: 'custom', path: ['dim_2'], message: M.dimHoursOver24 });
  });
export type BulkParameterBody = z.output<typeof bulkParameterBody>;

export const bulkParameterResult = z.object({ detail: z.string(), devices: z.number().int() });
