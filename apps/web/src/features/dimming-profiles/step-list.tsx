import { ArrowDownOutlined, ArrowUpOutlined, DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { Button, Flex, Form, InputNumber, Select, Slider, TimePicker, Tooltip, Typography } from 'antd';
import {
  MAX_LIT_STEPS,
  MAX_OFFSET_MINUTES,
  MAX_PROFILE_STEPS,
  STEP_ANCHORS,
  STEP_ANCHOR_LABELS,
} from '@rms/contracts/lighting';
import { listErrors, NEW_STEP, TIME_FORMAT, type StepValues } from './step-values';

// The steps of a profile, in order: each an anchor (after dusk, before/after dawn, at a clock time), its
// offset in minutes or its time, and the brightness from then on. The list as a whole is held to what a
// device can run (at most MAX_LIT_STEPS lit steps), as the server holds it.

const ANCHOR_OPTIONS = STEP_ANCHORS.map((a) => ({ value: a, label: STEP_ANCHOR_LABELS[a] }));

export function StepList({ disabled }: { disabled: boolean }) {
  return (
    <Form.List
      name="steps"
      rules={[
        {
          validator: async (_rule, steps: StepValues[] | undefined) => {
            const [first] = listErrors(steps);
            if (first) throw new Error(first);
          },
        },
      ]}
    >
      {(fields, { add, remove, move }, { errors }) => (
        <Flex vertical gap={8}>
          <Typography.Text type="secondary">
            Up to {MAX_PROFILE_STEPS} steps, at most {MAX_LIT_STEPS} of them lit (level above 0 %): what a
            device can hold. The light goes off at dawn.
          </Typography.Text>
          {fields.map((field, index) => (
            <Flex
              key={field.key}
              gap={8}
              wrap
              align="start"
              role="group"
              aria-label={`Step ${index + 1}`}
              style={{ padding: '8px 8px 0', border: '1px solid #f0f0f0', borderRadius: 6 }}
            >
              <Form.Item name={[field.name, 'anchor']} style={{ marginBottom: 8, width: 170 }}>
                <Select
                  aria-label={`Step ${index + 1} anchor`}
                  options={ANCHOR_OPTIONS}
                  disabled={disabled}
                />
              </Form.Item>
              <Form.Item noStyle dependencies={[['steps', field.name, 'anchor']]}>
                {({ getFieldValue }) =>
                  getFieldValue(['steps', field.name, 'anchor']) === 'clock' ? (
                    <Form.Item
                      name={[field.name, 'at']}
                      style={{ marginBottom: 8, width: 110 }}
                      rules={[{ required: true, message: 'Enter the time' }]}
                    >
                      <TimePicker
                        aria-label={`Step ${index + 1} time`}
                        format={TIME_FORMAT}
                        minuteStep={5}
                        needConfirm={false}
                        disabled={disabled}
                        style={{ width: '100%' }}
                      />
                    </Form.Item>
                  ) : (
                    <Form.Item
                      name={[field.name, 'offset_min']}
                      style={{ marginBottom: 8, width: 130 }}
                      rules={[
                        {
                          type: 'integer',
                          min: -MAX_OFFSET_MINUTES,
                          max: MAX_OFFSET_MINUTES,
                          message: `From −${MAX_OFFSET_MINUTES} to ${MAX_OFFSET_MINUTES} minutes`,
                        },
                      ]}
                    >
                      <InputNumber
                        aria-label={`Step ${index + 1} offset`}
                        suffix="min"
                        precision={0}
                        disabled={disabled}
                        style={{ width: '100%' }}
                      />
                    </Form.Item>
                  )
                }
              </Form.Item>
              <Flex gap={8} style={{ flex: '1 1 180px', minWidth: 180 }}>
                {/* The slider drives the number beside it: one field, so an error shows once. */}
                <Form.Item noStyle dependencies={[['steps', field.name, 'level']]}>
                  {(form) => (
                    <Slider
                      aria-label={`Step ${index + 1} level slider`}
                      style={{ flex: 1, margin: '10px 8px 18px' }}
                      min={0}
                      max={100}
                      step={5}
                      disabled={disabled}
                      tooltip={{ formatter: (v) => `${v} %` }}
                      value={(form.getFieldValue(['steps', field.name, 'level']) as number | null) ?? 0}
                      onChange={(v: number) => form.setFieldValue(['steps', field.name, 'level'], v)}
                    />
                  )}
                </Form.Item>
                <Form.Item
                  name={[field.name, 'level']}
                  style={{ marginBottom: 8, width: 90 }}
                  rules={[{ required: true, type: 'integer', min: 0, max: 100, message: 'Level 0 to 100 %' }]}
                >
                  <InputNumber
                    aria-label={`Step ${index + 1} level`}
                    min={0}
                    max={100}
                    precision={0}
                    suffix="%"
                    disabled={disabled}
                    style={{ width: '100%' }}
                  />
                </Form.Item>
              </Flex>
              {!disabled && (
                <Flex style={{ marginBottom: 8 }}>
                  <Tooltip title="Move up">
                    <Button
                      type="text"
                      icon={<ArrowUpOutlined />}
                      aria-label={`Move step ${index + 1} up`}
                      disabled={index === 0}
                      onClick={() => move(index, index - 1)}
                    />
                  </Tooltip>
                  <Tooltip title="Move down">
                    <Button
                      type="text"
                      icon={<ArrowDownOutlined />}
                      aria-label={`Move step ${index + 1} down`}
                      disabled={index === fields.length - 1}
                      onClick={() => move(index, index + 1)}
                    />
                  </Tooltip>
                  <Tooltip title="Remove">
                    <Button
                      danger
                      type="text"
                      icon={<DeleteOutlined />}
                      aria-label={`Remove step ${index + 1}`}
                      disabled={fields.length === 1}
                      onClick={() => remove(index)}
                    />
                  </Tooltip>
                </Flex>
              )}
            </Flex>
          ))}
          <Form.ErrorList errors={errors} />
          {!disabled && (
            <Button
              type="dashed"
              icon={<PlusOutlined />}
              disabled={fields.length >= MAX_PROFILE_STEPS}
              onClick={() => add({ ...NEW_STEP })}
            >
              Add step
            </Button>
          )}
        </Flex>
      )}
    </Form.List>
  );
}
