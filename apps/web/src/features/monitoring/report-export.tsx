import { useEffect, useRef, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Alert, App, Progress, Typography } from 'antd';
import { REPORT_MESSAGES, type ReportExport } from '@rms/contracts/monitoring';
import { ApiError } from '../../api/errors';
import { formatDate } from '../../lib/format';
import { reportExportQuery, reportExportsQuery, useStartExport, type ReportParams } from './fleet-api';

// Download Report as a job (spec 02 §4, §8): "Generating File ..." while the server writes the file,
// with a progress bar of the rows written of the total; then "File Generated Successfully!" and the file
// opens in a new window, or "File Generation Failed!". A user who leaves the screen and comes back finds
// the export there: the newest one is shown again, still running or with its link.

const MESSAGE_KEY = 'device-report-file';

/** Opens the file in a new window; a browser that blocks it (the click was long ago) gets the link. */
function openFile(job: ReportExport, info: (content: React.ReactNode) => void) {
  const opened = window.open(job.report_path!, '_blank');
  if (opened) opened.opener = null;
  else
    info(
      <a href={job.report_path!} target="_blank" rel="noreferrer">
        Open {job.report_upload}
      </a>,
    );
}

/** The export this visit follows, starting one, and the spec's messages as it moves on. */
export function useReportExport() {
  const { message } = App.useApp();
  const start = useStartExport();
  const [started, setStarted] = useState<string | null>(null);
  const [dismissed, setDismissed] = useState<string | null>(null);
  const exports = useQuery(reportExportsQuery());
  const id = started ?? exports.data?.[0]?.id ?? null;
  const { data: job } = useQuery({ ...reportExportQuery(id ?? ''), enabled: id !== null });
  // Exports seen running on this visit: those open their file when done (never one found done).
  const watched = useRef(new Set<string>());

  useEffect(() => {
    if (!job) return;
    if (job.status === 'running') {
      watched.current.add(job.id);
      void message.loading({ content: REPORT_MESSAGES.generating, key: MESSAGE_KEY, duration: 0 });
      return;
    }
    if (!watched.current.delete(job.id)) return;
    if (job.status === 'done') {
      void message.success({ content: REPORT_MESSAGES.generated, key: MESSAGE_KEY });
      openFile(job, (content) => void message.info({ content, duration: 10 }));
    } else void message.error({ content: REPORT_MESSAGES.failed, key: MESSAGE_KEY });
  }, [job, message]);
  // The running message must not follow the user to other screens.
  useEffect(() => () => message.destroy(MESSAGE_KEY), [message]);

  const run = (params: ReportParams) => {
    void message.loading({ content: REPORT_MESSAGES.generating, key: MESSAGE_KEY, duration: 0 });
    start.mutate(params, {
      onSuccess: (next) => setStarted(next.id),
      onError: (error) =>
        void message.error({
          // Too many running: the server says so; anything else is the spec's failure.
          content:
            error instanceof ApiError && error.status === 409 ? error.messages[0] : REPORT_MESSAGES.failed,
          key: MESSAGE_KEY,
        }),
    });
  };

  return {
    run,
    starting: start.isPending,
    running: job?.status === 'running',
    job: job && job.id !== dismissed ? job : null,
    dismiss: () => setDismissed(job?.id ?? null),
  };
}

const rows = (n: number) => n.toLocaleString('en-IN');

/** The followed export: its progress while it runs, then its result and the file's link. */
export function ReportExportStatus({ job, onClose }: { job: ReportExport; onClose: () => void }) {
  const range =
    job.created_at__gte || job.created_at__lte
      ? `${formatDate(job.created_at__gte)} to ${formatDate(job.created_at__lte)}`
      : 'all days';
  if (job.status === 'running') {
    const total = job.rows_total;
    const percent = total ? Math.min(100, Math.floor((job.rows_written / total) * 100)) : 0;
    return (
      <Alert
        type="info"
        showIcon
        style={{ marginBottom: 16 }}
        title={REPORT_MESSAGES.generating}
        description={
          <>
            <Progress percent={percent} status="active" aria-label="Rows written" />
            <Typography.Text type="secondary">
              {total === null
                ? `Counting the rows of ${range} ...`
                : `${rows(job.rows_written)} of ${rows(total)} rows written (${range}). You may leave this screen: the export goes on and is shown here when you come back.`}
            </Typography.Text>
          </>
        }
      />
    );
  }
  const result = {
    done: { type: 'success', title: REPORT_MESSAGES.generated },
    failed: { type: 'error', title: REPORT_MESSAGES.failed },
    expired: { type: 'warning', title: REPORT_MESSAGES.expired },
  } as const;
  const { type, title } = result[job.status];
  return (
    <Alert
      type={type}
      showIcon
      closable={{ onClose, 'aria-label': 'Close' }}
      style={{ marginBottom: 16 }}
      title={title}
      description={
        job.status === 'done' && job.report_path ? (
          <>
            {rows(job.rows_written)} rows ({range}).{' '}
            <a href={job.report_path} target="_blank" rel="noreferrer">
              Open the file
            </a>
          </>
        ) : (
          `Report of ${range}.`
        )
      }
    />
  );
}
