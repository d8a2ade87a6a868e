import { z } from 'zod';
import { bodyId } from './fields';

// The device link's payloads (DESIGN "Device link"; fields from spec 02 §3 device live report and
// report row). A device publishes JSON on `rms/{device_id}/telemetry`: one sample or an array of
// samples. The same payloads are accepted by `POST /api/v1/ingest/telemetry/`.

interface FieldSpec {
  label: string;
  unit: string;
  min: number;
  max: number;
  integer?: boolean;
}

/** Every reading a sample may carry, with unit and the range a 12 V / 24 V street light can report. */
export const TELEMETRY_FIELDS = {
  gsm_sig: { label: 'GSM signal', unit: '%', min: 0, max: 100, integer: true },
  bt_v: { label: 'Battery voltage', unit: 'V', min: 0, max: 40 },
  bt_ch_i: { label: 'Charging current', unit: 'A', min: 0, max: 60 },
  bt_dis_i: { label: 'Discharging current', unit: 'A', min: 0, max: 60 },
  soc: { label: 'State of charge', unit: '%', min: 0, max: 100 },
  pv_v: { label: 'PV voltage', unit: 'V', min: 0, max: 100 },
  pv_i: { label: 'PV current', unit: 'A', min: 0, max: 60 },
  lo_v: { label: 'Load voltage', unit: 'V', min: 0, max: 60 },
  lo_i: { label: 'Load current', unit: 'A', min: 0, max: 30 },
  brightness: { label: 'Brightness level', unit: '%', min: 0, max: 100, integer: true },
  mppt: { label: 'MPPT efficiency', unit: '%', min: 0, max: 100 },
  energy_wh: { label: 'Harvested energy (cumulative)', unit: 'Wh', min: 0, max: 1e9 },
  temp: { label: 'Temperature', unit: '°C', min: -40, max: 100 },
} as const satisfies Record<string, FieldSpec>;
export type TelemetryField = keyof typeof TELEMETRY_FIELDS;
export const TELEMETRY_FIELD_NAMES = Object.keys(TELEMETRY_FIELDS) as TelemetryField[];

/** A sample may be at most this far ahead of the server's clock (device clocks drift). */
export const MAX_FUTURE_SKEW_MS = 5 * 60_000;
/** Samples older than this are refused (a backfill of 90 days of history fits). */
export const MAX_SAMPLE_AGE_MS = 400 * 86_400_000;
/** One message or HTTP call carries at most this many samples. */
export const MAX_SAMPLES_PER_MESSAGE = 1000;

function reading(spec: FieldSpec) {
  const n = z.number().min(spec.min).max(spec.max);
  return spec.integer ? n.int() : n;
}

const readings = Object.fromEntries(
  Object.entries(TELEMETRY_FIELDS).map(([name, spec]) => [name, reading(spec)]),
) as { [K in TelemetryField]: z.ZodNumber };

/**
 * One sample. `ts` is when it was measured (ISO 8601 or epoch milliseconds); `lo_sts` is the load
 * switch (1 on, 0 off); `telecom` the operator's name; `faults` fault codes the device reports now
 * (an empty list means none).
 */
export const telemetrySample = z.object({
  ts: z.union([z.iso.datetime({ offset: true }), z.number().int().positive().max(8_640_000_000_000_000)]),
  ...readings,
  lo_sts: z.union([z.literal(0), z.literal(1)]),
  telecom: z.string().max(40).optional(),
  faults: z
    .array(z.string().regex(/^[A-Z0-9_]{1,32}$/))
    .max(16)
    .optional(),
});
export type TelemetrySample = z.infer<typeof telemetrySample>;

export const telemetryBatch = z.array(telemetrySample).min(1).max(MAX_SAMPLES_PER_MESSAGE);
/** A message: one sample or a batch. */
export const telemetryMessage = z.union([telemetrySample, telemetryBatch]);

/** A command's acknowledgement, published by the device on `rms/{device_id}/ack`. */
export const commandAck = z.object({
  id: bodyId,
  ok: z.boolean(),
  error: z.string().max(200).optional(),
});
export type CommandAck = z.infer<typeof commandAck>;

/** Device statuses (spec 02 §4). */
export const DEVICE_STATUSES = ['Online', 'Offline', 'On Error'] as const;
export type DeviceStatus = (typeof DEVICE_STATUSES)[number];

/** Alarm kinds raised on ingest; `fault` carries the device's own code in `fault_code`. */
export const ALARM_KINDS = ['fault', 'communication_lost', 'battery_low', 'no_charge', 'load_fault'] as const;
export type AlarmKind = (typeof ALARM_KINDS)[number];
export const ALARM_LABELS: Record<AlarmKind, string> = {
  fault: 'Device fault',
  communication_lost: 'Communication lost',
  battery_low: 'Battery low',
  no_charge: 'No charge during the day',
  load_fault: 'Load fault',
};

export const INGEST_MESSAGES = {
  badJson: 'The payload is not valid JSON',
  unknownDevice: 'Unknown device or wrong key',
  futureSample: 'A sample is timestamped in the future',
  oldSample: 'A sample is too old',
  accepted: 'Stored',
} as const;
