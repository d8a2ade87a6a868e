import { EditOutlined } from '@ant-design/icons';
import { Button, Space } from 'antd';
import { ConfirmDelete } from '../../components/confirm-delete';

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
