import { CalendarOutlined, DeleteOutlined, EditOutlined, PlusOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { App, Button, Flex, Input, Popconfirm, Select, Space, Switch, Tag, Tooltip, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useState } from 'react';
import { PAGE_SIZE } from '@rms/contracts/messages';
import type { ScheduleRow } from '@rms/contracts/schedules';
import { ApiError } from '../../api/errors';
import { PagedTable } from '../../components/paged-table';
import { EMPTY, formatDate } from '../../lib/format';
import { useListParams } from '../../lib/use-list-params';
import { schedulesQuery, useDeleteSchedule, useSetScheduleEnabled } from './api';
import { ScheduleDrawer, type ScheduleEditing } from './schedule-drawer';
import { weekdaysSummary } from './weekdays';

// The schedules: which group runs which profile on which weekdays, within which season, how many
// devices that covers, and whether it runs. Viewers read; MANAGE_SCHEDULES adds, edits, enables and
// disables, and deletes.

type EnabledFilter = 'true' | 'false' | undefined;

/** A schedule's season, or "All year". */
export function seasonText(row: Pick<ScheduleRow, 'valid_from' | 'valid_to'>): string {
  if (!row.valid_from && !row.valid_to) return 'All year';
  return `${row.valid_from ? formatDate(row.valid_from) : EMPTY} – ${row.valid_to ? formatDate(row.valid_to) : EMPTY}`;
}

interface SchedulesTabProps {
  organization: number | undefined;
  showOrganization: boolean;
  canManage: boolean;
}

export function SchedulesTab({ organization, showOrganization, canManage }: SchedulesTabProps) {
  const { message } = App.useApp();
  const { page, setPage, text, setText, query } = useListParams();
  const [enabled, setEnabled] = useState<EnabledFilter>(undefined);
  const [editing, setEditing] = useState<ScheduleEditing | null>(null);
  const { data, isFetching, isError } = useQuery(
    schedulesQuery({
      page,
      page_size: PAGE_SIZE,
      ...(query && { query }),
      ...(organization && { organization }),
      ...(enabled && { enabled }),
    }),
  );
  const remove = useDeleteSchedule();
  const toggle = useSetScheduleEnabled();

  const columns: ColumnsType<ScheduleRow> = [
    {
      title: 'Name',
      key: 'name',
      fixed: 'left',
      render: (_v, row) => (
        <Button type="link" style={{ padding: 0 }} onClick={() => setEditing({ schedule: row })}>
          {row.name}
        </Button>
      ),
    },
    ...(showOrganization
      ? [
          {
            title: 'Organization',
            key: 'org',
            render: (_v: unknown, row: ScheduleRow) => row.organization_name,
          },
        ]
      : []),
    { title: 'Group', key: 'group', render: (_v, row) => row.group_name },
    { title: 'Profile', key: 'profile', render: (_v, row) => row.profile_name },
    {
      title: 'Nights',
      key: 'nights',
      render: (_v, row) => (
        <>
          <div>{weekdaysSummary(row.weekdays)}</div>
          <Typography.Text type="secondary">
            {seasonText(row)}
            {row.exception_count > 0 &&
              ` · ${row.exception_count} exception${row.exception_count === 1 ? '' : 's'}`}
          </Typography.Text>
        </>
      ),
    },
    { title: 'Priority', key: 'priority', align: 'right', render: (_v, row) => row.priority },
    {
      title: 'Devices',
      key: 'devices',
      align: 'right',
      render: (_v, row) => row.device_count.toLocaleString('en-IN'),
    },
    {
      title: 'Enabled',
      key: 'enabled',
      fixed: 'right',
      render: (_v, row) =>
        canManage ? (
          <Switch
            size="small"
            aria-label={`Enabled ${row.name}`}
            checked={row.enabled}
            loading={toggle.isPending && toggle.variables?.id === row.id}
            onChange={(checked) =>
              toggle
                .mutateAsync({ id: row.id, enabled: checked })
                .then((res) => void message.success(res.detail))
                .catch((error: unknown) => {
                  if (!(error instanceof ApiError)) throw error;
                })
            }
          />
        ) : row.enabled ? (
          <Tag color="success">Enabled</Tag>
        ) : (
          <Tag>Disabled</Tag>
        ),
    },
    {
      title: 'Action',
      key: 'actions',
      fixed: 'right',
      render: (_v, row) => (
        <Space size={0}>
          <Tooltip title="Calendar">
            <Button
              type="text"
              icon={<CalendarOutlined />}
              aria-label={`Calendar of ${row.name}`}
              onClick={() => setEditing({ schedule: row, tab: 'calendar' })}
            />
          </Tooltip>
          {canManage && (
            <>
              <Tooltip title="Edit">
                <Button
                  type="text"
                  icon={<EditOutlined />}
                  aria-label={`Edit ${row.name}`}
                  onClick={() => setEditing({ schedule: row })}
                />
              </Tooltip>
              <Popconfirm
                title={`Delete ${row.name}?`}
                description="Its exceptions go with it; its devices fall to their other schedules or their own parameters."
                okText="Delete"
                okButtonProps={{ danger: true }}
                cancelText="No"
                onConfirm={() =>
                  remove
                    .mutateAsync(row.id)
                    .then((res) => void message.success(res.detail))
                    .catch((error: unknown) => {
                      if (!(error instanceof ApiError)) throw error;
                    })
                }
              >
                <Button danger type="text" icon={<DeleteOutlined />} aria-label={`Delete ${row.name}`} />
              </Popconfirm>
            </>
          )}
        </Space>
      ),
    },
  ];

  return (
    <section aria-label="Schedules">
      <Flex justify="space-between" align="center" wrap gap={12} style={{ marginBottom: 12 }}>
        <Typography.Text type="secondary">
          A schedule gives a group a dimming profile on the weekdays picked. Where schedules overlap, a dated
          exception wins, then the higher priority, then the older schedule.
        </Typography.Text>
        <Flex wrap gap={12}>
          <Select<EnabledFilter>
            aria-label="Enabled"
            allowClear
            placeholder="Enabled or not"
            style={{ width: 160 }}
            value={enabled}
            onChange={(value) => {
              setEnabled(value);
              setPage(1);
            }}
            options={[
              { value: 'true', label: 'Enabled' },
              { value: 'false', label: 'Disabled' },
            ]}
          />
          <Input.Search
            allowClear
            aria-label="Search schedules"
            placeholder="Name"
            style={{ width: 220 }}
            value={text}
            onChange={(e) => setText(e.target.value)}
          />
          {canManage && (
            <Button type="primary" icon={<PlusOutlined />} onClick={() => setEditing({ schedule: null })}>
              Add Schedule
            </Button>
          )}
        </Flex>
      </Flex>
      <PagedTable<ScheduleRow>
        rowKey="id"
        data={data}
        loading={isFetching}
        page={page}
        pageSize={PAGE_SIZE}
        onPageChange={setPage}
        columns={columns}
        locale={{
          emptyText: isError
            ? 'The lighting schedules could not be loaded'
            : query || enabled
              ? 'No schedule matches the filters'
              : 'No lighting schedules yet: add one to give a group a profile',
        }}
      />
      <ScheduleDrawer
        editing={editing}
        readOnly={!canManage}
        onClose={() => setEditing(null)}
        onSaved={(detail) => {
          setEditing(null);
          void message.success(detail);
        }}
      />
    </section>
  );
}
