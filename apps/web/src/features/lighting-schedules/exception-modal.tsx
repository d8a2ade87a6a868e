import { Alert, DatePicker, Form, Input, Modal, Radio, Select } from 'antd';
import type { Dayjs } from 'dayjs';
import { useEffect, useState } from 'react';
import { EXCEPTION_KINDS } from '@rms/contracts/lighting';
import { lastPlannableDay, scheduleExceptionBody, type ScheduleExceptionRow } from '@rms/contracts/schedules';
import { ApiError } from '../../api/errors';
import { DATE_FORMAT } from '../../lib/format';
import { zodRule } from '../../lib/zod-rule';
import { useSaveException } from './api';
import { EXCEPTION_KIND_LABELS } from './exception-kinds';
import {
  exceptionField,
  exceptionInput,
  exceptionValues,
  fieldErrors,
  NEW_EXCEPTION,
  serverIssues,
  type ExceptionValues,
} from './schedule-values';

// An exception's form: its name and kind, the nights it covers (from..to, at most two years ahead) and
// what runs on them: a profile, or lights off. Checked with the contract's schema before it is sent.

export interface ExceptionEditing {
  /** Null: a new exception. */
  exception: ScheduleExceptionRow | null;
}

interface ExceptionModalProps {
  schedule: number;
  editing: ExceptionEditing | null;
  profiles: { id: number; name: string }[];
  onClose: () => void;
  onSaved: (detail: string) => void;
}

const lastDay = () => lastPlannableDay();

export function ExceptionModal({ schedule, editing, profiles, onClose, onSaved }: ExceptionModalProps) {
  const [form] = Form.useForm<ExceptionValues>();
  const save = useSaveException();
  const [failure, setFailure] = useState<string | null>(null);
  const runs = Form.useWatch('runs', form);
  const exception = editing?.exception ?? null;

  useEffect(() => {
    if (!editing) return;
    form.resetFields();
    form.setFieldsValue(editing.exception ? exceptionValues(editing.exception) : NEW_EXCEPTION);
  }, [form, editing]);

  // The modal outlives an opening: what failed last time goes with it.
  const close = () => {
    setFailure(null);
    onClose();
  };

  const showErrors = (issues: Parameters<typeof fieldErrors>[0]) =>
    form.setFields(fieldErrors(issues, exceptionField) as never);

  const onFinish = (values: ExceptionValues) => {
    setFailure(null);
    const parsed = scheduleExceptionBody.safeParse(exceptionInput(values));
    if (!parsed.success) return showErrors(parsed.error.issues);
    save.mutate(
      { id: schedule, exception: exception?.id, body: parsed.data },
      {
        onSuccess: (saved) => {
          setFailure(null);
          onSaved(saved.detail);
        },
        onError: (error) => {
          if (!(error instanceof ApiError)) return;
          setFailure(error.detail);
          showErrors(serverIssues(error.fieldErrors));
        },
      },
    );
  };

  return (
    <Modal
      open={editing !== null}
      title={exception ? `Edit ${exception.name}` : 'Add Exception'}
      okText="Save"
      onOk={() => form.submit()}
      confirmLoading={save.isPending}
      onCancel={close}
      destroyOnHidden
    >
      {failure && <Alert type="error" showIcon message={failure} style={{ marginBottom: 16 }} />}
      <Form<ExceptionValues> form={form} name="schedule-exception" layout="vertical" onFinish={onFinish}>
        <Form.Item name="name" label="Name" rules={[zodRule(scheduleExceptionBody.shape.name)]}>
          <Input placeholder="Diwali" maxLength={100} />
        </Form.Item>
        <Form.Item name="kind" label="Kind">
          <Radio.Group
            optionType="button"
            options={EXCEPTION_KINDS.map((kind) => ({ value: kind, label: EXCEPTION_KIND_LABELS[kind] }))}
          />
        </Form.Item>
        <Form.Item
          name="dates"
          label="Nights"
          extra="From the first evening to the last; at most two years ahead."
          rules={[{ required: true, message: 'Choose the first and last night' }]}
        >
          <DatePicker.RangePicker
            aria-label="Nights"
            format={DATE_FORMAT}
            style={{ width: '100%' }}
            disabledDate={(day: Dayjs) => day.format('YYYY-MM-DD') > lastDay()}
          />
        </Form.Item>
        <Form.Item name="runs" label="On those nights">
          <Radio.Group
            options={[
              { value: 'profile', label: 'Run a profile' },
              { value: 'off', label: 'Lights off' },
            ]}
          />
        </Form.Item>
        {runs !== 'off' && (
          <Form.Item
            name="profile"
            label="Profile"
            rules={[{ required: true, message: 'Choose a dimming profile' }]}
          >
            <Select
              aria-label="Profile"
              placeholder="Choose a dimming profile"
              showSearch={{ optionFilterProp: 'label' }}
              options={profiles.map((p) => ({ value: p.id, label: p.name }))}
            />
          </Form.Item>
        )}
      </Form>
    </Modal>
  );
}
