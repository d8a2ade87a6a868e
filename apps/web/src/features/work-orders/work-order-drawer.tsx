import { useQuery } from '@tanstack/react-query';
import { workOrderApi as W } from '@rms/contracts/api/work-orders';
import { FILE_KINDS, formatBytes, UPLOAD_MESSAGES } from '@rms/contracts/uploads';
import {
  WORK_ORDER_PHOTOS_MAX,
  WORK_ORDER_TEXT_MAX,
  workOrderNoteBody,
  type WorkOrderDetail,
  type WorkOrderEventRow,
  type WorkOrderTransition,
} from '@rms/contracts/work-orders';
import {
  Alert,
  App,
  Button,
  Descriptions,
  Drawer,
  Flex,
  Form,
  Input,
  Popconfirm,
  Select,
  Skeleton,
  Table,
  Typography,
  Upload,
} from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import { ApiError } from '../../api/errors';
import { apiQuery } from '../../api/queries';
import { uploadFile } from '../../api/uploads';
import { AlarmStatusTag } from '../../components/status-tags';
import { SeverityTag } from '../../components/alarm-severity';
import { WorkOrderStatusTag } from '../../components/work-order-create';
import { EventTimeline } from '../../components/event-timeline';
import { EMPTY, formatDateTimeAmPm } from '../../lib/format';
import { zodRule } from '../../lib/zod-rule';
import { useAllows } from '../../auth/use-allows';
import { allOf } from '@rms/contracts/permissions';
import { useWorkOrderAction, workOrderQuery, type WorkOrderAction } from './api';
import { EditWorkOrderButton } from './work-order-edit';

// One work order: what it is and who has it, its moves (start, finish, cancel, reopen, each confirmed),
// its alarms with their status, photos, a note box and the timeline.

const MANAGE = allOf('MANAGE_WORK_ORDERS', 'VIEW_DEVICE_DATA');
const NOBODY = 0;
const IMAGE_TYPES: readonly string[] = Object.values(FILE_KINDS.image.types);

const EVENT_TEXT: Record<WorkOrderEventRow['type'], string> = {
  created: 'Created',
  started: 'Started',
  finished: 'Finished',
  cancelled: 'Cancelled',
  reopened: 'Reopened',
  assigned: 'Assigned',
  updated: 'Edited',
  noted: 'Note',
  photo_added: 'Photo added',
  photo_removed: 'Photo removed',
  alarm_cleared: 'Alarm cleared',
};
const EVENT_COLOUR: Partial<Record<WorkOrderEventRow['type'], string>> = {
  created: 'blue',
  started: 'gold',
  finished: 'green',
  alarm_cleared: 'green',
  cancelled: 'gray',
};

function eventLine(e: WorkOrderEventRow): string {
  const by = e.actor ? `by ${e.actor.name}` : 'by the device data';
  if (e.type === 'assigned') return `Assigned to ${e.assignee?.name ?? 'nobody'} ${by}`;
  return `${EVENT_TEXT[e.type]} ${by}`;
}

const MOVES: {
  action: WorkOrderTransition;
  label: string;
  confirm: string;
  done: string;
  primary?: boolean;
}[] = [
  {
    action: 'start',
    label: 'Start',
    confirm: 'Start this work order?',
    done: 'Work order started',
    primary: true,
  },
  {
    action: 'finish',
    label: 'Finish',
    confirm:
      'Finish this work order? Its alarms clear now where the device is healthy, else with its next healthy report.',
    done: 'Work order finished',
    primary: true,
  },
  {
    action: 'cancel',
    label: 'Cancel order',
    confirm: 'Cancel this work order? Its alarms become free again.',
    done: 'Work order cancelled',
  },
  { action: 'reopen', label: 'Reopen', confirm: 'Reopen this work order?', done: 'Work order reopened' },
];
const ALLOWED: Record<WorkOrderTransition, WorkOrderDetail['status'][]> = {
  start: ['open'],
  finish: ['open', 'in_progress'],
  cancel: ['open', 'in_progress'],
  reopen: ['done', 'cancelled'],
};

export function WorkOrderDrawer({ id, onClose }: { id: number | null; onClose: () => void }) {
  const { data: order, isLoading, error } = useQuery({ ...workOrderQuery(id ?? 0), enabled: id !== null });
  return (
    <Drawer
      open={id !== null}
      onClose={onClose}
      width="min(640px, 100vw)"
      title={order ? `#${order.id} ${order.title}` : 'Work order'}
      destroyOnHidden
    >
      {error ? (
        <Alert type="error" showIcon message={error instanceof ApiError ? error.detail : 'Could not load'} />
      ) : isLoading || !order ? (
        <Skeleton active />
      ) : (
        <WorkOrderBody order={order} />
      )}
    </Drawer>
  );
}

function WorkOrderBody({ order }: { order: WorkOrderDetail }) {
  const { message, modal } = App.useApp();
  const canManage = useAllows(MANAGE);
  const action = useWorkOrderAction(order.id);
  const [noteForm] = Form.useForm<{ text: string }>();
  const closed = order.status === 'done' || order.status === 'cancelled';
  const assignees = useQuery({
    ...apiQuery(W.assignees, { query: { organization: order.organization.id } }),
    enabled: canManage && !closed,
    staleTime: 60_000,
  });
  const run = (a: WorkOrderAction, done?: string) =>
    action
      .mutateAsync(a)
      .then(() => {
        if (done) void message.success(done);
      })
      .catch((e: unknown) => void message.error(e instanceof ApiError ? e.detail : 'Something went wrong'));

  return (
    <Flex vertical gap={16}>
      {order.waiting_for_device && (
        <Alert
          type="info"
          showIcon
          message="Waiting for the device"
          description={`${order.active_alarms === 1 ? '1 alarm clears' : `${order.active_alarms} alarms clear`} when the device next reports healthy.`}
        />
      )}
      <Descriptions size="small" column={1} bordered>
        <Descriptions.Item label="Status">
          <WorkOrderStatusTag status={order.status} waiting={order.waiting_for_device} />
        </Descriptions.Item>
        <Descriptions.Item label="Organization">{order.organization.name}</Descriptions.Item>
        <Descriptions.Item label="Assignee">
          {canManage && !closed ? (
            <Select
              aria-label="Assignee"
              showSearch
              optionFilterProp="label"
              style={{ minWidth: 220 }}
              loading={assignees.isLoading}
              value={order.assignee?.id ?? NOBODY}
              disabled={action.isPending}
              options={[
                { value: NOBODY, label: 'Nobody yet' },
                ...(order.assignee ? [{ value: order.assignee.id, label: order.assignee.name }] : []),
                ...(assignees.data ?? [])
                  .filter((p) => p.id !== order.assignee?.id)
                  .map((p) => ({ value: p.id, label: p.name })),
              ]}
              onChange={(v: number) =>
                void run({ type: 'update', body: { assignee: v === NOBODY ? null : v } }, 'Assignee changed')
              }
            />
          ) : (
            (order.assignee?.name ?? EMPTY)
          )}
        </Descriptions.Item>
        <Descriptions.Item label="Due">
          <Typography.Text type={order.overdue ? 'danger' : undefined} strong={order.overdue}>
            {formatDateTimeAmPm(order.due_at)}
            {order.overdue && ' (overdue)'}
          </Typography.Text>
        </Descriptions.Item>
        <Descriptions.Item label="Created">
          {formatDateTimeAmPm(order.created_at)} by {order.created_by?.name ?? EMPTY}
        </Descriptions.Item>
        <Descriptions.Item label="Started">{formatDateTimeAmPm(order.started_at)}</Descriptions.Item>
        <Descriptions.Item label="Done">{formatDateTimeAmPm(order.done_at)}</Descriptions.Item>
        {order.description && <Descriptions.Item label="Description">{order.description}</Descriptions.Item>}
      </Descriptions>

      {canManage && (
        <Flex gap={8} wrap role="toolbar" aria-label="Work order actions">
          {MOVES.filter((m) => ALLOWED[m.action].includes(order.status)).map((m) => (
            <Popconfirm
              key={m.action}
              title={m.confirm}
              okText={m.label}
              onConfirm={() => run({ type: m.action }, m.done)}
            >
              <Button
                type={m.primary ? 'primary' : 'default'}
                loading={action.isPending && action.variables?.type === m.action}
              >
                {m.label}
              </Button>
            </Popconfirm>
          ))}
          {!closed && <EditWorkOrderButton order={order} />}
        </Flex>
      )}

      <div>
        <h4 style={{ marginTop: 0 }}>Alarms</h4>
        <Table
          size="small"
          rowKey="id"
          pagination={false}
          scroll={{ x: 'max-content' }}
          dataSource={order.alarms}
          columns={[
            { title: 'Device ID', key: 'device', render: (_v, a) => a.device_data.device_id },
            { title: 'Error', dataIndex: 'fault_type' },
            { title: 'Severity', dataIndex: 'severity', render: (s) => <SeverityTag severity={s} /> },
            { title: 'Fault Time', dataIndex: 'fault_time', render: formatDateTimeAmPm },
            { title: 'Status', dataIndex: 'status', render: (s) => <AlarmStatusTag status={s} /> },
          ]}
        />
      </div>

      <div>
        <h4 style={{ marginTop: 0 }}>Photos</h4>
        <Upload
          listType="picture-card"
          accept={IMAGE_TYPES.join(',')}
          disabled={!canManage}
          fileList={order.photos.map((p) => ({
            uid: String(p.id),
            name: `Photo ${p.id}`,
            status: 'done' as const,
            url: p.url,
            thumbUrl: p.url,
          }))}
          beforeUpload={(file) => {
            if (!IMAGE_TYPES.includes(file.type)) {
              void message.error(UPLOAD_MESSAGES.imageTypes);
              return Upload.LIST_IGNORE;
            }
            if (file.size > FILE_KINDS.image.maxBytes) {
              void message.error(UPLOAD_MESSAGES.tooLarge(formatBytes(FILE_KINDS.image.maxBytes)));
              return Upload.LIST_IGNORE;
            }
            return true;
          }}
          customRequest={({ file, onSuccess, onError }) => {
            if (!(file instanceof File)) return;
            uploadFile(file, 'image')
              .then((fileName) => action.mutateAsync({ type: 'add-photo', file_name: fileName }))
              .then(() => {
                onSuccess?.(null);
                void message.success(UPLOAD_MESSAGES.uploaded(file.name));
              })
              .catch((e: unknown) => {
                onError?.(e instanceof Error ? e : new Error(String(e)));
                void message.error(
                  e instanceof ApiError ? e.detail : UPLOAD_MESSAGES.uploadFailed(file.name),
                );
              });
          }}
          onRemove={(file) =>
            new Promise<boolean>((resolve) =>
              modal.confirm({
                title: 'Remove this photo?',
                okText: 'Remove',
                okButtonProps: { danger: true },
                onOk: () =>
                  run({ type: 'remove-photo', photo: Number(file.uid) }, 'Photo removed').then(() =>
                    resolve(false),
                  ),
                onCancel: () => resolve(false),
              }),
            )
          }
        >
          {canManage && order.photos.length < WORK_ORDER_PHOTOS_MAX && (
            <button type="button" aria-label="Add photo" style={{ border: 0, background: 'none' }}>
              <PlusOutlined />
              <div>Add photo</div>
            </button>
          )}
        </Upload>
      </div>

      {canManage && (
        <Form
          form={noteForm}
          layout="vertical"
          onFinish={({ text }) =>
            void run({ type: 'note', text }, 'Note added').then(() => noteForm.resetFields())
          }
        >
          <Form.Item name="text" label="Add a note" rules={[zodRule(workOrderNoteBody.shape.text)]}>
            <Input.TextArea rows={2} maxLength={WORK_ORDER_TEXT_MAX} />
          </Form.Item>
          <Button htmlType="submit" loading={action.isPending && action.variables?.type === 'note'}>
            Add note
          </Button>
        </Form>
      )}

      <EventTimeline
        events={order.timeline}
        line={eventLine}
        colour={(e) => EVENT_COLOUR[e.type] ?? 'gray'}
        testId="work-order-event"
      />
    </Flex>
  );
}
