import type { ColumnsType, ColumnType } from 'antd/es/table';
import type { SorterResult } from 'antd/es/table/interface';
import { Tooltip } from 'antd';
import {
  ENERGY_DEVICE_COLUMNS,
  type EnergyDeviceRow,
  type EnergyReport,
} from '@rms/contracts/energy-reports';
import { PagedTable } from '../../components/paged-table';
import { formatNumber, kwh, NONE, oneDecimal, WHY_NONE, whyNoPlanFigure } from './energy-figures';
import { orderingOf, sortDirections, sortOrderOf, type EnergyDeviceOrdering } from './device-ordering';
import { DEVICE_PAGE_SIZES } from './report-params';

// Every device of the month, a page at a time from the server, with the exports' columns
// (ENERGY_DEVICE_COLUMNS); the columns the contract's `ordering` sorts by are sortable, in its directions.

type Key = (typeof ENERGY_DEVICE_COLUMNS)[number]['key'];

const missing = (why: string) => (
  <Tooltip title={why}>
    <span style={{ cursor: 'help' }}>{NONE}</span>
  </Tooltip>
);

const RENDER: Partial<Record<Key, (row: EnergyDeviceRow) => React.ReactNode>> = {
  device: (r) => r.device.code,
  project: (r) => r.project ?? NONE,
  burning_hours: (r) => oneDecimal(r.burning_hours),
  planned_hours: (r) => (r.planned_hours === null ? missing(WHY_NONE.noPlan) : oneDecimal(r.planned_hours)),
  availability_percent: (r) =>
    r.availability_percent === null ? missing(whyNoPlanFigure(r)) : oneDecimal(r.availability_percent),
  lamp_kwh: (r) => kwh(r.lamp_kwh),
  harvest_kwh: (r) => kwh(r.harvest_kwh),
  full_night_kwh: (r) => (r.full_night_kwh === null ? missing(WHY_NONE.noPlan) : kwh(r.full_night_kwh)),
  saved_kwh: (r) => (r.saved_kwh === null ? missing(whyNoPlanFigure(r)) : kwh(r.saved_kwh)),
  saved_percent: (r) =>
    r.saved_percent === null ? missing(whyNoPlanFigure(r)) : oneDecimal(r.saved_percent),
  autonomy_days: (r) =>
    r.autonomy_days === null ? missing(WHY_NONE.noLampEnergy) : oneDecimal(r.autonomy_days),
  co2_avoided_kg: (r) => formatNumber(r.co2_avoided_kg, 2),
  days: (r) => r.days,
};

interface DeviceTableProps {
  report: EnergyReport | undefined;
  loading: boolean;
  page: number;
  pageSize: number;
  ordering: EnergyDeviceOrdering;
  emptyText: string;
  onPage: (page: number) => void;
  onPageSize: (pageSize: number) => void;
  onOrdering: (ordering: EnergyDeviceOrdering) => void;
}

export function DeviceTable({
  report,
  loading,
  page,
  pageSize,
  ordering,
  emptyText,
  onPage,
  onPageSize,
  onOrdering,
}: DeviceTableProps) {
  const columns: ColumnsType<EnergyDeviceRow> = ENERGY_DEVICE_COLUMNS.map(({ key, header }) => {
    const directions = sortDirections(key);
    const column: ColumnType<EnergyDeviceRow> = {
      key,
      title: header,
      align: key === 'device' || key === 'project' ? 'left' : 'right',
      fixed: key === 'device' ? 'left' : undefined,
      render: (_v, row) => RENDER[key]?.(row),
    };
    if (directions.length === 0) return column;
    return {
      ...column,
      sorter: true,
      sortDirections: directions,
      sortOrder: sortOrderOf(key, ordering),
      showSorterTooltip: false,
    };
  });
  return (
    <PagedTable<EnergyDeviceRow>
      rowKey={(r) => r.device.id}
      size="small"
      data={report?.devices}
      loading={loading}
      page={page}
      pageSize={pageSize}
      onPageChange={onPage}
      pageSizeOptions={DEVICE_PAGE_SIZES}
      onPageSizeChange={onPageSize}
      columns={columns}
      locale={{ emptyText }}
      onChange={(_pagination, _filters, sorter, extra) => {
        if (extra.action !== 'sort') return;
        const one = sorter as SorterResult<EnergyDeviceRow>;
        onOrdering(orderingOf(String(one.columnKey), one.order ?? undefined));
      }}
    />
  );
}
