import {
  MASTER_DATA_LABELS as L,
  MASTER_DATA_MESSAGES as M,
  dropdownValueCreateBody,
  type DropdownGroup,
  type DropdownValueRow,
} from '@rms/contracts/master-data';
import { Form, Input } from 'antd';
import { notify } from '../../lib/notify';
import { zodRule } from '../../lib/zod-rule';
import { useSaveDropdownValue } from './dropdown-api';
import { FormButtons } from './form-buttons';
import { showSaveError } from './save-errors';

interface DropdownValueFormProps {
  group: DropdownGroup;
  /** The value being edited, or null to add one. */
  editing: DropdownValueRow | null;
  onDone: () => void;
}

export function DropdownValueForm({ group, editing, onDone }: DropdownValueFormProps) {
  const [form] = Form.useForm<{ value: string }>();
  const save = useSaveDropdownValue();
  const submit = ({ value }: { value: string }) =>
    save.mutate(editing ? { id: editing.id, value } : { parent: group.id, name: group.path, value }, {
      onSuccess: () => {
        notify.success(editing ? M.dropdownUpdated : M.dropdownAdded);
        form.resetFields();
        onDone();
      },
      onError: (error) => showSaveError(form, error, ['value']),
    });

  return (
    <Form
      form={form}
      name="dropdown-value"
      layout="inline"
      initialValues={{ value: editing?.value }}
      onFinish={submit}
      style={{ rowGap: 8, marginBottom: 16 }}
    >
      <Form.Item
        name="value"
        label={L.dropdownValue}
        required
        rules={[zodRule(dropdownValueCreateBody.shape.value)]}
        style={{ flex: '1 1 220px' }}
      >
        <Input placeholder={`New ${group.title.toLowerCase()}`} count={{ max: 100 }} />
      </Form.Item>
      <FormButtons editing={editing !== null} saving={save.isPending} onCancel={onDone} />
    </Form>
  );
}
