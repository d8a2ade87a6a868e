import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  bigint,
  bigserial,
  date,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  real,
  smallint,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import type {
  AlarmEventType,
  AlarmKind,
  AlarmSeverity,
  DeviceStatus,
  UplinkTopic,
} from '@rms/contracts/telemetry';
import { alarmRules } from './alarm-rules';
import { users } from './employees';
import { rmsDevices } from './inventory';
import { organizations } from './organizations';

// The device link's tables (docs/device-link.md). Samples are keyed by (device, measured time), so a
// redelivered message is not a new row. Live state, daily harvest and alarms are derived on ingest.

const device = () =>
  integer('device_id')
    .notNull()
    .references(() => rmsDevices.id);

/** A device's key: only its SHA-256 is kept (keys are 256-bit random, so a slow hash adds nothing). */
export const deviceKeys = pgTable('device_keys', {
  deviceId: device().primaryKey(),
  keyHash: text('key_hash').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * Samples as devices measured them. Natively partitioned by range of `ts`, one partition per UTC day
 * (telemetry/storage/partitions.ts), so old days are dropped whole after TELEMETRY_RETENTION_DAYS; a
 * default partition catches a row whose day has no partition yet. Columns are ordered widest first so
 * that no alignment padding falls between them. The primary key leads with `ts`: the ingest appends
 * near the right edge (its pages stay full) and the device report reads it backwards, newest first;
 * a device's rows are found through `telemetry_samples_device`, which stores each device id once per
 * page with the list of its rows (btree deduplication), a few bytes a sample.
 */
export const telemetrySamples = pgTable(
  'telemetry_samples',
  {
    ts: timestamp('ts', { withTimezone: true }).notNull(),
    energyWh: doublePrecision('energy_wh').notNull(),
    deviceId: device(),
    btV: real('bt_v').notNull(),
    btChI: real('bt_ch_i').notNull(),
    btDisI: real('bt_dis_i').notNull(),
    soc: real('soc').notNull(),
    pvV: real('pv_v').notNull(),
    pvI: real('pv_i').notNull(),
    loV: real('lo_v').notNull(),
    loI: real('lo_i').notNull(),
    mppt: real('mppt').notNull(),
    temp: real('temp').notNull(),
    gsmSig: smallint('gsm_sig').notNull(),
    brightness: smallint('brightness').notNull(),
    loSts: smallint('lo_sts').notNull(),
  },
  (t) => [primaryKey({ columns: [t.ts, t.deviceId] }), index('telemetry_samples_device').on(t.deviceId)],
);

/** A packed day's readings and levels: each is an array column of the same name (`telemetry_sample_days`). */
export const PACKED_READINGS = [
  'bt_v',
  'bt_ch_i',
  'bt_dis_i',
  'soc',
  'pv_v',
  'pv_i',
  'lo_v',
  'lo_i',
  'mppt',
  'temp',
] as const;
export const PACKED_LEVELS = ['gsm_sig', 'brightness', 'lo_sts'] as const;

/**
 * Samples of closed UTC days, packed (telemetry/storage/packing.ts): one row per device and UTC day,
 * its samples in time order as one array per column. `offsets` holds each sample's milliseconds after
 * the previous one (the first: after the day's start), so a steady cadence is a run of one value that
 * PostgreSQL compresses to almost nothing; every other column keeps the samples table's type, so a
 * value reads back exactly as it was stored. A day's row is large (288 samples at one every 5 minutes
 * are about 17 kB), which is what makes it cheap: its header and index entries are shared by all its
 * samples, and PostgreSQL compresses each array on its own (TOAST, pglz) when that saves a quarter or
 * more, as it does for slowly changing readings. Partitioned by UTC day like the samples, and dropped
 * with them after TELEMETRY_RETENTION_DAYS.
 */
export const telemetrySampleDays = pgTable(
  'telemetry_sample_days',
  {
    day: timestamp('day', { withTimezone: true }).notNull(),
    deviceId: device(),
    samples: integer('samples').notNull(),
    offsets: integer('offsets').array().notNull(),
    energyWh: doublePrecision('energy_wh').array().notNull(),
    ...Object.fromEntries(PACKED_READINGS.map((r) => [r, real(r).array().notNull()])),
    ...Object.fromEntries(PACKED_LEVELS.map((l) => [l, smallint(l).array().notNull()])),
  },
  (t) => [primaryKey({ columns: [t.day, t.deviceId] }), index('telemetry_sample_days_device').on(t.deviceId)],
);

// ---- Rollups (telemetry/storage/rollups.ts): hourly and daily summaries of each device's samples, which
// the graphs and the device report read for long ranges and for days whose samples are no longer kept.
// An hour is a local hour of TIME_ZONE (the instant it begins), a day a local day. Each keeps the means
// of the device report's readings and, for each graph's main series, its lowest and highest sample
// (time and the readings a graph point is made of), so a graph reduced to whole hours or days picks the
// very samples it would have picked from the samples themselves. An extreme that is the same sample as
// an earlier one (an hour of one sample has one sample for all six) is not written again: `repeats`
// says which earlier one it is (telemetry/storage/summaries.ts), and its columns stay null.

/** The device report's readings, kept as means. */
export const ROLLUP_MEANS = ['gsm_sig', 'bt_v', 'bt_ch_i', 'lo_i', 'pv_v', 'pv_i', 'mppt', 'soc'] as const;
/** What a graph point is computed from (its powers are products of these). */
export const POINT_READINGS = ['lo_i', 'bt_v', 'lo_v', 'bt_ch_i', 'pv_i', 'pv_v'] as const;
/** The graphs' main series (GRAPH_SERIES), each kept as its lowest and its highest sample. */
export const EXTREME_SERIES = ['pv_power', 'bt_v', 'load_power'] as const;
export type ExtremeSeries = (typeof EXTREME_SERIES)[number];
export const EXTREMES = EXTREME_SERIES.flatMap((series) => [`${series}_low`, `${series}_high`] as const);

/**
 * The means, each extreme as its time and readings (8-byte time first: no padding between; only the
 * first is always written), then `repeats`.
 */
function summaryColumns() {
  return {
    ...Object.fromEntries(ROLLUP_MEANS.map((f) => [`${f}_mean`, real(`${f}_mean`).notNull()])),
    ...Object.fromEntries(
      EXTREMES.flatMap((e, i) => {
        const ts = timestamp(`${e}_ts`, { withTimezone: true });
        return [
          [`${e}_ts`, i === 0 ? ts.notNull() : ts],
          ...POINT_READINGS.map((r) => [
            `${e}_${r}`,
            i === 0 ? real(`${e}_${r}`).notNull() : real(`${e}_${r}`),
          ]),
        ];
      }),
    ),
    /** For each extreme after the first, 3 bits: 0, its own columns; k, the same sample as extreme k - 1. */
    repeats: smallint('repeats').notNull().default(0),
  } as Record<string, ReturnType<typeof real> | ReturnType<typeof timestamp> | ReturnType<typeof smallint>>;
}

/**
 * One row per device and local hour that has samples. Partitioned by month of `hour`; months are
 * dropped whole after TELEMETRY_HOURLY_RETENTION_DAYS. The key leads with the hour (the roll-up appends
 * an hour of every device at a time, and the device report reads it newest first); a device's hours
 * are found through the deduplicated index on device_id.
 */
export const telemetryHourly = pgTable(
  'telemetry_hourly',
  {
    hour: timestamp('hour', { withTimezone: true }).notNull(),
    deviceId: device(),
    samples: integer('samples').notNull(),
    ...summaryColumns(),
    /** The lamp's mean power (lo_v × lo_i over the hour's samples), W; null for hours rolled before it was kept. */
    loadPowerMean: real('load_power_mean'),
    /** The share of the hour's samples with the lamp on (lo_sts 1), 0–1; null as above. */
    litShare: real('lit_share'),
  },
  (t) => [primaryKey({ columns: [t.hour, t.deviceId] }), index('telemetry_hourly_device').on(t.deviceId)],
);

/**
 * One row per device and closed local day that has samples, made from its hours (kept for good, like
 * daily_harvest). `hours` counts its hourly rows (the device report counts them without reading them);
 * `harvest_samples` is the day's sample count in daily_harvest when the row was made: when the ingest
 * counts more (a sample that came late), the day's hours are made again from the samples.
 */
export const telemetryDaily = pgTable(
  'telemetry_daily',
  {
    day: date('day').notNull(),
    deviceId: device(),
    samples: integer('samples').notNull(),
    hours: integer('hours').notNull(),
    harvestSamples: integer('harvest_samples').notNull(),
    ...summaryColumns(),
    /** Lamp energy over the day's hours (Σ load_power_mean × 1 h), Wh; null for days rolled before it was kept. */
    lampWh: real('lamp_wh'),
    /** Hours the lamp was on (Σ lit_share × 1 h); null as above. */
    litHours: real('lit_hours'),
  },
  (t) => [primaryKey({ columns: [t.day, t.deviceId] }), index('telemetry_daily_device').on(t.deviceId)],
);

/** Where the hourly rollups stand: every local hour before `rolled_to` is rolled up (one row). */
export const telemetryRollupState = pgTable('telemetry_rollup_state', {
  id: smallint('id').primaryKey().default(1),
  rolledTo: timestamp('rolled_to', { withTimezone: true }),
});

/** The newest sample of each device and its status; `last_seen_at` is the server's receive time. */
export const deviceLiveState = pgTable(
  'device_live_state',
  {
    deviceId: device().primaryKey(),
    lastTs: timestamp('last_ts', { withTimezone: true }).notNull(),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull(),
    status: text('status').$type<DeviceStatus>().notNull(),
    sample: jsonb('sample').$type<Record<string, number>>().notNull(),
    telecom: text('telecom'),
    /** The device's active fault codes as last reported; null until it reports any. */
    faults: jsonb('faults').$type<string[]>(),
  },
  (t) => [index('device_live_state_seen').on(t.lastSeenAt)],
);

/**
 * Energy harvested per device and day (in the deployment's time zone), from the device's cumulative
 * counter: the sum of its increases, where a drop (counter reset) counts the value after the reset.
 * first/last keep the day's edges so in-order samples update it without reading the day back.
 */
export const dailyHarvest = pgTable(
  'daily_harvest',
  {
    deviceId: device(),
    day: date('day').notNull(),
    harvestWh: doublePrecision('harvest_wh').notNull(),
    firstTs: timestamp('first_ts', { withTimezone: true }).notNull(),
    lastTs: timestamp('last_ts', { withTimezone: true }).notNull(),
    lastEnergyWh: doublePrecision('last_energy_wh').notNull(),
    /**
     * The samples stored for the device that day, counted by the ingest as it stores them (a redelivery
     * is not counted): the device report's exact count sums these instead of counting every sample.
     */
    samples: integer('samples').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.deviceId, t.day] }), index('daily_harvest_day').on(t.day)],
);

/**
 * The fleet's harvest per organization and day (the device's current organization), in whole mWh so
 * that the sums kept by adding and moving are exact: the fleet harvest reads one row per organization,
 * day and shard instead of every device-day (docs/operations.md, "Fleet harvest rollup"). `shard` is
 * the device id modulo 16 (telemetry/org-harvest.ts: a multiple of the ingest's writer count), so
 * concurrent writers never update the same row; a read sums the shards. Kept by the ingest (harvest.ts) and moved with a device on reassignment.
 */
export const orgDailyHarvest = pgTable(
  'org_daily_harvest',
  {
    organizationId: integer('organization_id')
      .notNull()
      .references(() => organizations.id),
    day: date('day').notNull(),
    shard: smallint('shard').notNull(),
    harvestMwh: bigint('harvest_mwh', { mode: 'number' }).notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.organizationId, t.day, t.shard] }),
    index('org_daily_harvest_day').on(t.day),
  ],
);

/** Alarms: open while resolution_time is null; one open alarm per device, kind and fault code. */
export const alarms = pgTable(
  'alarms',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    deviceId: device(),
    kind: text('kind').$type<AlarmKind>().notNull(),
    /** The device's own code for `fault` alarms; '' otherwise. */
    faultCode: text('fault_code').notNull().default(''),
    faultTime: timestamp('fault_time', { withTimezone: true }).notNull(),
    /** Set when cleared (spec 02 §4: Resolved), by device data or by a person (cleared_by). */
    resolutionTime: timestamp('resolution_time', { withTimezone: true }),
    /** The raising rule's severity, or the kind's default (ALARM_DEFAULT_SEVERITY). */
    severity: text('severity').$type<AlarmSeverity>().notNull(),
    acknowledgedAt: timestamp('acknowledged_at', { withTimezone: true }),
    acknowledgedBy: integer('acknowledged_by').references(() => users.id, { onDelete: 'set null' }),
    assigneeId: integer('assignee_id').references(() => users.id, { onDelete: 'set null' }),
    /** Who cleared it by hand; null while active or when the device's data cleared it. */
    clearedBy: integer('cleared_by').references(() => users.id, { onDelete: 'set null' }),
    /** The rule that raised it (alarm-rules.ts); null: the kind's built-in default. */
    ruleId: integer('rule_id').references((): AnyPgColumn => alarmRules.id, { onDelete: 'set null' }),
  },
  (t) => [
    index('alarms_assignee').on(t.assigneeId),
    uniqueIndex('alarms_open_once')
      .on(t.deviceId, t.kind, t.faultCode)
      .where(sql`${t.resolutionTime} is null`),
    index('alarms_device_time').on(t.deviceId, t.faultTime),
    index('alarms_fault_time').on(t.faultTime),
  ],
);

/**
 * Messages a device sent that the server refused (bad JSON, a field out of range, a sample too far
 * ahead or too old, a topic it may not use, a packet too large): how many, since and until when, and
 * the last reason ("bt_v: above 40"). One row per device that was ever refused; nothing of the refused
 * message itself is kept.
 */
export const deviceRejects = pgTable('device_rejects', {
  deviceId: device().primaryKey(),
  count: bigint('count', { mode: 'number' }).notNull(),
  firstAt: timestamp('first_at', { withTimezone: true }).notNull(),
  lastAt: timestamp('last_at', { withTimezone: true }).notNull(),
  /** The uplink topic's last level (telemetry, fault or ack); null when not known (a packet too large). */
  lastTopic: text('last_topic').$type<UplinkTopic>(),
  lastReason: text('last_reason').notNull(),
});

/**
 * Every change of an alarm, oldest first by id: raised and cleared by device data (actor null) or by a
 * person, acknowledged, assigned, commented. Written in the same statement as the change itself, so the
 * timeline is complete and can feed whatever reacts to alarms (notifications, webhooks).
 */
export const alarmEvents = pgTable(
  'alarm_events',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    alarmId: bigint('alarm_id', { mode: 'number' })
      .notNull()
      .references(() => alarms.id, { onDelete: 'cascade' }),
    type: text('type').$type<AlarmEventType>().notNull(),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
    /** The person who made the change; null for the device's data (ingest, the offline sweep). */
    actorId: integer('actor_id').references(() => users.id, { onDelete: 'set null' }),
    /** assigned: the new assignee (null: unassigned). */
    assigneeId: integer('assignee_id').references(() => users.id, { onDelete: 'set null' }),
    /** commented: the comment; cleared by a person: the note, if any. */
    note: text('note'),
  },
  (t) => [index('alarm_events_alarm').on(t.alarmId, t.id)],
);
