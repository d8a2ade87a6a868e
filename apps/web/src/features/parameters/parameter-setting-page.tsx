import { useQuery } from '@tanstack/react-query';
import { Alert, App, Button, Card, Col, Flex, Form, Row, Select, Space, Tag, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { COMMAND_STATUS_LABELS, type CommandStatus } from '@rms/contracts/commands';
import {
  PARAMETER_FIELDS,
  PARAMETER_GROUPS,
  crossFieldIssues,
  type ParameterSetting,
  type ParameterValues,
} from '@rms/contracts/parameters';
import { ApiError, formFieldErrors } from '../../api/errors';
import { useAllows, useCanOpen } from '../../auth/use-allows';
import { anyOf } from '@rms/contracts/permissions';
import { formatDateTime } from '../../lib/format';
import { parameterDevicesQuery, parameterSettingQuery, useSaveParameters } from './api';
import { ParameterGroupCard } from './parameter-group-card';

const STATUS_COLORS: Record<CommandStatus, string> = {
  pending: 'gold',
  sent: 'blue',
  acknowledged: 'green',
  failed: 'red',
  timed_out: 'red',
};

/** "Version 3 · Applied", or "Defaults — never set". */
export function VersionTag({ setting }: { setting: ParameterSetting }) {
  if (setting.version === null) return <Tag>Defaults — never set</Tag>;
  const status = setting.command_status;
  return (
    <Tag color={status ? STATUS_COLORS[status] : undefined}>
      Version {setting.version}
      {status ? ` · ${COMMAND_STATUS_LABELS[status]}` : ''}
    </Tag>
  );
}

/**
 * Parameter Setting (spec 02 §2): pick a device, then its six groups of parameters with the contract's
 * limits. Saving stores a new version and the command that sends it, then returns to the RMS list.
 * A user holding only VIEW_PARAMETER_SETTINGS sees the values read-only.
 */
export function ParameterSettingPage() {
  const location = useLocation();
  const initial = (location.state as { device?: number } | null)?.device;
  // The device chosen here, for this visit; arriving again (another device in navigation state) resets it.
  const [choice, setChoice] = useState<{ visit: string; device: number }>();
  const device = choice?.visit === location.key ? choice.device : initial;
  const setDevice = (value: number) => setChoice({ visit: location.key, device: value });
  const [form] = Form.useForm<ParameterValues>();
  const navigate = useNavigate();
  const { message } = App.useApp();
  const canChange = useAllows(anyOf('CHANGE_PARAMETER_SETTINGS'));
  const canViewRms = useCanOpen('/view-rms-device-id');
  const devices = useQuery(parameterDevicesQuery());
  const setting = useQuery(parameterSettingQuery(device));
  const save = useSaveParameters();

  useEffect(() => {
    if (setting.data) form.setFieldsValue(setting.data.values as ParameterValues);
  }, [setting.data, form]);

  const submit = (values: ParameterValues) => {
    if (device === undefined) return;
    const issues = crossFieldIssues(values);
    if (issues.length > 0) {
      form.setFields(issues.map((i) => ({ name: i.field, errors: [i.message] })));
      form.scrollToField(issues[0]!.field);
      return;
    }
    save.mutate(
      { device, ...values },
      {
        onSuccess: (res) => {
          void message.success(res.detail);
          if (canViewRms) void navigate('/view-rms-device-id');
        },
        onError: (error) => {
          if (error instanceof ApiError) form.setFields(formFieldErrors(error, PARAMETER_FIELDS));
        },
      },
    );
  };

  return (
    <Card>
      <Flex justify="space-between" align="center" wrap gap={12} style={{ marginBottom: 16 }}>
        <Typography.Title level={4} style={{ margin: 0 }}>
          Parameter Setting
        </Typography.Title>
        <Space wrap>
          <Select
            aria-label="Device"
            placeholder="Select device"
            showSearch={{ optionFilterProp: 'label' }}
            style={{ width: 260, maxWidth: '100%' }}
            loading={devices.isLoading}
            value={device}
            onChange={(value: number) => setDevice(value)}
            options={(devices.data ?? []).map((d) => ({ value: d.id, label: d.device_id }))}
          />
          {setting.data && <VersionTag setting={setting.data} />}
        </Space>
      </Flex>
      {device === undefined ? (
        <Alert type="info" showIcon title="Select a device to see and set its parameters." />
      ) : (
        <Form
          form={form}
          name="parameter-setting"
          layout="vertical"
          onFinish={submit}
          disabled={!canChange || setting.isLoading}
          scrollToFirstError
        >
          {setting.data?.created_at && (
            <Typography.Paragraph type="secondary">
              Saved {formatDateTime(setting.data.created_at)}. Limits cover 12 V and 24 V LiFePO4 systems.
            </Typography.Paragraph>
          )}
          {!canChange && (
            <Alert
              type="warning"
              showIcon
              style={{ marginBottom: 16 }}
              title="You can view these parameters but not change them."
            />
          )}
          <Row gutter={[16, 16]}>
            {PARAMETER_GROUPS.map((group) => (
              <Col key={group} xs={24} xl={12}>
                <ParameterGroupCard group={group} />
              </Col>
            ))}
          </Row>
          {canChange && (
            <Space style={{ marginTop: 16 }}>
              <Button type="primary" htmlType="submit" loading={save.isPending}>
                Save
              </Button>
              <Button
                onClick={() => setting.data && form.setFieldsValue(setting.data.values as ParameterValues)}
              >
                Reset
              </Button>
            </Space>
          )}
        </Form>
      )}
    </Card>
  );
}
