import { sql } from 'drizzle-orm';
import {
  ALARM_LABELS,
  type AlarmKind,
  type AlarmSeverity,
  type DeviceStatus,
} from '@rms/contracts/telemetry';
import type { CommandKind, CommandStatus } from '@rms/contracts/commands';
import type { LiveMessage } from '@rms/contracts/events';
import type { Db } from '../db/client';
import { rowsOf } from '../db/rows';

// The live channel's messages, read from committed rows by id, each with the organization that owns its
// device now (the subscriber decides by it who may see the message).

/** A message and the organization whose users (and the provider's) may receive it. */
export interface RoutedMessage {
  organizationId: number;
  /** A person's own message (their notifications): only that person's signed-in streams receive it. */
  userId?: number;
  message: LiveMessage;
}

/** What changed, by id, once committed: devices whose live state moved, alarms, commands. */
export interface LiveChanges {
  devices?: readonly number[];
  alarms?: readonly number[];
  commands?: readonly number[];
}

export async function deviceMessages(db: Db, ids: readonly number[]): Promise<RoutedMessage[]> {
  const rows = await rowsOf<{
    id: number;
    code: string;
    organization_id: number;
    status: DeviceStatus | null;
    last_ts: string | Date | null;
    sample: Record<string, number> | null;
  }>(
    db,
    sql`
    select d.id, d.device_id as code, d.organization_id, s.status, s.last_ts, s.sample
    from rms_devices d left join device_live_state s on s.device_id = d.id
    where d.id = any(${sql.param([...ids])}::int[])`,
  );
  return rows.map((r) => {
    const n = (name: string) => (typeof r.sample?.[name] === 'number' ? r.sample[name] : null);
    const pv = n('pv_v') !== null && n('pv_i') !== null ? n('pv_v')! * n('pv_i')! : null;
    return {
      organizationId: r.organization_id,
      message: {
        event: 'live',
        data: {
          device: r.id,
          device_id: r.code,
          status: r.status,
          last_update: r.last_ts ? new Date(r.last_ts).toISOString() : null,
          battery_voltage: n('bt_v'),
          soc: n('soc'),
          load_on: n('lo_sts') === null ? null : n('lo_sts') === 1,
          pv_power: pv,
          signal_strength: n('gsm_sig'),
        },
      },
    };
  });
}

export async function alarmMessages(db: Db, ids: readonly number[]): Promise<RoutedMessage[]> {
  const rows = await rowsOf<{
    id: number | string;
    device_id: number;
    code: string;
    organization_id: number;
    kind: AlarmKind;
    fault_code: string;
    fault_time: string | Date;
    resolution_time: string | Date | null;
    severity: AlarmSeverity;
    acknowledged_at: string | Date | null;
  }>(
    db,
    sql`
    select a.id, a.device_id, d.device_id as code, d.organization_id, a.kind, a.fault_code, a.fault_time,
      a.resolution_time, a.severity, a.acknowledged_at
    from alarms a join rms_devices d on d.id = a.device_id
    where a.id = any(${sql.param(ids.map(Number))}::bigint[])`,
  );
  return rows.map((a) => {
    const label = ALARM_LABELS[a.kind] ?? a.kind;
    return {
      organizationId: a.organization_id,
      message: {
        event: 'alarm',
        data: {
          id: Number(a.id),
          fault_type: a.kind === 'fault' && a.fault_code ? `${label} (${a.fault_code})` : label,
          fault_time: new Date(a.fault_time).toISOString(),
          resolution_time: a.resolution_time ? new Date(a.resolution_time).toISOString() : null,
          status: a.resolution_time ? 'Resolved' : 'Unresolved',
          kind: a.kind,
          severity: a.severity,
          acknowledged_at: a.acknowledged_at ? new Date(a.acknowledged_at).toISOString() : null,
          device_data: { id: a.device_id, device_id: a.code },
        },
      },
    };
  });
}

export async function commandMessages(db: Db, ids: readonly number[]): Promise<RoutedMessage[]> {
  const rows = await rowsOf<{
    id: number | string;
    device_id: number;
    code: string;
    organization_id: number;
    kind: CommandKind;
    status: CommandStatus;
    error: string | null;
  }>(
    db,
    sql`
    select c.id, c.device_id, d.device_id as code, d.organization_id, c.kind, c.status, c.error
    from device_commands c join rms_devices d on d.id = c.device_id
    where c.id = any(${sql.param(ids.map(Number))}::bigint[])`,
  );
  return rows.map((c) => ({
    organizationId: c.organization_id,
    message: {
      event: 'command',
      data: {
        id: Number(c.id),
        device: c.device_id,
        device_id: c.code,
        kind: c.kind,
        status: c.status,
        error: c.error,
      },
    },
  }));
}
