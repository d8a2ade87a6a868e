import {
  MASTER_DATA_LABELS as L,
  MASTER_DATA_MESSAGES as M,
  gstFields,
  type GstFields,
  type GstRow,
} from '@rms/contracts/master-data';
import { Form, Input, InputNumber } from 'antd';
import { notify } from '../../lib/notify';
import { zodRule } from '../../lib/zod-rule';
import { FormButtons } from './form-buttons';
import { useSaveGst } from './gst-api';
import { showSaveError } from './save-errors';

interface GstFormProps {
  editing: GstRow | null;
  onDone: () => void;
}

export function GstForm({ editing, onDone }: GstFormProps) {
  const [form] = Form.useForm<GstFields>();
  const save = useSaveGst();
  const submit = (values: GstFields) =>
    save.mutate(editing ? { id: editing.id, ...values } : values, {
      onSuccess: () => {
        notify.success(editing ? M.gstUpdated : M.gstAdded);
        form.resetFields();
        onDone();
      },
      onError: (error) => showSaveError(form, error, ['invoice_name', 'name', 'value']),
    });

  return (
    <Form
      form={form}
      name="gst"
      layout="vertical"
      initialValues={editing ?? {}}
      onFinish={submit}
      style={{ maxWidth: 480 }}
    >
      <Form.Item
        name="invoice_name"
        label={L.invoiceName}
        required
        rules={[zodRule(gstFields.shape.invoice_name)]}
      >
        <Input placeholder="As printed on invoices, e.g. GST @ 18%" count={{ max: 100 }} />
      </Form.Item>
      <Form.Item name="name" label={L.gstName} required rules={[zodRule(gstFields.shape.name)]}>
        <Input placeholder="e.g. GST 18%" count={{ max: 100 }} />
      </Form.Item>
      {/* No min, max, precision or step on the input: antd would quietly change 150 into 100 (or 18.555 into
          18.56, or 150 into 150.0) on blur. The contract's rule says what is wrong and the value stays as typed. */}
      <Form.Item name="value" label={L.gstValue} required rules={[zodRule(gstFields.shape.value)]}>
        <InputNumber suffix="%" style={{ width: 200 }} />
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
