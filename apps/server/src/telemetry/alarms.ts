import { sql, type SQL } from 'drizzle-orm';
import { ALARM_DEFAULT_SEVERITY, type AlarmKind } from '@rms/contracts/telemetry';
import type { Db } from '../db/client';
import { rowsOf } from '../db/rows';
import type { SampleRow } from './sample-row';

// Alarms raised and resolved from what devices report (docs/device-link.md). The partial unique index
// `alarms_open_once` keeps one open alarm per device, kind and fault code, so raising is idempotent
// and concurrent ingest workers cannot open two. Thresholds have hysteresis so a value hovering at the
// limit does not flap. Each raise and clear writes its timeline entry (alarm_events, actor null: the
// device's data) in the same statement, so the timeline never misses a change.

export const ALARM_RULES = {
  /** State of charge (%) under which the battery is low, and at or over which that clears. */
  batteryLowBelow: 20,
  batteryOkFrom: 30,
  /** With the load on and dimmed above 0 %, a current under this (A) means the lamp draws nothing. */
  loadFaultUnderAmps: 0.05,
  /** Charging current (A) that shows the panel charges again. */
  chargingFromAmps: 0.2,
} as const;

interface Change {
  deviceId: number;
  kind: AlarmKind;
  code: string;
  at: number;
}

/**
 * Applies the alarm rules to each device's current sample, and clears `communication_lost` for every
 * device that delivered anything; then sets each device's status (On Error while a fault-like alarm
 * is open, Online otherwise). Returns the ids of the alarms raised or resolved.
 */
export async function applySampleAlarms(
  db: Db,
  current: SampleRow[],
  reporting: number[],
): Promise<number[]> {
  if (reporting.length === 0) return [];
  const raise: Change[] = [];
  const resolve: Change[] = [];
  const faultLists: { deviceId: number; codes: string[]; at: number }[] = [];
  const now = Date.now();
  for (const deviceId of reporting) resolve.push({ deviceId, kind: 'communication_lost', code: '', at: now });
  for (const s of current) {
    const at = s.ts;
    const d = s.deviceId;
    if (s.soc < ALARM_RULES.batteryLowBelow) raise.push({ deviceId: d, kind: 'battery_low', code: '', at });
    else if (s.soc >= ALARM_RULES.batteryOkFrom)
      resolve.push({ deviceId: d, kind: 'battery_low', code: '', at });
    const loadDead = s.loSts === 1 && s.brightness > 0 && s.loI < ALARM_RULES.loadFaultUnderAmps;
    (loadDead ? raise : resolve).push({ deviceId: d, kind: 'load_fault', code: '', at });
    if (s.btChI >= ALARM_RULES.chargingFromAmps)
      resolve.push({ deviceId: d, kind: 'no_charge', code: '', at });
    if (s.faults) {
      for (const code of s.faults) raise.push({ deviceId: d, kind: 'fault', code, at });
      faultLists.push({ deviceId: d, codes: s.faults, at });
    }
  }
  const changed = [
    ...(await raiseAlarms(db, raise)),
    ...(await resolveAlarms(db, resolve)),
    ...(await resolveClearedFaults(db, faultLists)),
  ];
  await refreshStatus(db, reporting);
  return changed;
}

const iso = (ms: number) => new Date(ms).toISOString();

const idsOf = (rows: { id: number | string }[]) => rows.map((r) => Number(r.id));

/** Opens the alarms not open yet, with their kind's severity; returns the ids of those it opened. */
export async function raiseAlarms(db: Db, changes: Change[]): Promise<number[]> {
  if (changes.length === 0) return [];
  const rows = await rowsOf<{ id: number | string }>(
    db,
    sql`
    with raised as (
      insert into alarms (device_id, kind, fault_code, fault_time, severity)
      select * from unnest(
        ${sql.param(changes.map((c) => c.deviceId))}::int[], ${sql.param(changes.map((c) => c.kind))}::text[],
        ${sql.param(changes.map((c) => c.code))}::text[], ${sql.param(changes.map((c) => iso(c.at)))}::timestamptz[],
        ${sql.param(changes.map((c) => ALARM_DEFAULT_SEVERITY[c.kind]))}::text[])
      on conflict (device_id, kind, fault_code) where resolution_time is null do nothing
      returning id, fault_time)
    insert into alarm_events (alarm_id, type, at)
    select id, 'raised', fault_time from raised order by id
    returning alarm_id as id`,
  );
  return idsOf(rows);
}

/**
 * Runs `update` (an `update alarms a set resolution_time = ... returning a.id, a.resolution_time`) and
 * records a `cleared` entry for each alarm it cleared, in one statement; returns their ids.
 */
export async function clearedByData(db: Db, update: SQL): Promise<number[]> {
  const rows = await rowsOf<{ id: number | string }>(
    db,
    sql`
    with cleared as (${update})
    insert into alarm_events (alarm_id, type, at)
    select id, 'cleared', resolution_time from cleared order by id
    returning alarm_id as id`,
  );
  return idsOf(rows);
}

async function resolveAlarms(db: Db, changes: Change[]): Promise<number[]> {
  if (changes.length === 0) return [];
  return clearedByData(
    db,
    sql`
    update alarms a set resolution_time = greatest(a.fault_time, k.at)
    from unnest(
      ${sql.param(changes.map((c) => c.deviceId))}::int[], ${sql.param(changes.map((c) => c.kind))}::text[],
      ${sql.param(changes.map((c) => iso(c.at)))}::timestamptz[]) as k(device_id, kind, at)
    where a.device_id = k.device_id and a.kind = k.kind and a.resolution_time is null
    returning a.id, a.resolution_time`,
  );
}

/** A device's fault list is its whole set of active faults: codes no longer in it are resolved. */
async function resolveClearedFaults(
  db: Db,
  lists: { deviceId: number; codes: string[]; at: number }[],
): Promise<number[]> {
  if (lists.length === 0) return [];
  return clearedByData(
    db,
    sql`
    update alarms a set resolution_time = greatest(a.fault_time, k.at)
    from unnest(
      ${sql.param(lists.map((l) => l.deviceId))}::int[],
      ${sql.param(lists.map((l) => JSON.stringify(l.codes)))}::jsonb[],
      ${sql.param(lists.map((l) => iso(l.at)))}::timestamptz[]) as k(device_id, codes, at)
    where a.device_id = k.device_id and a.kind = 'fault' and a.resolution_time is null
      and not (k.codes ? a.fault_code)
    returning a.id, a.resolution_time`,
  );
}

/**
 * Online devices are On Error while an alarm other than communication loss is open. Only rows whose
 * status changes are written: ingest calls this for every reporting device, nearly always unchanged.
 */
export async function refreshStatus(db: Db, deviceIds: number[]): Promise<void> {
  await db.execute(sql`
    update device_live_state s set status = k.status
    from (
      select d.device_id, case
        when d.status = 'Offline' then 'Offline'
        when exists (select 1 from alarms a where a.device_id = d.device_id and a.resolution_time is null
                     and a.kind <> 'communication_lost') then 'On Error'
        else 'Online' end as status
      from device_live_state d where d.device_id = any(${sql.param(deviceIds)}::int[])) k
    where s.device_id = k.device_id and s.status <> k.status`);
}
