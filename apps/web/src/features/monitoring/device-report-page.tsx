import { DownloadOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { App, Button, Card, Flex, Typography } from 'antd';
import type { ColumnsType, ColumnType } from 'antd/es/table';
import { REPORT_COUNT_CAP, REPORT_MESSAGES, type ReportRow } from '@rms/contracts/monitoring';
import { ActivationFilterBar, useActivationFilters } from '../../components/activation-filters';
import { PagedTable, SERIAL_COLUMN_WIDTH } from '../../components/paged-table';
import { formatDateTimeAmPm } from '../../lib/format';
import { useListParams } from '../../lib/use-list-params';
import { useWindowHeight } from '../../lib/use-window-height';
import { DayRangePicker, useDayRange } from './date-range';
import { deviceReportQuery, useExportReport, type ReportParams } from './fleet-api';
import { reading } from './readings';

// Device Report (spec 02 §2): the activation filters and a date range (default the last 7 days), a paged
// table of report rows (newest first), and Download Report: the server writes the same rows as a CSV
// and answers a link, opened in a new window (spec 02 §7, §8 messages). Rows per page: the spec's
// choices (01 §9), up to the API's 2,500; a page above 100 rows is drawn as antd's virtual table (only
// the rows in view are in the DOM) in a box that fits the window (the pagination stays in view at
// 1440 × 900), the header kept on top.

export const REPORT_PAGE_SIZES = [20, 50, 100, 150, 200, 300, 800, 1800, 2500] as const;
const VIRTUAL_ABOVE = 100;

/** A reading, right-aligned, to `digits` decimals (an empty one shows as a dash). */
const readingColumn = (title: string, dataIndex: keyof ReportRow, digits = 2): ColumnType<ReportRow> => ({
  title,
  dataIndex,
  align: 'right',
  width: 88,
  render: (v: number | null) => reading(v, digits),
});

const columns: ColumnsType<ReportRow> = [
  {
    title: 'Date',
    dataIndex: 'created_at',
    render: formatDateTimeAmPm,
    width: 160,
  },
  // One line per row (a virtual table's rows are all of one height): a longer ID ends in "…", the
  // whole ID in the cell's title (shown on hover).
  { title: 'RMS ID', dataIndex: 'RMS_ID', width: 160, ellipsis: true },
  readingColumn('GSM Signal (%)', 'gsm_sig', 0),
  readingColumn('Battery (V)', 'bt_v'),
  readingColumn('Charging (A)', 'bt_ch_i'),
  readingColumn('Load (A)', 'lo_i'),
  readingColumn('PV (V)', 'pv_v'),
  readingColumn('PV (A)', 'pv_i'),
  readingColumn('MPPT (%)', 'mppt'),
  readingColumn('SOC (%)', 'SOC'),
];
/** The virtual table needs numbers: the columns' widths added up, and the height of the rows' box. */
const VIRTUAL_WIDTH = columns.reduce((sum, column) => sum + Number(column.width), SERIAL_COLUMN_WIDTH);
/** Room above the rows (menu bar, title, filters, table header) and below (pagination, footer). */
const AROUND_ROWS = 440;
const MIN_ROWS_HEIGHT = 360;

const MESSAGE_KEY = 'device-report-file';

export function DeviceReportPage() {
  const list = useListParams({ sizes: REPORT_PAGE_SIZES });
  const large = list.pageSize > VIRTUAL_ABOVE;
  const rowsHeight = Math.max(MIN_ROWS_HEIGHT, useWindowHeight() - AROUND_ROWS);
  const filterState = useActivationFilters();
  const { range, setRange } = useDayRange();
  const { message } = App.useApp();
  const params: ReportParams = {
    ...filterState.filters,
    created_at__gte: range.start,
    created_at__lte: range.end,
  };
  const { data, isFetching } = useQuery(
    deviceReportQuery({ ...params, page: list.page, pageSize: list.pageSize }),
  );
  const exportCsv = useExportReport();

  const download = () => {
    void message.loading({ content: REPORT_MESSAGES.generating, key: MESSAGE_KEY, duration: 0 });
    exportCsv.mutate(params, {
      onSuccess: (file) => {
        void message.success({ content: REPORT_MESSAGES.generated, key: MESSAGE_KEY });
        const opened = window.open(file.report_path, '_blank');
        if (opened) opened.opener = null;
        // A browser that blocks the window (the click was long ago) still gets the link.
        else {
          void message.info({
            content: (
              <a href={file.report_path} target="_blank" rel="noreferrer">
                Open {file.report_upload}
              </a>
            ),
            duration: 10,
          });
        }
      },
      onError: () => void message.error({ content: REPORT_MESSAGES.failed, key: MESSAGE_KEY }),
    });
  };

  return (
    <Card>
      <Flex justify="space-between" align="center" wrap gap={12} style={{ marginBottom: 16 }}>
        <Typography.Title level={4} style={{ margin: 0 }}>
          Device Report
        </Typography.Title>
        <Button
          type="primary"
          icon={<DownloadOutlined />}
          loading={exportCsv.isPending}
          disabled={!data || data.count === 0}
          onClick={download}
        >
          Download Report
        </Button>
      </Flex>
      <ActivationFilterBar
        state={filterState}
        extra={[
          <DayRangePicker
            key="range"
            value={range}
            onChange={(next) => {
              setRange(next);
              list.setPage(1);
            }}
          />,
        ]}
      />
      <PagedTable<ReportRow>
        rowKey={(row) => `${row.device}-${row.created_at}`}
        data={data}
        loading={isFetching}
        page={list.page}
        pageSize={list.pageSize}
        onPageChange={list.setPage}
        pageSizeOptions={REPORT_PAGE_SIZES}
        onPageSizeChange={list.setPageSize}
        {...(large && { virtual: true, scroll: { x: VIRTUAL_WIDTH, y: rowsHeight } })}
        columns={columns}
        locale={{
          emptyText: filterState.active
            ? 'No report rows match these filters in this range'
            : 'No data in this range',
        }}
      />
      {data?.count_capped && (
        <Typography.Text type="secondary">
          More than {REPORT_COUNT_CAP.toLocaleString('en-IN')} rows match: the table pages through the newest{' '}
          {REPORT_COUNT_CAP.toLocaleString('en-IN')}; Download Report has them all.
        </Typography.Text>
      )}
    </Card>
  );
}
