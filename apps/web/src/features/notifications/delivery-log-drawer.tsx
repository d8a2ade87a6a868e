import { useQuery } from '@tanstack/react-query';
import { Drawer, Table, Tag, Tooltip, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useState } from 'react';
import type { WebhookDeliveryRow, WebhookDeliveryStatus, WebhookRow } from '@rms/contracts/notifications';
import { EMPTY, formatDateTime } from '../../lib/format';
import { deliveriesQuery } from './api';

const PAGE_SIZE = 20;

const STATUS_TAGS: Record<WebhookDeliveryStatus, { color: string; label: string }> = {
  pending: { color: 'gold', label: 'Retrying' },
  delivered: { color: 'green', label: 'Delivered' },
  failed: { color: 'red', label: 'Failed' },
};

/** A webhook's delivery log, newest first: each event, how often it was tried and the last answer. */
export function DeliveryLogDrawer({ hook, onClose }: { hook: WebhookRow | null; onClose: () => void }) {
  const [page, setPage] = useState(1);
  const log = useQuery({ ...deliveriesQuery(hook?.id ?? 0, page, PAGE_SIZE), enabled: hook !== null });

  const columns: ColumnsType<WebhookDeliveryRow> = [
    {
      title: 'Event',
      key: 'event',
      render: (_value, row) => (
        <>
          <Typography.Text strong>{row.type}</Typography.Text>
          <br />
          <Typography.Text type="secondary" copyable={{ text: row.event_id }} style={{ fontSize: 12 }}>
            {row.event_id.slice(0, 8)}
          </Typography.Text>
        </>
      ),
    },
    {
      title: 'Status',
      key: 'status',
      render: (_value, row) => {
        const { color, label } = STATUS_TAGS[row.status];
        const tip =
          row.status === 'pending' && row.next_attempt_at
            ? `Next try ${formatDateTime(row.next_attempt_at)}`
            : null;
        const tag = <Tag color={color}>{label}</Tag>;
        return tip ? <Tooltip title={tip}>{tag}</Tooltip> : tag;
      },
    },
    { title: 'Attempts', dataIndex: 'attempts', align: 'right' },
    {
      title: 'Last answer',
      key: 'answer',
      render: (_value, row) =>
        row.last_error ? (
          <Typography.Text type="danger">{row.last_error}</Typography.Text>
        ) : row.last_status_code ? (
          `HTTP ${row.last_status_code}`
        ) : (
          EMPTY
        ),
    },
    {
      title: 'Time',
      key: 'time',
      render: (_value, row) => formatDateTime(row.delivered_at ?? row.last_attempt_at ?? row.created_at),
    },
  ];

  return (
    <Drawer
      open={hook !== null}
      onClose={() => {
        setPage(1);
        onClose();
      }}
      title={hook ? `Deliveries to ${hook.url}` : 'Deliveries'}
      size="large"
      destroyOnHidden
    >
      <Table<WebhookDeliveryRow>
        rowKey="id"
        size="small"
        columns={columns}
        dataSource={log.data?.results}
        loading={log.isFetching}
        scroll={{ x: 'max-content' }}
        locale={{ emptyText: log.isError ? 'The delivery log could not be loaded' : 'No deliveries yet' }}
        pagination={{
          current: page,
          pageSize: PAGE_SIZE,
          total: log.data?.count ?? 0,
          onChange: setPage,
          showSizeChanger: false,
          hideOnSinglePage: true,
        }}
      />
    </Drawer>
  );
}
