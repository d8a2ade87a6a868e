import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Job } from '../../jobs/job-runner';
import { today } from '../../calendar';
import type { Db } from '../../db/client';
import { rowsOf } from '../../db/rows';
import type { Mailer } from '../../mail/mailer';
import { reportPdf, reportXlsx, scopeLine, summaryLines } from './exports';
import { fullReport, type ReportSettings } from './report';
import { scopeOf } from './scope';

// The monthly e-mail (docs/energy-reports.md "Monthly e-mail"): from the 1st (local), each subscription
// gets the month before once, with the PDF and the workbook attached. A subscription is claimed by
// moving its last_sent_month in one statement, so two instances never both send it; a send that fails
// gives the claim back, and the next run tries again.

export const MONTHLY_MAIL_EVERY_MS = 15 * 60_000;

export interface MonthlyMailDeps extends ReportSettings {
  db: Db;
  mailer: Mailer;
  publicUrl: string;
  log: FastifyBaseLogger;
}

/** The YYYY-MM before the local month of `day` (YYYY-MM-DD). */
export function monthBefore(day: string): string {
  const [year, month] = day.split('-').map(Number) as [number, number];
  return month === 1 ? `${year - 1}-12` : `${year}-${String(month - 1).padStart(2, '0')}`;
}

/** Sends the reports due; answers how many subscriptions were mailed. */
export async function sendMonthlyReports(deps: MonthlyMailDeps, now = new Date()): Promise<number> {
  const month = monthBefore(today(deps.timeZone, now));
  let sent = 0;
  for (;;) {
    const [claimed] = await rowsOf<{
      id: number;
      previous: string | null;
      organization_id: number;
      organization_name: string;
      project: string | null;
      recipients: string[];
    }>(
      deps.db,
      sql`update energy_report_subscriptions s set last_sent_month = ${month}
          from (select id, last_sent_month as previous from energy_report_subscriptions
                where last_sent_month is null or last_sent_month < ${month}
                order by id limit 1 for update skip locked) due, organizations o
          where s.id = due.id and o.id = s.organization_id
          returning s.id, due.previous, s.organization_id, o.company_name as organization_name, s.project, s.recipients`,
    );
    if (!claimed) return sent;
    try {
      await mailReport(deps, month, claimed);
      sent += 1;
    } catch (error) {
      deps.log.warn(
        { err: error, subscription: claimed.id },
        'energy report: mail not sent, tried again later',
      );
      await deps.db.execute(
        sql`update energy_report_subscriptions set last_sent_month = ${claimed.previous} where id = ${claimed.id}`,
      );
      return sent;
    }
  }
}

async function mailReport(
  deps: MonthlyMailDeps,
  month: string,
  s: { organization_id: number; organization_name: string; project: string | null; recipients: string[] },
): Promise<void> {
  const scope = scopeOf(month, { id: s.organization_id, name: s.organization_name }, s.project, null);
  const { report, devices } = await fullReport(deps.db, deps, scope);
  const [pdf, xlsx] = await Promise.all([reportPdf(report, devices), reportXlsx(report, devices)]);
  const link = new URL('/energy-reports', deps.publicUrl);
  link.searchParams.set('month', month);
  link.searchParams.set('organization', String(s.organization_id));
  if (s.project) link.searchParams.set('project', s.project);
  const lines = [
    `Energy report for ${month}: ${scopeLine(report)}`,
    '',
    ...summaryLines(report).map(
      ([label, value, unit]) => `${label}: ${value ?? '—'} ${value === null ? '' : unit}`,
    ),
    '',
    `Open it in RMS Console: ${link.toString()}`,
  ];
  const base = `energy-report-${month}`;
  for (const to of s.recipients)
    await deps.mailer.send({
      to,
      subject: `RMS Console: energy report ${month}, ${scopeLine(report)}`,
      text: lines.join('\n'),
      attachments: [
        { filename: `${base}.pdf`, content: pdf, contentType: 'application/pdf' },
        {
          filename: `${base}.xlsx`,
          content: xlsx,
          contentType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
        },
      ],
    });
}

export function monthlyMailJobs(deps: MonthlyMailDeps): Job[] {
  return [
    {
      name: 'energy-reports.monthly-mail',
      everyMs: MONTHLY_MAIL_EVERY_MS,
      // Not while the server starts: the rollups of the month's last day may still be under way.
      firstTryAfterMs: 5 * 60_000,
      run: async () => {
        const sent = await sendMonthlyReports(deps);
        if (sent > 0) deps.log.info({ sent }, 'energy report: monthly e-mails sent');
      },
    },
  ];
}
