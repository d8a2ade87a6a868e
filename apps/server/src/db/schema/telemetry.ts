import { sql } from 'drizzle-orm';
import {
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
import type { AlarmKind, DeviceStatus, UplinkTopic } from '@rms/contracts/telemetry';
import { rmsDevices } from './inventory';

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

export const telemetrySamples = pgTable(
  'telemetry_samples',
  {
    deviceId: device(),
    ts: timestamp('ts', { withTimezone: true }).notNull(),
    gsmSig: smallint('gsm_sig').notNull(),
    btV: real('bt_v').notNull(),
    btChI: real('bt_ch_i').notNull(),
    btDisI: real('bt_dis_i').notNull(),
    soc: real('soc').notNull(),
    pvV: real('pv_v').notNull(),
    pvI: real('pv_i').notNull(),
    loV: real('lo_v').notNull(),
    loI: real('lo_i').notNull(),
    brightness: smallint('brightness').notNull(),
    loSts: smallint('lo_sts').notNull(),
    mppt: real('mppt').notNull(),
    energyWh: doublePrecision('energy_wh').notNull(),
    temp: real('temp').notNull(),
  },
  (t) => [primaryKey({ columns: [t.deviceId, t.ts] }), index('telemetry_samples_ts').on(t.ts)],
);

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
    resolutionTime: timestamp('resolution_time', { withTimezone: true }),
  },
  (t) => [
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
