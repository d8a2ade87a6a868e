import { sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { rowsOf } from '../db/rows';
import { publishTelemetryEvents } from '../modules/notifications';
import { raiseAlarms, refreshStatus } from './alarms';

// Periodic checks that no incoming message triggers: devices that stopped reporting go Offline and
// raise `communication_lost`; after the afternoon, a device that reported today but harvested
// (almost) nothing raises `no_charge`. Each check is one transaction that also writes the webhooks'
// events of what it changed (devices gone Offline, alarms raised).

export const LIVENESS = {
  /** A device that has sent nothing for this long is Offline (three missed 5-minute reports). */
  offlineAfterMs: 15 * 60_000,
  /** Local hour from which a day without charge is an alarm. */
  noChargeFromHour: 16,
  /** Harvest (Wh) under which a day counts as without charge. */
  noChargeUnderWh: 1,
};

/** Devices gone Offline and the alarms raised, by id. */
export interface SweepChanges {
  devices: number[];
  alarms: number[];
}

export function markOffline(db: Db, now = Date.now()): Promise<SweepChanges> {
  return db.transaction(async (tx) => {
    const changes = await markOfflineIn(tx, now);
    await publishTelemetryEvents(tx, { alarms: changes.alarms, offline: changes.devices });
    return changes;
  });
}

async function markOfflineIn(db: Db, now: number): Promise<SweepChanges> {
  const result = await rowsOf<{ device_id: number; last_seen_at: string }>(
    db,
    sql`
    update device_live_state set status = 'Offline'
    where status <> 'Offline' and last_seen_at < ${new Date(now - LIVENESS.offlineAfterMs).toISOString()}::timestamptz
    returning device_id, last_seen_at`,
  );
  const raised = await raiseAlarms(
    db,
    result.map((r) => ({
      deviceId: r.device_id,
      kind: 'communication_lost' as const,
      code: '',
      at: Date.parse(r.last_seen_at),
    })),
  );
  return { devices: result.map((r) => r.device_id), alarms: raised };
}

/** `today` and `hour` are the deployment's local date and hour. */
export async function raiseNoCharge(
  db: Db,
  today: string,
  hour: number,
  now = Date.now(),
): Promise<SweepChanges> {
  if (hour < LIVENESS.noChargeFromHour) return { devices: [], alarms: [] };
  return db.transaction(async (tx) => {
    const changes = await raiseNoChargeIn(tx, today, now);
    await publishTelemetryEvents(tx, { alarms: changes.alarms });
    return changes;
  });
}

async function raiseNoChargeIn(db: Db, today: string, now: number): Promise<SweepChanges> {
  const result = await rowsOf<{ device_id: number }>(
    db,
    sql`
    select s.device_id from device_live_state s
    left join daily_harvest h on h.device_id = s.device_id and h.day = ${today}::date
    where s.status <> 'Offline' and coalesce(h.harvest_wh, 0) < ${LIVENESS.noChargeUnderWh}
      and h.first_ts is not null`,
  );
  const ids = result.map((r) => r.device_id);
  const raised = await raiseAlarms(
    db,
    ids.map((deviceId) => ({ deviceId, kind: 'no_charge' as const, code: '', at: now })),
  );
  if (ids.length > 0) await refreshStatus(db, ids);
  return { devices: raised.length > 0 ? ids : [], alarms: raised };
}
