import {
  bigint,
  index,
  integer,
  jsonb,
  pgTable,
  serial,
  smallint,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';
import type { ReportExportFilters, ReportExportStatus } from '@rms/contracts/monitoring';
import { deviceCommands } from './commands';
import { users } from './employees';
import { rmsDevices } from './inventory';
import { organizations } from './organizations';

// Load status (spec 02 §3 "Load status record", §4): one record per device, the switch as the console
// last set it, and the command that carries it to the device.

export const loadStatus = pgTable('load_status', {
  id: serial('id').primaryKey(),
  deviceId: integer('device_id')
    .notNull()
    .unique()
    .references(() => rmsDevices.id),
  loSts: smallint('lo_sts'),
  commandId: bigint('command_id', { mode: 'number' }).references(() => deviceCommands.id),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * The device report's CSV exports (spec 02 §4 "Generating a report file"), run as jobs: the console
 * starts one, follows its progress (rows written of the total) and opens the file when it is done, on
 * whichever instance it asks. `updated_at` is the running job's heartbeat: a job whose process went away
 * stops beating and is reported failed. Rows older than REPORT_RETENTION_HOURS are deleted with their file.
 */
export const reportExports = pgTable(
  'report_exports',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    organizationId: integer('organization_id')
      .notNull()
      .references(() => organizations.id),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    filters: jsonb('filters').$type<ReportExportFilters>().notNull(),
    status: text('status').$type<Exclude<ReportExportStatus, 'expired'>>().notNull().default('running'),
    /** Null until counted (the job's first step). */
    rowsTotal: integer('rows_total'),
    rowsWritten: integer('rows_written').notNull().default(0),
    /** The stored CSV's key (report/…), once written. */
    fileKey: text('file_key'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
  },
  (t) => [index('report_exports_user').on(t.userId, t.createdAt)],
);

/**
 * The compact map's version (map-service.ts mapVersion), kept by triggers (migration 0036): every
 * committed change of what the map shows adds one to a shard's count, and the version is their sum.
 * Sixteen shards, picked by transaction id, so concurrent writers (ingest workers) seldom wait on one row.
 */
export const mapVersionShards = pgTable('map_version', {
  shard: smallint('shard').primaryKey(),
  changes: bigint('changes', { mode: 'number' }).notNull().default(0),
});
