import { DownloadOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { Button, Card, Flex, Typography } from 'antd';
import type { ColumnsType, ColumnType } from 'antd/es/table';
import type { ReportRow } from '@rms/contracts/monitoring';
import { ActivationFilterBar, useActivationFilters } from '../../components/activation-filters';
import { PagedTable, SERIAL_COLUMN_WIDTH } from '../../components/paged-table';
import { formatDateTimeAmPm } from '../../lib/format';
import { useListParams } from '../../lib/use-list-params';
import { useWindowHeight } from '../../lib/use-window-height';
import { DayRangePicker, useDayRange } from './date-range';
import { deviceReportQuery, type ReportParams } from './fleet-api';
import { reading } from './readings';
import { ReportExportStatus, useReportExport } from './report-export';

// Device Report (spec 02 §2): the activation filters and a date range (default the last 7 days), a paged
// table of report rows (newest first) with their exact count, and Download Report: the server writes the
// same rows as a CSV in a job whose progress shows above the table; the file opens in a new window when
// it is done (spec 02 §7, §8 messages; report-export.tsx). Rows per page: the spec's
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
    // Which sample a row is (when, which device) stays in view while a narrow window scrolls the readings.
    fixed: 'left',
  },
  // One line per row (a virtual table's rows are all of one height): a longer ID ends in "…", the
  // whole ID in the cell's title (shown on hover).
  { title: 'RMS ID', dataIndex: 'RMS_ID', width: 130, ellipsis: true, fixed: 'left' },
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
/** The export's panel above the table, when one is shown. */
const EXPORT_PANEL = 130;
const MIN_ROWS_HEIGHT = 360;

export function DeviceReportPage() {
  const list = useListParams({ sizes: REPORT_PAGE_SIZES });
  const large = list.pageSize > VIRTUAL_ABOVE;
  const windowHeight = useWindowHeight();
  const filterState = useActivationFilters();
  const { range, setRange } = useDayRange();
  const params: ReportParams = {
    ...filterState.filters,
    created_at__gte: range.start,
    created_at__lte: range.end,
  };
  const { data, isFetching } = useQuery(
    deviceReportQuery({ ...params, page: list.page, pageSize: list.pageSize }),
  );
  const report = useReportExport();
  const rowsHeight = Math.max(MIN_ROWS_HEIGHT, windowHeight - AROUND_ROWS - (report.job ? EXPORT_PANEL : 0));

  return (
    <Card>
      <Flex justify="space-between" align="center" wrap gap={12} style={{ marginBottom: 16 }}>
        <Typography.Title level={4} style={{ margin: 0 }}>
          Device Report
        </Typography.Title>
        <Button
          type="primary"
          icon={<DownloadOutlined />}
          loading={report.starting || report.running}
          disabled={!data || data.count === 0}
          onClick={() => report.run(params)}
        >
          Download Report
        </Button>
      </Flex>
      {report.job && <ReportExportStatus job={report.job} onClose={report.dismiss} />}
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
    </Card>
  );
}
