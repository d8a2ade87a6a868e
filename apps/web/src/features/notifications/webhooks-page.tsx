import {
  DeleteOutlined,
  EditOutlined,
  HistoryOutlined,
  PlayCircleOutlined,
  SendOutlined,
} from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { App, Button, Card, Popconfirm, Space, Tag, Tooltip, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useState } from 'react';
import { WEBHOOK_EVENT_LABELS, WEBHOOK_MESSAGES as M, type WebhookRow } from '@rms/contracts/notifications';
import { useSession } from '../../auth/use-session';
import { ListToolbar } from '../../components/list-toolbar';
import { PagedTable } from '../../components/paged-table';
import { formatDateTime } from '../../lib/format';
import { useListParams } from '../../lib/use-list-params';
import { useDeleteWebhook, useResumeWebhook, useTestWebhook, webhooksQuery } from './api';
import { DeliveryLogDrawer } from './delivery-log-drawer';
import { WebhookFormModal } from './webhook-form-modal';

/**
 * Webhooks: the organization's endpoints told of alarm and device events (the provider sees every
 * organization's). Add, edit, delete, send a test ping, resume one paused after repeated failures,
 * and read each one's delivery log.
 */
export function WebhooksPage() {
  const list = useListParams();
  const { message } = App.useApp();
  const isProvider = useSession()?.user.organization_data.is_provider ?? false;
  const hooks = useQuery(webhooksQuery({ page: list.page, pageSize: list.pageSize, query: list.query }));
  const remove = useDeleteWebhook();
  const test = useTestWebhook();
  const resume = useResumeWebhook();
  const [editing, setEditing] = useState<WebhookRow | 'new' | null>(null);
  const [logOf, setLogOf] = useState<WebhookRow | null>(null);

  const sendTest = (row: WebhookRow) =>
    test.mutate(row.id, {
      onSuccess: (result) => {
        if (result.ok) void message.success(result.detail);
        else void message.error(result.detail);
      },
    });

  const columns: ColumnsType<WebhookRow> = [
    {
      title: 'URL',
      key: 'url',
      render: (_value, row) => (
        <Typography.Text
          style={{ wordBreak: 'break-all', minWidth: 180, display: 'inline-block' }}
          copyable={{ text: row.url }}
        >
          {row.url}
        </Typography.Text>
      ),
    },
    ...(isProvider ? [{ title: 'Organization', dataIndex: 'organization_name' }] : []),
    {
      title: 'Events',
      key: 'events',
      width: 220,
      render: (_value, row) => (
        <Space size={[0, 4]} wrap>
          {row.events.map((type) => (
            <Tag key={type}>{WEBHOOK_EVENT_LABELS[type]}</Tag>
          ))}
        </Space>
      ),
    },
    {
      title: 'Status',
      key: 'status',
      render: (_value, row) =>
        row.status === 'paused' ? (
          <Space direction="vertical" size={4}>
            <Tooltip
              title={`Paused ${row.paused_at ? formatDateTime(row.paused_at) : ''} after ${row.consecutive_failures} failed attempts in a row`}
            >
              <Tag color="red">Paused</Tag>
            </Tooltip>
            <Button
              size="small"
              icon={<PlayCircleOutlined />}
              aria-label={`Resume ${row.url}`}
              loading={resume.isPending && resume.variables === row.id}
              onClick={() =>
                resume.mutate(row.id, { onSuccess: (res) => void message.success(res.detail || M.resumed) })
              }
            >
              Resume
            </Button>
          </Space>
        ) : (
          <Tag color="green">Active</Tag>
        ),
    },
    {
      title: 'Last delivery',
      key: 'last',
      width: 170,
      render: (_value, row) =>
        row.last_delivery_at ? (
          <Space direction="vertical" size={0}>
            <Typography.Text type={row.last_delivery_ok ? undefined : 'danger'}>
              {row.last_delivery_ok ? 'Delivered' : 'Failed'}
            </Typography.Text>
            <Typography.Text type="secondary">{formatDateTime(row.last_delivery_at)}</Typography.Text>
          </Space>
        ) : (
          'Never'
        ),
    },
    {
      title: 'Action',
      key: 'actions',
      fixed: 'right',
      render: (_value, row) => (
        <Space size={0}>
          <Tooltip title="Send a test ping">
            <Button
              type="text"
              icon={<SendOutlined />}
              aria-label={`Test ${row.url}`}
              loading={test.isPending && test.variables === row.id}
              onClick={() => sendTest(row)}
            />
          </Tooltip>
          <Tooltip title="Delivery log">
            <Button
              type="text"
              icon={<HistoryOutlined />}
              aria-label={`Deliveries of ${row.url}`}
              onClick={() => setLogOf(row)}
            />
          </Tooltip>
          <Tooltip title="Edit">
            <Button
              type="text"
              icon={<EditOutlined />}
              aria-label={`Edit ${row.url}`}
              onClick={() => setEditing(row)}
            />
          </Tooltip>
          <Popconfirm
            title="Delete this webhook?"
            description="Nothing more is sent to it, and its delivery log goes too."
            okText="Delete"
            okButtonProps={{ danger: true }}
            cancelText="No"
            onConfirm={() =>
              remove.mutateAsync(row.id).then((res) => void message.success(res.detail || M.deleted))
            }
          >
            <Button danger type="text" icon={<DeleteOutlined />} aria-label={`Delete ${row.url}`} />
          </Popconfirm>
        </Space>
      ),
    },
  ];

  return (
    <Card>
      <ListToolbar
        title="Webhooks"
        searchLabel="Search webhooks"
        searchPlaceholder="Search by URL"
        list={list}
        add={{ label: 'Add Webhook', onClick: () => setEditing('new') }}
      />
      <PagedTable<WebhookRow>
        rowKey="id"
        data={hooks.data}
        loading={hooks.isFetching}
        page={list.page}
        pageSize={list.pageSize}
        onPageChange={list.setPage}
        columns={columns}
        locale={{
          emptyText: hooks.isError
            ? 'The webhooks could not be loaded'
            : list.query
              ? 'No webhook matches this search'
              : 'No webhooks yet: add one to tell another system of alarms and devices going offline',
        }}
      />
      <WebhookFormModal
        editing={editing}
        onClose={() => setEditing(null)}
        onSaved={(saved) => {
          setEditing(null);
          void message.success(saved.detail);
        }}
      />
      <DeliveryLogDrawer hook={logOf} onClose={() => setLogOf(null)} />
    </Card>
  );
}
