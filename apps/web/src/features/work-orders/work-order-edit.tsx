import { workOrderUpdateBody, type WorkOrderDetail } from '@rms/contracts/work-orders';
import { App, Button, DatePicker, Form, Input, Modal } from 'antd';
import type { Dayjs } from 'dayjs';
import { useState } from 'react';
import { ApiError, formFieldErrors } from '../../api/errors';
import { wallClock, wallToSeconds } from '../../lib/clock';
import { zodRule } from '../../lib/zod-rule';
import { useWorkOrderAction } from './api';

// Edit an order's title, description and due time (the deployment's wall clock, as every time shown).
// Only what changed is sent: a field left out of the update stays as it is.

interface Values {
  title: string;
  description: string;
  due: Dayjs;
}
const fields = workOrderUpdateBody.shape;

export function EditWorkOrderButton({ order }: { order: WorkOrderDetail }) {
  const { message } = App.useApp();
  const [open, setOpen] = useState(false);
  const [form] = Form.useForm<Values>();
  const action = useWorkOrderAction(order.id);
  const save = async () => {
    const v = await form.validateFields();
    const due = new Date(wallToSeconds(v.due) * 1000).toISOString();
    const body = {
      ...(v.title !== order.title && { title: v.title }),
      ...((v.description ?? '') !== order.description && { description: v.description ?? '' }),
      ...(Date.parse(due) !== Date.parse(order.due_at) && { due_at: due }),
    };
    try {
      await action.mutateAsync({ type: 'update', body });
      void message.success('Work order saved');
      setOpen(false);
    } catch (error) {
      if (!(error instanceof ApiError)) throw error;
      form.setFields(formFieldErrors(error, ['title', 'description'] as const));
      if (error.fieldErrors.due_at) form.setFields([{ name: 'due', errors: error.fieldErrors.due_at }]);
      else if (!error.fieldErrors.title && !error.fieldErrors.description) void message.error(error.detail);
    }
  };
  return (
    <>
      <Button onClick={() => setOpen(true)}>Edit</Button>
      <Modal
        open={open}
        title={`Edit work order #${order.id}`}
        okText="Save"
        confirmLoading={action.isPending}
        onCancel={() => setOpen(false)}
        onOk={() => void save().catch(() => undefined)}
        destroyOnHidden
      >
        <Form
          form={form}
          layout="vertical"
          preserve={false}
          initialValues={{ title: order.title, description: order.description, due: wallClock(order.due_at) }}
        >
          <Form.Item name="title" label="Title" required rules={[zodRule(fields.title)]}>
            <Input maxLength={200} />
          </Form.Item>
          <Form.Item name="description" label="Description" rules={[zodRule(fields.description)]}>
            <Input.TextArea rows={3} maxLength={2000} />
          </Form.Item>
          <Form.Item name="due" label="Due" rules={[{ required: true, message: "'due_at' is required!" }]}>
            <DatePicker showTime format="DD/MM/YYYY hh:mm a" allowClear={false} style={{ width: '100%' }} />
          </Form.Item>
        </Form>
      </Modal>
    </>
  );
}
