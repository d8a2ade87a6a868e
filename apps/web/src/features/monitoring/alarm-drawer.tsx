import { useQuery } from '@tanstack/react-query';
import { ALARM_COMMENT_MAX, alarmCommentBody, type AlarmEventRow } from '@rms/contracts/alarms';
import { alarmRuleLabel } from '@rms/contracts/alarm-rules';
import { App, Button, Descriptions, Drawer, Flex, Form, Input, Popconfirm, Skeleton } from 'antd';
import { AlarmStatusTag } from '../../components/status-tags';
import { EventTimeline } from '../../components/event-timeline';
import { EMPTY, formatDateTimeAmPm } from '../../lib/format';
import { zodRule } from '../../lib/zod-rule';
import { alarmDetailQuery, alarmFailure, useAlarmAction } from './alarm-api';
import { AssigneeSelect, UNASSIGNED } from './alarm-assignee-select';
import { SeverityTag } from '../../components/alarm-severity';
import { AlarmWorkOrders, CreateWorkOrderButton } from '../../components/work-order-create';

// One alarm: what it is, who acknowledged it and who has it, its actions, its timeline and a comment box.

const EVENT_TEXT: Record<AlarmEventRow['type'], string> = {
  raised: 'Raised',
  acknowledged: 'Acknowledged',
  assigned: 'Assigned',
  commented: 'Comment',
  cleared: 'Cleared',
  escalated: 'Escalated',
};
const EVENT_COLOUR: Record<AlarmEventRow['type'], string> = {
  raised: 'red',
  acknowledged: 'blue',
  assigned: 'gray',
  commented: 'gray',
  cleared: 'green',
  escalated: 'orange',
};

function eventLine(e: AlarmEventRow): string {
  const by = e.actor ? `by ${e.actor.name}` : 'by the device data';
  if (e.type === 'assigned') return `Assigned to ${e.assignee?.name ?? 'nobody'} ${by}`;
  // Nobody acted: the alarm was left unacknowledged past its rule's time.
  if (e.type === 'escalated') return 'Escalated: still unacknowledged, the people its rule names were told';
  return `${EVENT_TEXT[e.type]} ${by}`;
}

interface AlarmDrawerProps {
  id: number | null;
  onClose: () => void;
  canHandle: boolean;
  /** May make a work order of it (MANAGE_WORK_ORDERS). */
  canOrder?: boolean;
}

export function AlarmDrawer({ id, onClose, canHandle, canOrder = false }: AlarmDrawerProps) {
  const { message } = App.useApp();
  const { data: alarm, isLoading } = useQuery({ ...alarmDetailQuery(id ?? 0), enabled: id !== null });
  const action = useAlarmAction();
  const [form] = Form.useForm<{ text: string }>();
  const ids = id === null ? [] : [id];
  const run = (work: () => Promise<{ detail: string }>, after?: () => void) =>
    work()
      .then((r) => {
        void message.success(r.detail);
        after?.();
      })
      .catch((error: unknown) => void message.error(alarmFailure(error)));

  return (
    <Drawer
      open={id !== null}
      onClose={onClose}
      width="min(560px, 100vw)"
      title={alarm ? `${alarm.fault_type} · ${alarm.device_data.device_id}` : 'Alarm'}
      destroyOnHidden
    >
      {isLoading || !alarm ? (
        <Skeleton active />
      ) : (
        <Flex vertical gap={16}>
          <Descriptions size="small" column={1} bordered>
            <Descriptions.Item label="Severity">
              <SeverityTag severity={alarm.severity} />
            </Descriptions.Item>
            <Descriptions.Item label="Status">
              <AlarmStatusTag status={alarm.status} />
            </Descriptions.Item>
            <Descriptions.Item label="Raised by">{alarmRuleLabel(alarm.rule)}</Descriptions.Item>
            <Descriptions.Item label="Fault Time">{formatDateTimeAmPm(alarm.fault_time)}</Descriptions.Item>
            <Descriptions.Item label="Resolution Time">
              {formatDateTimeAmPm(alarm.resolution_time)}
              {alarm.cleared_by && ` (cleared by ${alarm.cleared_by.name})`}
            </Descriptions.Item>
            <Descriptions.Item label="Acknowledged">
              {alarm.acknowledged_at
                ? `${formatDateTimeAmPm(alarm.acknowledged_at)} by ${alarm.acknowledged_by?.name ?? EMPTY}`
                : 'Not yet'}
            </Descriptions.Item>
            <Descriptions.Item label="Assignee">
              {canHandle ? (
                <AssigneeSelect
                  ids={ids}
                  value={alarm.assignee?.id ?? UNASSIGNED}
                  disabled={action.isPending}
                  onChange={(v) =>
                    void run(() =>
                      action.mutateAsync({ action: 'assign', ids, assignee: v === UNASSIGNED ? null : v }),
                    )
                  }
                />
              ) : (
                (alarm.assignee?.name ?? EMPTY)
              )}
            </Descriptions.Item>
            <Descriptions.Item label="Work order">
              <AlarmWorkOrders alarmId={alarm.id} />
            </Descriptions.Item>
          </Descriptions>

          {canOrder && alarm.status === 'Unresolved' && <CreateWorkOrderButton alarmIds={ids} />}

          {canHandle && (
            <Flex gap={8} wrap>
              <Button
                type="primary"
                disabled={alarm.acknowledged_at !== null}
                loading={action.isPending && action.variables?.action === 'acknowledge'}
                onClick={() => void run(() => action.mutateAsync({ action: 'acknowledge', ids }))}
              >
                Acknowledge
              </Button>
              <Popconfirm
                title="Clear this alarm?"
                description="A device still in the faulty state raises a new alarm with its next report."
                okText="Clear"
                okButtonProps={{ danger: true }}
                onConfirm={() => run(() => action.mutateAsync({ action: 'clear', ids }))}
              >
                <Button danger disabled={alarm.status === 'Resolved'}>
                  Clear
                </Button>
              </Popconfirm>
            </Flex>
          )}

          <EventTimeline
            events={alarm.timeline}
            line={eventLine}
            colour={(e) => EVENT_COLOUR[e.type]}
            testId="alarm-event"
          />

          {canHandle && (
            <Form
              form={form}
              layout="vertical"
              onFinish={({ text }) =>
                run(
                  () => action.mutateAsync({ action: 'comment', ids, text }),
                  () => form.resetFields(),
                )
              }
            >
              <Form.Item name="text" label="Comment" rules={[zodRule(alarmCommentBody.shape.text)]}>
                <Input.TextArea rows={3} maxLength={ALARM_COMMENT_MAX} showCount />
              </Form.Item>
              <Button htmlType="submit" loading={action.isPending && action.variables?.action === 'comment'}>
                Add comment
              </Button>
            </Form>
          )}
        </Flex>
      )}
    </Drawer>
  );
}
