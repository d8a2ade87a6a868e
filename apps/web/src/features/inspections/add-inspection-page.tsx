import { App, Button, Form, Modal, Select, Space } from 'antd';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { INSPECTION_ACTIONS, INSPECTION_LABELS, INSPECTION_MESSAGES } from '@rms/contracts/inspections';
import { ApiError, formFieldErrors } from '../../api/errors';
import { ActivationPickTable } from '../../components/activation-pick-table';
import { GroupSelectItem, useCanPickGroup } from '../../components/group-select';
import { useInspect } from './api';

type Values = { insp: 1 | 2; group?: number };

/**
 * Add Inspection (spec 02 §2): pick activated devices, then force their lamps on or off; one command
 * per device is recorded and the history opens.
 */
export function AddInspectionPage() {
  const [selected, setSelected] = useState<number[]>([]);
  const [open, setOpen] = useState(false);
  /** Apply to a group: the modal asks for the group and sends it instead of the ticked rows. */
  const [byGroup, setByGroup] = useState(false);
  const canPickGroup = useCanPickGroup();
  const [form] = Form.useForm<Values>();
  const navigate = useNavigate();
  const { message } = App.useApp();
  const inspect = useInspect();

  const openFor = (group: boolean) => {
    setByGroup(group);
    setOpen(true);
  };

  const submit = ({ insp, group }: Values) =>
    inspect.mutate(byGroup ? { group, insp } : { devices: selected, insp }, {
      onSuccess: (res) => {
        void message.success(res.detail);
        setOpen(false);
        setSelected([]);
        void navigate('/view-inspection');
      },
      onError: (error) => {
        if (error instanceof ApiError) form.setFields(formFieldErrors(error, ['group', 'insp']));
      },
    });

  return (
    <>
      <ActivationPickTable
        title="Add Inspection"
        selected={selected}
        onSelect={setSelected}
        actions={
          <Space wrap>
            <Button type="primary" disabled={selected.length === 0} onClick={() => openFor(false)}>
              Inspection
            </Button>
            {canPickGroup && <Button onClick={() => openFor(true)}>Apply to a group</Button>}
          </Space>
        }
      />
      <Modal
        title="Inspection"
        open={open}
        onCancel={() => setOpen(false)}
        okText="Save"
        onOk={() => form.submit()}
        confirmLoading={inspect.isPending}
        destroyOnHidden
      >
        <p>
          {byGroup
            ? 'The group’s devices as they are when you save.'
            : `${selected.length} device${selected.length === 1 ? '' : 's'} selected.`}
        </p>
        <Form form={form} name="inspection" layout="vertical" onFinish={submit} preserve={false}>
          {byGroup && <GroupSelectItem />}
          <Form.Item
            name="insp"
            label={INSPECTION_LABELS.insp}
            rules={[{ required: true, message: INSPECTION_MESSAGES.actionRequired }]}
          >
            <Select
              aria-label={INSPECTION_LABELS.insp}
              placeholder={INSPECTION_LABELS.insp}
              options={INSPECTION_ACTIONS.map((a) => ({ value: a.value, label: a.label }))}
            />
          </Form.Item>
        </Form>
      </Modal>
    </>
  );
}
