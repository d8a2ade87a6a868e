import { App, Button, Form, Modal, Select } from 'antd';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { INSPECTION_ACTIONS, INSPECTION_LABELS, INSPECTION_MESSAGES } from '@rms/contracts/inspections';
import { ActivationPickTable } from '../../components/activation-pick-table';
import { useInspect } from './api';

/**
 * Add Inspection (spec 02 §2): pick activated devices, then force their lamps on or off; one command
 * per device is recorded and the history opens.
 */
export function AddInspectionPage() {
  const [selected, setSelected] = useState<number[]>([]);
  const [open, setOpen] = useState(false);
  const [form] = Form.useForm<{ insp: 1 | 2 }>();
  const navigate = useNavigate();
  const { message } = App.useApp();
  const inspect = useInspect();

  const submit = ({ insp }: { insp: 1 | 2 }) =>
    inspect.mutate(
      { devices: selected, insp },
      {
        onSuccess: (res) => {
          void message.success(res.detail);
          setOpen(false);
          setSelected([]);
          void navigate('/view-inspection');
        },
      },
    );

  return (
    <>
      <ActivationPickTable
        title="Add Inspection"
        selected={selected}
        onSelect={setSelected}
        actions={
          <Button type="primary" disabled={selected.length === 0} onClick={() => setOpen(true)}>
            Inspection
          </Button>
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
          {selected.length} device{selected.length === 1 ? '' : 's'} selected.
        </p>
        <Form form={form} name="inspection" layout="vertical" onFinish={submit} preserve={false}>
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
