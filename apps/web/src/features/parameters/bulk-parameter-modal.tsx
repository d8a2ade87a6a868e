import { App, Form, Modal } from 'antd';
import {
  BULK_PARAMETER_FIELDS,
  PARAMETER_MESSAGES,
  type BulkParameterField,
} from '@rms/contracts/parameters';
import { ApiError, formFieldErrors } from '../../api/errors';
import { GroupSelectItem } from '../../components/group-select';
import { useBulkParameter } from './api';
import { ParameterItem } from './parameter-group-card';

type Values = Record<BulkParameterField, number> & { group?: number };

interface BulkParameterModalProps {
  open: boolean;
  devices: number[];
  /** Apply to a group: the form asks for the group and sends it instead of the devices. */
  byGroup?: boolean;
  onClose: () => void;
  /** After a save: the page clears its selection (the list reloads by itself). */
  onSaved: () => void;
}

/** "Add Bulk Parameter" (spec 02 §2): Load Watt, Full and Half Brightness Hours for the selected devices. */
export function BulkParameterModal({
  open,
  devices,
  byGroup = false,
  onClose,
  onSaved,
}: BulkParameterModalProps) {
  const [form] = Form.useForm<Values>();
  const { message } = App.useApp();
  const save = useBulkParameter();

  const submit = (values: Values) => {
    if (values.dim_1 + values.dim_2 > 24) {
      form.setFields([{ name: 'dim_2', errors: [PARAMETER_MESSAGES.dimHoursOver24] }]);
      return;
    }
    const { group, ...fields } = values;
    save.mutate(byGroup ? { group, ...fields } : { devices, ...fields }, {
      onSuccess: (res) => {
        void message.success(res.detail);
        form.resetFields();
        onSaved();
        onClose();
      },
      onError: (error) => {
        if (error instanceof ApiError)
          form.setFields(formFieldErrors(error, [...BULK_PARAMETER_FIELDS, 'group']));
      },
    });
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
        {byGroup
          ? 'The group’s devices as they are when you save.'
          : `${devices.length} device${devices.length === 1 ? '' : 's'} selected.`}
      </p>
      <Form form={form} name="bulk-parameter" layout="vertical" onFinish={submit} preserve={false}>
        {byGroup && <GroupSelectItem />}
        {BULK_PARAMETER_FIELDS.map((field) => (
          <ParameterItem key={field} field={field} />
        ))}
      </Form>
    </Modal>
  );
}
