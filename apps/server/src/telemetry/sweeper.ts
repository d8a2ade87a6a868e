import { sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { localHour, today } from '../calendar';
import { rowsOf } from '../db/rows';
import { publishTelemetryEvents } from '../modules/notifications';
import type { AlarmKind } from '@rms/contracts/telemetry';
import type { AlarmChange } from './alarm-conditions';
import { defaultRule, type ActiveRule, type AlarmRuleBook } from './alarm-rule-book';
import { raiseAlarms, refreshStatus } from './alarms';

// Periodic checks that no incoming message triggers: devices that stopped reporting go Offline and
// raise `communication_lost`; after the afternoon, a device that reported today but harvested
// (almost) nothing raises `no_charge`; in daylight, a panel far below its neighbours' raises
// `panel_low` (panel-low.ts). Minutes, hours and thresholds are each device's alarm rules. Each check is one transaction that also writes the webhooks'
// events of what it changed (devices gone Offline, alarms raised).

export const LIVENESS = {
  /** A device that has sent nothing for this long is Offline (three missed 5-minute reports). */
  offlineAfterMs: 15 * 60_000,
  /** Local hour from which a day without charge is an alarm (the default rule's; rules set their own). */
  noChargeFromHour: 16,
  /** Harvest (Wh) under which a day counts as without charge. */
  noChargeUnderWh: 1,
};

/** Devices gone Offline and the alarms raised, by id. */
export interface SweepChanges {
  devices: number[];
  alarms: number[];
}

export function markOffline(db: Db, now = Date.now(), rules?: AlarmRuleBook): Promise<SweepChanges> {
  return db.transaction(async (tx) => {
    const changes = await markOfflineIn(tx, now, rules);
    await publishTelemetryEvents(tx, { alarms: changes.alarms, offline: changes.devices });
    return changes;
  });
}

/**
 * Devices silent for LIVENESS.offlineAfterMs go Offline; `communication_lost` is raised once per
 * silence (an alarm since the last report means raised already, even if someone cleared it) when the
 * device's rule's minutes have passed: by default the same 15 minutes.
 */
async function markOfflineIn(db: Db, now: number, rules?: AlarmRuleBook): Promise<SweepChanges> {
  const result = await rowsOf<{ device_id: number }>(
    db,
    sql`
    update device_live_state set status = 'Offline'
    where status <> 'Offline' and last_seen_at < ${new Date(now - LIVENESS.offlineAfterMs).toISOString()}::timestamptz
    returning device_id`,
  );
  const shortest = Math.min(
    LIVENESS.offlineAfterMs,
    ...(rules?.saved('communication_lost') ?? []).map((r) => minutesOf(r.params.after_minutes, 15) * 60_000),
  );
  const silent = await rowsOf<{
    device_id: number;
    last_seen_at: string;
    organization_id: number | null;
    name: string | null;
  }>(
    db,
    sql`
    select s.device_id, s.last_seen_at, a.organization_id, a.name from device_live_state s
    left join activations a on a.device_id = s.device_id and a.is_active
    where s.last_seen_at < ${new Date(now - shortest).toISOString()}::timestamptz
      and not exists (select 1 from alarms x where x.device_id = s.device_id
                      and x.kind = 'communication_lost' and x.fault_time >= s.last_seen_at)`,
  );
  const raise: AlarmChange[] = [];
  for (const r of silent) {
    const rule = ruleOfRow(rules, r, 'communication_lost');
    const seen = Date.parse(r.last_seen_at);
    if (rule.enabled && seen < now - minutesOf(rule.params.after_minutes, 15) * 60_000)
      raise.push({ deviceId: r.device_id, kind: 'communication_lost', code: '', at: seen, rule });
  }
  const raised = await raiseAlarms(db, raise);
  return { devices: result.map((r) => r.device_id), alarms: raised };
}

const minutesOf = (value: number | null | undefined, fallback: number) => value ?? fallback;

function ruleOfRow(
  rules: AlarmRuleBook | undefined,
  row: { organization_id: number | null; name: string | null },
  kind: AlarmKind,
): ActiveRule {
  if (!rules) return defaultRule(kind);
  const scope =
    row.organization_id === null
      ? undefined
      : { organizationId: row.organization_id, project: row.name ?? '' };
  return rules.ruleFor(scope, kind);
}

/**
 * Days without charge, judged at `now` in the deployment's time zone. Only devices that have reported
 * since before local noon are judged: one that came online in the afternoon (newly installed, or back
 * from a long silence) has not had the day's sun to charge from, so it is judged from the next day.
 */
export async function raiseNoCharge(
  db: Db,
  timeZone: string,
  now = Date.now(),
  rules?: AlarmRuleBook,
): Promise<SweepChanges> {
  const hour = localHour(timeZone, new Date(now));
  const saved = rules?.saved('no_charge') ?? [];
  const earliest = Math.min(LIVENESS.noChargeFromHour, ...saved.map((r) => r.params.from_hour ?? 16));
  if (hour < earliest) return { devices: [], alarms: [] };
  const day = today(timeZone, new Date(now));
  return db.transaction(async (tx) => {
    const changes = await raiseNoChargeIn(tx, { day, hour, timeZone }, now, rules);
    await publishTelemetryEvents(tx, { alarms: changes.alarms });
    return changes;
  });
}

async function raiseNoChargeIn(
  db: Db,
  local: { day: string; hour: number; timeZone: string },
  now: number,
  rules?: AlarmRuleBook,
): Promise<SweepChanges> {
  const saved = rules?.saved('no_charge') ?? [];
  const highest = Math.max(LIVENESS.noChargeUnderWh, ...saved.map((r) => r.params.harvest_below_wh ?? 1));
  const result = await rowsOf<{
    device_id: number;
    harvest_wh: number;
    organization_id: number | null;
    name: string | null;
  }>(
    db,
    sql`
    select s.device_id, h.harvest_wh, a.organization_id, a.name
    from device_live_state s
    join daily_harvest h on h.device_id = s.device_id and h.day = ${local.day}::date
    left join activations a on a.device_id = s.device_id and a.is_active
    where s.status <> 'Offline' and h.harvest_wh < ${highest}
      and h.first_ts < (${local.day}::date + time '12:00') at time zone ${local.timeZone}`,
  );
  const raise: AlarmChange[] = [];
  for (const r of result) {
    const rule = ruleOfRow(rules, r, 'no_charge');
    if (!rule.enabled || local.hour < (rule.params.from_hour ?? 16)) continue;
    if (Number(r.harvest_wh) < (rule.params.harvest_below_wh ?? 1))
      raise.push({ deviceId: r.device_id, kind: 'no_charge', code: '', at: now, rule });
  }
  const ids = raise.map((c) => c.deviceId);
  const raised = await raiseAlarms(db, raise);
  if (ids.length > 0) await refreshStatus(db, ids);
  return { devices: raised.length > 0 ? ids : [], alarms: raised };
}
