import ExcelJS from 'exceljs';
import { sql } from 'drizzle-orm';
import type { z } from 'zod';
import {
  WORK_ORDER_REPORT_COLUMNS,
  type WorkOrderReportRow,
  type workOrderReportQuery,
} from '@rms/contracts/work-orders';
import type { AuthUser } from '../../auth/access';
import type { Db } from '../../db/client';
import { rowsOf } from '../../db/rows';

// The work order report (docs/work-orders.md "Report"), per organization and local month (TIME_ZONE):
// alarms by the month they were raised, with time to acknowledge (raised → acknowledged) and time to
// repair (raised → cleared, for the alarms that are in a work order: the repairs people did, not the
// conditions that passed by themselves); work orders by the month they were finished, with the share
// finished by their due time. Hours with two decimals, percent likewise. A customer sees only its own organization.

interface Raw {
  organization_id: number;
  organization_name: string;
  month: string;
  alarms: number | string;
  acknowledged: number | string;
  ack_mean: number | null;
  ack_median: number | null;
  repaired: number | string;
  repair_mean: number | null;
  repair_median: number | null;
  orders_done: number | string;
  sla_met: number | null;
}

const hours = (expr: ReturnType<typeof sql>) => sql`extract(epoch from ${expr}) / 3600.0`;
const round2 = (expr: ReturnType<typeof sql>) => sql`round((${expr})::numeric, 2)::float8`;

export async function workOrderReport(
  db: Db,
  auth: AuthUser,
  timeZone: string,
  query: z.infer<typeof workOrderReportQuery>,
): Promise<WorkOrderReportRow[]> {
  const start = sql`((${`${query.from}-01`})::date::timestamp at time zone ${timeZone})`;
  const end = sql`(((${`${query.to}-01`})::date + interval '1 month')::timestamp at time zone ${timeZone})`;
  const orgOf = (column: ReturnType<typeof sql>) =>
    sql`${auth.isProvider ? sql`true` : sql`${column} = ${auth.organizationId}`} and ${
      query.organization ? sql`${column} = ${query.organization}` : sql`true`
    }`;
  const monthOf = (t: ReturnType<typeof sql>) => sql`to_char(${t} at time zone ${timeZone}, 'YYYY-MM')`;
  const rows = await rowsOf<Raw>(
    db,
    sql`
    with al as (
      select d.organization_id as org, ${monthOf(sql`a.fault_time`)} as month,
        ${hours(sql`a.acknowledged_at - a.fault_time`)} as ack_h,
        case when a.resolution_time is not null
              and exists (select 1 from work_order_alarms l where l.alarm_id = a.id)
             then ${hours(sql`a.resolution_time - a.fault_time`)} end as repair_h
      from alarms a join rms_devices d on d.id = a.device_id
      where a.fault_time >= ${start} and a.fault_time < ${end} and ${orgOf(sql`d.organization_id`)}),
    by_alarms as (
      select org, month, count(*) as alarms, count(ack_h) as acknowledged,
        ${round2(sql`avg(ack_h)`)} as ack_mean,
        ${round2(sql`percentile_cont(0.5) within group (order by ack_h)`)} as ack_median,
        count(repair_h) as repaired,
        ${round2(sql`avg(repair_h)`)} as repair_mean,
        ${round2(sql`percentile_cont(0.5) within group (order by repair_h)`)} as repair_median
      from al group by org, month),
    by_orders as (
      select w.organization_id as org, ${monthOf(sql`w.done_at`)} as month, count(*) as orders_done,
        ${round2(sql`100.0 * count(*) filter (where w.done_at <= w.due_at) / count(*)`)} as sla_met
      from work_orders w
      where w.status = 'done' and w.done_at >= ${start} and w.done_at < ${end}
        and ${orgOf(sql`w.organization_id`)}
      group by 1, 2)
    select o.id as organization_id, o.company_name as organization_name, k.month,
      coalesce(a.alarms, 0) as alarms, coalesce(a.acknowledged, 0) as acknowledged, a.ack_mean, a.ack_median,
      coalesce(a.repaired, 0) as repaired, a.repair_mean, a.repair_median,
      coalesce(w.orders_done, 0) as orders_done, w.sla_met
    from (select org, month from by_alarms union select org, month from by_orders) k
      join organizations o on o.id = k.org
      left join by_alarms a on a.org = k.org and a.month = k.month
      left join by_orders w on w.org = k.org and w.month = k.month
    order by o.company_name, o.id, k.month`,
  );
  const num = (v: number | null) => (v === null ? null : Number(v));
  return rows.map((r) => ({
    organization: { id: r.organization_id, name: r.organization_name },
    month: r.month,
    alarms: Number(r.alarms),
    acknowledged: Number(r.acknowledged),
    ack_mean_hours: num(r.ack_mean),
    ack_median_hours: num(r.ack_median),
    repaired: Number(r.repaired),
    repair_mean_hours: num(r.repair_mean),
    repair_median_hours: num(r.repair_median),
    orders_done: Number(r.orders_done),
    sla_met_percent: num(r.sla_met),
  }));
}

const cellOf = (row: WorkOrderReportRow, key: (typeof WORK_ORDER_REPORT_COLUMNS)[number]['key']) =>
  key === 'organization' ? row.organization.name : row[key];

/** A cell a spreadsheet would run as a formula gets a leading apostrophe; then CSV quoting. */
function csvCell(value: string | number | null): string {
  if (value === null) return '';
  if (typeof value === 'number') return String(value);
  const text = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

export function reportCsv(rows: WorkOrderReportRow[]): string {
  const lines = [
    WORK_ORDER_REPORT_COLUMNS.map((c) => csvCell(c.header)),
    ...rows.map((r) =>
      WORK_ORDER_REPORT_COLUMNS.map((c) => csvCell(cellOf(r, c.key) as string | number | null)),
    ),
  ];
  return lines.map((l) => `${l.join(',')}\r\n`).join('');
}

export async function reportXlsx(rows: WorkOrderReportRow[]): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  workbook.creator = 'RMS Console';
  const sheet = workbook.addWorksheet('Work orders');
  sheet.columns = WORK_ORDER_REPORT_COLUMNS.map((c) => ({
    header: c.header,
    key: c.key,
    width: Math.max(12, c.header.length + 2),
  }));
  sheet.getRow(1).font = { bold: true };
  for (const r of rows)
    sheet.addRow(Object.fromEntries(WORK_ORDER_REPORT_COLUMNS.map((c) => [c.key, cellOf(r, c.key)])));
  return Buffer.from(await workbook.xlsx.writeBuffer());
}
