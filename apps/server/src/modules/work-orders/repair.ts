import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { rowsOf } from '../../db/rows';
import { ALARM_RULE_DEFAULTS } from '@rms/contracts/alarm-rules';
import { refreshStatus } from '../../telemetry/alarms';

// A finished work order says the fault was repaired; the device's data has the last word. Each of the
// order's alarms still active is cleared as soon as its device is healthy: reporting (not Offline) and
// its newest sample (device_live_state) no longer showing the alarm's condition. At finish that is
// checked at once (the finisher clears what is already healthy); the rest wait, and the ingest clears
// them with the device's next healthy report (clearRepairedAlarms). A repaired battery counts as healthy
// once it is out of the low range, without waiting for the ingest's hysteresis to clear it by itself.
// Each clear writes the alarm's timeline entry and the order's, in the same statement. Only the alarms
// of devices the order's organization still holds: one assigned on since is no longer the order's.

/**
 * A threshold of the rule that raised the alarm `a` (alarm_rules by rule_id), else the kind's default:
 * the order's alarm is judged by the rule it was raised under.
 */
const threshold = (key: string, fallback: number | null | undefined) =>
  sql`coalesce(((select r.params from alarm_rules r where r.id = a.rule_id)->>${key})::real, ${fallback ?? null}::real)`;
const battery = ALARM_RULE_DEFAULTS.battery_low.params;
const load = ALARM_RULE_DEFAULTS.load_fault.params;
const noCharge = ALARM_RULE_DEFAULTS.no_charge.params;

/**
 * The alarm `a` is healthy on the live state `s`: its raise condition no longer holds. `panel_low`
 * compares a device with its neighbours, which one sample cannot: the sweeper clears it.
 */
const healthy = sql`(s.status <> 'Offline' and case a.kind
  when 'communication_lost' then true
  when 'battery_low' then (s.sample->>'soc')::real >= ${threshold('soc_below', battery.soc_below)}
    and (${threshold('volts_below', battery.volts_below)} is null
         or (s.sample->>'bt_v')::real >= ${threshold('volts_below', battery.volts_below)})
  when 'load_fault' then not ((s.sample->>'lo_sts')::int = 1 and (s.sample->>'brightness')::int > 0
    and (s.sample->>'lo_i')::real < ${threshold('current_below_a', load.current_below_a)})
  when 'no_charge' then (s.sample->>'bt_ch_i')::real >= ${threshold('charging_clear_from_a', noCharge.charging_clear_from_a)}
  when 'fault' then not coalesce(s.faults ? a.fault_code, false)
  else false end)`;

interface Cleared {
  id: number | string;
  device_id: number;
  order_id: number;
}

/**
 * Clears the healthy active alarms of done orders matching `which` (over `a`, `w`); `actor` null: the
 * device's data. Answers the alarms cleared with their device.
 */
async function clearHealthy(
  db: Db,
  which: SQL,
  actor: number | null,
  at: SQL,
  note: SQL,
): Promise<{ alarms: number[]; devices: number[] }> {
  const rows = await rowsOf<Cleared>(
    db,
    sql`
    with cleared as (
      update alarms a set resolution_time = greatest(a.fault_time, ${at}), cleared_by = ${actor}::int
      from work_order_alarms l
        join work_orders w on w.id = l.work_order_id and w.status = 'done',
        device_live_state s, rms_devices dv
      where l.alarm_id = a.id and s.device_id = a.device_id and a.resolution_time is null
        and dv.id = a.device_id and dv.organization_id = w.organization_id
        and ${which} and ${healthy}
        and not exists (select 1 from work_order_alarms o where o.alarm_id = a.id and o.active)
      returning a.id, a.device_id, a.resolution_time, w.id as order_id),
    alarm_entries as (
      insert into alarm_events (alarm_id, type, at, actor_id, note)
      select id, 'cleared', resolution_time, ${actor}::int, ${note} from cleared order by id),
    order_entries as (
      insert into work_order_events (work_order_id, type, at, actor_id, note)
      select order_id, 'alarm_cleared', resolution_time, ${actor}::int, 'Alarm #' || id || ': ' || ${note}
      from cleared order by id)
    select id, device_id, order_id from cleared`,
  );
  const alarms = [...new Set(rows.map((r) => Number(r.id)))];
  const devices = [...new Set(rows.map((r) => r.device_id))];
  if (devices.length > 0) await refreshStatus(db, devices);
  return { alarms, devices };
}

/** At finish: the order's alarms whose device is already healthy, cleared by the finisher. */
export function clearHealthyAtFinish(db: Db, orderId: number, finisher: number) {
  return clearHealthy(
    db,
    sql`w.id = ${orderId}`,
    finisher,
    sql`now()`,
    sql`${`work order #${orderId} finished and the device reports healthy`}::text`,
  );
}

/**
 * In an ingest batch, after the live state moved: the reporting devices' alarms of done orders that
 * their newest report shows healthy. Answers the alarms cleared (the ingest publishes their events).
 */
export async function clearRepairedAlarms(db: Db, deviceIds: readonly number[]): Promise<number[]> {
  if (deviceIds.length === 0) return [];
  const { alarms } = await clearHealthy(
    db,
    // The ids as one array literal: the driver's per-element escaping costs the ingest.
    sql`a.device_id = any(${sql.param(`{${deviceIds.join(',')}}`)}::int[])`,
    null,
    sql`s.last_ts`,
    sql`'the device reported healthy after its work order was done'::text`,
  );
  return alarms;
}
