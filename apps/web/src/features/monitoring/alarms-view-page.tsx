import { useQuery } from '@tanstack/react-query';
import type { AlarmListRow } from '@rms/contracts/alarms';
import { alarmRuleLabel } from '@rms/contracts/alarm-rules';
import { anyOf } from '@rms/contracts/permissions';
import { PAGE_SIZE } from '@rms/contracts/messages';
import { ALARM_SEVERITIES, ALARM_SEVERITY_LABELS, type AlarmSeverity } from '@rms/contracts/telemetry';
import { Button, Card, Checkbox, Flex, Select, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { useAllows } from '../../auth/use-allows';
import { PagedTable } from '../../components/paged-table';
import { AlarmStatusTag } from '../../components/status-tags';
import { EMPTY, formatDateTimeAmPm } from '../../lib/format';
import { AlarmBulkActions } from './alarm-bulk-actions';
import { CreateWorkOrderButton } from '../../components/work-order-create';
import { AlarmDrawer } from './alarm-drawer';
import { AlarmCounts, SeverityTag } from '../../components/alarm-severity';
import { alarmListQuery } from './api';
import { DeviceSelect, type PickedDevice } from './device-select';

const LIST_DEVICES = anyOf('VIEW_DEVICE_ACTIVATION', 'DEVICE_ACTIVATION');
const HANDLE = anyOf('HANDLE_ALARMS');
const MANAGE_ORDERS = anyOf('MANAGE_WORK_ORDERS');
const STATUS_OPTIONS = [
  { value: 'all', label: 'All' },
  { value: 'false', label: 'Unresolved' },
  { value: 'true', label: 'Resolved' },
] as const;
type StatusFilter = (typeof STATUS_OPTIONS)[number]['value'];
const SEVERITY_OPTIONS = [
  { value: 'all', label: 'All' },
  ...ALARM_SEVERITIES.map((s) => ({ value: s, label: ALARM_SEVERITY_LABELS[s] })),
];
const ACK_OPTIONS = [
  { value: 'all', label: 'All' },
  { value: 'false', label: 'Not acknowledged' },
  { value: 'true', label: 'Acknowledged' },
] as const;
type AckFilter = (typeof ACK_OPTIONS)[number]['value'];

function columnsOf(open: (id: number) => void): ColumnsType<AlarmListRow> {
  return [
    // The device on the left and the status on the right stay in view while a narrow window scrolls.
    { title: 'Device ID', key: 'device', fixed: 'left', render: (_v, row) => row.device_data.device_id },
    {
      title: 'Error',
      dataIndex: 'fault_type',
      render: (text: string, row) => (
        <Button
          type="link"
          style={{ padding: 0 }}
          onClick={() => open(row.id)}
          aria-label={`Open ${text} of ${row.device_data.device_id}`}
        >
          {text}
        </Button>
      ),
    },
    {
      title: 'Severity',
      dataIndex: 'severity',
      render: (severity: AlarmSeverity) => <SeverityTag severity={severity} />,
    },
    { title: 'Rule', key: 'rule', render: (_v, row) => alarmRuleLabel(row.rule) },
    { title: 'Fault Time', dataIndex: 'fault_time', render: formatDateTimeAmPm },
    { title: 'Resolution Time', dataIndex: 'resolution_time', render: formatDateTimeAmPm },
    {
      title: 'Acknowledged',
      key: 'acknowledged',
      render: (_v, row) =>
        row.acknowledged_by ? row.acknowledged_by.name : row.acknowledged_at ? 'Yes' : 'No',
    },
    { title: 'Assignee', key: 'assignee', render: (_v, row) => row.assignee?.name ?? EMPTY },
    {
      title: 'Status',
      dataIndex: 'status',
      fixed: 'right',
      render: (status: AlarmListRow['status']) => <AlarmStatusTag status={status} />,
    },
  ];
}

/**
 * Alarm Status (spec 02 §2 "/alarms-view", docs/operations.md "Alarms"): counts by severity, filters,
 * the alarms with active unacknowledged ones first, a selection's actions and each alarm's drawer.
 */
export function AlarmsViewPage() {
  const canPickDevice = useAllows(LIST_DEVICES);
  const canHandle = useAllows(HANDLE);
  const canOrder = useAllows(MANAGE_ORDERS);
  const [status, setStatus] = useState<StatusFilter>('all');
  const [severity, setSeverity] = useState<AlarmSeverity | 'all'>('all');
  const [acknowledged, setAcknowledged] = useState<AckFilter>('all');
  const [mine, setMine] = useState(false);
  const [device, setDevice] = useState<PickedDevice | undefined>();
  const [page, setPage] = useState(1);
  const [selected, setSelected] = useState<number[]>([]);
  // The open alarm is in the address (?alarm=<id>), so a notification or an e-mail can link to it.
  const [search, setSearch] = useSearchParams();
  const openId = Number(search.get('alarm')) || null;
  const setOpenId = (id: number | null) =>
    setSearch(
      (current) => {
        const next = new URLSearchParams(current);
        if (id === null) next.delete('alarm');
        else next.set('alarm', String(id));
        return next;
      },
      { replace: id === null },
    );
  const filtered =
    <T,>(set: (v: T) => void) =>
    (v: T) => {
      set(v);
      setPage(1);
      setSelected([]);
    };
  const { data, isFetching } = useQuery(
    alarmListQuery({
      page,
      pageSize: PAGE_SIZE,
      is_solve: status === 'all' ? undefined : status,
      device: device?.id,
      severity: severity === 'all' ? undefined : severity,
      acknowledged: acknowledged === 'all' ? undefined : acknowledged,
      assigned: mine ? 'me' : undefined,
    }),
  );
  return (
    <Card>
      <Flex wrap gap={12} align="center" justify="space-between" style={{ marginBottom: 12 }}>
        <Typography.Title level={4} style={{ margin: 0 }}>
          Alarm Status
        </Typography.Title>
        <AlarmCounts device={device?.id} />
      </Flex>
      <Flex wrap gap={12} align="center" style={{ marginBottom: 16 }}>
        <Select
          aria-label="Status"
          prefix="Status:"
          style={{ width: 190 }}
          value={status}
          options={[...STATUS_OPTIONS]}
          onChange={filtered(setStatus)}
        />
        <Select
          aria-label="Severity"
          prefix="Severity:"
          style={{ width: 190 }}
          value={severity}
          options={SEVERITY_OPTIONS}
          onChange={filtered(setSeverity)}
        />
        <Select
          aria-label="Acknowledged"
          prefix="Ack:"
          style={{ width: 220 }}
          value={acknowledged}
          options={[...ACK_OPTIONS]}
          onChange={filtered(setAcknowledged)}
        />
        <Checkbox checked={mine} onChange={(e) => filtered(setMine)(e.target.checked)}>
          Assigned to me
        </Checkbox>
        {canPickDevice && (
          <DeviceSelect
            value={device}
            allowClear
            placeholder="All devices"
            style={{ width: 220 }}
            onChange={filtered(setDevice)}
          />
        )}
      </Flex>
      {(canHandle || canOrder) && selected.length > 0 && (
        <Flex wrap gap={8} style={{ marginBottom: 12 }}>
          {canHandle && <AlarmBulkActions ids={selected} onDone={() => setSelected([])} />}
          {canOrder && <CreateWorkOrderButton alarmIds={selected} onCreated={() => setSelected([])} />}
        </Flex>
      )}
      <PagedTable<AlarmListRow>
        rowKey="id"
        data={data}
        loading={isFetching}
        page={page}
        pageSize={PAGE_SIZE}
        onPageChange={(p) => {
          setPage(p);
          setSelected([]);
        }}
        columns={columnsOf(setOpenId)}
        rowSelection={
          canHandle || canOrder
            ? { selectedRowKeys: selected, onChange: (keys) => setSelected(keys.map(Number)), fixed: 'left' }
            : undefined
        }
        locale={{ emptyText: 'No alarms' }}
      />
      <AlarmDrawer id={openId} onClose={() => setOpenId(null)} canHandle={canHandle} canOrder={canOrder} />
    </Card>
  );
}
