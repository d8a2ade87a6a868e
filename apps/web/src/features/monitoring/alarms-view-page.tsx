import { useQuery } from '@tanstack/react-query';
import { anyOf } from '@rms/contracts/permissions';
import type { AlarmRow } from '@rms/contracts/monitoring';
import { PAGE_SIZE } from '@rms/contracts/messages';
import { Card, Flex, Select, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useState } from 'react';
import { useAllows } from '../../auth/use-allows';
import { PagedTable } from '../../components/paged-table';
import { formatDateTimeAmPm } from '../../lib/format';
import { alarmListQuery } from './api';
import { DeviceSelect, type PickedDevice } from './device-select';
import { AlarmStatusTag } from '../../components/status-tags';

const LIST_DEVICES = anyOf('VIEW_DEVICE_ACTIVATION', 'DEVICE_ACTIVATION');
const STATUS_OPTIONS = [
  { value: 'all', label: 'All' },
  { value: 'false', label: 'Unresolved' },
  { value: 'true', label: 'Resolved' },
] as const;
type StatusFilter = (typeof STATUS_OPTIONS)[number]['value'];

const columns: ColumnsType<AlarmRow> = [
  // The device on the left and the status on the right stay in view while a narrow window scrolls.
  { title: 'Device ID', key: 'device', fixed: 'left', render: (_v, row) => row.device_data.device_id },
  { title: 'Error', dataIndex: 'fault_type' },
  { title: 'Fault Time', dataIndex: 'fault_time', render: formatDateTimeAmPm },
  { title: 'Resolution Time', dataIndex: 'resolution_time', render: formatDateTimeAmPm },
  {
    title: 'Status',
    dataIndex: 'status',
    fixed: 'right',
    render: (status: AlarmRow['status']) => <AlarmStatusTag status={status} />,
  },
];

/** Alarm Status (spec 02 §2 "/alarms-view"): status and device filters, paged alarms, newest first. */
export function AlarmsViewPage() {
  const canPickDevice = useAllows(LIST_DEVICES);
  const [status, setStatus] = useState<StatusFilter>('all');
  const [device, setDevice] = useState<PickedDevice | undefined>();
  const [page, setPage] = useState(1);
  const { data, isFetching } = useQuery(
    alarmListQuery({
      page,
      pageSize: PAGE_SIZE,
      is_solve: status === 'all' ? undefined : status,
      device: device?.id,
    }),
  );
  return (
    <Card>
      <Flex wrap gap={12} align="center" justify="space-between" style={{ marginBottom: 16 }}>
        <Typography.Title level={4} style={{ margin: 0 }}>
          Alarm Status
        </Typography.Title>
        <Flex wrap gap={12}>
          <Select
            aria-label="Status"
            prefix="Status:"
            style={{ width: 190 }}
            value={status}
            options={[...STATUS_OPTIONS]}
            onChange={(value: StatusFilter) => {
              setStatus(value);
              setPage(1);
            }}
          />
          {canPickDevice && (
            <DeviceSelect
              value={device}
              allowClear
              placeholder="All devices"
              style={{ width: 220 }}
              onChange={(d) => {
                setDevice(d);
                setPage(1);
              }}
            />
          )}
        </Flex>
      </Flex>
      <PagedTable<AlarmRow>
        rowKey="id"
        data={data}
        loading={isFetching}
        page={page}
        pageSize={PAGE_SIZE}
        onPageChange={setPage}
        columns={columns}
        locale={{ emptyText: 'No alarms' }}
      />
    </Card>
  );
}
