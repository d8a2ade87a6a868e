import { sql } from 'drizzle-orm';
import {
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  unique,
} from 'drizzle-orm/pg-core';
import type { AlarmKind, AlarmSeverity } from '@rms/contracts/telemetry';
import { users } from './employees';
import { organizations } from './organizations';

// Alarm rules (docs/alarms.md): per organization, optionally narrowed to one project (an activation's
// name), one rule per kind. A device is judged by its project's rule for a kind, else its organization's,
// else the built-in default (today's behaviour, ALARM_RULE_DEFAULTS in contracts). The rule that raised an
// alarm is kept on it (alarms.rule_id; null: the built-in default).
export const alarmRules = pgTable(
  'alarm_rules',
  {
    id: serial('id').primaryKey(),
    organizationId: integer('organization_id')
      .notNull()
      .references(() => organizations.id),
    /** The project (activation name) the rule is narrowed to; null: the whole organization. */
    project: text('project'),
    kind: text('kind').$type<AlarmKind>().notNull(),
    enabled: boolean('enabled').notNull().default(true),
    severity: text('severity').$type<AlarmSeverity>().notNull(),
    /** The kind's raise and clear thresholds, checked by the contract's schema for the kind. */
    params: jsonb('params').$type<Record<string, number | null>>().notNull(),
    /** How long the raise condition must hold before the alarm is raised (0: at once). */
    holdMinutes: integer('hold_minutes').notNull().default(0),
    /** How long the clear condition must hold before the alarm clears by itself (0: at once). */
    clearHoldMinutes: integer('clear_hold_minutes').notNull().default(0),
    /** A work order made from the rule's alarms is due this many hours after it is created. */
    slaHours: integer('sla_hours').notNull(),
    /** An alarm still unacknowledged this long after it was raised notifies `escalateTo`; null: never. */
    escalateAfterMinutes: integer('escalate_after_minutes'),
    /** The people (user ids) told when the alarm escalates. */
    escalateTo: integer('escalate_to')
      .array()
      .notNull()
      .default(sql`'{}'::integer[]`),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    unique('alarm_rules_scope_kind').on(t.organizationId, t.project, t.kind).nullsNotDistinct(),
    index('alarm_rules_organization').on(t.organizationId),
  ],
);

// Where a rule holds a condition for some minutes before raising (hold_minutes) or clearing
// (clear_hold_minutes), the condition each device's kind is in, and since when (the sample's time, or the
// sweep's). One row per device and kind, rewritten set-based with each batch; only kinds whose rule
// holds anything have rows.
export const alarmConditions = pgTable(
  'alarm_conditions',
  {
    deviceId: integer('device_id').notNull(),
    kind: text('kind').$type<AlarmKind>().notNull(),
    /** 'raise': the raise condition holds; 'clear': the clear condition; 'none': neither (between). */
    state: text('state').$type<'raise' | 'clear' | 'none'>().notNull(),
    since: timestamp('since', { withTimezone: true }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.deviceId, t.kind] })],
);
