import { historyIsNotNews } from './history-not-news';
import { and, eq, sql } from 'drizzle-orm';
import { DEFAULT_SLA_HOURS, type AlarmSeverity } from '@rms/contracts/telemetry';
import type { WorkOrderEventType, WorkOrderStatus } from '@rms/contracts/work-orders';
import type { Db } from '../db/client';
import { rowsOf } from '../db/rows';
import { users } from '../db/schema/employees';
import { alarmEvents } from '../db/schema/telemetry';
import { workOrderAlarms, workOrderEvents, workOrders } from '../db/schema/work-orders';
import { DEMO_FAULTS } from './demo-faults';
import { DEMO_PEOPLE } from './demo-fleet';

// The demo's work orders (docs/operations.md, "What the demo shows"), written once after the alarm
// workflow history (alarm-history.ts), as a month of a real operator would have left them and as the
// work order actions write them (modules/work-orders/workflow.ts, repair.ts): the order, its alarms
// (`active` while open or in progress) and its timeline in time order (it reads by id).
//  - done: a few of the older handled alarms, spread over the history: the supervisor made the order
//    and gave it to the alarm's assignee, who started it, noted the repair and finished it; the alarm
//    was cleared at the finish by the finisher (its timeline entry says by which order), within the SLA;
//  - one done late: an older alarm the device's data cleared while the order was open, the order finished
//    a few hours past its due time (the SLA report shows it);
//  - in progress: the older still active alarms of one device with an injected fault (demo-faults.ts),
//    given to the technician, started, with his note;
//  - open: the newest older active alarm of another device, not given to anyone yet.
// Alarms of the last two hours are left to the user, as alarm-history.ts leaves them.

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const LEFT_NEW_MS = 2 * HOUR;
/** Done orders within their SLA, at most. */
const DONE_ON_TIME = 4;

const REPAIRS: Record<string, string> = {
  battery_low: 'Battery terminals cleaned and the charge controller reset; the battery holds its charge.',
  load_fault: 'LED driver replaced; the lamp lights at full brightness.',
  no_charge: 'Panel connector was loose; re-crimped and sealed.',
  fault: 'Controller inspected, wiring re-seated; the fault did not return.',
  communication_lost: 'Modem antenna re-seated; the device reports again.',
};
const TITLES: Record<string, string> = {
  battery_low: 'Battery low',
  load_fault: 'Load fault',
  no_charge: 'No charge',
  fault: 'Device fault',
  communication_lost: 'Communication lost',
};

/** The technician's note on the order in progress, by the device's injected fault. */
const FOUND: Record<string, string> = {
  pv_disconnected: 'On site: the panel cable is cut at the junction box. New cable ordered, back tomorrow.',
  battery_worn: 'On site: the battery holds a fifth of its charge. Replacement ordered, back tomorrow.',
  panel_shaded: 'On site: a tree shades the panel. Trimming booked with the municipality.',
  default: 'On site: parts ordered, back tomorrow.',
};

interface Candidate {
  id: number | string;
  device_id: number;
  code: string;
  kind: string;
  fault_code: string;
  severity: AlarmSeverity;
  sla_hours: number | null;
  fault_time: string | Date;
  resolution_time: string | Date | null;
  acknowledged_at: string | Date | null;
  assignee_id: number | null;
  cleared_by: number | null;
  in_order: boolean;
}

interface Plan {
  title: string;
  description: string;
  status: WorkOrderStatus;
  assigneeId: number | null;
  createdAt: number;
  slaHours: number;
  startedAt: number | null;
  doneAt: number | null;
  doneBy: number | null;
  alarms: Candidate[];
  /** The order's timeline after 'created' (and 'assigned'), in time order. */
  steps: { type: WorkOrderEventType; at: number; actorId: number; note?: string }[];
  /** The alarms the finisher cleared at the finish (their person-cleared entry becomes the order's). */
  clearedAtFinish: Candidate[];
}

const ms = (d: string | Date) => new Date(d).getTime();
const titleOf = (a: Candidate) =>
  `${TITLES[a.kind] ?? a.kind}${a.kind === 'fault' ? ` (${a.fault_code})` : ''} on ${a.code}`;
const slaOf = (a: Candidate) => a.sla_hours ?? DEFAULT_SLA_HOURS[a.severity];

/**
 * Writes the demo organization's work order history unless it has work orders already. Answers how
 * many orders it wrote.
 */
export async function seedWorkOrders(db: Db, organizationId: number, now = Date.now()): Promise<number> {
  return db.transaction(async (tx) => {
    if ((await tx.$count(workOrders, eq(workOrders.organizationId, organizationId))) > 0) return 0;
    const people = await tx
      .select({ id: users.id, email: users.email })
      .from(users)
      .where(and(eq(users.organizationId, organizationId), eq(users.isActive, true)));
    const byEmail = new Map(people.map((p) => [p.email, p.id]));
    const supervisor = byEmail.get(DEMO_PEOPLE.supervisor.email);
    const technician = byEmail.get(DEMO_PEOPLE.technician.email);
    if (supervisor === undefined || technician === undefined) return 0;

    const older = await rowsOf<Candidate>(
      tx,
      sql`
      select a.id, a.device_id, d.device_id as code, a.kind, a.fault_code, a.severity, r.sla_hours, a.fault_time,
        a.resolution_time, a.acknowledged_at, a.assignee_id, a.cleared_by,
        exists (select 1 from work_order_alarms l where l.alarm_id = a.id and l.active) as in_order
      from alarms a join rms_devices d on d.id = a.device_id left join alarm_rules r on r.id = a.rule_id
      where d.organization_id = ${organizationId} and a.fault_time < ${new Date(now - LEFT_NEW_MS).toISOString()}::timestamptz
      order by a.fault_time, a.id`,
    );
    const plans: Plan[] = [];
    const used = new Set<number>();
    const take = (a: Candidate) => used.add(Number(a.id));
    const free = (a: Candidate) => !used.has(Number(a.id)) && !a.in_order;

    // Done within the SLA: alarms a person cleared on site (alarm-history.ts), spread over the history.
    const onSite = older.filter(
      (a) => a.cleared_by !== null && a.assignee_id !== null && a.acknowledged_at !== null,
    );
    const picks = new Set<Candidate>();
    for (let k = 0; k < DONE_ON_TIME && onSite.length > 0; k++)
      picks.add(onSite[Math.floor((k * (onSite.length - 1)) / Math.max(1, DONE_ON_TIME - 1))]!);
    for (const a of picks) {
      const assignee = a.assignee_id!;
      const cleared = ms(a.resolution_time!);
      const created = ms(a.acknowledged_at!) + 2 * MINUTE;
      if (cleared - created < 8 * MINUTE || cleared > created + slaOf(a) * HOUR) continue;
      const span = cleared - created;
      take(a);
      plans.push({
        title: titleOf(a),
        description: '',
        status: 'done',
        assigneeId: assignee,
        createdAt: created,
        slaHours: slaOf(a),
        startedAt: created + span * 0.25,
        doneAt: cleared,
        doneBy: assignee,
        alarms: [a],
        steps: [
          { type: 'started', at: created + span * 0.25, actorId: assignee },
          {
            type: 'noted',
            at: created + span * 0.6,
            actorId: assignee,
            note: REPAIRS[a.kind] ?? 'Repaired on site.',
          },
          { type: 'finished', at: cleared, actorId: assignee },
        ],
        clearedAtFinish: [a],
      });
    }

    // Done late: an alarm the device's data cleared while its order was open, finished past due.
    const planned = DEMO_FAULTS.map((f) => f.code);
    const lateEnough = (a: Candidate) => {
      if (!free(a) || a.resolution_time === null || a.cleared_by !== null) return false;
      const created = ms(a.fault_time) + 30 * MINUTE;
      return (
        ms(a.resolution_time) > created + 5 * MINUTE &&
        created + slaOf(a) * HOUR + 4 * HOUR < now - LEFT_NEW_MS
      );
    };
    // Preferably not of a device whose injected fault goes on (its alarm would come back).
    const late =
      older.find((a) => lateEnough(a) && !planned.includes(a.code)) ?? older.find((a) => lateEnough(a));
    if (late) {
      take(late);
      const created = ms(late.fault_time) + 30 * MINUTE;
      const due = created + slaOf(late) * HOUR;
      const assignee = late.assignee_id ?? technician;
      plans.push({
        title: titleOf(late),
        description: 'Check the site on the next round.',
        status: 'done',
        assigneeId: assignee,
        createdAt: created,
        slaHours: slaOf(late),
        startedAt: due + 1 * HOUR,
        doneAt: due + 3 * HOUR,
        doneBy: assignee,
        alarms: [late],
        steps: [
          { type: 'started', at: due + 1 * HOUR, actorId: assignee },
          {
            type: 'noted',
            at: due + 2 * HOUR,
            actorId: assignee,
            note: `Reached the site late (the van was on another job). ${REPAIRS[late.kind] ?? 'Repaired on site.'}`,
          },
          { type: 'finished', at: due + 3 * HOUR, actorId: assignee },
        ],
        clearedAtFinish: [],
      });
    }

    // In progress: the still active older alarms of a device with an injected fault that never ends.
    const lasting = new Map(DEMO_FAULTS.filter((f) => f.forMs === null).map((f) => [f.code, f.kind]));
    const active = older.filter((a) => a.resolution_time === null && free(a));
    const faulty = active.find((a) => lasting.has(a.code));
    if (faulty) {
      const found = FOUND[lasting.get(faulty.code)!] ?? FOUND.default!;
      const ofDevice = active.filter((a) => a.device_id === faulty.device_id);
      ofDevice.forEach(take);
      const created = Math.max(ms(faulty.fault_time) + 30 * MINUTE, now - 20 * HOUR);
      plans.push({
        title: titleOf(faulty),
        description: 'Check the panel, its cable and the battery.',
        status: 'in_progress',
        assigneeId: technician,
        createdAt: created,
        slaHours: Math.min(...ofDevice.map(slaOf)),
        startedAt: created + 2 * HOUR,
        doneAt: null,
        doneBy: null,
        alarms: ofDevice,
        steps: [
          { type: 'started', at: created + 2 * HOUR, actorId: technician },
          {
            type: 'noted',
            at: created + 3 * HOUR,
            actorId: technician,
            note: found,
          },
        ],
        clearedAtFinish: [],
      });
    }

    // Open: the newest older active alarm of another device, not given to anyone yet.
    const newest = [...active].reverse().find((a) => free(a) && a.device_id !== faulty?.device_id);
    if (newest) {
      take(newest);
      plans.push({
        title: titleOf(newest),
        description: 'To be scheduled.',
        status: 'open',
        assigneeId: null,
        createdAt: Math.max(ms(newest.fault_time) + 20 * MINUTE, now - LEFT_NEW_MS - 10 * MINUTE),
        slaHours: slaOf(newest),
        startedAt: null,
        doneAt: null,
        doneBy: null,
        alarms: [newest],
        steps: [],
        clearedAtFinish: [],
      });
    }

    plans.sort((x, y) => x.createdAt - y.createdAt);
    for (const plan of plans) await writeOrder(tx, organizationId, supervisor, plan);
    // In this transaction: a fan-out running meanwhile waits for it, then starts after the history.
    await historyIsNotNews(tx);
    return plans.length;
  });
}

async function writeOrder(db: Db, organizationId: number, supervisor: number, plan: Plan) {
  const at = (t: number) => new Date(Math.round(t));
  const [order] = await db
    .insert(workOrders)
    .values({
      organizationId,
      title: plan.title,
      description: plan.description,
      assigneeId: plan.assigneeId,
      status: plan.status,
      dueAt: at(plan.createdAt + plan.slaHours * HOUR),
      createdBy: supervisor,
      createdAt: at(plan.createdAt),
      startedAt: plan.startedAt === null ? null : at(plan.startedAt),
      doneAt: plan.doneAt === null ? null : at(plan.doneAt),
      doneBy: plan.doneBy,
    })
    .returning({ id: workOrders.id });
  const id = order!.id;
  const open = plan.status === 'open' || plan.status === 'in_progress';
  await db
    .insert(workOrderAlarms)
    .values(plan.alarms.map((a) => ({ workOrderId: id, alarmId: Number(a.id), active: open })));
  const n = plan.alarms.length;
  const events: (typeof workOrderEvents.$inferInsert)[] = [
    {
      workOrderId: id,
      type: 'created',
      at: at(plan.createdAt),
      actorId: supervisor,
      note: `from ${n} alarm${n === 1 ? '' : 's'}, due in ${plan.slaHours} h`,
    },
  ];
  if (plan.assigneeId !== null)
    events.push({
      workOrderId: id,
      type: 'assigned',
      at: at(plan.createdAt),
      actorId: supervisor,
      assigneeId: plan.assigneeId,
    });
  for (const step of plan.steps)
    events.push({
      workOrderId: id,
      type: step.type,
      at: at(step.at),
      actorId: step.actorId,
      note: step.note ?? null,
    });
  // Cleared at the finish by the finisher (repair.ts's words); the alarm's own entry says the same.
  const note = `work order #${id} finished and the device reports healthy`;
  for (const a of plan.clearedAtFinish) {
    events.push({
      workOrderId: id,
      type: 'alarm_cleared',
      at: at(plan.doneAt!),
      actorId: plan.doneBy,
      note: `Alarm #${Number(a.id)}: ${note}`,
    });
    await db
      .update(alarmEvents)
      .set({ note })
      .where(and(eq(alarmEvents.alarmId, Number(a.id)), eq(alarmEvents.type, 'cleared')));
  }
  await db.insert(workOrderEvents).values(events);
}
