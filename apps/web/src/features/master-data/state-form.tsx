import {
  MASTER_DATA_LABELS as L,
  MASTER_DATA_MESSAGES as M,
  stateCreateBody,
  type StateRow,
} from '@rms/contracts/master-data';
import { Form, Input } from 'antd';
import { notify } from '../../lib/notify';
import { zodRule } from '../../lib/zod-rule';
import { FormButtons } from './form-buttons';
import { showSaveError } from './save-errors';
import { useSaveState } from './state-api';

interface StateFormProps {
  /** The row to edit, or null to add. */
  editing: StateRow | null;
  /** Saved or cancelled: the page returns to the view tab. */
  onDone: () => void;
}

export function StateForm({ editing, onDone }: StateFormProps) {
  const [form] = Form.useForm<{ name: string }>();
  const save = useSaveState();
  const submit = ({ name }: { name: string }) =>
    save.mutate(editing ? { id: editing.id, name } : { name }, {
      onSuccess: () => {
        notify.success(editing ? M.stateUpdated : M.stateAdded);
        form.resetFields();
        onDone();
      },
      onError: (error) => showSaveError(form, error, ['name']),
    });

  return (
    <Form
      form={form}
      name="state"
      layout="vertical"
      initialValues={{ name: editing?.name }}
      onFinish={submit}
      style={{ maxWidth: 480 }}
    >
      <Form.Item name="name" label={L.stateName} required rules={[zodRule(stateCreateBody.shape.name)]}>
        <Input placeholder="e.g. Karnataka" count={{ max: 100 }} />
      </Form.Item>
      <FormButtons
        editing={editing !== null}
        saving={save.isPending}
        onCancel={() => {
          form.resetFields();
          onDone();
        }}
      />
    </Form>
  );
}
