import { useQuery } from '@tanstack/react-query';
import { Flex, Input, Segmented, Select, Tag, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useState } from 'react';
import { DELIVERY_STATUSES, type DeliveryStatus } from '@rms/contracts/lighting';
import { PAGE_SIZE } from '@rms/contracts/messages';
import type { DeliveryRow } from '@rms/contracts/schedules';
import { PagedTable } from '../../components/paged-table';
import { dash, formatDateTimeAmPm } from '../../lib/format';
import { useDebounced } from '../../lib/use-debounced';
import { deliveriesQuery, scheduleNamesQuery } from './api';
import { DELIVERY_STATUS_COLOURS, DELIVERY_STATUS_LABELS } from './delivery-statuses';

// Delivery (docs/lighting-schedules.md): whether each scheduled device got its plan: pending, applied,
// retrying or failed (with the reason and the attempts), counted by status under the same filters.

type StatusFilter = DeliveryStatus | 'all';

export function DeliveriesTab({ organization }: { organization: number | undefined }) {
  const [status, setStatus] = useState<StatusFilter>('all');
  const [schedule, setSchedule] = useState<number | undefined>(undefined);
  const [text, setText] = useState('');
  const search = useDebounced(text.trim());
  const [page, setPage] = useState(1);
  const schedules = useQuery(scheduleNamesQuery(organization));
  const { data, isFetching, isError } = useQuery(
    deliveriesQuery({
      page,
      page_size: PAGE_SIZE,
      ...(organization && { organization }),
      ...(schedule && { schedule }),
      ...(status !== 'all' && { status }),
      ...(search && { query: search }),
    }),
  );
  const counts = data?.counts;
  const total = counts ? DELIVERY_STATUSES.reduce((sum, s) => sum + counts[s], 0) : undefined;
  const counted = (label: string, n: number | undefined) => (n === undefined ? label : `${label} (${n})`);

  const columns: ColumnsType<DeliveryRow> = [
    { title: 'RMS ID', key: 'rms', fixed: 'left', render: (_v, row) => row.rms_id },
    { title: 'Schedule', key: 'schedule', render: (_v, row) => dash(row.schedule_name) },
    {
      title: 'Status',
      key: 'status',
      render: (_v, row) => (
        <Tag color={DELIVERY_STATUS_COLOURS[row.status]}>{DELIVERY_STATUS_LABELS[row.status]}</Tag>
      ),
    },
    { title: 'Attempts', key: 'attempts', align: 'right', render: (_v, row) => row.attempts },
    {
      title: 'Reason',
      key: 'error',
      render: (_v, row) => (
        <Typography.Text
          type={row.error ? 'danger' : undefined}
          style={{ maxWidth: 320 }}
          ellipsis={{ tooltip: row.error }}
        >
          {dash(row.error)}
        </Typography.Text>
      ),
    },
    { title: 'Updated', key: 'updated', render: (_v, row) => formatDateTimeAmPm(row.updated_at) },
    { title: 'Applied', key: 'applied', render: (_v, row) => formatDateTimeAmPm(row.applied_at) },
  ];

  return (
    <section aria-label="Delivery">
      <Flex justify="space-between" align="center" wrap gap={12} style={{ marginBottom: 12 }}>
        <Segmented<StatusFilter>
          aria-label="Delivery status"
          value={status}
          onChange={(value) => {
            setStatus(value);
            setPage(1);
          }}
          options={[
            { value: 'all', label: counted('All', total) },
            ...DELIVERY_STATUSES.map((s) => ({
              value: s,
              label: counted(DELIVERY_STATUS_LABELS[s], counts?.[s]),
            })),
          ]}
          style={{ maxWidth: '100%', overflowX: 'auto' }}
        />
        <Flex wrap gap={12}>
          <Select
            aria-label="Schedule"
            allowClear
            placeholder="All schedules"
            style={{ minWidth: 200 }}
            showSearch={{ optionFilterProp: 'label' }}
            value={schedule}
            onChange={(value?: number) => {
              setSchedule(value);
              setPage(1);
            }}
            options={(schedules.data ?? []).map((s) => ({ value: s.id, label: s.name }))}
          />
          <Input.Search
            allowClear
            aria-label="Search deliveries"
            placeholder="RMS ID"
            style={{ width: 200 }}
            value={text}
            onChange={(e) => {
              setText(e.target.value);
              setPage(1);
            }}
          />
        </Flex>
      </Flex>
      <PagedTable<DeliveryRow>
        rowKey="device"
        data={data}
        loading={isFetching}
        page={page}
        pageSize={PAGE_SIZE}
        onPageChange={setPage}
        columns={columns}
        locale={{
          emptyText: isError
            ? 'The deliveries could not be loaded'
            : status !== 'all' || search || schedule
              ? 'No delivery matches the filters'
              : 'Nothing delivered yet: a device gets its plan once a schedule covers it',
        }}
      />
    </section>
  );
}
