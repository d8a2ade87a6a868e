import { CopyOutlined, DeleteOutlined, EditOutlined, PlusOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { App, Button, Card, Flex, Input, Popconfirm, Space, Tooltip, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useState } from 'react';
import { profileApi as P } from '@rms/contracts/api/profiles';
import { PAGE_SIZE } from '@rms/contracts/messages';
import { stepsSummary, type ProfileRow } from '@rms/contracts/profiles';
import { ApiError } from '../../api/errors';
import { useAllows } from '../../auth/use-allows';
import { useSession } from '../../auth/use-session';
import { OrganizationFilter } from '../../components/organization-choices';
import { PagedTable } from '../../components/paged-table';
import { formatDateTimeAmPm } from '../../lib/format';
import { useListParams } from '../../lib/use-list-params';
import { profilesQuery, useDeleteProfile, useDuplicateProfile } from './api';
import { ProfileDrawer, type ProfileEditing } from './profile-drawer';

// Dimming Profiles (docs/dimming-profiles.md): the organization's profiles with their steps in one line
// and how many schedules use them; a profile opens in a drawer with its steps and tonight's preview.
// Viewers (VIEW_DEVICE_DATA) read and preview; MANAGE_SCHEDULES adds, edits, copies and deletes.

const usedBy = (row: ProfileRow) => {
  const parts = [`${row.schedules} schedule${row.schedules === 1 ? '' : 's'}`];
  if (row.exceptions) parts.push(`${row.exceptions} exception${row.exceptions === 1 ? '' : 's'}`);
  return parts.join(', ');
};

export function DimmingProfilesPage() {
  const { message } = App.useApp();
  const session = useSession();
  const isProvider = session?.user.organization_data.is_provider ?? false;
  const canManage = useAllows(P.profileCreate.access);
  const { page, setPage, text, setText, query } = useListParams();
  const [editing, setEditing] = useState<ProfileEditing | null>(null);
  const [organization, setOrganization] = useState<number | undefined>(undefined);
  const { data, isFetching, isError } = useQuery(
    profilesQuery({
      page,
      page_size: PAGE_SIZE,
      ...(query && { query }),
      ...(organization && { organization }),
    }),
  );
  const remove = useDeleteProfile();
  const duplicate = useDuplicateProfile();

  const columns: ColumnsType<ProfileRow> = [
    {
      title: 'Name',
      key: 'name',
      fixed: 'left',
      render: (_v, row) => (
        <Button type="link" style={{ padding: 0 }} onClick={() => setEditing({ profile: row })}>
          {row.name}
        </Button>
      ),
    },
    ...(isProvider
      ? [
          {
            title: 'Organization',
            key: 'org',
            render: (_v: unknown, row: ProfileRow) => row.organization_name,
          },
        ]
      : []),
    { title: 'Steps', key: 'steps', render: (_v, row) => stepsSummary(row.steps) },
    { title: 'Used by', key: 'used', render: (_v, row) => usedBy(row) },
    { title: 'Updated', key: 'updated', render: (_v, row) => formatDateTimeAmPm(row.updated_at) },
    ...(canManage
      ? [
          {
            title: 'Action',
            key: 'actions',
            fixed: 'right' as const,
            render: (_v: unknown, row: ProfileRow) => (
              <Space size={0}>
                <Tooltip title="Edit">
                  <Button
                    type="text"
                    icon={<EditOutlined />}
                    aria-label={`Edit ${row.name}`}
                    onClick={() => setEditing({ profile: row })}
                  />
                </Tooltip>
                <Tooltip title="Duplicate">
                  <Button
                    type="text"
                    icon={<CopyOutlined />}
                    aria-label={`Duplicate ${row.name}`}
                    loading={duplicate.isPending && duplicate.variables === row.id}
                    onClick={() =>
                      duplicate
                        .mutateAsync(row.id)
                        .then((res) => void message.success(`${res.detail}: ${res.profile.name}`))
                    }
                  />
                </Tooltip>
                <Popconfirm
                  title={`Delete ${row.name}?`}
                  description={
                    row.schedules || row.exceptions
                      ? `It is used by ${usedBy(row)}: the server will refuse.`
                      : 'The profile is deleted for good.'
                  }
                  okText="Delete"
                  okButtonProps={{ danger: true }}
                  cancelText="No"
                  onConfirm={() =>
                    remove
                      .mutateAsync(row.id)
                      .then((res) => void message.success(res.detail))
                      // A 409 (in use) is shown by the error catalogue; nothing else to do here.
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
          Dimming Profiles
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
            aria-label="Search profiles"
            placeholder="Name"
            style={{ width: 240 }}
            value={text}
            onChange={(e) => setText(e.target.value)}
          />
          {canManage && (
            <Button type="primary" icon={<PlusOutlined />} onClick={() => setEditing({ profile: null })}>
              Add Profile
            </Button>
          )}
        </Flex>
      </Flex>
      <Typography.Paragraph type="secondary">
        A profile is a night&apos;s brightness in steps from dusk, before or after dawn, or at a clock time. A
        device holds at most 3 lit steps a night. Schedules give a profile to groups of devices.
      </Typography.Paragraph>
      <PagedTable<ProfileRow>
        rowKey="id"
        data={data}
        loading={isFetching}
        page={page}
        pageSize={PAGE_SIZE}
        onPageChange={setPage}
        columns={columns}
        locale={{
          emptyText: isError
            ? 'The dimming profiles could not be loaded'
            : query
              ? 'No profile matches the search'
              : 'No dimming profiles yet: add one to plan a night',
        }}
      />
      <ProfileDrawer
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
