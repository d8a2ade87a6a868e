import { sql, type SQL } from 'drizzle-orm';
import { ALARM_MESSAGES, type AlarmPerson } from '@rms/contracts/alarms';
import type { AuthUser } from '../../auth/access';
import type { Db } from '../../db/client';
import { rowsOf } from '../../db/rows';
import { refreshStatus } from '../../telemetry/alarms';
import { publishAlarmEvents } from '../notifications';
import { visibleAlarms } from './alarms-service';
import { assigneesFor, checkAssignee } from './assignees';

// What people do with alarms (docs/operations.md "Alarms"): acknowledge, assign, comment, clear. Each
// takes one alarm or a selection, all or nothing: every id must be an alarm the caller sees (else 404
// and nothing changes). The change and its timeline entries are one statement over the whole
// selection; an alarm already in the asked state is left as it is, without a timeline entry. The
// webhooks' events (alarm.acknowledged, alarm.assigned, alarm.cleared) of the alarms that changed are
// written in the same transaction, so they exist exactly when the change does.

export type AlarmAction =
  | { type: 'acknowledge' }
  | { type: 'assign'; assignee: number | null }
  | { type: 'comment'; text: string }
  | { type: 'clear'; note?: string | undefined };

/** Applies the action to the alarms; answers the ids it changed. */
export async function actOnAlarms(
  db: Db,
  auth: AuthUser,
  ids: readonly number[],
  action: AlarmAction,
): Promise<number[]> {
  return db.transaction(async (tx) => {
    const targets = await visibleAlarms(tx, auth, ids, true);
    const list = sql.param(targets.map((t) => t.id));
    const me = auth.id;
    const by = { id: auth.id, email: auth.email };
    switch (action.type) {
      case 'acknowledge': {
        const acknowledged = await changed(
          tx,
          sql`
          with changed as (
            update alarms set acknowledged_at = now(), acknowledged_by = ${me}
            where id = any(${list}::bigint[]) and acknowledged_at is null
            returning id, acknowledged_at)
          insert into alarm_events (alarm_id, type, at, actor_id)
          select id, 'acknowledged', acknowledged_at, ${me} from changed order by id
          returning alarm_id as id`,
        );
        await publishAlarmEvents(tx, 'alarm.acknowledged', acknowledged, { acknowledged_by: by });
        return acknowledged;
      }
      case 'assign': {
        const assignee =
          action.assignee === null
            ? null
            : await checkAssignee(
                tx,
                auth,
                action.assignee,
                targets.map((t) => t.organizationId),
                ALARM_MESSAGES.assigneeNotAllowed,
              );
        const to = action.assignee;
        const assigned = await changed(
          tx,
          sql`
          with changed as (
            update alarms set assignee_id = ${to}::int
            where id = any(${list}::bigint[]) and assignee_id is distinct from ${to}::int
            returning id)
          insert into alarm_events (alarm_id, type, actor_id, assignee_id)
          select id, 'assigned', ${me}, ${to}::int from changed order by id
          returning alarm_id as id`,
        );
        await publishAlarmEvents(tx, 'alarm.assigned', assigned, { assigned_by: by, assignee });
        return assigned;
      }
      case 'comment':
        return changed(
          tx,
          sql`
          insert into alarm_events (alarm_id, type, actor_id, note)
          select id, 'commented', ${me}, ${action.text} from unnest(${list}::bigint[]) as k(id) order by id
          returning alarm_id as id`,
        );
      case 'clear': {
        const cleared = await changed(
          tx,
          sql`
          with changed as (
            update alarms set resolution_time = greatest(fault_time, now()), cleared_by = ${me}
            where id = any(${list}::bigint[]) and resolution_time is null
            returning id, resolution_time)
          insert into alarm_events (alarm_id, type, at, actor_id, note)
          select id, 'cleared', resolution_time, ${me}, ${action.note || null} from changed order by id
          returning alarm_id as id`,
        );
        // A device whose last fault-like alarm was cleared by hand is no longer On Error.
        const devices = [...new Set(targets.filter((t) => cleared.includes(t.id)).map((t) => t.deviceId))];
        if (devices.length > 0) await refreshStatus(tx, devices);
        await publishAlarmEvents(tx, 'alarm.cleared', cleared, { cleared_by: by });
        return cleared;
      }
    }
  });
}

async function changed(db: Db, statement: SQL): Promise<number[]> {
  const rows = await rowsOf<{ id: number | string }>(db, statement);
  return [...new Set(rows.map((r) => Number(r.id)))];
}

/** The people every one of the alarms may be assigned to, by name. */
export async function assigneesOf(db: Db, auth: AuthUser, ids: readonly number[]): Promise<AlarmPerson[]> {
  const targets = await visibleAlarms(db, auth, ids);
  return assigneesFor(
    db,
    auth,
    targets.map((t) => t.organizationId),
  );
}
