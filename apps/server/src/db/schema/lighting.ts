import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  real,
  serial,
  smallint,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import type {
  DeliveryStatus,
  ExceptionKind,
  GroupFilter,
  GroupKind,
  ProfileStep,
} from '@rms/contracts/lighting';
import { deviceCommands } from './commands';
import { users } from './employees';
import { rmsDevices } from './inventory';
import { organizations } from './organizations';

// Lighting by plan (docs/lighting.md): groups of devices, dimming profiles, schedules that give a
// group a profile by weekday with dated exceptions, what each device was sent and whether it took it,
// and the monthly energy report's mailing list.

const organization = () =>
  integer('organization_id')
    .notNull()
    .references(() => organizations.id);
const createdBy = () => integer('created_by').references(() => users.id, { onDelete: 'set null' });
const stamps = () => ({
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/** A static group lists its devices (device_group_members); a dynamic one selects by `filter`. */
export const deviceGroups = pgTable(
  'device_groups',
  {
    id: serial('id').primaryKey(),
    organizationId: organization(),
    name: text('name').notNull(),
    kind: text('kind').$type<GroupKind>().notNull(),
    /** Dynamic groups: what they select, within the group's organization. */
    filter: jsonb('filter').$type<GroupFilter>(),
    createdBy: createdBy(),
    ...stamps(),
  },
  (t) => [uniqueIndex('device_groups_name').on(t.organizationId, sql`lower(${t.name})`)],
);

export const deviceGroupMembers = pgTable(
  'device_group_members',
  {
    groupId: integer('group_id')
      .notNull()
      .references(() => deviceGroups.id, { onDelete: 'cascade' }),
    deviceId: integer('device_id')
      .notNull()
      .references(() => rmsDevices.id),
  },
  (t) => [
    primaryKey({ columns: [t.groupId, t.deviceId] }),
    index('device_group_members_device').on(t.deviceId),
  ],
);

export const dimmingProfiles = pgTable(
  'dimming_profiles',
  {
    id: serial('id').primaryKey(),
    organizationId: organization(),
    name: text('name').notNull(),
    steps: jsonb('steps').$type<ProfileStep[]>().notNull(),
    createdBy: createdBy(),
    ...stamps(),
  },
  (t) => [uniqueIndex('dimming_profiles_name').on(t.organizationId, sql`lower(${t.name})`)],
);

/** A group runs `profile` on the nights whose evening falls on one of `weekdays` (ISO 1–7). */
export const lightingSchedules = pgTable(
  'lighting_schedules',
  {
    id: serial('id').primaryKey(),
    organizationId: organization(),
    name: text('name').notNull(),
    groupId: integer('group_id')
      .notNull()
      .references(() => deviceGroups.id),
    profileId: integer('profile_id')
      .notNull()
      .references(() => dimmingProfiles.id),
    weekdays: smallint('weekdays').array().notNull(),
    /** Where two schedules cover a device on one night, the higher priority wins (then the lower id). */
    priority: integer('priority').notNull().default(0),
    /** Optional season: the schedule applies to nights from `valid_from` to `valid_to` (inclusive). */
    validFrom: date('valid_from'),
    validTo: date('valid_to'),
    enabled: boolean('enabled').notNull().default(true),
    createdBy: createdBy(),
    ...stamps(),
  },
  (t) => [
    uniqueIndex('lighting_schedules_name').on(t.organizationId, sql`lower(${t.name})`),
    index('lighting_schedules_group').on(t.groupId),
    index('lighting_schedules_profile').on(t.profileId),
  ],
);

/** On nights `from`..`to` the schedule runs `profile` instead (null: lights off), then reverts by itself. */
export const scheduleExceptions = pgTable(
  'schedule_exceptions',
  {
    id: serial('id').primaryKey(),
    scheduleId: integer('schedule_id')
      .notNull()
      .references(() => lightingSchedules.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    kind: text('kind').$type<ExceptionKind>().notNull(),
    fromDay: date('from_day').notNull(),
    toDay: date('to_day').notNull(),
    profileId: integer('profile_id').references(() => dimmingProfiles.id),
  },
  (t) => [index('schedule_exceptions_schedule').on(t.scheduleId)],
);

/**
 * What each scheduled device should run and whether it took it: the nights last computed for it
 * (`plan_hash` names their content), the command carrying them and its outcome. Delivery compares a
 * new plan with this one and sends only when the nights differ.
 */
export const scheduleDeliveries = pgTable(
  'schedule_deliveries',
  {
    deviceId: integer('device_id')
      .primaryKey()
      .references(() => rmsDevices.id),
    organizationId: organization(),
    /** The schedule that won tonight (null: the device is no longer scheduled and runs its own parameters). */
    scheduleId: integer('schedule_id').references(() => lightingSchedules.id, { onDelete: 'set null' }),
    /** Names the plan's nights; the nights themselves are kept once, in the command's payload. */
    planHash: text('plan_hash').notNull(),
    /** The last night the plan covers (the daily pass extends plans running short). */
    planUntil: date('plan_until').notNull(),
    commandId: bigint('command_id', { mode: 'number' }).references(() => deviceCommands.id),
    status: text('status').$type<DeliveryStatus>().notNull().default('pending'),
    error: text('error'),
    attempts: integer('attempts').notNull().default(0),
    appliedAt: timestamp('applied_at', { withTimezone: true }),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('schedule_deliveries_organization').on(t.organizationId),
    index('schedule_deliveries_schedule').on(t.scheduleId),
    index('schedule_deliveries_command').on(t.commandId),
  ],
);

/**
 * The plan each device had for each night, kept for the energy report (planned burning minutes and the
 * energy at full brightness): written when plans are computed, one row per device and night.
 */
export const deviceNightPlans = pgTable(
  'device_night_plans',
  {
    day: date('day').notNull(),
    deviceId: integer('device_id')
      .notNull()
      .references(() => rmsDevices.id),
    /** Minutes from dusk to dawn. */
    nightMinutes: integer('night_minutes').notNull(),
    /** Minutes the plan has the light on. */
    plannedMinutes: integer('planned_minutes').notNull(),
    /** Planned energy as a share of full brightness all night (0–1). */
    plannedShare: real('planned_share').notNull(),
    scheduleId: integer('schedule_id').references(() => lightingSchedules.id, { onDelete: 'set null' }),
  },
  (t) => [primaryKey({ columns: [t.day, t.deviceId] }), index('device_night_plans_device').on(t.deviceId)],
);

/** The monthly energy report mailed to `recipients` on the 1st for the month before. */
export const energyReportSubscriptions = pgTable(
  'energy_report_subscriptions',
  {
    id: serial('id').primaryKey(),
    organizationId: organization(),
    /** Narrowed to one project (activation name); null: the whole organization. */
    project: text('project'),
    recipients: text('recipients')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    /** The last month (YYYY-MM) mailed, so several instances send it once. */
    lastSentMonth: text('last_sent_month'),
    createdBy: createdBy(),
    ...stamps(),
  },
  (t) => [index('energy_report_subscriptions_organization').on(t.organizationId)],
);
