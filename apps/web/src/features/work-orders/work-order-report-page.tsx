import { useQuery } from '@tanstack/react-query';
import { workOrderApi as W } from '@rms/contracts/api/work-orders';
import type { WorkOrderReportRow } from '@rms/contracts/work-orders';
import { Alert, App, Button, Card, Flex, Table, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useState } from 'react';
import { ApiError } from '../../api/errors';
import { apiQuery } from '../../api/queries';
import { MonthRangePicker } from '../../components/month-range-picker';
import { wallClock } from '../../lib/clock';
import type { MonthRange } from '../../lib/month-range';
import { downloadReport } from './api';

// Work Order Report (docs/work-orders.md "Report"): per organization and month, alarms and how fast
// they were acknowledged and repaired, work orders done and the share done by their due time; the same
// rows download as CSV or xlsx.

/** Hours; under one hour in minutes. */
const hours = (v: number | null) =>
  v === null ? '--' : v < 1 ? `${Math.round(v * 60)} min` : `${v.toFixed(1)} h`;
const columns: ColumnsType<WorkOrderReportRow> = [
  { title: 'Organization', key: 'organization', fixed: 'left', render: (_v, r) => r.organization.name },
  { title: 'Month', dataIndex: 'month', render: (m: string) => `${m.slice(5)}/${m.slice(0, 4)}` },
  { title: 'Alarms', dataIndex: 'alarms', align: 'right' },
  {
    title: 'Time to acknowledge',
    children: [
      { title: 'Mean', dataIndex: 'ack_mean_hours', align: 'right', render: hours },
      { title: 'Median', dataIndex: 'ack_median_hours', align: 'right', render: hours },
    ],
  },
  {
    title: 'Time to repair (in work orders)',
    children: [
      { title: 'Repaired', dataIndex: 'repaired', align: 'right' },
      { title: 'Mean', dataIndex: 'repair_mean_hours', align: 'right', render: hours },
      { title: 'Median', dataIndex: 'repair_median_hours', align: 'right', render: hours },
    ],
  },
  { title: 'Orders done', dataIndex: 'orders_done', align: 'right' },
  {
    title: 'SLA met',
    dataIndex: 'sla_met_percent',
    align: 'right',
    render: (v: number | null) => (v === null ? '--' : `${v} %`),
  },
];

export function WorkOrderReportPage() {
  const { message } = App.useApp();
  const now = wallClock();
  const [range, setRange] = useState<MonthRange>([
    now.subtract(5, 'month').startOf('month'),
    now.startOf('month'),
  ]);
  const query = { from: range[0].format('YYYY-MM'), to: range[1].format('YYYY-MM') };
  const { data, isFetching, error } = useQuery(apiQuery(W.report, { query }));
  const [exporting, setExporting] = useState<'csv' | 'xlsx' | null>(null);
  const download = (format: 'csv' | 'xlsx') => {
    setExporting(format);
    downloadReport({ ...query, format })
      .catch(() => void message.error('The report could not be downloaded'))
      .finally(() => setExporting(null));
  };
  return (
    <Card>
      <Typography.Title level={4} style={{ marginTop: 0 }}>
        Work Order Report
      </Typography.Title>
      <Flex wrap gap={12} align="center" style={{ marginBottom: 16 }}>
        <MonthRangePicker
          value={range}
          onChange={setRange}
          error={error instanceof ApiError ? error.detail : null}
        />
        <Button onClick={() => download('csv')} loading={exporting === 'csv'} disabled={!data}>
          Export CSV
        </Button>
        <Button onClick={() => download('xlsx')} loading={exporting === 'xlsx'} disabled={!data}>
          Export xlsx
        </Button>
      </Flex>
      {error && (
        <Alert
          type="error"
          showIcon
          style={{ marginBottom: 12 }}
          message={error instanceof ApiError ? error.detail : 'The report could not be loaded'}
        />
      )}
      <Table<WorkOrderReportRow>
        rowKey={(r) => `${r.organization.id}-${r.month}`}
        size="small"
        bordered
        loading={isFetching}
        dataSource={data ?? []}
        columns={columns}
        scroll={{ x: 'max-content' }}
        pagination={{ pageSize: 24, hideOnSinglePage: true }}
        locale={{ emptyText: 'No alarms or work orders in these months' }}
      />
      <Typography.Paragraph type="secondary" style={{ marginTop: 12, marginBottom: 0 }}>
        Alarms count in the month they were raised; time to repair is raised → cleared for alarms in a work
        order; orders count in the month they were finished, and SLA met is the share finished by their due
        time.
      </Typography.Paragraph>
    </Card>
  );
}
