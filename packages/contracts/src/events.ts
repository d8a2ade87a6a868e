import { z } from 'zod';
import { COMMAND_KINDS, COMMAND_STATUSES } from './commands';
import { alarmRow } from './monitoring';
import { notificationRow } from './notifications';
import { DEVICE_STATUSES } from './telemetry';

// The live channel (GET /api/v1/events/, server-sent events): what changes on the devices the caller
// may see, and nothing else. Each message is `event: <name>` with `data: <JSON>` of the shape below;
// comment lines (`: ping`) keep the connection open. The console refetches or patches its queries on
// each one (apps/web/src/api/live.ts); the data is a hint, the routes stay the source of truth.

export const LIVE_EVENT_NAMES = ['live', 'alarm', 'command', 'notification'] as const;
export type LiveEventName = (typeof LIVE_EVENT_NAMES)[number];

/** Seconds between heartbeat comments; proxies close streams idle for much longer. */
export const LIVE_HEARTBEAT_SECONDS = 20;

/**
 * `live`: a device's live state changed (a sample came in, it went Offline or On Error). At most one
 * per device every few seconds; the last change of a burst is always sent. Readings of the newest
 * sample; null while the device has never reported.
 */
export const liveStateEvent = z.object({
  /** Inventory id of the RMS device. */
  device: z.number().int(),
  /** RMS ID. */
  device_id: z.string(),
  status: z.enum(DEVICE_STATUSES).nullable(),
  last_update: z.string().nullable(),
  battery_voltage: z.number().nullable(),
  soc: z.number().nullable(),
  load_on: z.boolean().nullable(),
  pv_power: z.number().nullable(),
  signal_strength: z.number().nullable(),
});
export type LiveStateEvent = z.infer<typeof liveStateEvent>;

/** `alarm`: an alarm was raised or resolved; the row as the alarms view lists it. */
export const alarmEvent = alarmRow;
export type AlarmEvent = z.infer<typeof alarmEvent>;

/** `command`: a command's status changed (pending → sent → acknowledged | failed | timed_out). */
export const commandEvent = z.object({
  id: z.number().int(),
  device: z.number().int(),
  device_id: z.string(),
  kind: z.enum(COMMAND_KINDS),
  status: z.enum(COMMAND_STATUSES),
  error: z.string().nullable(),
});
export type CommandEvent = z.infer<typeof commandEvent>;

/**
 * `notification`: the caller's own notifications changed (a new one, or some read): their unread count
 * now, and the newest new one (null when the change was a read). Only ever sent to its person.
 */
export const notificationEvent = z.object({
  unread: z.number().int(),
  newest: notificationRow.nullable(),
});
export type NotificationEvent = z.infer<typeof notificationEvent>;

export type LiveMessage =
  | { event: 'live'; data: LiveStateEvent }
  | { event: 'alarm'; data: AlarmEvent }
  | { event: 'command'; data: CommandEvent }
  | { event: 'notification'; data: NotificationEvent };
