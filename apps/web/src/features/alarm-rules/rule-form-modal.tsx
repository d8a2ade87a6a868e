import { Col, Divider, Form, InputNumber, Modal, Row, Select, Switch, Typography } from 'antd';
import {
  ALARM_RULE_DEFAULTS,
  ALARM_RULE_FIELDS,
  ALARM_RULE_LABELS as L,
  ALARM_RULE_LIMITS,
  alarmRuleUpdateBody,
  type EffectiveAlarmRule,
  type EffectiveRuleSettings,
} from '@rms/contracts/alarm-rules';
import {
  ALARM_LABELS,
  ALARM_SEVERITIES,
  ALARM_SEVERITY_LABELS,
  DEFAULT_SLA_HOURS,
  type AlarmSeverity,
} from '@rms/contracts/telemetry';
import { useEffect, useRef } from 'react';
import { ApiError } from '../../api/errors';
import { zodRule } from '../../lib/zod-rule';
import { useCreateRule, useUpdateRule, type RuleScope } from './api';

type RuleValues = EffectiveRuleSettings;

export interface RuleEditing {
  /** The kind as it applies now (its values fill the form). */
  rule: EffectiveAlarmRule;
  /** The rule saved for exactly this scope, changed in place; null: a new rule for the scope. */
  savedId: number | null;
}

interface RuleFormModalProps {
  editing: RuleEditing | null;
  scope: RuleScope;
  /** How the scope is named in the title ("Ring Road" or "the whole organization"). */
  scopeName: string;
  people: { id: number; name: string }[];
  onClose: () => void;
  onSaved: (detail: string) => void;
}

const { shape } = alarmRuleUpdateBody;
const show = (value: number | null | undefined, unit: string) => (value == null ? 'off' : `${value} ${unit}`);

/**
 * One kind's rule for the organization or one project: each threshold with its unit and its default,
 * severity, the hold times, the SLA and the escalation. The form checks what the contract checks; the
 * server's refusals (hysteresis, people) land on the field they name.
 */
export function RuleFormModal({ editing, scope, scopeName, people, onClose, onSaved }: RuleFormModalProps) {
  const [form] = Form.useForm<RuleValues>();
  const create = useCreateRule();
  const update = useUpdateRule();
  const kind = editing?.rule.kind;
  const fields = kind ? ALARM_RULE_FIELDS[kind] : [];
  const defaults = kind ? ALARM_RULE_DEFAULTS[kind] : null;

  const onFinish = (values: RuleValues) => {
    if (!editing || !kind) return;
    const body = { ...values, params: values.params ?? {} };
    const handlers = {
      onSuccess: (saved: { detail: string }) => onSaved(saved.detail),
      onError: (error: Error) => {
        if (!(error instanceof ApiError)) return;
        form.setFields(
          Object.entries(error.fieldErrors).map(([name, errors]) => ({
            name: name.split('.') as never,
            errors,
          })),
        );
      },
    };
    if (editing.savedId !== null) update.mutate({ id: editing.savedId, body }, handlers);
    else
      create.mutate(
        { ...body, kind, organization: scope.organization, project: scope.project ?? null },
        handlers,
      );
  };

  const r = editing?.rule;
  // The form instance outlives the modal: each opening fills it from the rule it opens on.
  const severityRef = useRef<AlarmSeverity | null>(null);
  useEffect(() => {
    if (!r) return;
    severityRef.current = r.severity;
    form.resetFields();
    form.setFieldsValue({
      enabled: r.enabled,
      severity: r.severity,
      params: r.params,
      hold_minutes: r.hold_minutes,
      clear_hold_minutes: r.clear_hold_minutes,
      sla_hours: r.sla_hours,
      escalate_after_minutes: r.escalate_after_minutes,
      escalate_to: r.escalate_to,
    });
  }, [form, r]);
  return (
    <Modal
      open={editing !== null}
      title={kind ? `${ALARM_LABELS[kind]}: rule for ${scopeName}` : ''}
      okText="Save"
      onOk={() => form.submit()}
      confirmLoading={create.isPending || update.isPending}
      onCancel={onClose}
      destroyOnHidden
      width={720}
    >
      {r && defaults && (
        <Form<RuleValues>
          form={form}
          name="alarm-rule"
          layout="vertical"
          onFinish={onFinish}
          onValuesChange={(changed: Partial<RuleValues>) => {
            // An SLA still at the old severity's default follows the new severity's.
            if (!changed.severity) return;
            const sla = form.getFieldValue('sla_hours') as number | null;
            const before = severityRef.current;
            severityRef.current = changed.severity;
            if (before && sla === DEFAULT_SLA_HOURS[before])
              form.setFieldValue('sla_hours', DEFAULT_SLA_HOURS[changed.severity]);
          }}
          preserve={false}
          initialValues={{
            enabled: r.enabled,
            severity: r.severity,
            params: r.params,
            hold_minutes: r.hold_minutes,
            clear_hold_minutes: r.clear_hold_minutes,
            sla_hours: r.sla_hours,
            escalate_after_minutes: r.escalate_after_minutes,
            escalate_to: r.escalate_to,
          }}
        >
          <Row gutter={16}>
            <Col xs={24} sm={8}>
              <Form.Item label={L.enabled} name="enabled" valuePropName="checked">
                <Switch />
              </Form.Item>
            </Col>
            <Col xs={24} sm={16}>
              <Form.Item
                label={L.severity}
                name="severity"
                extra={`Default: ${ALARM_SEVERITY_LABELS[defaults.severity]}`}
                rules={[zodRule(shape.severity)]}
              >
                <Select
                  options={ALARM_SEVERITIES.map((s) => ({ value: s, label: ALARM_SEVERITY_LABELS[s] }))}
                />
              </Form.Item>
            </Col>
          </Row>
          {fields.length > 0 && <Divider titlePlacement="start">Thresholds</Divider>}
          <Row gutter={16}>
            {fields.map((field) => (
              <Col xs={24} sm={12} key={field.key}>
                <Form.Item
                  label={field.label}
                  name={['params', field.key]}
                  extra={`Default: ${show(defaults.params[field.key], field.unit)}${field.optional ? ' (leave empty for off)' : ''}`}
                  rules={[
                    {
                      validator: async (_rule, value: number | null | undefined) => {
                        if (value == null && field.optional) return;
                        if (value == null || value < field.min || value > field.max)
                          throw new Error(
                            `'${field.label}' must be a number from ${field.min} to ${field.max} ${field.unit}`,
                          );
                      },
                    },
                  ]}
                >
                  <InputNumber
                    style={{ width: '100%' }}
                    min={field.min}
                    max={field.max}
                    step={field.step}
                    suffix={field.unit}
                  />
                </Form.Item>
              </Col>
            ))}
          </Row>
          <Divider titlePlacement="start">Timing and follow-up</Divider>
          <Row gutter={16}>
            <TimingField
              name="hold_minutes"
              extra="The raise condition must hold this long (0: at once). Default: 0 min"
              min={0}
              max={ALARM_RULE_LIMITS.holdMinutesMax}
              unit="min"
            />
            <TimingField
              name="clear_hold_minutes"
              extra="The clear condition must hold this long before the alarm clears itself. Default: 0 min"
              min={0}
              max={ALARM_RULE_LIMITS.holdMinutesMax}
              unit="min"
            />
            <TimingField
              name="sla_hours"
              extra={`A work order for the alarm is due this long after it is made. Default: ${defaults.sla_hours} h`}
              min={1}
              max={ALARM_RULE_LIMITS.slaHoursMax}
              unit="h"
            />
            <TimingField
              name="escalate_after_minutes"
              extra="Unacknowledged this long: the people below are told. Empty: never"
              min={1}
              max={ALARM_RULE_LIMITS.escalateAfterMax}
              unit="min"
              checked={false}
            />
            <Col span={24}>
              <Form.Item
                label={L.escalate_to}
                name="escalate_to"
                extra="People who may see this organization's alarms"
                rules={[zodRule(shape.escalate_to)]}
              >
                <Select
                  mode="multiple"
                  allowClear
                  placeholder="Nobody"
                  showSearch={{ optionFilterProp: 'label' }}
                  options={people.map((p) => ({ value: p.id, label: p.name }))}
                />
              </Form.Item>
            </Col>
          </Row>
          <Typography.Text type="secondary">
            Saved rules apply to the next sample each device sends, on every server.
          </Typography.Text>
        </Form>
      )}
    </Modal>
  );
}

/** One of the rule's timing numbers, half a row wide; `checked` false leaves it to the server's check. */
function TimingField({
  name,
  extra,
  min,
  max,
  unit,
  checked = true,
}: {
  name: 'hold_minutes' | 'clear_hold_minutes' | 'sla_hours' | 'escalate_after_minutes';
  extra: string;
  min: number;
  max: number;
  unit: string;
  checked?: boolean;
}) {
  return (
    <Col xs={24} sm={12}>
      <Form.Item label={L[name]} name={name} extra={extra} rules={checked ? [zodRule(shape[name])] : []}>
        <InputNumber style={{ width: '100%' }} min={min} max={max} suffix={unit} />
      </Form.Item>
    </Col>
  );
}
