import { useQuery } from '@tanstack/react-query';
import { workOrderApi as W } from '@rms/contracts/api/work-orders';
import { monitoringApi as M } from '@rms/contracts/api/monitoring';
import {
  WORK_ORDER_STATUS_LABELS,
  workOrderCreateBody,
  type WorkOrderCreateBody,
  type WorkOrderStatus,
} from '@rms/contracts/work-orders';
import { App, Alert, Button, Form, Input, Modal, Select, Skeleton, Tag, Typography } from 'antd';
import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { api } from '../api/client';
import { ApiError, formFieldErrors } from '../api/errors';
import { apiQuery, useInvalidatingMutation } from '../api/queries';
import { formatDateTimeAmPm } from '../lib/format';
import { zodRule } from '../lib/zod-rule';

// Work orders made from alarms (docs/work-orders.md): the alarms view's selection and the alarm drawer
// both offer "Create work order", which opens this modal: title, assignee, and the due time the alarms'
// SLA gives. Shared here because the alarms screens and the work orders screens are separate features.

const STATUS_COLOURS: Record<WorkOrderStatus, string> = {
  open: 'blue',
  in_progress: 'gold',
  done: 'green',
  cancelled: 'default',
};

export function WorkOrderStatusTag({ status, waiting }: { status: WorkOrderStatus; waiting?: boolean }) {
  return (
    <>
      <Tag color={STATUS_COLOURS[status]}>{WORK_ORDER_STATUS_LABELS[status]}</Tag>
      {waiting && <Tag color="purple">Waiting for the device</Tag>}
    </>
  );
}

const NOBODY = 0;
const fields = workOrderCreateBody.shape;

interface CreateWorkOrderProps {
  alarmIds: number[];
  /** After the order was made. */
  onCreated?: (id: number) => void;
  size?: 'small' | 'middle';
}

/** "Create work order" for these alarms, with its modal. */
export function CreateWorkOrderButton({ alarmIds, onCreated, size }: CreateWorkOrderProps) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button size={size} disabled={alarmIds.length === 0} onClick={() => setOpen(true)}>
        Create work order
      </Button>
      {open && (
        <CreateWorkOrderModal
          alarmIds={alarmIds}
          onClose={() => setOpen(false)}
          onCreated={(id) => {
            setOpen(false);
            onCreated?.(id);
          }}
        />
      )}
    </>
  );
}

interface Values {
  title: string;
  description?: string;
  assignee: number;
}

function CreateWorkOrderModal({
  alarmIds,
  onClose,
  onCreated,
}: {
  alarmIds: number[];
  onClose: () => void;
  onCreated: (id: number) => void;
}) {
  const { message } = App.useApp();
  const navigate = useNavigate();
  const [form] = Form.useForm<Values>();
  const draft = useQuery(apiQuery(W.draft, { query: { alarms: alarmIds.join(',') } }));
  const create = useInvalidatingMutation(
    (body: WorkOrderCreateBody) => api(W.create, { body }),
    [W.create.area, M.alarms.area],
    { silent: true },
  );
  const failure =
    draft.error instanceof ApiError ? draft.error.detail : draft.error ? 'Could not load' : null;
  const first = draft.data?.alarms[0];

  const submit = async () => {
    const values = await form.validateFields();
    try {
      const order = await create.mutateAsync({
        alarm_ids: alarmIds,
        title: values.title,
        ...(values.description && { description: values.description }),
        assignee: values.assignee === NOBODY ? null : values.assignee,
      });
      void message.success(`Work order #${order.id} created`, 4);
      onCreated(order.id);
      void navigate(`/work-orders?open=${order.id}`);
    } catch (error) {
      if (!(error instanceof ApiError)) throw error;
      form.setFields(formFieldErrors(error, ['title', 'description', 'assignee'] as const));
      void message.error(error.fieldErrors.alarm_ids?.[0] ?? error.detail);
    }
  };

  return (
    <Modal
      open
      title={`Create work order (${alarmIds.length} alarm${alarmIds.length === 1 ? '' : 's'})`}
      okText="Create"
      okButtonProps={{ disabled: !draft.data }}
      confirmLoading={create.isPending}
      onCancel={onClose}
      onOk={() => void submit().catch(() => undefined)}
      destroyOnHidden
    >
      {failure ? (
        <Alert type="error" showIcon message={failure} />
      ) : !draft.data ? (
        <Skeleton active />
      ) : (
        <Form
          form={form}
          layout="vertical"
          initialValues={{
            title: first
              ? `${first.fault_type} · ${first.device_data.device_id}${alarmIds.length > 1 ? ` and ${alarmIds.length - 1} more` : ''}`
              : '',
            assignee: NOBODY,
          }}
        >
          <Typography.Paragraph type="secondary" style={{ marginTop: 0 }}>
            {draft.data.organization.name} · due{' '}
            <strong data-testid="work-order-due">{formatDateTimeAmPm(draft.data.due_at)}</strong> (SLA{' '}
            {draft.data.sla_hours} h, the most urgent of its alarms)
          </Typography.Paragraph>
          <Form.Item name="title" label="Title" required rules={[zodRule(fields.title)]}>
            <Input maxLength={200} />
          </Form.Item>
          <Form.Item name="description" label="Description" rules={[zodRule(fields.description)]}>
            <Input.TextArea rows={3} maxLength={2000} />
          </Form.Item>
          <Form.Item name="assignee" label="Assignee">
            <Select
              aria-label="Assignee"
              showSearch
              optionFilterProp="label"
              options={[
                { value: NOBODY, label: 'Nobody yet' },
                ...draft.data.assignees.map((p) => ({ value: p.id, label: p.name })),
              ]}
            />
          </Form.Item>
        </Form>
      )}
    </Modal>
  );
}

/** The work orders an alarm is in (the alarm drawer), each a link to it. */
export function AlarmWorkOrders({ alarmId }: { alarmId: number }) {
  const { data } = useQuery(apiQuery(W.list, { query: { alarm: alarmId, pagination: 'false' } }));
  const rows = Array.isArray(data) ? data : (data?.results ?? []);
  if (rows.length === 0) return <Typography.Text type="secondary">None</Typography.Text>;
  return (
    <>
      {rows.map((o) => (
        <div key={o.id}>
          <Link to={`/work-orders?open=${o.id}`}>
            #{o.id} {o.title}
          </Link>{' '}
          <WorkOrderStatusTag status={o.status} waiting={o.waiting_for_device} />
        </div>
      ))}
    </>
  );
}
