import { EditOutlined } from '@ant-design/icons';
import { Button, Space } from 'antd';
import type { ColumnType } from 'antd/es/table';
import { showApiError } from '../../api/errors';
import { ConfirmDelete } from '../../components/confirm-delete';
import { notify } from '../../lib/notify';
import { isSavingRow } from './pending-row';

interface RowActionsProps {
  /** What the row is called, for the buttons' accessible names ("Edit Goa", "Delete Goa"). */
  name: string;
  onEdit: () => void;
  onDelete: () => unknown;
  deleting: boolean;
}

/** Edit and delete (with the spec's Yes/No confirmation) of a master-data row. */
export function RowActions({ name, onEdit, onDelete, deleting }: RowActionsProps) {
  return (
    <Space size={4}>
      <Button type="text" icon={<EditOutlined />} aria-label={`Edit ${name}`} onClick={onEdit} />
      <ConfirmDelete label={`Delete ${name}`} onConfirm={onDelete} loading={deleting} />
    </Space>
  );
}

interface SoftDeleteSave {
  mutateAsync: (body: { id: number; is_active: false }) => Promise<unknown>;
  isPending: boolean;
  variables?: object | undefined;
}

/**
 * The Actions column of every master-data list: edit moves to the add tab, delete saves
 * is_active=false (soft delete) and says so.
 */
export function actionsColumn<T extends { id: number }>(options: {
  save: SoftDeleteSave;
  deletedMessage: string;
  nameOf: (row: T) => string;
  onEdit: (row: T) => void;
}): ColumnType<T> {
  const { save, deletedMessage, nameOf, onEdit } = options;
  const remove = (row: T) =>
    save.mutateAsync({ id: row.id, is_active: false }).then(
      () => notify.success(deletedMessage),
      (error: unknown) => showApiError(error),
    );
  return {
    title: 'Actions',
    key: 'actions',
    width: 120,
    render: (_value, row) => (
      <RowActions
        name={nameOf(row)}
        onEdit={() => onEdit(row)}
        onDelete={() => remove(row)}
        deleting={isSavingRow(save, row.id)}
      />
    ),
  };
}
