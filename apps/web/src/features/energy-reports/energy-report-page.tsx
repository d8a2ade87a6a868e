import { DownloadOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { Alert, App, Button, Card, Empty, Flex, Skeleton, Typography } from 'antd';
import { useState } from 'react';
import type { EnergyReport, EnergyReportScope } from '@rms/contracts/energy-reports';
import { ApiError } from '../../api/errors';
import { DeviceTable } from './device-table';
import { energyReportQuery, downloadEnergyReport, type ExportFormat } from './api';
import { EnergyDayChart } from './energy-day-chart';
import { formatNumber } from './energy-figures';
import { EnergyKpiCards } from './energy-kpi-cards';
import { ReportFilters } from './report-filters';
import { useReportParams } from './report-params';
import { SubscriptionsSection } from './subscriptions-section';

// Energy Report (docs/energy-reports.md "Screen"): one month of an organization, project or group —
// its figures as cards, the days as a chart, every device a page at a time — downloadable as xlsx and
// PDF, and the monthly e-mails of it. Everything takes VIEW_ENERGY_REPORTS.

export const NO_READINGS = 'No readings for this month';

/** What the answer covers, in words: "October 2026 · Sunrise Lighting · Ring Road · Festival lights". */
function scopeLine(report: EnergyReport) {
  const month = new Date(`${report.month}-15T00:00:00Z`).toLocaleString('en-IN', {
    month: 'long',
    year: 'numeric',
    timeZone: 'UTC',
  });
  return [month, report.organization?.name ?? 'All organizations', report.project, report.group?.name]
    .filter(Boolean)
    .join(' · ');
}

export function EnergyReportPage() {
  const { message } = App.useApp();
  const { query, change } = useReportParams();
  const scope: EnergyReportScope = {
    month: query.month,
    organization: query.organization,
    project: query.project,
    group: query.group,
  };
  const { data, isFetching, error } = useQuery(energyReportQuery(query));
  const [exporting, setExporting] = useState<ExportFormat | null>(null);
  const failure = error
    ? error instanceof ApiError
      ? error.detail
      : 'The report could not be loaded'
    : null;
  const monthError = error instanceof ApiError ? (error.fieldErrors.month?.[0] ?? null) : null;
  // The answer shown is the one for this month (a previous month's stays only while paging).
  const report = data && data.month === query.month && !error ? data : undefined;
  const empty = report?.devices_reporting === 0;

  const download = (format: ExportFormat) => {
    setExporting(format);
    downloadEnergyReport(scope, format)
      .catch(() => void message.error('The report could not be downloaded'))
      .finally(() => setExporting(null));
  };

  return (
    <Flex vertical gap={16}>
      <Card>
        <Flex justify="space-between" align="center" wrap gap={12} style={{ marginBottom: 16 }}>
          <Typography.Title level={4} style={{ margin: 0 }}>
            Energy Report
          </Typography.Title>
          <Flex wrap gap={8}>
            <Button
              icon={<DownloadOutlined />}
              onClick={() => download('xlsx')}
              loading={exporting === 'xlsx'}
              disabled={!report}
            >
              Download xlsx
            </Button>
            <Button
              icon={<DownloadOutlined />}
              onClick={() => download('pdf')}
              loading={exporting === 'pdf'}
              disabled={!report}
            >
              Download PDF
            </Button>
          </Flex>
        </Flex>
        <ReportFilters scope={scope} onChange={change} monthError={monthError} />
        {report && (
          <Typography.Paragraph type="secondary" style={{ margin: '12px 0 0' }}>
            {scopeLine(report)}
          </Typography.Paragraph>
        )}
      </Card>

      {failure && <Alert type="error" showIcon message={failure} />}
      {!report && !failure && isFetching && (
        <Card>
          <Skeleton active paragraph={{ rows: 6 }} />
        </Card>
      )}
      {empty && (
        <Card>
          <Empty description={NO_READINGS} />
        </Card>
      )}
      {report && !empty && (
        <>
          <EnergyKpiCards report={report} />
          <Card size="small" title="Day by day">
            <EnergyDayChart days={report.days} />
          </Card>
          <Card size="small" title="Devices">
            <DeviceTable
              report={report}
              loading={isFetching}
              page={query.page}
              pageSize={query.page_size}
              ordering={query.ordering}
              emptyText={NO_READINGS}
              onPage={(page) => change({ page })}
              onPageSize={(page_size) => change({ page_size })}
              onOrdering={(ordering) => change({ ordering })}
            />
          </Card>
          <Typography.Text type="secondary">
            CO₂ avoided is the lamp energy × {formatNumber(report.grid_co2_kg_per_kwh, 3)} kg CO₂ per kWh of
            grid energy: what grid-fed lamps giving the same light would have emitted.
          </Typography.Text>
        </>
      )}
      <SubscriptionsSection organization={query.organization} />
    </Flex>
  );
}
