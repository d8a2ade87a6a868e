import { useQuery } from '@tanstack/react-query';
import {
  NOTIFY_CHANNEL_LABELS,
  NOTIFY_CHANNELS,
  NOTIFY_LABELS as L,
  type NotifyChannel,
  type NotifyPreferences,
} from '@rms/contracts/notifications';
import { ALARM_SEVERITIES, ALARM_SEVERITY_LABELS, type AlarmSeverity } from '@rms/contracts/telemetry';
import { Alert, App, Button, Card, Checkbox, Form, Select, Skeleton, Space, Typography } from 'antd';
import { useEffect } from 'react';
import { ApiError, formFieldErrors } from '../../api/errors';
import { preferencesQuery, useSavePreferences } from './api';

// One's own notification settings: what one follows (organizations, projects: none chosen means
// everything one may see), which severities, and how one is told (the bell, e-mail, the daily digest).
// Escalations and alarms assigned to one come whatever is chosen here.

interface Values {
  organizations: number[];
  projects: string[];
  severities: AlarmSeverity[];
  channels: NotifyChannel[];
}
const FIELDS = ['organizations', 'projects', 'severities', 'channels'] as const;

const SEVERITY_OPTIONS = ALARM_SEVERITIES.map((s) => ({ value: s, label: ALARM_SEVERITY_LABELS[s] }));
const CHANNEL_OPTIONS = NOTIFY_CHANNELS.map((c) => ({ value: c, label: NOTIFY_CHANNEL_LABELS[c] }));

function valuesOf(p: NotifyPreferences): Values {
  return {
    organizations: p.organizations,
    projects: p.projects,
    severities: p.severities,
    channels: p.channels,
  };
}

export function NotificationSettingsPage() {
  const { message } = App.useApp();
  const [form] = Form.useForm<Values>();
  const preferences = useQuery(preferencesQuery());
  const save = useSavePreferences();
  const data = preferences.data;

  useEffect(() => {
    if (data) form.setFieldsValue(valuesOf(data));
  }, [data, form]);

  const onFinish = (values: Values) =>
    save.mutate(values, {
      onSuccess: (saved) => void message.success(saved.detail),
      onError: (error) => {
        if (error instanceof ApiError) form.setFields(formFieldErrors(error, FIELDS));
      },
    });

  return (
    <Card title="Notification Settings" style={{ maxWidth: 760 }}>
      {preferences.isError ? (
        <Alert type="error" title="The notification settings could not be loaded" />
      ) : !data ? (
        <Skeleton active />
      ) : (
        <Form form={form} layout="vertical" onFinish={onFinish} initialValues={valuesOf(data)}>
          {!data.saved && (
            <Alert
              type="info"
              showIcon
              style={{ marginBottom: 16 }}
              title="Not saved yet: you are told in the console of critical and major alarms of everything you may see."
            />
          )}
          <Form.Item
            label={L.organizations}
            name="organizations"
            extra="None chosen (and no project): every organization you may see."
          >
            <Select
              mode="multiple"
              allowClear
              placeholder="All organizations"
              optionFilterProp="label"
              options={data.choices.organizations.map((o) => ({ value: o.id, label: o.name }))}
            />
          </Form.Item>
          <Form.Item label={L.projects} name="projects" extra="Alarms of these projects come too.">
            <Select
              mode="multiple"
              allowClear
              placeholder="No project chosen"
              options={data.choices.projects.map((p) => ({ value: p, label: p }))}
            />
          </Form.Item>
          <Form.Item label={L.severities} name="severities">
            <Checkbox.Group options={SEVERITY_OPTIONS} />
          </Form.Item>
          <Form.Item
            label={L.channels}
            name="channels"
            extra="E-mails are batched: at most one every few minutes. The digest lists yesterday's alarms each morning."
          >
            <Checkbox.Group options={CHANNEL_OPTIONS} />
          </Form.Item>
          <Typography.Paragraph type="secondary">
            Alarms assigned to you, and alarms escalated to you by an alarm rule, always reach you in the
            console (and escalations by e-mail too), whatever is chosen here.
          </Typography.Paragraph>
          <Space>
            <Button type="primary" htmlType="submit" loading={save.isPending}>
              Save
            </Button>
          </Space>
        </Form>
      )}
    </Card>
  );
}
