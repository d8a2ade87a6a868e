import { sql, type SQL } from 'drizzle-orm';
import type { AlarmRuleParams } from '@rms/contracts/alarm-rules';
import type { AlarmKind } from '@rms/contracts/telemetry';
import type { Db } from '../db/client';
import { rowsOf } from '../db/rows';
import { settle, type AlarmChange, type Condition, type Observation } from './alarm-conditions';
import { defaultRule, scopesOf, type ActiveRule, type AlarmRuleBook } from './alarm-rule-book';
import type { SampleRow } from './sample-row';

// Alarms raised and resolved from what devices report (docs/device-link.md). The partial unique index
// `alarms_open_once` keeps one open alarm per device, kind and fault code, so raising is idempotent
// and concurrent ingest workers cannot open two. Thresholds have hysteresis so a value hovering at the
// limit does not flap. Each raise and clear writes its timeline entry (alarm_events, actor null: the
// device's data) in the same statement, so the timeline never misses a change. The thresholds, hold
// times and severities are the device's alarm rules (docs/alarms.md); the alarm keeps the rule that
// raised it (rule_id; null: the default).

interface FaultList {
  deviceId: number;
  codes: string[];
  at: number;
}

/**
 * Judges each device's current sample by its alarm rules (the project's, else the organization's, else
 * the default: alarm-rule-book.ts), and clears `communication_lost` for every device that delivered
 * anything; then sets each device's status (On Error while a fault-like alarm is open, Online
 * otherwise). Returns the ids of the alarms raised or resolved. Without a rule saved anywhere, no
 * scope is looked up: the defaults need none.
 */
export async function applySampleAlarms(
  db: Db,
  current: SampleRow[],
  reporting: number[],
  rules?: AlarmRuleBook,
): Promise<number[]> {
  if (reporting.length === 0) return [];
  const observations: Observation[] = [];
  const faultRaises: AlarmChange[] = [];
  const faultLists: FaultList[] = [];
  const now = Date.now();
  const scopes =
    rules && !rules.empty
      ? await scopesOf(
          db,
          current.map((s) => s.deviceId),
        )
      : null;
  for (const s of current) {
    const scope = scopes?.get(s.deviceId);
    const ruleOf = (kind: AlarmKind) => (rules ? rules.ruleFor(scope, kind) : defaultRule(kind));
    const observe = (kind: AlarmKind, rule: ActiveRule, condition: Condition) =>
      observations.push({ deviceId: s.deviceId, kind, condition, at: s.ts, rule });
    const battery = ruleOf('battery_low');
    if (battery.enabled) observe('battery_low', battery, batteryCondition(s, battery.params));
    const load = ruleOf('load_fault');
    if (load.enabled) observe('load_fault', load, loadCondition(s, load.params));
    // A day without charge is judged by the sweeper; the charge coming back clears it here.
    const noCharge = ruleOf('no_charge');
    if (s.btChI >= (noCharge.params.charging_clear_from_a ?? 0.2)) observe('no_charge', noCharge, 'clear');
    if (s.faults) {
      const fault = ruleOf('fault');
      if (fault.enabled)
        for (const code of s.faults)
          faultRaises.push({ deviceId: s.deviceId, kind: 'fault', code, at: s.ts, rule: fault });
      faultLists.push({ deviceId: s.deviceId, codes: s.faults, at: s.ts });
    }
  }
  const { raise, resolve } = await settle(db, observations);
  for (const deviceId of reporting) resolve.push({ deviceId, kind: 'communication_lost', code: '', at: now });
  const changed = [
    ...(await raiseAlarms(db, [...raise, ...faultRaises])),
    ...(await resolveByKind(db, resolve)),
    ...(await resolveClearedFaults(db, faultLists)),
  ];
  await refreshStatus(db, reporting);
  return changed;
}

/** SOC under its threshold, or (when the rule sets one) the battery voltage under its threshold. */
export function batteryCondition(s: SampleRow, p: AlarmRuleParams): Condition {
  const voltsBelow = p.volts_below ?? null;
  if (s.soc < (p.soc_below ?? 20) || (voltsBelow !== null && s.btV < voltsBelow)) return 'raise';
  const voltsOk = voltsBelow === null || s.btV >= (p.volts_clear_from ?? voltsBelow);
  return s.soc >= (p.soc_clear_from ?? 30) && voltsOk ? 'clear' : 'none';
}

/** With the load on and dimmed above 0 %, a lamp drawing (almost) nothing. */
export function loadCondition(s: SampleRow, p: AlarmRuleParams): Condition {
  const lit = s.loSts === 1 && s.brightness > 0;
  if (lit && s.loI < (p.current_below_a ?? 0.05)) return 'raise';
  return !lit || s.loI >= (p.current_clear_from_a ?? 0.05) ? 'clear' : 'none';
}

const iso = (ms: number) => new Date(ms).toISOString();

const idsOf = (rows: { id: number | string }[]) => rows.map((r) => Number(r.id));

/** Opens the alarms not open yet, with their rule's severity; returns the ids of those it opened. */
export async function raiseAlarms(db: Db, changes: AlarmChange[]): Promise<number[]> {
  if (changes.length === 0) return [];
  const rows = await rowsOf<{ id: number | string }>(
    db,
    sql`
    with raised as (
      insert into alarms (device_id, kind, fault_code, fault_time, severity, rule_id)
      select * from unnest(
        ${sql.param(changes.map((c) => c.deviceId))}::int[], ${sql.param(changes.map((c) => c.kind))}::text[],
        ${sql.param(changes.map((c) => c.code))}::text[], ${sql.param(changes.map((c) => iso(c.at)))}::timestamptz[],
        ${sql.param(changes.map((c) => (c.rule ?? defaultRule(c.kind)).severity))}::text[],
        ${sql.param(changes.map((c) => c.rule?.id ?? null))}::int[])
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

/** Clears the open alarms of each device and kind (as of each change's time). */
export async function resolveByKind(db: Db, changes: AlarmChange[]): Promise<number[]> {
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
async function resolveClearedFaults(db: Db, lists: FaultList[]): Promise<number[]> {
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
