import { ALARM_NOTE_MAX, alarmClearBody } from '@rms/contracts/alarms';
import { App, Button, Flex, Form, Input, Modal, Popconfirm, Typography } from 'antd';
import { useState } from 'react';
import { zodRule } from '../../lib/zod-rule';
import { alarmFailure, useAlarmAction } from './alarm-api';
import { AssigneeSelect, UNASSIGNED } from './alarm-assignee-select';

interface BulkActionsProps {
  ids: number[];
  /** After an action succeeded: the selection is done with. */
  onDone: () => void;
}

/** Acknowledge, assign or clear every selected alarm at once (all or nothing, as the server does it). */
export function AlarmBulkActions({ ids, onDone }: BulkActionsProps) {
  const { message } = App.useApp();
  const action = useAlarmAction();
  const [assigning, setAssigning] = useState(false);
  const [clearing, setClearing] = useState(false);
  const [assignForm] = Form.useForm<{ assignee: number }>();
  const [clearForm] = Form.useForm<{ note?: string }>();
  const n = ids.length;
  const done = (detail: string) => {
    void message.success(detail);
    onDone();
  };
  // A refusal shows the server's detail; a form's own error stays on its field.
  const quietly = (work: () => Promise<void>) => () =>
    work().catch((error: unknown) => {
      if (!(error && typeof error === 'object' && 'errorFields' in error))
        void message.error(alarmFailure(error));
    });

  return (
    <Flex wrap gap={8} align="center" role="toolbar" aria-label="Selected alarms">
      <Typography.Text>{n} selected</Typography.Text>
      <Popconfirm
        title={`Acknowledge ${n} alarm${n === 1 ? '' : 's'}?`}
        okText="Acknowledge"
        onConfirm={quietly(async () =>
          done((await action.mutateAsync({ action: 'acknowledge', ids })).detail),
        )}
      >
        <Button disabled={n === 0} loading={action.isPending && action.variables?.action === 'acknowledge'}>
          Acknowledge
        </Button>
      </Popconfirm>
      <Button disabled={n === 0} onClick={() => setAssigning(true)}>
        Assign…
      </Button>
      <Button danger disabled={n === 0} onClick={() => setClearing(true)}>
        Clear…
      </Button>

      <Modal
        title={`Assign ${n} alarm${n === 1 ? '' : 's'}`}
        open={assigning}
        okText="Assign"
        confirmLoading={action.isPending}
        destroyOnHidden
        onCancel={() => setAssigning(false)}
        onOk={quietly(async () => {
          const { assignee } = await assignForm.validateFields();
          const r = await action.mutateAsync({
            action: 'assign',
            ids,
            assignee: assignee === UNASSIGNED ? null : assignee,
          });
          setAssigning(false);
          done(r.detail);
        })}
      >
        <Form form={assignForm} layout="vertical" preserve={false}>
          <Form.Item
            name="assignee"
            label="Assignee"
            rules={[{ required: true, message: "'assignee' is required!" }]}
          >
            <AssigneeSelect ids={ids} />
          </Form.Item>
        </Form>
      </Modal>

      <Modal
        title={`Clear ${n} alarm${n === 1 ? '' : 's'}`}
        open={clearing}
        okText="Clear"
        okButtonProps={{ danger: true }}
        confirmLoading={action.isPending}
        destroyOnHidden
        onCancel={() => setClearing(false)}
        onOk={quietly(async () => {
          const { note } = await clearForm.validateFields();
          const r = await action.mutateAsync({ action: 'clear', ids, ...(note && { note }) });
          setClearing(false);
          done(r.detail);
        })}
      >
        <Typography.Paragraph type="secondary">
          A device still in the faulty state raises a new alarm with its next report.
        </Typography.Paragraph>
        <Form form={clearForm} layout="vertical" preserve={false}>
          <Form.Item name="note" label="Note (optional)" rules={[zodRule(alarmClearBody.shape.note)]}>
            <Input.TextArea rows={3} maxLength={ALARM_NOTE_MAX} showCount />
          </Form.Item>
        </Form>
      </Modal>
    </Flex>
  );
}
