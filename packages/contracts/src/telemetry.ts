import { z } from 'zod';
import { bodyId } from './fields';
import { isStorableText } from './storable-text';

// The device link's payloads (docs/device-link.md; fields from spec 02 §3 device live report and
// report row). A device publishes JSON on `rms/{device_id}/telemetry`: one sample or an array of
// samples. The same payloads are accepted by `POST /api/v1/ingest/telemetry/`.

interface FieldSpec {
  label: string;
  unit: string;
  min: number;
  max: number;
  integer?: boolean;
  /** Stored as a 4-byte float (PostgreSQL `real`); the rest are whole numbers or 8-byte floats. */
  float4?: boolean;
}

/**
 * Every reading a sample may carry, with unit and the range a 12 V / 24 V street light can report. The
 * readings marked float4 are stored as 4-byte floats (about 7 significant digits).
 */
export const TELEMETRY_FIELDS = {
  gsm_sig: { label: 'GSM signal', unit: '%', min: 0, max: 100, integer: true },
  bt_v: { label: 'Battery voltage', unit: 'V', min: 0, max: 40, float4: true },
  bt_ch_i: { label: 'Charging current', unit: 'A', min: 0, max: 60, float4: true },
  bt_dis_i: { label: 'Discharging current', unit: 'A', min: 0, max: 60, float4: true },
  soc: { label: 'State of charge', unit: '%', min: 0, max: 100, float4: true },
  pv_v: { label: 'PV voltage', unit: 'V', min: 0, max: 100, float4: true },
  pv_i: { label: 'PV current', unit: 'A', min: 0, max: 60, float4: true },
  lo_v: { label: 'Load voltage', unit: 'V', min: 0, max: 60, float4: true },
  lo_i: { label: 'Load current', unit: 'A', min: 0, max: 30, float4: true },
  brightness: { label: 'Brightness level', unit: '%', min: 0, max: 100, integer: true },
  mppt: { label: 'MPPT efficiency', unit: '%', min: 0, max: 100, float4: true },
  energy_wh: { label: 'Harvested energy (cumulative)', unit: 'Wh', min: 0, max: 1e9 },
  temp: { label: 'Temperature', unit: '°C', min: -40, max: 100, float4: true },
} as const satisfies Record<string, FieldSpec>;
export type TelemetryField = keyof typeof TELEMETRY_FIELDS;
export const TELEMETRY_FIELD_NAMES = Object.keys(TELEMETRY_FIELDS) as TelemetryField[];

/** A fault code a device reports (in a sample's `faults` or on `rms/{device_id}/fault`). */
export const FAULT_CODE = /^[A-Z0-9_]{1,32}$/;

/**
 * The smallest magnitude a non-zero reading stored as a 4-byte float may have: 2^-63 (about 1.08e-19).
 * PostgreSQL refuses a float4 below 2^-126 (`"1e-50" is out of range for type real`) or keeps it with
 * fewer digits, and the graphs and rollups multiply two readings in float4 (a power: volts × amps), so
 * each must be at least the square root of that: any product of two is then a normal float4 too. No
 * real reading is that small: a device sends 0 instead.
 */
export const MIN_FLOAT4_MAGNITUDE = 2 ** -63;

/** The latest epoch milliseconds a time may have (the range of a JavaScript Date). */
export const MAX_EPOCH_MS = 8_640_000_000_000_000;

/** A sample may be at most this far ahead of the server's clock (device clocks drift). */
export const MAX_FUTURE_SKEW_MS = 5 * 60_000;
/** Samples older than this are refused (a backfill of 90 days of history fits). */
export const MAX_SAMPLE_AGE_MS = 400 * 86_400_000;
/** One message or HTTP call carries at most this many samples. */
export const MAX_SAMPLES_PER_MESSAGE = 1000;

/**
 * A reading's rule. The messages are what a device is told when a sample is refused (after the field's
 * path: "bt_v: above 40"), so they say what was wrong in a few words, with the limit.
 */
function reading(spec: FieldSpec) {
  const n = z
    .number({ error: (issue) => (issue.input === undefined ? 'missing' : 'not a number') })
    .min(spec.min, `below ${spec.min}`)
    .max(spec.max, `above ${spec.max}`);
  if (spec.integer) return n.int('not a whole number');
  // Judged by the float4 the value rounds to: one just under the limit that rounds up to it is kept.
  return spec.float4
    ? n.refine(
        (v) => v === 0 || Math.abs(Math.fround(v)) >= MIN_FLOAT4_MAGNITUDE,
        `too close to 0 to store: 0, or at least ${MIN_FLOAT4_MAGNITUDE.toPrecision(9)} in size`,
      )
    : n;
}

const readings = Object.fromEntries(
  Object.entries(TELEMETRY_FIELDS).map(([name, spec]) => [name, reading(spec)]),
) as { [K in TelemetryField]: z.ZodNumber };

/**
 * Text a device sends (a name, an error message): a string of at most `max` characters that the
 * database can store as it is (no NUL, no unpaired surrogate: storable-text.ts).
 */
function deviceText(max: number) {
  return z
    .string('not a text')
    .max(max, `longer than ${max} characters`)
    .refine(isStorableText, 'contains a NUL or an unpaired surrogate character');
}

/**
 * When a device measured or saw something: ISO 8601 with an offset, or epoch milliseconds. The one rule
 * of a sample's `ts` and a fault report's; `deviceTimeAt` then checks it against the server's clock.
 */
const NOT_A_TIME = 'not an ISO 8601 time or epoch milliseconds';
export const deviceTime = z.union(
  [
    z.iso.datetime({ offset: true, error: NOT_A_TIME }),
    z.number().int(NOT_A_TIME).positive(NOT_A_TIME).max(MAX_EPOCH_MS, `above ${MAX_EPOCH_MS}`),
  ],
  { error: (issue) => (issue.input === undefined ? 'missing' : NOT_A_TIME) },
);

/**
 * A `deviceTime` as epoch milliseconds, checked against the server's clock `now` (epoch ms): at most
 * MAX_FUTURE_SKEW_MS ahead and MAX_SAMPLE_AGE_MS old. A refusal's reason names the field (`ts: ...`).
 */
export function deviceTimeAt(
  ts: z.infer<typeof deviceTime>,
  now: number,
): { ok: true; ms: number } | { ok: false; reason: string } {
  const ms = typeof ts === 'number' ? ts : Date.parse(ts);
  if (!Number.isFinite(ms)) return { ok: false, reason: `ts: ${NOT_A_TIME}` };
  if (ms > now + MAX_FUTURE_SKEW_MS) return { ok: false, reason: INGEST_MESSAGES.futureSample };
  if (ms < now - MAX_SAMPLE_AGE_MS) return { ok: false, reason: INGEST_MESSAGES.oldSample };
  return { ok: true, ms };
}

/**
 * One sample. `ts` is when it was measured (ISO 8601 or epoch milliseconds); `lo_sts` is the load
 * switch (1 on, 0 off); `telecom` the operator's name; `faults` fault codes the device reports now
 * (an empty list means none).
 */
export const telemetrySample = z.object(
  {
    ts: deviceTime,
    ...readings,
    lo_sts: z.union([z.literal(0), z.literal(1)], {
      error: (issue) => (issue.input === undefined ? 'missing' : 'not 0 or 1'),
    }),
    telecom: deviceText(40).optional(),
    faults: z
      .array(
        z.string('not a text').regex(FAULT_CODE, 'not a fault code (A-Z, 0-9, _; at most 32)'),
        'not a list',
      )
      .max(16, 'more than 16 codes')
      .optional(),
  },
  { error: 'not a JSON object (one sample) or array (samples)' },
);
export type TelemetrySample = z.infer<typeof telemetrySample>;

export const telemetryBatch = z
  .array(telemetrySample)
  .min(1, 'an empty array')
  .max(MAX_SAMPLES_PER_MESSAGE, `more than ${MAX_SAMPLES_PER_MESSAGE} samples`);
/**
 * What a device is told about a refused payload: the first problem, with the field's path
 * ("bt_v: above 40", "3.ts: missing" for the fourth sample of an array, "payload: ..." for the whole).
 */
export function reasonOf(error: z.ZodError): string {
  const issue = error.issues[0];
  return `${issue?.path.map(String).join('.') || 'payload'}: ${issue?.message ?? 'invalid'}`;
}

/** A message: one sample or a batch. */
export const telemetryMessage = z.union([telemetrySample, telemetryBatch]);

/**
 * A fault report on `rms/{device_id}/fault`: the device's whole list of active faults at `ts`, which
 * follows a sample's rule (`deviceTime`, then `deviceTimeAt`).
 */
export const faultReport = z.object(
  {
    ts: deviceTime,
    faults: z
      .array(z.string('not a text').regex(FAULT_CODE, 'not a fault code (A-Z, 0-9, _; at most 32)'), {
        error: (issue) => (issue.input === undefined ? 'missing' : 'not a list'),
      })
      .max(16, 'more than 16 codes'),
  },
  { error: 'not a JSON object' },
);

/** A command's acknowledgement, published by the device on `rms/{device_id}/ack`. */
export const commandAck = z.object(
  {
    id: bodyId,
    ok: z.boolean({ error: (issue) => (issue.input === undefined ? 'missing' : 'not true or false') }),
    error: deviceText(200).optional(),
  },
  { error: 'not a JSON object' },
);
export type CommandAck = z.infer<typeof commandAck>;

/** Device statuses (spec 02 §4). */
export const DEVICE_STATUSES = ['Online', 'Offline', 'On Error'] as const;
export type DeviceStatus = (typeof DEVICE_STATUSES)[number];

/** Alarm kinds raised on ingest; `fault` carries the device's own code in `fault_code`. */
export const ALARM_KINDS = [
  'fault',
  'communication_lost',
  'battery_low',
  'no_charge',
  'load_fault',
  'panel_low',
] as const;
export type AlarmKind = (typeof ALARM_KINDS)[number];
export const ALARM_LABELS: Record<AlarmKind, string> = {
  fault: 'Device fault',
  communication_lost: 'Communication lost',
  battery_low: 'Battery low',
  no_charge: 'No charge during the day',
  load_fault: 'Load fault',
  panel_low: 'Panel output low',
};

/** Alarm severities, most severe first (the lists sort by this order). */
export const ALARM_SEVERITIES = ['critical', 'major', 'minor', 'warning'] as const;
export type AlarmSeverity = (typeof ALARM_SEVERITIES)[number];
/**
 * The severity an alarm is raised with, by kind (docs/operations.md "Alarms"), until alarm rules set
 * their own: a light that is dark at night is critical; a device that stopped reporting, a fault code
 * it reports or a day without charge will darken lights soon (major); a low battery dims the night
 * (minor). `warning` is left for rules.
 */
export const ALARM_DEFAULT_SEVERITY: Record<AlarmKind, AlarmSeverity> = {
  load_fault: 'critical',
  communication_lost: 'major',
  fault: 'major',
  no_charge: 'major',
  battery_low: 'minor',
  // Raised only by a rule that enables it (alarm-rules.ts): a dirty or shaded panel dims the nights.
  panel_low: 'minor',
};
/**
 * Hours a work order has to fix an alarm of each severity, when the alarm's rule names no SLA of its
 * own (alarm_rules.sla_hours): a dark light by the next night, the rest within days.
 */
export const DEFAULT_SLA_HOURS: Record<AlarmSeverity, number> = {
  critical: 24,
  major: 48,
  minor: 72,
  warning: 168,
};
export const ALARM_SEVERITY_LABELS: Record<AlarmSeverity, string> = {
  critical: 'Critical',
  major: 'Major',
  minor: 'Minor',
  warning: 'Warning',
};
/** What an alarm's timeline records; `escalated`: still unacknowledged after its rule's time, its people told. */
export const ALARM_EVENT_TYPES = [
  'raised',
  'acknowledged',
  'assigned',
  'commented',
  'cleared',
  'escalated',
] as const;
export type AlarmEventType = (typeof ALARM_EVENT_TYPES)[number];

export const INGEST_MESSAGES = {
  badJson: 'payload: not valid JSON',
  badUtf8: 'payload: not valid UTF-8',
  /** A sample the contract took that the database refused to store (the rest of its message was stored). */
  notStored: (path: string) => `${path}: not stored, the database refused it`,
  unknownDevice: 'Unknown device or wrong key',
  futureSample: `ts: more than ${MAX_FUTURE_SKEW_MS / 60_000} minutes ahead of the server's clock`,
  oldSample: `ts: older than ${MAX_SAMPLE_AGE_MS / 86_400_000} days`,
  /** Older than the server keeps samples (its TELEMETRY_RETENTION_DAYS): there is nowhere to store it. */
  beyondRetention: (days: number) => `ts: older than the ${days} days of samples the server keeps`,
  accepted: 'Stored',
} as const;

// ---- Refused messages (docs/device-link.md "Rejects")
// A message the server refuses (bad JSON, a field out of range, a sample too far ahead or too old, a
// topic the device may not use, a packet too large) stores nothing. The device is told: an MQTT 5
// PUBLISH at QoS 1 or 2 gets a PUBACK/PUBREC with a reason code and the reason as Reason String (embedded
// broker), every device may subscribe to `rms/{device_id}/reject` for a notice (any broker, any MQTT
// version), and HTTP answers 400 naming the field. The server counts refusals per device, with the
// last reason, for the console.

/** The uplink topics' last level: what a device publishes. */
export const UPLINK_TOPICS = ['telemetry', 'fault', 'ack'] as const;
export type UplinkTopic = (typeof UPLINK_TOPICS)[number];

/** MQTT 5 reason codes of the server's PUBACK / PUBREC to a device's PUBLISH (MQTT 5.0 §3.4.2.1). */
export const PUBLISH_REASON_CODES = {
  success: 0x00,
  unspecifiedError: 0x80,
  implementationSpecificError: 0x83,
  notAuthorized: 0x87,
  topicNameInvalid: 0x90,
  packetTooLarge: 0x95,
  quotaExceeded: 0x97,
  payloadFormatInvalid: 0x99,
} as const;
export type PublishReasonCode = (typeof PUBLISH_REASON_CODES)[keyof typeof PUBLISH_REASON_CODES];

/** The notice the server publishes on `rms/{device_id}/reject` (QoS 0) for each refused message. */
export const rejectNotice = z.object({
  /** When the server refused it (ISO 8601, UTC). */
  at: z.string(),
  /** The uplink topic the message came on; null when not known (a packet too large to read). */
  topic: z.enum(UPLINK_TOPICS).nullable(),
  /** What was wrong, naming the field: "bt_v: above 40", "ts: older than 400 days". */
  reason: z.string(),
  /** The MQTT 5 reason code the same refusal carries in a PUBACK (0x99 payload format invalid ...). */
  reason_code: z.number().int(),
  /** Messages of this device refused so far (null when the count could not be written). */
  refused: z.number().int().nullable(),
});
export type RejectNotice = z.infer<typeof rejectNotice>;

/** A device's refused messages as the console shows them; null when none was ever refused. */
export const rejectSummary = z
  .object({
    count: z.number().int(),
    first_at: z.string(),
    last_at: z.string(),
    last_topic: z.enum(UPLINK_TOPICS).nullable(),
    last_reason: z.string(),
  })
  .nullable();
export type RejectSummary = z.infer<typeof rejectSummary>;
