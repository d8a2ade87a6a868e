import { DeleteOutlined, EditOutlined, PlusOutlined } from '@ant-design/icons';
import { App, Button, Flex, Popconfirm, Space, Table, Tag, Tooltip, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useState } from 'react';
import { MAX_EXCEPTIONS } from '@rms/contracts/lighting';
import type { ScheduleExceptionRow } from '@rms/contracts/schedules';
import { ApiError } from '../../api/errors';
import { formatDate } from '../../lib/format';
import { useDeleteException } from './api';
import { EXCEPTION_KIND_COLOURS, EXCEPTION_KIND_LABELS } from './exception-kinds';
import { ExceptionModal, type ExceptionEditing } from './exception-modal';

// A schedule's dated exceptions: on their nights their profile (or lights off) replaces the weekday
// pattern, which comes back by itself the night after. Added and changed in a modal.

interface ExceptionListProps {
  schedule: number;
  exceptions: ScheduleExceptionRow[] | undefined;
  loading: boolean;
  profiles: { id: number; name: string }[];
  readOnly: boolean;
}

const nights = (row: ScheduleExceptionRow) =>
  row.from === row.to ? formatDate(row.from) : `${formatDate(row.from)} – ${formatDate(row.to)}`;

export function ExceptionList({ schedule, exceptions, loading, profiles, readOnly }: ExceptionListProps) {
  const { message } = App.useApp();
  const [editing, setEditing] = useState<ExceptionEditing | null>(null);
  const remove = useDeleteException();
  const rows = exceptions ?? [];

  const columns: ColumnsType<ScheduleExceptionRow> = [
    { title: 'Name', dataIndex: 'name', key: 'name' },
    {
      title: 'Kind',
      key: 'kind',
      render: (_v, row) => (
        <Tag color={EXCEPTION_KIND_COLOURS[row.kind]}>{EXCEPTION_KIND_LABELS[row.kind]}</Tag>
      ),
    },
    { title: 'Nights', key: 'nights', render: (_v, row) => nights(row) },
    {
      title: 'Runs',
      key: 'runs',
      render: (_v, row) => (row.profile === null ? <Tag>Lights off</Tag> : row.profile_name),
    },
    ...(readOnly
      ? []
      : [
          {
            title: 'Action',
            key: 'actions',
            render: (_v: unknown, row: ScheduleExceptionRow) => (
              <Space size={0}>
                <Tooltip title="Edit">
                  <Button
                    type="text"
                    icon={<EditOutlined />}
                    aria-label={`Edit exception ${row.name}`}
                    onClick={() => setEditing({ exception: row })}
                  />
                </Tooltip>
                <Popconfirm
                  title={`Remove ${row.name}?`}
                  description="Its nights follow the weekday pattern again."
                  okText="Remove"
                  okButtonProps={{ danger: true }}
                  cancelText="No"
                  onConfirm={() =>
                    remove
                      .mutateAsync({ id: schedule, exception: row.id })
                      .then((res) => void message.success(res.detail))
                      .catch((error: unknown) => {
                        if (!(error instanceof ApiError)) throw error;
                      })
                  }
                >
                  <Button
                    danger
                    type="text"
                    icon={<DeleteOutlined />}
                    aria-label={`Remove exception ${row.name}`}
                  />
                </Popconfirm>
              </Space>
            ),
          },
        ]),
  ];

  return (
    <section aria-label="Exceptions">
      <Flex justify="space-between" align="center" wrap gap={12} style={{ marginBottom: 12 }}>
        <Typography.Text type="secondary">
          Festivals, events and outages: on their nights they replace the weekday pattern.
        </Typography.Text>
        {!readOnly && (
          <Button
            icon={<PlusOutlined />}
            disabled={rows.length >= MAX_EXCEPTIONS}
            onClick={() => setEditing({ exception: null })}
          >
            Add Exception
          </Button>
        )}
      </Flex>
      <Table<ScheduleExceptionRow>
        rowKey="id"
        size="small"
        scroll={{ x: 'max-content' }}
        loading={loading}
        dataSource={rows}
        columns={columns}
        pagination={false}
        locale={{ emptyText: 'No exceptions: every night follows the weekday pattern' }}
      />
      <ExceptionModal
        schedule={schedule}
        editing={editing}
        profiles={profiles}
        onClose={() => setEditing(null)}
        onSaved={(detail) => {
          setEditing(null);
          void message.success(detail);
        }}
      />
    </section>
  );
}
