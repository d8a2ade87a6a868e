import { DownloadOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { App, Button, Card, Flex, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { REPORT_COUNT_CAP, REPORT_MESSAGES, type ReportRow } from '@rms/contracts/monitoring';
import { ActivationFilterBar, useActivationFilters } from '../../components/activation-filters';
import { PagedTable } from '../../components/paged-table';
import { formatDateTimeAmPm } from '../../lib/format';
import { useListParams } from '../../lib/use-list-params';
import { DayRangePicker, useDayRange } from './date-range';
import { deviceReportQuery, useExportReport, type ReportParams } from './fleet-api';
import { reading } from './readings';

// Device Report (spec 02 §2): the activation filters and a date range (default the last 7 days), a paged
// table of report rows (newest first), and Download Report: the server writes the same rows as a CSV
// and answers a link, opened in a new window (spec 02 §7, §8 messages).

const columns: ColumnsType<ReportRow> = [
  {
    title: 'Date',
    dataIndex: 'created_at',
    render: formatDateTimeAmPm,
    width: 170,
  },
  { title: 'RMS ID', dataIndex: 'RMS_ID' },
  {
    title: 'GSM Signal (%)',
    dataIndex: 'gsm_sig',
    align: 'right',
    render: (v: number | null) => reading(v, 0),
  },
  { title: 'Battery (V)', dataIndex: 'bt_v', align: 'right', render: (v: number | null) => reading(v) },
  { title: 'Charging (A)', dataIndex: 'bt_ch_i', align: 'right', render: (v: number | null) => reading(v) },
  { title: 'Load (A)', dataIndex: 'lo_i', align: 'right', render: (v: number | null) => reading(v) },
  { title: 'PV (V)', dataIndex: 'pv_v', align: 'right', render: (v: number | null) => reading(v) },
  { title: 'PV (A)', dataIndex: 'pv_i', align: 'right', render: (v: number | null) => reading(v) },
  { title: 'MPPT (%)', dataIndex: 'mppt', align: 'right', render: (v: number | null) => reading(v) },
  { title: 'SOC (%)', dataIndex: 'SOC', align: 'right', render: (v: number | null) => reading(v) },
];

const MESSAGE_KEY = 'device-report-file';

export function DeviceReportPage() {
  const list = useListParams();
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
