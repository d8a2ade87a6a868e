import { useQuery } from '@tanstack/react-query';
import { workOrderApi as W } from '@rms/contracts/api/work-orders';
import { PAGE_SIZE } from '@rms/contracts/messages';
import {
  WORK_ORDER_STATUSES,
  WORK_ORDER_STATUS_LABELS,
  type WorkOrderRow,
  type WorkOrderStatus,
} from '@rms/contracts/work-orders';
import { Button, Card, Checkbox, Flex, Input, Select, Tag, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useSearchParams } from 'react-router';
import { apiPage } from '../../api/queries';
import { PagedTable } from '../../components/paged-table';
import { WorkOrderStatusTag } from '../../components/work-order-create';
import { EMPTY, formatDateTimeAmPm } from '../../lib/format';
import { useListParams } from '../../lib/use-list-params';
import { WorkOrderDrawer } from './work-order-drawer';

// Work Orders (docs/work-orders.md): open and overdue orders first; filters by status, mine and
// overdue; a click opens the order's drawer (kept in the URL as ?open=<id>, so a link can open it).

const STATUS_OPTIONS = [
  { value: 'all', label: 'All' },
  ...WORK_ORDER_STATUSES.map((s) => ({ value: s, label: WORK_ORDER_STATUS_LABELS[s] })),
];

function columnsOf(open: (id: number) => void): ColumnsType<WorkOrderRow> {
  return [
    {
      title: 'Work Order',
      key: 'title',
      fixed: 'left',
      render: (_v, row) => (
        <Button type="link" style={{ padding: 0 }} onClick={() => open(row.id)}>
          #{row.id} {row.title}
        </Button>
      ),
    },
    { title: 'Organization', key: 'organization', render: (_v, row) => row.organization.name },
    { title: 'Assignee', key: 'assignee', render: (_v, row) => row.assignee?.name ?? EMPTY },
    {
      title: 'Due',
      dataIndex: 'due_at',
      render: (due: string, row) =>
        row.overdue ? (
          <Typography.Text type="danger" strong>
            {formatDateTimeAmPm(due)} <Tag color="red">Overdue</Tag>
          </Typography.Text>
        ) : (
          formatDateTimeAmPm(due)
        ),
    },
    {
      title: 'Alarms',
      key: 'alarms',
      render: (_v, row) => `${row.active_alarms} active / ${row.alarm_count}`,
    },
    { title: 'Created', dataIndex: 'created_at', render: formatDateTimeAmPm },
    {
      title: 'Status',
      dataIndex: 'status',
      fixed: 'right',
      render: (status: WorkOrderStatus, row) => (
        <WorkOrderStatusTag status={status} waiting={row.waiting_for_device} />
      ),
    },
  ];
}

export function WorkOrdersPage() {
  const { page, setPage, text, setText, query } = useListParams();
  const [params, setParams] = useSearchParams();
  const status = (params.get('status') ?? 'all') as WorkOrderStatus | 'all';
  const mine = params.get('assignee') === 'me';
  const overdue = params.get('overdue') === 'true';
  const openId = Number(params.get('open')) || null;
  const set = (name: string, value: string | null) =>
    setParams((current) => {
      const next = new URLSearchParams(current);
      if (value === null) next.delete(name);
      else next.set(name, value);
      if (name !== 'open') next.delete('page');
      return next;
    });
  const { data, isFetching, isError } = useQuery(
    apiPage(W.list, {
      page,
      page_size: PAGE_SIZE,
      ...(query && { query }),
      ...(status !== 'all' && { status }),
      ...(mine && { assignee: 'me' as const }),
      ...(overdue && { overdue: 'true' as const }),
    }),
  );
  return (
    <Card>
      <Typography.Title level={4} style={{ marginTop: 0 }}>
        Work Orders
      </Typography.Title>
      <Flex wrap gap={12} align="center" style={{ marginBottom: 16 }}>
        <Input.Search
          allowClear
          aria-label="Search work orders"
          placeholder="Title or number"
          style={{ width: 240 }}
          value={text}
          onChange={(e) => setText(e.target.value)}
        />
        <Select
          aria-label="Status"
          prefix="Status:"
          style={{ width: 200 }}
          value={status}
          options={STATUS_OPTIONS}
          onChange={(v) => set('status', v === 'all' ? null : v)}
        />
        <Checkbox checked={mine} onChange={(e) => set('assignee', e.target.checked ? 'me' : null)}>
          Assigned to me
        </Checkbox>
        <Checkbox checked={overdue} onChange={(e) => set('overdue', e.target.checked ? 'true' : null)}>
          Overdue
        </Checkbox>
      </Flex>
      <PagedTable<WorkOrderRow>
        rowKey="id"
        data={data}
        loading={isFetching}
        page={page}
        pageSize={PAGE_SIZE}
        onPageChange={setPage}
        columns={columnsOf((id) => set('open', String(id)))}
        rowClassName={(row) => (row.overdue ? 'work-order-overdue' : '')}
        onRow={(row) => (row.overdue ? { style: { background: '#fff1f0' } } : {})}
        locale={{
          emptyText: isError
            ? 'Work orders could not be loaded'
            : 'No work orders: create one from the alarms view',
        }}
      />
      <WorkOrderDrawer id={openId} onClose={() => set('open', null)} />
    </Card>
  );
}
