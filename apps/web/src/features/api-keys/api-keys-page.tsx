import { StopOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { App, Button, Card, Popconfirm, Space, Tag, Tooltip, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useState } from 'react';
import {
  API_KEY_MESSAGES,
  type ApiKeyCreated,
  type ApiKeyRow,
  type ApiKeyStatus,
} from '@rms/contracts/api-keys';
import { permissionLabel } from '@rms/contracts/permissions';
import { useSession } from '../../auth/use-session';
import { ListToolbar } from '../../components/list-toolbar';
import { PagedTable } from '../../components/paged-table';
import { EMPTY, formatDate, formatDateTime } from '../../lib/format';
import { useListParams } from '../../lib/use-list-params';
import { apiKeysQuery, useRevokeApiKey } from './api';
import { CreateKeyModal } from './create-key-modal';
import { KeySecretModal } from './key-secret-modal';

const STATUS_TAGS: Record<ApiKeyStatus, { color: string; label: string; why?: string }> = {
  active: { color: 'green', label: 'Active' },
  expired: { color: 'orange', label: 'Expired', why: 'Past its last day' },
  revoked: { color: 'default', label: 'Revoked' },
  disabled: {
    color: 'red',
    label: 'Disabled',
    why: "Its creator's account is deleted or left the organization",
  },
};

/**
 * API Keys: the organization's keys for integrations (the provider sees every organization's), with
 * their codes, creator, last day and last use; create one (its secret shown once) or revoke one.
 */
export function ApiKeysPage() {
  const list = useListParams();
  const { message } = App.useApp();
  const isProvider = useSession()?.user.organization_data.is_provider ?? false;
  const keys = useQuery(apiKeysQuery({ page: list.page, pageSize: list.pageSize, query: list.query }));
  const revoke = useRevokeApiKey();
  const [creating, setCreating] = useState(false);
  const [made, setMade] = useState<ApiKeyCreated | null>(null);

  const columns: ColumnsType<ApiKeyRow> = [
    {
      title: 'Name',
      key: 'name',
      fixed: 'left',
      render: (_value, row) => (
        <Space direction="vertical" size={0}>
          <Typography.Text strong>{row.name}</Typography.Text>
          <Typography.Text code>{row.prefix}</Typography.Text>
        </Space>
      ),
    },
    ...(isProvider ? [{ title: 'Organization', dataIndex: 'organization_name' }] : []),
    {
      title: 'Permissions',
      key: 'permissions',
      width: 220,
      render: (_value, row) => (
        <Space size={[0, 4]} wrap>
          {row.permissions.map(({ key }) => (
            <Tag key={key}>{permissionLabel(key)}</Tag>
          ))}
        </Space>
      ),
    },
    {
      title: 'Status',
      key: 'status',
      render: (_value, row) => {
        const { color, label, why } = STATUS_TAGS[row.status];
        const tag = <Tag color={color}>{label}</Tag>;
        const tip = row.revoked_at ? `Revoked ${formatDateTime(row.revoked_at)}` : why;
        return tip ? <Tooltip title={tip}>{tag}</Tooltip> : tag;
      },
    },
    {
      title: 'Created',
      key: 'created',
      render: (_value, row) => (
        <Space direction="vertical" size={0}>
          <Typography.Text>{row.created_by_email}</Typography.Text>
          <Typography.Text type="secondary">{formatDateTime(row.created_at)}</Typography.Text>
        </Space>
      ),
    },
    {
      title: 'Expires',
      dataIndex: 'expires_on',
      render: (day: string | null) => (day ? formatDate(day) : 'Never'),
    },
    {
      title: 'Last used',
      dataIndex: 'last_used_at',
      render: (at: string | null) => (at ? formatDateTime(at) : 'Never'),
    },
    {
      title: 'Action',
      key: 'actions',
      fixed: 'right',
      render: (_value, row) =>
        row.status === 'revoked' ? (
          EMPTY
        ) : (
          <Popconfirm
            title={`Revoke "${row.name}"?`}
            description="It stops working at once, for good."
            okText="Revoke"
            okButtonProps={{ danger: true }}
            cancelText="No"
            onConfirm={() =>
              revoke
                .mutateAsync(row.id)
                .then((res) => void message.success(res.detail || API_KEY_MESSAGES.revoked))
            }
          >
            <Button
              danger
              type="text"
              icon={<StopOutlined />}
              aria-label={`Revoke ${row.name}`}
              loading={revoke.isPending && revoke.variables === row.id}
            >
              Revoke
            </Button>
          </Popconfirm>
        ),
    },
  ];

  return (
    <Card>
      <ListToolbar
        title="API Keys"
        searchLabel="Search API keys"
        searchPlaceholder="Search by name or prefix"
        list={list}
        add={{ label: 'Create API Key', onClick: () => setCreating(true) }}
      />
      <PagedTable<ApiKeyRow>
        rowKey="id"
        data={keys.data}
        loading={keys.isFetching}
        page={list.page}
        pageSize={list.pageSize}
        onPageChange={list.setPage}
        columns={columns}
        locale={{ emptyText: list.query ? 'No key matches this search' : 'No API keys yet' }}
      />
      <CreateKeyModal
        open={creating}
        onClose={() => setCreating(false)}
        onCreated={(key) => {
          setCreating(false);
          setMade(key);
        }}
      />
      <KeySecretModal made={made} onClose={() => setMade(null)} />
    </Card>
  );
}
