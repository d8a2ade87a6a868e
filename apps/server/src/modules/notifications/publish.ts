import { randomUUID } from 'node:crypto';
import { sql, type SQL } from 'drizzle-orm';
import type { WebhookEventType } from '@rms/contracts/notifications';
import { ALARM_DEFAULT_SEVERITY, type AlarmKind, type AlarmSeverity } from '@rms/contracts/telemetry';
import type { Db } from '../../db/client';
import { rowsOf } from '../../db/rows';

// Events into the webhooks' outbox. Each function is one statement, run in the caller's transaction:
// it writes a delivery row for each (event × active webhook of the event's organization subscribed to
// its type), with one event id per event whatever the number of webhooks, and wakes the delivery job
// with pg_notify, which is heard only if the transaction commits. So an event exists exactly when the
// change it reports committed, and nothing is written for an organization without webhooks.

/** Heard by every instance's delivery job (delivery.ts): deliveries were committed. */
export const WEBHOOKS_CHANNEL = 'rms_webhooks';

export interface AlarmEventInput {
  id: number;
  /** The RMS ID (the device's code), as people and integrations know it. */
  deviceId: string;
  kind: AlarmKind;
  /** Omitted: the kind's default (ALARM_DEFAULT_SEVERITY). */
  severity?: AlarmSeverity;
  status: 'active' | 'cleared';
}

export interface WebhookEventInput {
  type: WebhookEventType;
  organizationId: number;
  occurredAt: Date;
  /** alarm.* events: the alarm as it is after the change. */
  alarm?: AlarmEventInput;
  /** device.* events: the device (inventory id and RMS ID). */
  device?: { id: number; deviceId: string };
  /** What else the change has to say (e.g. who acknowledged, the assignee), sent as `data`. */
  data?: Record<string, unknown>;
}

const isoUtc = (at: SQL) => sql`to_char(${at} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

/** Inserts the deliveries of `events` (columns: id uuid, org, type, at, body jsonb) and notifies. */
function fanOut(events: SQL): SQL {
  return sql`
    with ev as materialized (${events}),
    ins as (
      insert into webhook_deliveries (webhook_id, event_id, event_type, payload)
      select w.id, ev.id, ev.type,
        jsonb_build_object('id', ev.id, 'type', ev.type, 'occurred_at', ${isoUtc(sql`ev.at`)},
          'organization', ev.org) || ev.body
      from ev join webhooks w on w.organization_id = ev.org and w.status = 'active' and ev.type = any(w.events)
        join organizations o on o.id = w.organization_id and o.is_active
      on conflict do nothing
      returning 1)
    select pg_notify(${WEBHOOKS_CHANNEL}, '') from (select count(*) as n from ins) c where c.n > 0`;
}

/**
 * Publishes events described by the caller (the alarm actions: acknowledged, assigned, cleared by
 * hand). One statement whatever their number.
 */
export async function publishEvents(db: Db, events: readonly WebhookEventInput[]): Promise<void> {
  if (events.length === 0) return;
  const bodies = events.map((e) => {
    const body: Record<string, unknown> = {};
    if (e.alarm)
      body.alarm = {
        id: e.alarm.id,
        device_id: e.alarm.deviceId,
        kind: e.alarm.kind,
        severity: e.alarm.severity ?? ALARM_DEFAULT_SEVERITY[e.alarm.kind],
        status: e.alarm.status,
      };
    if (e.device) body.device = { id: e.device.id, device_id: e.device.deviceId };
    if (e.data) body.data = e.data;
    return JSON.stringify(body);
  });
  await rowsOf(
    db,
    fanOut(sql`
      select * from unnest(
        ${sql.param(events.map(() => randomUUID()))}::uuid[], ${sql.param(events.map((e) => e.organizationId))}::int[],
        ${sql.param(events.map((e) => e.type))}::text[],
        ${sql.param(events.map((e) => e.occurredAt.toISOString()))}::timestamptz[],
        ${sql.param(bodies)}::jsonb[]) as e(id, org, type, at, body)`),
  );
}

export interface TelemetryChanges {
  /** Alarms raised or resolved by the change: `alarm.raised` while open, `alarm.cleared` once resolved. */
  alarms?: readonly number[];
  /** Devices that came back (Offline → reporting) or went Offline, by inventory id. */
  online?: readonly number[];
  offline?: readonly number[];
}

/**
 * The events of an ingest batch or an offline sweep, built by the database from the rows the change
 * wrote (each device's organization as it is now). One statement, and none when nothing changed.
 */
export async function publishTelemetryEvents(db: Db, changes: TelemetryChanges): Promise<void> {
  const alarms = changes.alarms ?? [];
  const online = changes.online ?? [];
  const offline = changes.offline ?? [];
  if (alarms.length + online.length + offline.length === 0) return;
  const deviceEvents = (type: WebhookEventType, ids: readonly number[]) => sql`
    select gen_random_uuid(), d.organization_id, ${type}::text, now(),
      jsonb_build_object('device', jsonb_build_object('id', d.id, 'device_id', d.device_id))
    from rms_devices d where d.id = any(${sql.param([...ids])}::int[])`;
  const type = sql`(case when a.resolution_time is null then 'alarm.raised' else 'alarm.cleared' end)::text`;
  await rowsOf(
    db,
    fanOut(sql`
      ${alarmEvents(type, sql`coalesce(a.resolution_time, a.fault_time)`, alarms, null)}
      union all ${deviceEvents('device.online', online)}
      union all ${deviceEvents('device.offline', offline)}`),
  );
}

/** Events of alarms as their rows are now (columns as fanOut wants them), one per alarm id. */
function alarmEvents(type: SQL, at: SQL, ids: readonly number[], data: Record<string, unknown> | null): SQL {
  const extra =
    data === null ? sql`'{}'::jsonb` : sql`jsonb_build_object('data', ${JSON.stringify(data)}::jsonb)`;
  return sql`
    select gen_random_uuid() as id, d.organization_id as org, ${type} as type, ${at} as at,
      jsonb_build_object('alarm', jsonb_build_object('id', a.id, 'device_id', d.device_id, 'kind', a.kind,
        'severity', a.severity,
        'status', case when a.resolution_time is null then 'active' else 'cleared' end)) || ${extra} as body
    from alarms a join rms_devices d on d.id = a.device_id
    where a.id = any(${sql.param([...ids])}::bigint[])`;
}

/**
 * The events of an action people take on alarms (acknowledge, assign, clear by hand; one alarm or a
 * selection), built from the alarm rows as the caller's transaction left them, `occurred_at` now.
 * `data` (who acknowledged, the assignee) is sent with each. One statement; call it in the action's
 * transaction, after the change.
 */
export async function publishAlarmEvents(
  db: Db,
  type: Extract<WebhookEventType, `alarm.${string}`>,
  alarmIds: readonly number[],
  data?: Record<string, unknown>,
): Promise<void> {
  if (alarmIds.length === 0) return;
  await rowsOf(db, fanOut(alarmEvents(sql`${type}::text`, sql`now()`, alarmIds, data ?? null)));
}
