import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { REPORT_MESSAGES, type ReportExport } from '@rms/contracts/monitoring';
import { stubApi, type FakeAnswer } from '../../test-utils/fake-api';
import { makeUser, signIn } from '../../test-utils/fixtures';
import { TestProviders } from '../../test-utils/render';
import { pageOf, reportRow } from '../../test-utils/rows';
import { DeviceReportPage } from './device-report-page';

// Shown rounded to two places: 12.83 V and 94.50 %.
const row = reportRow({
  created_at: '2026-03-04T09:05:00.000Z',
  device: 11,
  RMS_ID: 'RMS-11',
  bt_v: 12.834,
  mppt: 94.5,
});
const page = (): FakeAnswer => [200, pageOf([row])];
const lookups = {
  'GET devices/activation/projects/': (): FakeAnswer => [200, [{ name: 'Lake Road' }]],
  'GET devices/activation/poles/': (): FakeAnswer => [200, []],
  'GET devices/device_list/': (): FakeAnswer => [200, []],
  'GET admin_settings/state/': (): FakeAnswer => [200, [{ id: 1, name: 'Karnataka' }]],
  'GET monitoring/device_report/export/': (): FakeAnswer => [200, []],
};

/** An export job as the server answers it. */
const job = (over: Partial<ReportExport> = {}): ReportExport => ({
  id: '7d1c2b5e-0000-4000-8000-000000000001',
  status: 'running',
  rows_written: 0,
  rows_total: null,
  created_at__gte: '2026-03-01',
  created_at__lte: '2026-03-07',
  created_at: '2026-03-07T10:00:00.000Z',
  finished_at: null,
  report_upload: null,
  report_path: null,
  detail: REPORT_MESSAGES.generating,
  ...over,
});
const JOB_PATH = 'GET monitoring/device_report/export/7d1c2b5e-0000-4000-8000-000000000001/';
const done = () =>
  job({
    status: 'done',
    rows_written: 166_890,
    rows_total: 166_890,
    report_upload: 'report/abc.csv',
    report_path: '/files/report.csv',
    detail: REPORT_MESSAGES.generated,
  });
const user = () => userEvent.setup({ pointerEventsCheck: 0 });

function open(url: string) {
  signIn(makeUser({ permissions: [{ key: 'DEVICE_REPORT' }] }));
  const router = createMemoryRouter([{ path: '/device-report', element: <DeviceReportPage /> }], {
    initialEntries: [url],
  });
  render(
    <TestProviders>
      <RouterProvider router={router} />
    </TestProviders>,
  );
}

afterEach(() => vi.unstubAllGlobals());

describe('Device Report', () => {
  it('shows report rows with the spec formats and sends the filters and the last 7 days', async () => {
    const seen = stubApi({ ...lookups, 'GET monitoring/device_report/': page });
    open('/device-report?project=Lake%20Road&state=1');
    const cells = within(await screen.findByRole('row', { name: /RMS-11/ }));
    expect(cells.getByText(/^04\/03\/2026 \d\d:\d\d [ap]m$/)).toBeInTheDocument();
    expect(cells.getByText('12.83')).toBeInTheDocument();
    expect(cells.getByText('94.50')).toBeInTheDocument();
    const query = Object.fromEntries(seen.find((r) => r.path === 'monitoring/device_report/')!.query);
    expect(query).toMatchObject({ project: 'Lake Road', state: '1', page: '1', page_size: '20' });
    const days = (Date.parse(query.created_at__lte!) - Date.parse(query.created_at__gte!)) / 86_400_000;
    expect(days).toBe(6);
  });

  it('offers rows per page up to 2,500: the choice reaches the request and starts again at page 1', async () => {
    const seen = stubApi({
      ...lookups,
      'GET monitoring/device_report/': (request) => [
        200,
        pageOf([row], { count: 5000, current: Number(request.query.get('page')) }),
      ],
    });
    open('/device-report?page=3');
    await screen.findByRole('row', { name: /RMS-11/ });
    const reports = () => seen.filter((r) => r.path === 'monitoring/device_report/');
    expect(reports().at(-1)!.query.get('page_size')).toBe('20');

    await user().click(screen.getByLabelText('Page Size'));
    const offered = new Set(screen.getAllByTitle(/ \/ page$/).map((option) => option.title));
    expect([...offered]).toEqual([20, 50, 100, 150, 200, 300, 800, 1800, 2500].map((n) => `${n} / page`));
    await user().click(screen.getByTitle('2500 / page'));
    await waitFor(() => expect(reports().at(-1)!.query.get('page_size')).toBe('2500'));
    expect(reports().at(-1)!.query.get('page')).toBe('1');
    // The large page is drawn as a virtual table (rows of divs, not table rows), serial numbers kept.
    await waitFor(() => expect(screen.queryByRole('row', { name: /RMS-11/ })).toBeNull());
    const drawn = (await screen.findByText('RMS-11')).closest<HTMLElement>('.ant-table-row')!;
    expect(within(drawn).getByText('1')).toBeInTheDocument();
    expect(within(drawn).getByText('94.50')).toBeInTheDocument();
    expect(screen.getByText('5000 in all')).toBeInTheDocument();
  });

  it('keeps the rows per page of a shared link, and ignores a size it does not offer', async () => {
    const seen = stubApi({ ...lookups, 'GET monitoring/device_report/': page });
    open('/device-report?page_size=800');
    await screen.findByText('RMS-11');
    const report = seen.find((r) => r.path === 'monitoring/device_report/')!;
    expect(report.query.get('page_size')).toBe('800');

    vi.unstubAllGlobals();
    const again = stubApi({ ...lookups, 'GET monitoring/device_report/': page });
    open('/device-report?page_size=7');
    await screen.findByRole('row', { name: /RMS-11/ });
    expect(again.find((r) => r.path === 'monitoring/device_report/')!.query.get('page_size')).toBe('20');
  });

  it('downloads as a job: the spec’s messages, the rows written of the total, then the file in a new window', async () => {
    const opened = vi.fn(() => ({ opener: {} }) as unknown as Window);
    vi.stubGlobal('open', opened);
    let now = job();
    const seen = stubApi({
      ...lookups,
      'GET monitoring/device_report/': page,
      'POST monitoring/device_report/export/': () => [202, job()],
      [JOB_PATH]: () => [200, now],
    });
    open('/device-report?device=11');
    await screen.findByRole('row', { name: /RMS-11/ });
    await user().click(screen.getByRole('button', { name: /Download Report/ }));
    expect(await screen.findAllByText(REPORT_MESSAGES.generating)).not.toHaveLength(0);
    const started = seen.find((r) => r.method === 'POST')!;
    expect(started.path).toBe('monitoring/device_report/export/');
    expect(started.body).toMatchObject({ device: 11, created_at__gte: expect.any(String) });
    expect(started.body).not.toHaveProperty('page');

    now = job({ rows_written: 50_000, rows_total: 166_890 });
    expect(await screen.findByText(/50,000 of 1,66,890 rows written/)).toBeInTheDocument();
    expect(screen.getByRole('progressbar', { name: 'Rows written' })).toHaveAttribute('aria-valuenow', '29');
    expect(opened).not.toHaveBeenCalled();

    now = done();
    expect(await screen.findAllByText(REPORT_MESSAGES.generated)).not.toHaveLength(0);
    await waitFor(() => expect(opened).toHaveBeenCalledWith('/files/report.csv', '_blank'));
    expect(screen.getByRole('link', { name: 'Open the file' })).toHaveAttribute('href', '/files/report.csv');
  }, 20_000);

  it('finds a running export again when the user comes back, and follows it to its file', async () => {
    const opened = vi.fn(() => ({ opener: {} }) as unknown as Window);
    vi.stubGlobal('open', opened);
    let now = job({ rows_written: 1_000, rows_total: 4_000 });
    stubApi({
      ...lookups,
      'GET monitoring/device_report/': page,
      'GET monitoring/device_report/export/': () => [200, [now]],
      [JOB_PATH]: () => [200, now],
    });
    open('/device-report');
    expect(await screen.findByText(/1,000 of 4,000 rows written/)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: /Download Report/ })).toHaveClass('ant-btn-loading');
    now = done();
    await waitFor(() => expect(opened).toHaveBeenCalledWith('/files/report.csv', '_blank'));
  }, 20_000);

  it('shows an export finished earlier with its link, without opening a window', async () => {
    const opened = vi.fn();
    vi.stubGlobal('open', opened);
    stubApi({
      ...lookups,
      'GET monitoring/device_report/': page,
      'GET monitoring/device_report/export/': () => [200, [done()]],
      [JOB_PATH]: () => [200, done()],
    });
    open('/device-report');
    expect(await screen.findByRole('link', { name: 'Open the file' })).toHaveAttribute(
      'href',
      '/files/report.csv',
    );
    expect(screen.getByText(/1,66,890 rows \(01\/03\/2026 to 07\/03\/2026\)/)).toBeInTheDocument();
    expect(opened).not.toHaveBeenCalled();
  });

  it('says when the file could not be made, and when nothing is in the range', async () => {
    stubApi({
      ...lookups,
      'GET monitoring/device_report/': page,
      'POST monitoring/device_report/export/': () => [500, { detail: 'boom' }],
    });
    open('/device-report');
    await screen.findByRole('row', { name: /RMS-11/ });
    await user().click(screen.getByRole('button', { name: /Download Report/ }));
    expect(await screen.findByText(REPORT_MESSAGES.failed)).toBeInTheDocument();

    // Started, then failed on the server.
    vi.unstubAllGlobals();
    let now = job();
    stubApi({
      ...lookups,
      'GET monitoring/device_report/': page,
      'POST monitoring/device_report/export/': () => [202, job()],
      [JOB_PATH]: () => [200, now],
    });
    open('/device-report');
    await screen.findAllByRole('row', { name: /RMS-11/ });
    await user().click(screen.getAllByRole('button', { name: /Download Report/ }).at(-1)!);
    now = job({ status: 'failed', detail: REPORT_MESSAGES.failed });
    expect((await screen.findAllByText(REPORT_MESSAGES.failed)).length).toBeGreaterThan(0);

    vi.unstubAllGlobals();
    stubApi({
      ...lookups,
      'GET monitoring/device_report/': () => [200, pageOf([])],
    });
    open('/device-report');
    expect((await screen.findAllByText('No data in this range')).length).toBeGreaterThan(0);
  }, 20_000);
});
