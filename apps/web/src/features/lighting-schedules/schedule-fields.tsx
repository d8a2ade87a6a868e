import { Checkbox, Col, Form, Input, InputNumber, Row, Select, Switch } from 'antd';
import type { Dayjs } from 'dayjs';
import { schedulePriority, weekdays } from '@rms/contracts/lighting';
import { SCHEDULE_MESSAGES, scheduleCreateBody } from '@rms/contracts/schedules';
import type { OrganizationChoice } from '../../components/organization-choices';
import { DayPicker } from '../../components/day-picker';
import { zodRule } from '../../lib/zod-rule';
import { WEEKDAY_OPTIONS } from './weekdays';

// The schedule form's fields, with the contract's rules: name, group and profile of the organization,
// the weekdays (1 Monday … 7 Sunday), the priority, an optional season and whether it runs.

interface Choice {
  id: number;
  name: string;
}

interface ScheduleFieldsProps {
  /** The organizations a provider's person may pick for a new schedule; null: none to pick. */
  organizations: OrganizationChoice[] | null;
  groups: Choice[];
  profiles: Choice[];
  loadingChoices: boolean;
}

const options = (choices: Choice[]) => choices.map((c) => ({ value: c.id, label: c.name }));

export function ScheduleFields({ organizations, groups, profiles, loadingChoices }: ScheduleFieldsProps) {
  return (
    <>
      {organizations && (
        <Form.Item name="organization" label="Organization">
          <Select
            allowClear
            placeholder="Your organization"
            showSearch={{ optionFilterProp: 'label' }}
            options={organizations}
          />
        </Form.Item>
      )}
      <Form.Item name="name" label="Name" rules={[zodRule(scheduleCreateBody.shape.name)]}>
        <Input placeholder="Weeknights on the ring road" maxLength={100} />
      </Form.Item>
      <Row gutter={16}>
        <Col xs={24} sm={12}>
          <Form.Item name="group" label="Group" rules={[{ required: true, message: 'Choose a group' }]}>
            <Select
              aria-label="Group"
              placeholder="Choose a group"
              showSearch={{ optionFilterProp: 'label' }}
              loading={loadingChoices}
              notFoundContent={loadingChoices ? undefined : 'No groups: add one under Device Groups'}
              options={options(groups)}
            />
          </Form.Item>
        </Col>
        <Col xs={24} sm={12}>
          <Form.Item
            name="profile"
            label="Profile"
            rules={[{ required: true, message: 'Choose a dimming profile' }]}
          >
            <Select
              aria-label="Profile"
              placeholder="Choose a dimming profile"
              showSearch={{ optionFilterProp: 'label' }}
              loading={loadingChoices}
              notFoundContent={loadingChoices ? undefined : 'No profiles: add one under Dimming Profiles'}
              options={options(profiles)}
            />
          </Form.Item>
        </Col>
      </Row>
      <Form.Item
        name="weekdays"
        label="Weekdays"
        extra="A night belongs to the weekday of its evening: Friday night runs from Friday evening to Saturday morning."
        rules={[zodRule(weekdays)]}
      >
        <Checkbox.Group options={WEEKDAY_OPTIONS} />
      </Form.Item>
      <Row gutter={16}>
        <Col xs={24} sm={8}>
          <Form.Item
            name="priority"
            label="Priority"
            tooltip="Where several schedules cover a device on one night, the higher priority wins."
            rules={[{ required: true, message: "'Priority' is required!" }, zodRule(schedulePriority)]}
          >
            <InputNumber min={0} max={1000} precision={0} style={{ width: '100%' }} />
          </Form.Item>
        </Col>
        <Col xs={12} sm={8}>
          <Form.Item name="valid_from" label="Valid from">
            <DayPicker allowClear placeholder="All year" style={{ width: '100%' }} />
          </Form.Item>
        </Col>
        <Col xs={12} sm={8}>
          <Form.Item
            name="valid_to"
            label="Valid to"
            dependencies={['valid_from']}
            rules={[
              ({ getFieldValue }) => ({
                validator: async (_rule, value: Dayjs | null | undefined) => {
                  const from = getFieldValue('valid_from') as Dayjs | null | undefined;
                  if (from && value && value.isBefore(from, 'day'))
                    throw new Error(SCHEDULE_MESSAGES.seasonOrder);
                },
              }),
            ]}
          >
            <DayPicker allowClear placeholder="All year" style={{ width: '100%' }} />
          </Form.Item>
        </Col>
      </Row>
      <Form.Item name="enabled" label="Enabled" valuePropName="checked">
        <Switch />
      </Form.Item>
    </>
  );
}
