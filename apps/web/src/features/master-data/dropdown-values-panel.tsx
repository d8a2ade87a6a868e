import { EditOutlined, DeleteOutlined } from '@ant-design/icons';
import {
  MASTER_DATA_MESSAGES as M,
  dropdownTags,
  type DropdownGroup,
  type DropdownValueRow,
} from '@rms/contracts/master-data';
import { useQuery } from '@tanstack/react-query';
import { Button, Card, Space, Table, Tag, Tooltip, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useState } from 'react';
import { showApiError } from '../../api/errors';
import { ConfirmDelete } from '../../components/confirm-delete';
import { dash } from '../../lib/format';
import { notify } from '../../lib/notify';
import { dropdownValuesQuery, useSaveDropdownValue } from './dropdown-api';
import { DropdownValueForm } from './dropdown-value-form';
import { isSavingRow } from './pending-row';

const TAG_COLORS: Record<string, string> = {
  Default: 'green',
  'Not Editable': 'orange',
  'Not Deletable': 'red',
};

/** The selected group's values: add, edit, enable/disable (when the group allows) and delete. */
export function DropdownValuesPanel({ group }: { group: DropdownGroup }) {
  const values = useQuery(dropdownValuesQuery(group.id));
  const save = useSaveDropdownValue();
  const [editing, setEditing] = useState<DropdownValueRow | null>(null);
  const busy = (row: DropdownValueRow) => isSavingRow(save, row.id);
  const change = (row: DropdownValueRow, body: { is_disabled: boolean } | { is_active: false }) =>
    save.mutateAsync({ id: row.id, ...body }).then(
      (saved) => notify.success(saved.detail),
      (error: unknown) => showApiError(error),
    );
  const hasCodes = (values.data ?? []).some((v) => v.code !== null);

  const columns: ColumnsType<DropdownValueRow> = [
    { title: 'S.No.', key: 'serial', width: 72, render: (_value, _row, index) => index + 1 },
    { title: 'Value', dataIndex: 'value' },
    ...(hasCodes ? [{ title: 'Code', dataIndex: 'code', render: (code: number | null) => dash(code) }] : []),
    ...(group.can_disabled
      ? [
          {
            title: 'Status',
            key: 'status',
            render: (_value: unknown, row: DropdownValueRow) =>
              row.is_disabled ? <Tag>Disabled</Tag> : <Tag color="blue">Enabled</Tag>,
          },
        ]
      : []),
    {
      title: 'Tags',
      key: 'tags',
      render: (_value, row) => (
        <Space size={[4, 4]} wrap>
          {dropdownTags(row).map((tag) => (
            <Tag key={tag} color={TAG_COLORS[tag]}>
              {tag}
            </Tag>
          ))}
        </Space>
      ),
    },
    {
      title: 'Actions',
      key: 'actions',
      render: (_value, row) => (
        <Space size={4}>
          <Tooltip title={row.is_editable ? undefined : M.notEditable}>
            <Button
              type="text"
              icon={<EditOutlined />}
              aria-label={`Edit ${row.value}`}
              disabled={!row.is_editable}
              onClick={() => setEditing(row)}
            />
          </Tooltip>
          {group.can_disabled && (
            <Button
              size="small"
              loading={busy(row)}
              onClick={() => change(row, { is_disabled: !row.is_disabled })}
              aria-label={`${row.is_disabled ? 'Enable' : 'Disable'} ${row.value}`}
            >
              {row.is_disabled ? 'Enable' : 'Disable'}
            </Button>
          )}
          {row.is_deletable ? (
            <ConfirmDelete
              label={`Delete ${row.value}`}
              onConfirm={() => change(row, { is_active: false })}
              loading={busy(row)}
            />
          ) : (
            <Tooltip title={M.notDeletable}>
              <Button type="text" icon={<DeleteOutlined />} aria-label={`Delete ${row.value}`} disabled />
            </Tooltip>
          )}
        </Space>
      ),
    },
  ];

  return (
    <Card
      title={group.title}
      extra={
        <Typography.Text type="secondary">
          {group.can_disabled ? 'Values can be enabled and disabled' : 'Values are always enabled'}
        </Typography.Text>
      }
    >
      <DropdownValueForm
        key={editing?.id ?? 'new'}
        group={group}
        editing={editing}
        onDone={() => setEditing(null)}
      />
      <Table<DropdownValueRow>
        size="middle"
        rowKey="id"
        loading={values.isLoading}
        dataSource={values.data ?? []}
        columns={columns}
        pagination={false}
        scroll={{ x: 'max-content' }}
        locale={{ emptyText: 'No values in this group yet' }}
      />
    </Card>
  );
}
