import { historyIsNotNews } from './history-not-news';
import { and, asc, eq, inArray, isNotNull, lt, sql } from 'drizzle-orm';
import type { AlarmEventType } from '@rms/contracts/telemetry';
import type { Db } from '../db/client';
import { users } from '../db/schema/employees';
import { rmsDevices } from '../db/schema/inventory';
import { alarmEvents, alarms } from '../db/schema/telemetry';
import { DEMO_PEOPLE } from './demo-fleet';

// The demo's alarm workflow history (docs/operations.md, "What the demo shows"): once the first
// history is written, people of the demo customer have handled some of its older alarms, as they would
// have with the alarm actions (modules/monitoring/alarm-workflow.ts): the supervisor acknowledged and
// assigned them to a technician, who commented and, for some, cleared them on site. Written as those
// actions write them: the alarm's columns (acknowledged_at/by, assignee_id, cleared_by and
// resolution_time) and its timeline rows, in time order (the timeline reads by id). A person clears an
// alarm shortly before the device's next report would have (the fault was repaired), so no report in
// between could have raised it again. Deterministic: every third older alarm in time order is handled,
// every third is only acknowledged, the rest are left new.

const MINUTE = 60_000;
/** Alarms raised in the last this long are left to the user (the live ones). */
const LEFT_NEW_MS = 2 * 60 * MINUTE;

const COMMENTS: Record<string, string> = {
  battery_low: 'Battery ran low overnight. Checking the panel and the battery on the next round.',
  load_fault: 'Lamp dark at dusk with the load on. LED driver replaced on site.',
  no_charge: 'No charge all day. Panel connector found loose, tightened.',
  fault: 'Inspected the controller, the enclosure and the wiring on site.',
};
const DEFAULT_COMMENT = 'Inspected on site.';
const CLEAR_NOTE = 'Repaired on site; readings normal again.';

interface EventRow {
  alarmId: number;
  type: AlarmEventType;
  at: Date;
  actorId: number | null;
  assigneeId: number | null;
  note: string | null;
}

/**
 * Writes the workflow history over the organization's alarms raised before `now` less two hours,
 * unless a person has handled any of its alarms already. Answers the alarms it touched.
 */
export async function seedAlarmWorkflow(db: Db, organizationId: number, now = Date.now()): Promise<number> {
  return db.transaction(async (tx) => {
    const people = await tx
      .select({ id: users.id, email: users.email })
      .from(users)
      .where(and(eq(users.organizationId, organizationId), eq(users.isActive, true)));
    const byEmail = new Map(people.map((p) => [p.email, p.id]));
    const supervisor = byEmail.get(DEMO_PEOPLE.supervisor.email);
    const technicians = [DEMO_PEOPLE.technician.email, DEMO_PEOPLE.owner.email]
      .map((e) => byEmail.get(e))
      .filter((id): id is number => id !== undefined);
    if (supervisor === undefined || technicians.length === 0) return 0;

    const handled = await tx
      .select({ id: alarmEvents.id })
      .from(alarmEvents)
      .innerJoin(alarms, eq(alarms.id, alarmEvents.alarmId))
      .innerJoin(rmsDevices, eq(rmsDevices.id, alarms.deviceId))
      .where(and(eq(rmsDevices.organizationId, organizationId), isNotNull(alarmEvents.actorId)))
      .limit(1);
    if (handled.length > 0) return 0;

    const older = await tx
      .select({
        id: alarms.id,
        kind: alarms.kind,
        faultCode: alarms.faultCode,
        faultTime: alarms.faultTime,
        resolutionTime: alarms.resolutionTime,
      })
      .from(alarms)
      .innerJoin(rmsDevices, eq(rmsDevices.id, alarms.deviceId))
      .where(
        and(eq(rmsDevices.organizationId, organizationId), lt(alarms.faultTime, new Date(now - LEFT_NEW_MS))),
      )
      .orderBy(asc(alarms.faultTime), asc(alarms.id));

    const events: EventRow[] = [];
    const changes: {
      id: number;
      acknowledgedAt: Date;
      assigneeId: number | null;
      clearedBy: number | null;
      resolutionTime: Date | null;
    }[] = [];
    const rewritten: number[] = [];
    let handledResolved = 0;
    older.forEach((alarm, i) => {
      if (i % 3 === 2) return; // left new
      const start = alarm.faultTime.getTime();
      const end = alarm.resolutionTime?.getTime() ?? now;
      const span = end - start;
      if (span < 12 * MINUTE) return; // gone before anyone could look
      // Within the alarm's life: acknowledged after a quarter of it at most, the rest in between.
      const acknowledged = start + Math.min(10 * MINUTE + (i % 5) * 7 * MINUTE, span / 4);
      const row = (type: AlarmEventType, at: number, actorId: number, extra: Partial<EventRow> = {}) =>
        events.push({
          alarmId: alarm.id,
          type,
          at: new Date(Math.round(at)),
          actorId,
          assigneeId: null,
          note: null,
          ...extra,
        });
      row('acknowledged', acknowledged, supervisor);
      if (i % 3 === 1) {
        changes.push({
          id: alarm.id,
          acknowledgedAt: new Date(Math.round(acknowledged)),
          assigneeId: null,
          clearedBy: null,
          resolutionTime: alarm.resolutionTime,
        });
        if (alarm.resolutionTime) {
          rewritten.push(alarm.id);
          events.push(clearedByData(alarm.id, alarm.resolutionTime));
        }
        return;
      }
      const technician = technicians[Math.floor(i / 3) % technicians.length]!;
      const assigned = acknowledged + MINUTE;
      row('assigned', assigned, supervisor, { assigneeId: technician });
      const comment = COMMENTS[alarm.kind] ?? DEFAULT_COMMENT;
      const noted = assigned + (end - assigned) / 2;
      row('commented', noted, technician, {
        note: alarm.kind === 'fault' ? `The controller reports ${alarm.faultCode}. ${comment}` : comment,
      });
      // Every other handled alarm that cleared by itself was cleared by its technician just before.
      const byPerson = alarm.resolutionTime !== null && handledResolved++ % 2 === 0;
      const resolution = byPerson ? new Date(Math.round(Math.max(noted + MINUTE, end - 2 * MINUTE))) : null;
      changes.push({
        id: alarm.id,
        acknowledgedAt: new Date(Math.round(acknowledged)),
        assigneeId: technician,
        clearedBy: byPerson ? technician : null,
        resolutionTime: resolution ?? alarm.resolutionTime,
      });
      if (alarm.resolutionTime) {
        rewritten.push(alarm.id);
        if (resolution) row('cleared', resolution.getTime(), technician, { note: CLEAR_NOTE });
        else events.push(clearedByData(alarm.id, alarm.resolutionTime));
      }
    });
    if (changes.length === 0) return 0;

    // The device's 'cleared' entries move after the people's (the timeline reads by id).
    if (rewritten.length > 0)
      await tx
        .delete(alarmEvents)
        .where(and(inArray(alarmEvents.alarmId, rewritten), eq(alarmEvents.type, 'cleared')));
    const iso = (d: Date | null) => d?.toISOString() ?? null;
    await tx.execute(sql`
      update alarms set acknowledged_at = k.acknowledged_at, acknowledged_by = ${supervisor}::int,
        assignee_id = k.assignee_id, cleared_by = k.cleared_by, resolution_time = k.resolution_time
      from unnest(
        ${sql.param(changes.map((c) => c.id))}::bigint[],
        ${sql.param(changes.map((c) => iso(c.acknowledgedAt)))}::timestamptz[],
        ${sql.param(changes.map((c) => c.assigneeId))}::int[],
        ${sql.param(changes.map((c) => c.clearedBy))}::int[],
        ${sql.param(changes.map((c) => iso(c.resolutionTime)))}::timestamptz[]
      ) as k(id, acknowledged_at, assignee_id, cleared_by, resolution_time)
      where alarms.id = k.id`);
    for (let i = 0; i < events.length; i += 1000)
      await tx.insert(alarmEvents).values(events.slice(i, i + 1000));
    await historyIsNotNews(tx);
    return changes.length;
  });
}

function clearedByData(alarmId: number, at: Date): EventRow {
  return { alarmId, type: 'cleared', at, actorId: null, assigneeId: null, note: null };
}
