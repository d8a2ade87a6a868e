import { and, desc, eq, inArray, or, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { z } from 'zod';
import {
  WORK_ORDER_MESSAGES,
  type WorkOrderAlarm,
  type WorkOrderDetail,
  type WorkOrderRow,
  type workOrderListQuery,
} from '@rms/contracts/work-orders';
import type { AuthUser } from '../../auth/access';
import { orgScope } from '../../auth/tenant';
import type { Db } from '../../db/client';
import { pageOf, pageWindow } from '../../db/paging';
import { users } from '../../db/schema/employees';
import { rmsDevices } from '../../db/schema/inventory';
import { organizations } from '../../db/schema/organizations';
import { alarms } from '../../db/schema/telemetry';
import { workOrderAlarms, workOrderEvents, workOrderPhotos, workOrders } from '../../db/schema/work-orders';
import { notFound } from '../../errors';
import type { Storage } from '../../storage/storage';
import { person, personOrNull, toStatusRow } from '../monitoring';

// Work orders as the console reads them (docs/work-orders.md): the list with its filters, one order
// with its alarms, timeline and photos. An order of an organization the caller does not see answers 404.

const assignee = alias(users, 'wo_assignee');
const creator = alias(users, 'wo_creator');

const OPEN = sql`${workOrders.status} in ('open', 'in_progress')`;
const overdue = sql<boolean>`(${OPEN} and ${workOrders.dueAt} < now())`;
// An order shows (and counts) only the alarms of devices its organization still holds: a device assigned
// on to another organization takes its alarms out of the order's sight.
const ownDevice = sql`join alarms a on a.id = l.alarm_id
  join rms_devices d on d.id = a.device_id and d.organization_id = ${workOrders.organizationId}`;
const alarmCount = sql<number>`(select count(*) from work_order_alarms l ${ownDevice}
  where l.work_order_id = ${workOrders.id})`;
const activeAlarms = sql<number>`(select count(*) from work_order_alarms l ${ownDevice}
  where l.work_order_id = ${workOrders.id} and a.resolution_time is null)`;

function rowSelect(db: Db) {
  return db
    .select({
      order: workOrders,
      organizationName: organizations.companyName,
      assignee: person(assignee),
      creator: person(creator),
      overdue: overdue.mapWith(Boolean),
      alarmCount: alarmCount.mapWith(Number),
      activeAlarms: activeAlarms.mapWith(Number),
    })
    .from(workOrders)
    .innerJoin(organizations, eq(organizations.id, workOrders.organizationId))
    .leftJoin(assignee, eq(assignee.id, workOrders.assigneeId))
    .leftJoin(creator, eq(creator.id, workOrders.createdBy));
}
type RowSelect = Awaited<ReturnType<ReturnType<typeof rowSelect>['where']>>[number];

const iso = (d: Date | null) => d?.toISOString() ?? null;

function toRow(r: RowSelect): WorkOrderRow {
  const o = r.order;
  return {
    id: o.id,
    organization: { id: o.organizationId, name: r.organizationName },
    title: o.title,
    description: o.description,
    status: o.status,
    assignee: personOrNull(r.assignee),
    due_at: o.dueAt.toISOString(),
    overdue: r.overdue,
    created_by: personOrNull(r.creator),
    created_at: o.createdAt.toISOString(),
    started_at: iso(o.startedAt),
    done_at: iso(o.doneAt),
    alarm_count: r.alarmCount,
    active_alarms: r.activeAlarms,
    waiting_for_device: o.status === 'done' && r.activeAlarms > 0,
  };
}

export async function listWorkOrders(db: Db, auth: AuthUser, query: z.infer<typeof workOrderListQuery>) {
  const like = query.query ? `%${query.query.replace(/[\\%_]/g, (c) => `\\${c}`)}%` : undefined;
  const where = and(
    orgScope(workOrders.organizationId, auth),
    query.status ? eq(workOrders.status, query.status) : undefined,
    query.assignee === 'me' ? eq(workOrders.assigneeId, auth.id) : undefined,
    query.overdue === 'true' ? overdue : undefined,
    query.organization ? eq(workOrders.organizationId, query.organization) : undefined,
    query.alarm
      ? sql`exists (select 1 from work_order_alarms l where l.work_order_id = ${workOrders.id} and l.alarm_id = ${query.alarm})`
      : undefined,
    like
      ? or(sql`${workOrders.title} ilike ${like}`, sql`${workOrders.id}::text = ${query.query}`)
      : undefined,
  );
  const { limit, offset } = pageWindow(query);
  const [rows, [total]] = await Promise.all([
    rowSelect(db)
      .where(where)
      .orderBy(
        sql`case when ${OPEN} then 0 else 1 end`,
        desc(overdue),
        sql`case when ${OPEN} then ${workOrders.dueAt} end`,
        desc(workOrders.createdAt),
        desc(workOrders.id),
      )
      .limit(limit)
      .offset(offset),
    db
      .select({ n: sql<number>`count(*)`.mapWith(Number) })
      .from(workOrders)
      .where(where),
  ]);
  return pageOf(query, rows.map(toRow), total?.n ?? 0);
}

/** The order (row) if the caller sees it; 404 otherwise. */
export async function workOrderRowOf(db: Db, auth: AuthUser, id: number): Promise<WorkOrderRow> {
  const [row] = await rowSelect(db).where(
    and(eq(workOrders.id, id), orgScope(workOrders.organizationId, auth)),
  );
  if (!row) throw notFound(WORK_ORDER_MESSAGES.notFound);
  return toRow(row);
}

/** Alarms with their device, as an order shows them. */
export async function alarmsWithDevice(db: Db, where: SQL): Promise<WorkOrderAlarm[]> {
  const rows = await db
    .select({ alarm: alarms, code: rmsDevices.code })
    .from(alarms)
    .innerJoin(rmsDevices, eq(rmsDevices.id, alarms.deviceId))
    .where(where)
    .orderBy(alarms.id);
  return rows.map((r) => ({
    ...toStatusRow(r.alarm),
    device_data: { id: r.alarm.deviceId, device_id: r.code },
  }));
}

const actor = alias(users, 'wo_actor');
const eventAssignee = alias(users, 'wo_event_assignee');
const adder = alias(users, 'wo_adder');

export async function workOrderDetailOf(
  db: Db,
  storage: Storage,
  auth: AuthUser,
  id: number,
): Promise<WorkOrderDetail> {
  const row = await workOrderRowOf(db, auth, id);
  const [orderAlarms, events, photos] = await Promise.all([
    alarmsWithDevice(
      db,
      and(
        inArray(
          alarms.id,
          db
            .select({ id: workOrderAlarms.alarmId })
            .from(workOrderAlarms)
            .where(eq(workOrderAlarms.workOrderId, id)),
        ),
        eq(rmsDevices.organizationId, row.organization.id),
      )!,
    ),
    db
      .select({ event: workOrderEvents, actor: person(actor), assignee: person(eventAssignee) })
      .from(workOrderEvents)
      .leftJoin(actor, eq(actor.id, workOrderEvents.actorId))
      .leftJoin(eventAssignee, eq(eventAssignee.id, workOrderEvents.assigneeId))
      .where(eq(workOrderEvents.workOrderId, id))
      .orderBy(workOrderEvents.id),
    db
      .select({ photo: workOrderPhotos, by: person(adder) })
      .from(workOrderPhotos)
      .leftJoin(adder, eq(adder.id, workOrderPhotos.addedBy))
      .where(eq(workOrderPhotos.workOrderId, id))
      .orderBy(workOrderPhotos.id),
  ]);
  return {
    ...row,
    alarms: orderAlarms,
    timeline: events.map((e) => ({
      id: e.event.id,
      type: e.event.type,
      at: e.event.at.toISOString(),
      actor: personOrNull(e.actor),
      assignee: personOrNull(e.assignee),
      note: e.event.note,
    })),
    photos: await Promise.all(
      photos.map(async (p) => ({
        id: p.photo.id,
        file_name: p.photo.fileKey,
        url: await storage.downloadUrl(p.photo.fileKey),
        added_by: personOrNull(p.by),
        added_at: p.photo.addedAt.toISOString(),
      })),
    ),
  };
}

/** The organization if the caller sees it (and it exists); 404 otherwise. */
export async function visibleOrganization(db: Db, auth: AuthUser, id: number) {
  const [org] = await db
    .select({ id: organizations.id, name: organizations.companyName })
    .from(organizations)
    .where(and(eq(organizations.id, id), orgScope(organizations.id, auth)));
  if (!org) throw notFound();
  return org;
}
