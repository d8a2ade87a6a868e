import { z } from 'zod';
import { alarmPerson } from './alarms';
import { pageQuery } from './common';
import { bodyId, queryId, requiredMessage, requiredText, yearMonth } from './fields';
import { alarmStatusRow } from './monitoring';
import { storedKey } from './uploads';

// Work orders (docs/work-orders.md): made from alarms of one organization, given to a person, due by
// the most urgent SLA of its alarms, worked open → in progress → done (or cancelled, and reopened),
// with a timeline of notes and photos. Finishing lets the device's next healthy report clear the alarms.

export const WORK_ORDER_STATUSES = ['open', 'in_progress', 'done', 'cancelled'] as const;
export type WorkOrderStatus = (typeof WORK_ORDER_STATUSES)[number];
export const WORK_ORDER_STATUS_LABELS: Record<WorkOrderStatus, string> = {
  open: 'Open',
  in_progress: 'In progress',
  done: 'Done',
  cancelled: 'Cancelled',
};

export const WORK_ORDER_EVENT_TYPES = [
  'created',
  'started',
  'finished',
  'cancelled',
  'reopened',
  'assigned',
  'updated',
  'noted',
  'photo_added',
  'photo_removed',
  'alarm_cleared',
] as const;
export type WorkOrderEventType = (typeof WORK_ORDER_EVENT_TYPES)[number];

/** What each transition takes the order from and to. */
export const WORK_ORDER_TRANSITIONS = {
  start: { from: ['open'], to: 'in_progress' },
  finish: { from: ['open', 'in_progress'], to: 'done' },
  cancel: { from: ['open', 'in_progress'], to: 'cancelled' },
  reopen: { from: ['done', 'cancelled'], to: 'open' },
} as const satisfies Record<string, { from: readonly WorkOrderStatus[]; to: WorkOrderStatus }>;
export type WorkOrderTransition = keyof typeof WORK_ORDER_TRANSITIONS;

export const WORK_ORDER_ALARMS_MAX = 100;
export const WORK_ORDER_PHOTOS_MAX = 20;
export const WORK_ORDER_TITLE_MAX = 200;
export const WORK_ORDER_TEXT_MAX = 2000;

export const WORK_ORDER_MESSAGES = {
  notFound: 'Work order not found',
  alarmsRequired: "'alarm_ids' must name at least one alarm",
  alarmsTooMany: `'alarm_ids' may name at most ${WORK_ORDER_ALARMS_MAX} alarms`,
  alarmsList: "'alarm_ids' must be a list of alarm ids",
  alarmsOneOrganization: "'alarm_ids' must all be alarms of one organization",
  alarmsCleared: (ids: number[]) => `'alarm_ids': alarm ${ids.join(', ')} is already cleared`,
  alarmsTaken: (ids: number[], order: number) =>
    `Alarm ${ids.join(', ')} is already in open work order #${order}`,
  assigneeNotAllowed: "'assignee' must be an active user who can see the organization's alarms",
  assigneeRequired: "'assignee' must be a user id, or null for nobody",
  dueAt: "'due_at' must be a date and time (ISO 8601, with its offset)",
  dueAtRange: "'due_at' must fall between the years 2000 and 2999",
  transition: (from: WorkOrderStatus, action: WorkOrderTransition) =>
    `A work order that is ${WORK_ORDER_STATUS_LABELS[from].toLowerCase()} cannot be ${
      { start: 'started', finish: 'finished', cancel: 'cancelled', reopen: 'reopened' }[action]
    }`,
  closed: 'A done or cancelled work order cannot be changed: reopen it first',
  photosTooMany: `A work order keeps at most ${WORK_ORDER_PHOTOS_MAX} photos`,
  photoNotFound: 'Photo not found',
  textTooLong: `'text' must be at most ${WORK_ORDER_TEXT_MAX} characters`,
  created: (id: number) => `Work order #${id} created`,
  monthOrder: "'to' must not be before 'from'",
  monthsTooMany: "The report covers at most 24 months: narrow 'from' and 'to'",
} as const;

const alarmIds = z
  .array(bodyId, { error: WORK_ORDER_MESSAGES.alarmsList })
  .min(1, WORK_ORDER_MESSAGES.alarmsRequired)
  .max(WORK_ORDER_ALARMS_MAX, WORK_ORDER_MESSAGES.alarmsTooMany)
  .transform((list) => [...new Set(list)]);
const assignee = z.union([bodyId, z.null()], { error: WORK_ORDER_MESSAGES.assigneeRequired });
const description = z
  .string({ error: `'description' must be text` })
  .trim()
  .max(WORK_ORDER_TEXT_MAX, `'description' must be at most ${WORK_ORDER_TEXT_MAX} characters`);
const title = requiredText('title', WORK_ORDER_TITLE_MAX);

export const workOrderCreateBody = z.object({
  alarm_ids: alarmIds,
  title,
  description: description.optional(),
  assignee: assignee.optional(),
});
export type WorkOrderCreateBody = z.input<typeof workOrderCreateBody>;

/** A field absent from the body is left as it is. */
export const workOrderUpdateBody = z.object({
  title: title.optional(),
  description: description.optional(),
  assignee: assignee.optional(),
  due_at: z.iso
    .datetime({ offset: true, error: WORK_ORDER_MESSAGES.dueAt, abort: true })
    .refine((v) => {
      const year = new Date(v).getUTCFullYear();
      return year >= 2000 && year <= 2999;
    }, WORK_ORDER_MESSAGES.dueAtRange)
    .optional(),
});
export type WorkOrderUpdateBody = z.input<typeof workOrderUpdateBody>;

export const workOrderNoteBody = z.object({
  text: z
    .string({ error: requiredMessage('text') })
    .trim()
    .min(1, { message: requiredMessage('text'), abort: true })
    .max(WORK_ORDER_TEXT_MAX, WORK_ORDER_MESSAGES.textTooLong),
});
/** A transition may carry a note, kept on the timeline with it. */
export const workOrderTransitionBody = z
  .object({ note: z.string().trim().max(WORK_ORDER_TEXT_MAX, WORK_ORDER_MESSAGES.textTooLong).optional() })
  .nullish();
export const workOrderPhotoBody = z.object({ file_name: storedKey });

export const workOrderParams = z.object({ id: queryId });
export const workOrderPhotoParams = z.object({ id: queryId, photo: queryId });

export const workOrderListQuery = pageQuery.extend({
  status: z
    .enum(WORK_ORDER_STATUSES, { error: `status is one of ${WORK_ORDER_STATUSES.join(', ')}` })
    .optional(),
  assignee: z.enum(['me'], { error: 'assignee is me' }).optional(),
  overdue: z.enum(['true'], { error: 'overdue is true' }).optional(),
  organization: queryId.optional(),
  /** The orders an alarm is in (the alarm drawer shows them). */
  alarm: queryId.optional(),
});

const idList = (field: string) =>
  z
    .string({ error: requiredMessage(field) })
    .regex(/^\d{1,10}(,\d{1,10})*$/, `'${field}' must be a list of ids`)
    .transform((v) => [...new Set(v.split(',').map(Number))])
    .refine((list) => list.length <= WORK_ORDER_ALARMS_MAX, WORK_ORDER_MESSAGES.alarmsTooMany);

/** GET work-orders/draft/?alarms=1,2: what an order made from these alarms would be. */
export const workOrderDraftQuery = z.object({ alarms: idList('alarms') });
/** GET work-orders/assignees/?organization=: who an order of the organization may be given to. */
export const workOrderAssigneesQuery = z.object({ organization: queryId });

const organizationRef = z.object({ id: z.number().int(), name: z.string() });

/** An alarm of an order, with its device. */
export const workOrderAlarm = alarmStatusRow.extend({
  device_data: z.object({ id: z.number().int(), device_id: z.string() }),
});
export type WorkOrderAlarm = z.infer<typeof workOrderAlarm>;

export const workOrderDraft = z.object({
  organization: organizationRef,
  /** The most urgent SLA among the alarms (their rule's, else their severity's default). */
  sla_hours: z.number().int(),
  due_at: z.string(),
  alarms: z.array(workOrderAlarm),
  assignees: z.array(alarmPerson),
});
export type WorkOrderDraft = z.infer<typeof workOrderDraft>;

export const workOrderRow = z.object({
  id: z.number().int(),
  organization: organizationRef,
  title: z.string(),
  description: z.string(),
  status: z.enum(WORK_ORDER_STATUSES),
  assignee: alarmPerson.nullable(),
  due_at: z.string(),
  /** Past due and not done or cancelled. */
  overdue: z.boolean(),
  created_by: alarmPerson.nullable(),
  created_at: z.string(),
  started_at: z.string().nullable(),
  done_at: z.string().nullable(),
  alarm_count: z.number().int(),
  /** Its alarms not cleared yet. */
  active_alarms: z.number().int(),
  /** Done, with alarms the device has not yet reported healthy. */
  waiting_for_device: z.boolean(),
});
export type WorkOrderRow = z.infer<typeof workOrderRow>;

export const workOrderEvent = z.object({
  id: z.number().int(),
  type: z.enum(WORK_ORDER_EVENT_TYPES),
  at: z.string(),
  actor: alarmPerson.nullable(),
  assignee: alarmPerson.nullable(),
  note: z.string().nullable(),
});
export type WorkOrderEventRow = z.infer<typeof workOrderEvent>;

export const workOrderPhoto = z.object({
  id: z.number().int(),
  file_name: z.string(),
  url: z.string(),
  added_by: alarmPerson.nullable(),
  added_at: z.string(),
});
export type WorkOrderPhoto = z.infer<typeof workOrderPhoto>;

export const workOrderDetail = workOrderRow.extend({
  alarms: z.array(workOrderAlarm),
  timeline: z.array(workOrderEvent),
  photos: z.array(workOrderPhoto),
});
export type WorkOrderDetail = z.infer<typeof workOrderDetail>;

// ---- The report: per organization and per local month (TIME_ZONE).

const month = yearMonth;
const monthIndex = (m: string) => Number(m.slice(0, 4)) * 12 + Number(m.slice(5, 7)) - 1;
export const WORK_ORDER_REPORT_MAX_MONTHS = 24;

export const workOrderReportQuery = z
  .object({
    from: month('from'),
    to: month('to'),
    organization: queryId.optional(),
  })
  .superRefine((q, ctx) => {
    const span = monthIndex(q.to) - monthIndex(q.from);
    if (span < 0) ctx.addIssue({ code: 'custom', path: ['to'], message: WORK_ORDER_MESSAGES.monthOrder });
    else if (span >= WORK_ORDER_REPORT_MAX_MONTHS)
      ctx.addIssue({ code: 'custom', path: ['to'], message: WORK_ORDER_MESSAGES.monthsTooMany });
  });
export const workOrderReportExportQuery = workOrderReportQuery.safeExtend({
  format: z.enum(['csv', 'xlsx'], { error: 'format is csv or xlsx' }),
});

/** Durations in hours (two decimals); null when there is nothing to measure. */
export const workOrderReportRow = z.object({
  organization: organizationRef,
  /** YYYY-MM, local. */
  month: z.string(),
  /** Alarms raised in the month. */
  alarms: z.number().int(),
  acknowledged: z.number().int(),
  ack_mean_hours: z.number().nullable(),
  ack_median_hours: z.number().nullable(),
  /** Alarms raised in the month that are in a work order and cleared: raised → cleared. */
  repaired: z.number().int(),
  repair_mean_hours: z.number().nullable(),
  repair_median_hours: z.number().nullable(),
  /** Work orders finished in the month, and the share finished by their due time. */
  orders_done: z.number().int(),
  sla_met_percent: z.number().nullable(),
});
export type WorkOrderReportRow = z.infer<typeof workOrderReportRow>;

/** The report's columns, as the CSV and xlsx exports write them. */
export const WORK_ORDER_REPORT_COLUMNS: { key: keyof WorkOrderReportRow | 'organization'; header: string }[] =
  [
    { key: 'organization', header: 'Organization' },
    { key: 'month', header: 'Month' },
    { key: 'alarms', header: 'Alarms' },
    { key: 'acknowledged', header: 'Acknowledged' },
    { key: 'ack_mean_hours', header: 'Time to acknowledge, mean (h)' },
    { key: 'ack_median_hours', header: 'Time to acknowledge, median (h)' },
    { key: 'repaired', header: 'Repaired (in work orders)' },
    { key: 'repair_mean_hours', header: 'Time to repair, mean (h)' },
    { key: 'repair_median_hours', header: 'Time to repair, median (h)' },
    { key: 'orders_done', header: 'Work orders done' },
    { key: 'sla_met_percent', header: 'SLA met (%)' },
  ];
