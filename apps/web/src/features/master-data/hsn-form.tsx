import {
  MASTER_DATA_LABELS as L,
  MASTER_DATA_MESSAGES as M,
  hsnFields,
  type HsnFields,
  type HsnRow,
} from '@rms/contracts/master-data';
import { useQuery } from '@tanstack/react-query';
import { Form, Input, Select } from 'antd';
import { notify } from '../../lib/notify';
import { zodRule } from '../../lib/zod-rule';
import { FormButtons } from './form-buttons';
import { gstAllQuery } from './gst-api';
import { useSaveHsn } from './hsn-api';
import { showSaveError } from './save-errors';

interface HsnFormProps {
  editing: HsnRow | null;
  onDone: () => void;
}

const searchable = { optionFilterProp: 'label' } as const;

export function HsnForm({ editing, onDone }: HsnFormProps) {
  const [form] = Form.useForm<HsnFields>();
  const rates = useQuery(gstAllQuery());
  const options = (rates.data ?? []).map((r) => ({ value: r.id, label: r.name }));
  const save = useSaveHsn();
  const submit = (values: HsnFields) =>
    save.mutate(editing ? { id: editing.id, ...values } : values, {
      onSuccess: () => {
        notify.success(editing ? M.hsnUpdated : M.hsnAdded);
        form.resetFields();
        onDone();
      },
      onError: (error) => showSaveError(form, error, ['hsn_no', 'same_state', 'other_state']),
    });

  return (
    <Form
      form={form}
      name="hsn"
      layout="vertical"
      initialValues={editing ?? {}}
      onFinish={submit}
      style={{ maxWidth: 480 }}
    >
      <Form.Item name="hsn_no" label={L.hsnNo} required rules={[zodRule(hsnFields.shape.hsn_no)]}>
        <Input placeholder="e.g. 8541" inputMode="numeric" count={{ max: 8 }} />
      </Form.Item>
      <Form.Item
        name="same_state"
        label={L.sameState}
        required
        rules={[zodRule(hsnFields.shape.same_state)]}
        extra="GST rates for a sale within the state"
      >
        <Select
          mode="multiple"
          aria-label={L.sameState}
          placeholder="Select GST rates"
          showSearch={searchable}
          loading={rates.isLoading}
          options={options}
        />
      </Form.Item>
      <Form.Item
        name="other_state"
        label={L.otherState}
        required
        rules={[zodRule(hsnFields.shape.other_state)]}
        extra="GST rates for a sale to another state"
      >
        <Select
          mode="multiple"
          aria-label={L.otherState}
          placeholder="Select GST rates"
          showSearch={searchable}
          loading={rates.isLoading}
          options={options}
        />
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
