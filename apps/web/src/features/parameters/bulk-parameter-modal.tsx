import { App, Form, Modal } from 'antd';
import {
  BULK_PARAMETER_FIELDS,
  PARAMETER_MESSAGES,
  type BulkParameterField,
} from '@rms/contracts/parameters';
import { ApiError, formFieldErrors } from '../../api/errors';
import { useBulkParameter } from './api';
import { ParameterItem } from './parameter-group-card';

type Values = Record<BulkParameterField, number>;

interface BulkParameterModalProps {
  open: boolean;
  devices: number[];
  onClose: () => void;
  /** After a save: the page clears its selection (the list reloads by itself). */
  onSaved: () => void;
}

/** "Add Bulk Parameter" (spec 02 §2): Load Watt, Full and Half Brightness Hours for the selected devices. */
export function BulkParameterModal({ open, devices, onClose, onSaved }: BulkParameterModalProps) {
  const [form] = Form.useForm<Values>();
  const { message } = App.useApp();
  const save = useBulkParameter();

  const submit = (values: Values) => {
    if (values.dim_1 + values.dim_2 > 24) {
      form.setFields([{ name: 'dim_2', errors: [PARAMETER_MESSAGES.dimHoursOver24] }]);
      return;
    }
    save.mutate(
      { devices, ...values },
      {
        onSuccess: (res) => {
          void message.success(res.detail);
          form.resetFields();
          onSaved();
          onClose();
        },
        onError: (error) => {
          if (error instanceof ApiError) form.setFields(formFieldErrors(error, BULK_PARAMETER_FIELDS));
        },
      },
    );
  };

  return (
    <Modal
      title="Add Bulk Parameter"
      open={open}
      onCancel={onClose}
      okText="Save"
      onOk={() => form.submit()}
      confirmLoading={save.isPending}
      destroyOnHidden
    >
      <p>
        {devices.length} device{devices.length === 1 ? '' : 's'} selected.
      </p>
      <Form form={form} name="bulk-parameter" layout="vertical" onFinish={submit} preserve={false}>
        {BULK_PARAMETER_FIELDS.map((field) => (
          <ParameterItem key={field} field={field} />
        ))}
      </Form>
    </Modal>
  );
}
