import { DeleteOutlined, EditOutlined, PlusOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { App, Button, Card, Popconfirm, Space, Table, Tooltip, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useState } from 'react';
import type { EnergySubscriptionRow } from '@rms/contracts/energy-reports';
import { useSession } from '../../auth/use-session';
import { subscriptionsQuery, useDeleteSubscription } from './api';
import { SubscriptionDrawer, type SubscriptionEditing } from './subscription-drawer';

// The monthly e-mails (docs/energy-reports.md "Monthly e-mail"): on each month's 1st, the month before
// goes to the recipients with the PDF and the workbook attached. Whoever reads the report sets them.

const monthText = (m: string | null) => (m ? `${m.slice(5)}/${m.slice(0, 4)}` : 'Not yet');

export function SubscriptionsSection({ organization }: { organization: number | undefined }) {
  const { message } = App.useApp();
  const isProvider = useSession()?.user.organization_data.is_provider ?? false;
  const { data, isFetching, isError } = useQuery(subscriptionsQuery());
  const remove = useDeleteSubscription();
  const [editing, setEditing] = useState<SubscriptionEditing | null>(null);

  const label = (row: EnergySubscriptionRow) =>
    `${row.organization.name}${row.project ? ` · ${row.project}` : ''}`;
  const columns: ColumnsType<EnergySubscriptionRow> = [
    ...(isProvider
      ? [
          {
            title: 'Organization',
            key: 'org',
            render: (_v: unknown, r: EnergySubscriptionRow) => r.organization.name,
          },
        ]
      : []),
    { title: 'Project', key: 'project', render: (_v, r) => r.project ?? 'All projects' },
    { title: 'Recipients', key: 'recipients', render: (_v, r) => r.recipients.join(', ') },
    { title: 'Last sent', key: 'last', render: (_v, r) => monthText(r.last_sent_month) },
    {
      title: 'Action',
      key: 'actions',
      fixed: 'right',
      render: (_v, row) => (
        <Space size={0}>
          <Tooltip title="Edit">
            <Button
              type="text"
              icon={<EditOutlined />}
              aria-label={`Edit e-mail of ${label(row)}`}
              onClick={() => setEditing({ subscription: row })}
            />
          </Tooltip>
          <Popconfirm
            title="Stop this monthly e-mail?"
            description={`${row.recipients.length} recipient${row.recipients.length === 1 ? '' : 's'} will no longer get ${label(row)}'s report.`}
            okText="Delete"
            okButtonProps={{ danger: true }}
            cancelText="No"
            onConfirm={() => remove.mutateAsync(row.id).then((res) => void message.success(res.detail))}
          >
            <Button
              danger
              type="text"
              icon={<DeleteOutlined />}
              aria-label={`Delete e-mail of ${label(row)}`}
            />
          </Popconfirm>
        </Space>
      ),
    },
  ];

  return (
    <Card
      size="small"
      title="Monthly e-mail"
      extra={
        <Button icon={<PlusOutlined />} onClick={() => setEditing({ subscription: null })}>
          Add e-mail
        </Button>
      }
    >
      <Typography.Paragraph type="secondary">
        On each month&apos;s 1st the month before is mailed to the recipients, with the PDF and the xlsx
        attached.
      </Typography.Paragraph>
      <Table<EnergySubscriptionRow>
        rowKey="id"
        size="small"
        loading={isFetching}
        dataSource={data ?? []}
        columns={columns}
        pagination={false}
        scroll={{ x: 'max-content' }}
        aria-label="Monthly e-mails"
        locale={{
          emptyText: isError ? 'The monthly e-mails could not be loaded' : 'No monthly e-mails yet',
        }}
      />
      <SubscriptionDrawer
        editing={editing}
        organization={organization}
        onClose={() => setEditing(null)}
        onSaved={(detail) => {
          setEditing(null);
          void message.success(detail);
        }}
      />
    </Card>
  );
}
