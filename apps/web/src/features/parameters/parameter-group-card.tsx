import { Card, Col, Form, InputNumber, Row, Select } from 'antd';
import {
  PARAMETER_GROUP_TITLES,
  PARAMETERS,
  fieldsOfGroup,
  parameterField,
  type ParameterField,
  type ParameterGroup,
} from '@rms/contracts/parameters';
import { zodRule } from '../../lib/zod-rule';

/** The unit shown after the number ("factor" reads as ×). */
export function unitSuffix(field: ParameterField): string | undefined {
  const unit = PARAMETERS[field].unit;
  return unit === 'factor' ? '×' : unit;
}

function limitsText(field: ParameterField): string {
  const s = PARAMETERS[field];
  return `${s.min}–${s.max}${s.unit && s.unit !== 'factor' ? ` ${s.unit}` : ''}`;
}

interface ParameterInputProps {
  field: ParameterField;
  disabled?: boolean;
  /** Given by the enclosing Form.Item. */
  id?: string;
  value?: number | null;
  onChange?: (value: number | null) => void;
}

/** A parameter's input: a choice list for features, otherwise a number with its unit and limits. */
export function ParameterInput({ field, disabled, ...control }: ParameterInputProps) {
  const s = PARAMETERS[field];
  if (s.choices)
    return (
      <Select
        {...control}
        aria-label={s.label}
        disabled={disabled}
        options={s.choices.map((c) => ({ value: c.value, label: c.label }))}
      />
    );
  return (
    <InputNumber
      {...control}
      aria-label={s.label}
      disabled={disabled}
      step={s.step}
      suffix={unitSuffix(field)}
      placeholder={limitsText(field)}
      style={{ width: '100%' }}
    />
  );
}

/** One parameter as a form item: its label, the contract's rule and the limits as help. */
export function ParameterItem({ field, disabled }: { field: ParameterField; disabled?: boolean }) {
  const s = PARAMETERS[field];
  return (
    <Form.Item
      name={field}
      label={s.label}
      required
      rules={[zodRule(parameterField(field))]}
      tooltip={s.help}
      extra={s.choices ? undefined : limitsText(field)}
    >
      <ParameterInput field={field} disabled={disabled} />
    </Form.Item>
  );
}

/** One of the six groups (spec 02 §3) as a card of its fields. */
export function ParameterGroupCard({ group, disabled }: { group: ParameterGroup; disabled?: boolean }) {
  return (
    <Card size="small" title={PARAMETER_GROUP_TITLES[group]} style={{ height: '100%' }}>
      <Row gutter={12}>
        {fieldsOfGroup(group).map((field) => (
          <Col key={field} xs={24} sm={12}>
            <ParameterItem field={field} disabled={disabled} />
          </Col>
        ))}
      </Row>
    </Card>
  );
}
