import { DeleteOutlined, EditOutlined, PlusOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { App, Button, Card, Flex, Input, Popconfirm, Space, Tag, Tooltip, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useState } from 'react';
import { groupApi as G } from '@rms/contracts/api/groups';
import type { GroupRow } from '@rms/contracts/groups';
import { PAGE_SIZE } from '@rms/contracts/messages';
import { ApiError } from '../../api/errors';
import { useAllows } from '../../auth/use-allows';
import { useSession } from '../../auth/use-session';
import { OrganizationFilter } from '../../components/organization-choices';
import { PagedTable } from '../../components/paged-table';
import { formatDateTimeAmPm } from '../../lib/format';
import { useListParams } from '../../lib/use-list-params';
import { groupsQuery, useDeleteGroup } from './api';
import { GroupDrawer, type GroupEditing } from './group-drawer';
import { criteriaSummary } from './group-summary';

// Device Groups (docs/device-groups.md): the organization's groups, static (chosen devices) or dynamic
// (criteria), with how many devices each holds now and how many schedules use it. Viewers read;
// MANAGE_GROUPS adds, edits and deletes.

export function DeviceGroupsPage() {
  const { message } = App.useApp();
  const session = useSession();
  const isProvider = session?.user.organization_data.is_provider ?? false;
  const canManage = useAllows(G.groupCreate.access);
  const { page, setPage, text, setText, query } = useListParams();
  const [editing, setEditing] = useState<GroupEditing | null>(null);
  const [organization, setOrganization] = useState<number | undefined>(undefined);
  const { data, isFetching, isError } = useQuery(
    groupsQuery({
      page,
      page_size: PAGE_SIZE,
      ...(query && { query }),
      ...(organization && { organization }),
    }),
  );
  const remove = useDeleteGroup();

  const columns: ColumnsType<GroupRow> = [
    {
      title: 'Name',
      key: 'name',
      fixed: 'left',
      render: (_v, row) => (
        <Button type="link" style={{ padding: 0 }} onClick={() => setEditing({ group: row })}>
          {row.name}
        </Button>
      ),
    },
    ...(isProvider
      ? [{ title: 'Organization', key: 'org', render: (_v: unknown, row: GroupRow) => row.organization_name }]
      : []),
    {
      title: 'Kind',
      key: 'kind',
      render: (_v, row) => (row.kind === 'static' ? <Tag>Static</Tag> : <Tag color="blue">Dynamic</Tag>),
    },
    { title: 'Criteria', key: 'criteria', render: (_v, row) => criteriaSummary(row) },
    {
      title: 'Devices',
      key: 'devices',
      align: 'right',
      render: (_v, row) => row.devices.toLocaleString('en-IN'),
    },
    {
      title: 'Schedules',
      key: 'schedules',
      align: 'right',
      render: (_v, row) => row.schedules,
    },
    { title: 'Updated', key: 'updated', render: (_v, row) => formatDateTimeAmPm(row.updated_at) },
    ...(canManage
      ? [
          {
            title: 'Action',
            key: 'actions',
            fixed: 'right' as const,
            render: (_v: unknown, row: GroupRow) => (
              <Space size={0}>
                <Tooltip title="Edit">
                  <Button
                    type="text"
                    icon={<EditOutlined />}
                    aria-label={`Edit ${row.name}`}
                    onClick={() => setEditing({ group: row })}
                  />
                </Tooltip>
                <Popconfirm
                  title={`Delete ${row.name}?`}
                  description={
                    row.schedules
                      ? `It is used by ${row.schedules} schedule${row.schedules === 1 ? '' : 's'}: the server will refuse.`
                      : 'The group is deleted; its devices are not touched.'
                  }
                  okText="Delete"
                  okButtonProps={{ danger: true }}
                  cancelText="No"
                  onConfirm={() =>
                    remove
                      .mutateAsync(row.id)
                      .then((res) => void message.success(res.detail))
                      // A 409 (in use) is shown by the error catalogue.
                      .catch((error: unknown) => {
                        if (!(error instanceof ApiError)) throw error;
                      })
                  }
                >
                  <Button danger type="text" icon={<DeleteOutlined />} aria-label={`Delete ${row.name}`} />
                </Popconfirm>
              </Space>
            ),
          },
        ]
      : []),
  ];

  return (
    <Card>
      <Flex justify="space-between" align="center" wrap gap={12} style={{ marginBottom: 16 }}>
        <Typography.Title level={4} style={{ margin: 0 }}>
          Device Groups
        </Typography.Title>
        <Flex wrap gap={12}>
          <OrganizationFilter
            value={organization}
            onChange={(value) => {
              setOrganization(value);
              setPage(1);
            }}
          />
          <Input.Search
            allowClear
            aria-label="Search groups"
            placeholder="Name"
            style={{ width: 240 }}
            value={text}
            onChange={(e) => setText(e.target.value)}
          />
          {canManage && (
            <Button type="primary" icon={<PlusOutlined />} onClick={() => setEditing({ group: null })}>
              Add Group
            </Button>
          )}
        </Flex>
      </Flex>
      <Typography.Paragraph type="secondary">
        A static group holds the devices you choose; a dynamic one holds whatever matches its criteria now.
        Schedules, bulk parameters, inspections and energy reports take a group.
      </Typography.Paragraph>
      <PagedTable<GroupRow>
        rowKey="id"
        data={data}
        loading={isFetching}
        page={page}
        pageSize={PAGE_SIZE}
        onPageChange={setPage}
        columns={columns}
        locale={{
          emptyText: isError
            ? 'The device groups could not be loaded'
            : query
              ? 'No group matches the search'
              : 'No device groups yet: add one to schedule or report on many lights at once',
        }}
      />
      <GroupDrawer
        editing={editing}
        readOnly={!canManage}
        onClose={() => setEditing(null)}
        onSaved={(detail) => {
          setEditing(null);
          void message.success(detail);
        }}
      />
    </Card>
  );
}
