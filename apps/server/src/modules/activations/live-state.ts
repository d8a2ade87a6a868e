import { sql, type SQL } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import type { DeviceStatus } from '@rms/contracts/telemetry';
import { deviceLiveState as live } from '../../db/schema/telemetry';

// A device's live state as the activation list shows it (spec 02 §3: online flag, last_add_on, and the
// status the map shows), read from what the device link keeps (device_live_state). Lists, filters and
// counts take them from here.

export interface LiveState {
  /** Whether the device reports now: Online or On Error (the `online` filter compares with it). */
  online: SQL<boolean>;
  /** Online, Offline or On Error as on the map ('Offline' before it has reported); null without a device. */
  status: SQL<DeviceStatus | null>;
  /** When the device's newest sample was measured, or null before it has reported. */
  lastAddOn: SQL<Date | null>;
}

export function deviceLiveState(deviceId: PgColumn): LiveState {
  return {
    online: sql<boolean>`coalesce((select ${live.status} <> 'Offline' from ${live} where ${live.deviceId} = ${deviceId}), false)`,
    status: sql<DeviceStatus | null>`case when ${deviceId} is null then null else coalesce((select ${live.status} from ${live} where ${live.deviceId} = ${deviceId}), 'Offline') end`,
    lastAddOn:
      sql<Date | null>`(select ${live.lastTs} from ${live} where ${live.deviceId} = ${deviceId})`.mapWith(
        (v: string | Date | null) => (v === null ? null : new Date(v)),
      ),
  };
}
