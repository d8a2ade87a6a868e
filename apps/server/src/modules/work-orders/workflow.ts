import { and, eq, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { ALARM_MESSAGES } from '@rms/contracts/alarms';
import { UPLOAD_MESSAGES } from '@rms/contracts/uploads';
import { ALARM_SEVERITIES, DEFAULT_SLA_HOURS } from '@rms/contracts/telemetry';
import {
  WORK_ORDER_MESSAGES,
  WORK_ORDER_PHOTOS_MAX,
  WORK_ORDER_TRANSITIONS,
  type WorkOrderStatus,
  type WorkOrderTransition,
  type workOrderCreateBody,
  type workOrderUpdateBody,
} from '@rms/contracts/work-orders';
import type { AuthUser } from '../../auth/access';
import { orgScope } from '../../auth/tenant';
import type { Db } from '../../db/client';
import { rowsOf } from '../../db/rows';
import { workOrderEvents, workOrderPhotos, workOrders } from '../../db/schema/work-orders';
import { fieldError, HttpError, notFound } from '../../errors';
import type { Storage } from '../../storage/storage';
import { checkAssignee } from '../monitoring';
import { publishAlarmEvents } from '../notifications';
import { verifyStoredImage } from '../uploads';
import { clearHealthyAtFinish } from './repair';

// What people do with work orders (docs/work-orders.md): create one from alarms, edit it, move it
// through its statuses, add notes and photos. Each change and its timeline entry are one transaction;
// an order the caller does not see answers 404, a move its status does not allow 409.

const conflict = (detail: string) => new HttpError(409, detail);

/** An alarm's SLA: its rule's, else its severity's default. */
const slaOf = sql`coalesce(r.sla_hours, case a.severity ${sql.join(
  ALARM_SEVERITIES.map((s) => sql`when ${s} then ${sql.raw(String(DEFAULT_SLA_HOURS[s]))}`),
  sql` `,
)} end)`;

interface AlarmFacts {
  id: number | string;
  organization_id: number;
  cleared: boolean;
  sla_hours: number;
}

/**
 * The alarms named, locked, with what an order needs of them: 404 unless the caller sees every one,
 * 400 when they span organizations or one is cleared, 409 when one is in another open order.
 */
export async function alarmsForOrder(db: Db, auth: AuthUser, ids: readonly number[], lock: boolean) {
  const scope = auth.isProvider ? sql`true` : sql`d.organization_id = ${auth.organizationId}`;
  const rows = await rowsOf<AlarmFacts>(
    db,
    sql`
    select a.id, d.organization_id, a.resolution_time is not null as cleared, ${slaOf} as sla_hours
    from alarms a join rms_devices d on d.id = a.device_id left join alarm_rules r on r.id = a.rule_id
    where a.id = any(${sql.param([...ids])}::bigint[]) and ${scope}
    order by a.id ${lock ? sql`for update of a` : sql``}`,
  );
  if (rows.length !== new Set(ids).size) throw notFound(ALARM_MESSAGES.notFound);
  const orgs = new Set(rows.map((r) => r.organization_id));
  if (orgs.size > 1) throw fieldError('alarm_ids', WORK_ORDER_MESSAGES.alarmsOneOrganization);
  const cleared = rows.filter((r) => r.cleared).map((r) => Number(r.id));
  if (cleared.length > 0) throw fieldError('alarm_ids', WORK_ORDER_MESSAGES.alarmsCleared(cleared));
  await assertAlarmsFree(db, ids);
  return {
    organizationId: rows[0]!.organization_id,
    slaHours: Math.min(...rows.map((r) => Number(r.sla_hours))),
  };
}

/** 409 when one of the alarms is in an open (or in-progress) order other than `except`. */
async function assertAlarmsFree(db: Db, ids: readonly number[], except?: number) {
  const taken = await rowsOf<{ alarm_id: number | string; work_order_id: number }>(
    db,
    sql`select alarm_id, work_order_id from work_order_alarms
        where active and alarm_id = any(${sql.param([...ids])}::bigint[])
          and work_order_id <> ${except ?? 0} order by alarm_id`,
  );
  if (taken.length > 0)
    throw conflict(
      WORK_ORDER_MESSAGES.alarmsTaken(
        taken.map((t) => Number(t.alarm_id)),
        taken[0]!.work_order_id,
      ),
    );
}

/** 400 by field unless the caller may give the organization's work to the user (monitoring/assignees.ts). */
function checkOrderAssignee(db: Db, auth: AuthUser, userId: number, organizationId: number) {
  return checkAssignee(db, auth, userId, [organizationId], WORK_ORDER_MESSAGES.assigneeNotAllowed);
}

export async function createWorkOrder(
  db: Db,
  auth: AuthUser,
  body: z.infer<typeof workOrderCreateBody>,
): Promise<number> {
  return db.transaction(async (tx) => {
    const { organizationId, slaHours } = await alarmsForOrder(tx, auth, body.alarm_ids, true);
    const assignee = body.assignee ?? null;
    if (assignee !== null) await checkOrderAssignee(tx, auth, assignee, organizationId);
    const [row] = await rowsOf<{ id: number }>(
      tx,
      sql`
      with o as (
        insert into work_orders (organization_id, title, description, assignee_id, due_at, created_by)
        values (${organizationId}, ${body.title}, ${body.description ?? ''}, ${assignee}::int,
                now() + make_interval(hours => ${slaHours}::int), ${auth.id})
        returning id, created_at),
      links as (
        insert into work_order_alarms (work_order_id, alarm_id)
        select o.id, k.id from o, unnest(${sql.param(body.alarm_ids)}::bigint[]) as k(id))
      insert into work_order_events (work_order_id, type, at, actor_id, assignee_id, note)
      select o.id, e.type, o.created_at, ${auth.id}, e.assignee, e.note from o,
        (values (1, 'created', null::int, ${`from ${body.alarm_ids.length} alarm${body.alarm_ids.length === 1 ? '' : 's'}, due in ${slaHours} h`}::text),
                (2, 'assigned', ${assignee}::int, null)) as e(n, type, assignee, note)
      where e.n = 1 or ${assignee}::int is not null
      order by e.n
      returning work_order_id as id`,
    );
    return row!.id;
  });
}

/** The order, locked for the change; 404 unless the caller sees it. */
async function lockedOrder(db: Db, auth: AuthUser, id: number) {
  const [order] = await db
    .select()
    .from(workOrders)
    .where(and(eq(workOrders.id, id), orgScope(workOrders.organizationId, auth)))
    .for('update');
  if (!order) throw notFound(WORK_ORDER_MESSAGES.notFound);
  return order;
}

const isClosed = (status: WorkOrderStatus) => status === 'done' || status === 'cancelled';

export async function updateWorkOrder(
  db: Db,
  auth: AuthUser,
  id: number,
  body: z.infer<typeof workOrderUpdateBody>,
): Promise<void> {
  await db.transaction(async (tx) => {
    const order = await lockedOrder(tx, auth, id);
    const changes: Partial<typeof workOrders.$inferInsert> = {};
    const said: string[] = [];
    if (body.title !== undefined && body.title !== order.title) {
      changes.title = body.title;
      said.push('title');
    }
    if (body.description !== undefined && body.description !== order.description) {
      changes.description = body.description;
      said.push('description');
    }
    if (body.due_at !== undefined && Date.parse(body.due_at) !== order.dueAt.getTime()) {
      changes.dueAt = new Date(body.due_at);
      said.push('due time');
    }
    const assigneeChanged = body.assignee !== undefined && body.assignee !== order.assigneeId;
    if (!assigneeChanged && said.length === 0) return;
    if (isClosed(order.status)) throw conflict(WORK_ORDER_MESSAGES.closed);
    if (assigneeChanged) {
      if (body.assignee !== null) await checkOrderAssignee(tx, auth, body.assignee!, order.organizationId);
      changes.assigneeId = body.assignee ?? null;
    }
    await tx.update(workOrders).set(changes).where(eq(workOrders.id, id));
    const events: (typeof workOrderEvents.$inferInsert)[] = [];
    if (said.length > 0)
      events.push({ workOrderId: id, type: 'updated', actorId: auth.id, note: `changed ${said.join(', ')}` });
    if (assigneeChanged)
      events.push({ workOrderId: id, type: 'assigned', actorId: auth.id, assigneeId: body.assignee ?? null });
    await tx.insert(workOrderEvents).values(events);
  });
}

/** Moves the order; answers the alarms cleared at finish (their devices already healthy). */
export async function transitionWorkOrder(
  db: Db,
  auth: AuthUser,
  id: number,
  action: WorkOrderTransition,
  note: string | undefined,
): Promise<number[]> {
  return db.transaction(async (tx) => {
    const order = await lockedOrder(tx, auth, id);
    const move = WORK_ORDER_TRANSITIONS[action];
    if (!(move.from as readonly WorkOrderStatus[]).includes(order.status))
      throw conflict(WORK_ORDER_MESSAGES.transition(order.status, action));
    if (action === 'reopen') {
      const linked = await rowsOf<{ alarm_id: number | string }>(
        tx,
        sql`select alarm_id from work_order_alarms where work_order_id = ${id}`,
      );
      await assertAlarmsFree(
        tx,
        linked.map((l) => Number(l.alarm_id)),
        id,
      );
    }
    const now = new Date();
    await tx
      .update(workOrders)
      .set({
        status: move.to,
        ...(action === 'start' && { startedAt: order.startedAt ?? now }),
        ...(action === 'finish' && { doneAt: now, doneBy: auth.id }),
        ...(action === 'reopen' && { doneAt: null, doneBy: null }),
      })
      .where(eq(workOrders.id, id));
    await tx.execute(
      sql`update work_order_alarms set active = ${move.to === 'open' || move.to === 'in_progress'}
          where work_order_id = ${id}`,
    );
    const type = ({ start: 'started', finish: 'finished', cancel: 'cancelled', reopen: 'reopened' } as const)[
      action
    ];
    await tx.insert(workOrderEvents).values({ workOrderId: id, type, actorId: auth.id, note: note || null });
    if (action !== 'finish') return [];
    const { alarms } = await clearHealthyAtFinish(tx, id, auth.id);
    await publishAlarmEvents(tx, 'alarm.cleared', alarms, { cleared_by: { id: auth.id, email: auth.email } });
    return alarms;
  });
}

export async function addNote(db: Db, auth: AuthUser, id: number, text: string): Promise<void> {
  await db.transaction(async (tx) => {
    await lockedOrder(tx, auth, id);
    await tx.insert(workOrderEvents).values({ workOrderId: id, type: 'noted', actorId: auth.id, note: text });
  });
}

export async function addPhoto(
  db: Db,
  storage: Storage,
  auth: AuthUser,
  id: number,
  key: string,
): Promise<void> {
  await db.transaction(async (tx) => {
    const order = await lockedOrder(tx, auth, id);
    const [count] = await rowsOf<{ n: number | string; has: boolean }>(
      tx,
      sql`select count(*) as n, bool_or(file_key = ${key}) as has from work_order_photos where work_order_id = ${id}`,
    );
    if (count?.has) return;
    if (Number(count?.n ?? 0) >= WORK_ORDER_PHOTOS_MAX)
      throw fieldError('file_name', WORK_ORDER_MESSAGES.photosTooMany);
    await verifyStoredImage({ storage, db: tx, auth }, key, 'file_name');
    // The provider's people may use any stored file, but an order shows its photos to its organization:
    // only a file of that organization (or the provider's own) goes on it, never another customer's.
    const [fromOrder] = await rowsOf<{ ok: boolean }>(
      tx,
      sql`select true as ok from stored_files f join organizations o on o.id = f.organization_id
          where f.key = ${key} and (f.organization_id = ${order.organizationId} or o.is_provider)`,
    );
    if (!fromOrder) throw fieldError('file_name', UPLOAD_MESSAGES.notUploaded);
    await tx.insert(workOrderPhotos).values({ workOrderId: id, fileKey: key, addedBy: auth.id });
    await tx.insert(workOrderEvents).values({ workOrderId: id, type: 'photo_added', actorId: auth.id });
  });
}

export async function removePhoto(db: Db, auth: AuthUser, id: number, photoId: number): Promise<void> {
  await db.transaction(async (tx) => {
    await lockedOrder(tx, auth, id);
    const removed = await tx
      .delete(workOrderPhotos)
      .where(and(eq(workOrderPhotos.id, photoId), eq(workOrderPhotos.workOrderId, id)))
      .returning({ id: workOrderPhotos.id });
    if (removed.length === 0) throw notFound(WORK_ORDER_MESSAGES.photoNotFound);
    await tx.insert(workOrderEvents).values({ workOrderId: id, type: 'photo_removed', actorId: auth.id });
  });
}
