import { DeleteOutlined } from '@ant-design/icons';
import { Button, Popconfirm } from 'antd';
import { MESSAGES } from '@rms/contracts/messages';

interface ConfirmDeleteProps {
  onConfirm: () => unknown;
  loading?: boolean;
  /** Accessible name of the button, e.g. "Delete asha@example.com". */
  label: string;
}

/** The delete action of every list: 'Are you sure to delete this?' with Yes/No (spec 01 §4). */
export function ConfirmDelete({ onConfirm, loading, label }: ConfirmDeleteProps) {
  return (
    <Popconfirm title={MESSAGES.deleteConfirm} okText="Yes" cancelText="No" onConfirm={onConfirm}>
      <Button type="text" danger icon={<DeleteOutlined />} aria-label={label} loading={loading} />
    </Popconfirm>
  );
}
