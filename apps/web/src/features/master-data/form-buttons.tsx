import { Button, Space } from 'antd';

interface FormButtonsProps {
  editing: boolean;
  saving: boolean;
  onCancel: () => void;
}

/** Save, and Cancel while editing (spec 01 §2). */
export function FormButtons({ editing, saving, onCancel }: FormButtonsProps) {
  return (
    <Space>
      <Button type="primary" htmlType="submit" loading={saving}>
        {editing ? 'Update' : 'Save'}
      </Button>
      {editing && <Button onClick={onCancel}>Cancel</Button>}
    </Space>
  );
}
