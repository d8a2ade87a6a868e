import { ClearOutlined, SearchOutlined } from '@ant-design/icons';
import { Button, Col, DatePicker, Form, Input, Row, Select } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useOrganizationChoices } from '../../components/organization-choices';
import { DATE_FORMAT } from '../../lib/format';
import { actionsOf, AUDITED_AREAS } from './actions';
import type { AuditFilters } from './use-audit-filters';

interface FilterValues {
  actor?: string;
  area?: string;
  action?: string;
  record?: string;
  organization?: number;
  outcome?: 'success' | 'failure';
  days?: [Dayjs | null, Dayjs | null] | null;
}

const DAY = 'YYYY-MM-DD';

/**
 * The audit log's filters: who (part of an e-mail or key name), what (area, then one of its actions),
 * which record, the outcome, local days, and, for the provider's people, one organization.
 */
export function AuditFiltersForm({
  value,
  onApply,
}: {
  value: AuditFilters;
  onApply: (f: AuditFilters) => void;
}) {
  const [form] = Form.useForm<FilterValues>();
  const area = Form.useWatch('area', form);
  // The organization list needs a code of its own; without it the provider filters by the rows' names.
  const organizations = useOrganizationChoices();

  const initial: FilterValues = {
    ...value,
    days:
      value.created_at__gte || value.created_at__lte
        ? [
            value.created_at__gte ? dayjs(value.created_at__gte) : null,
            value.created_at__lte ? dayjs(value.created_at__lte) : null,
          ]
        : null,
  };

  const onFinish = ({ days, ...rest }: FilterValues) =>
    onApply({
      ...rest,
      created_at__gte: days?.[0]?.format(DAY),
      created_at__lte: days?.[1]?.format(DAY),
    });

  return (
    <Form<FilterValues>
      form={form}
      layout="vertical"
      initialValues={initial}
      onFinish={onFinish}
      name="audit-filters"
    >
      <Row gutter={12}>
        <Col xs={24} sm={12} lg={6}>
          <Form.Item label="Actor" name="actor">
            <Input allowClear placeholder="E-mail or key name" />
          </Form.Item>
        </Col>
        <Col xs={24} sm={12} lg={6}>
          <Form.Item label="Area" name="area">
            <Select
              allowClear
              showSearch
              placeholder="Any area"
              options={AUDITED_AREAS.map((a) => ({ value: a, label: a }))}
              onChange={() => form.setFieldValue('action', undefined)}
            />
          </Form.Item>
        </Col>
        <Col xs={24} sm={12} lg={6}>
          <Form.Item label="Action" name="action">
            <Select
              allowClear
              showSearch
              disabled={!area}
              placeholder={area ? 'Any action' : 'Choose an area first'}
              options={actionsOf(area).map((a) => ({ value: a.action, label: a.action, title: a.summary }))}
            />
          </Form.Item>
        </Col>
        <Col xs={24} sm={12} lg={6}>
          <Form.Item label="Record ID" name="record">
            <Input allowClear placeholder="Exact id" />
          </Form.Item>
        </Col>
        <Col xs={24} sm={12} lg={6}>
          <Form.Item label="Dates" name="days">
            <DatePicker.RangePicker
              format={DATE_FORMAT}
              allowEmpty={[true, true]}
              style={{ width: '100%' }}
              aria-label="Dates"
            />
          </Form.Item>
        </Col>
        <Col xs={24} sm={12} lg={6}>
          <Form.Item label="Outcome" name="outcome">
            <Select
              allowClear
              placeholder="Any outcome"
              options={[
                { value: 'success', label: 'Succeeded' },
                { value: 'failure', label: 'Failed sign-in' },
              ]}
            />
          </Form.Item>
        </Col>
        {organizations && (
          <Col xs={24} sm={12} lg={6}>
            <Form.Item label="Organization" name="organization">
              <Select
                allowClear
                showSearch={{ optionFilterProp: 'label' }}
                placeholder="Every organization"
                options={organizations}
              />
            </Form.Item>
          </Col>
        )}
        <Col
          xs={24}
          sm={12}
          lg={6}
          style={{ display: 'flex', alignItems: 'flex-end', gap: 8, paddingBottom: 24 }}
        >
          <Button type="primary" htmlType="submit" icon={<SearchOutlined />}>
            Search
          </Button>
          <Button
            icon={<ClearOutlined />}
            onClick={() => {
              form.resetFields();
              form.setFieldsValue({
                actor: undefined,
                area: undefined,
                action: undefined,
                record: undefined,
                organization: undefined,
                outcome: undefined,
                days: null,
              });
              onApply({});
            }}
          >
            Clear
          </Button>
        </Col>
      </Row>
    </Form>
  );
}
