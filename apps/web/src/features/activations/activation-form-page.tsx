import { useQuery } from '@tanstack/react-query';
import { App, Button, Card, Col, Flex, Form, Input, InputNumber, Row, Select, Space, Typography } from 'antd';
import { BulkUpload } from '../../components/bulk-upload';
import { useEffect } from 'react';
import { useLocation, useNavigate } from 'react-router';
import {
  ACTIVATION_LABELS as L,
  activationFields,
  type ActivationField,
  type ActivationItemKind,
  type ActivationRow,
} from '@rms/contracts/activations';
import { activationApi } from '@rms/contracts/api/activations';
import { MAX_TAGS } from '@rms/contracts/lighting';
import { ApiError, formFieldErrors } from '../../api/errors';
import { PageSpinner } from '../../components/page-spinner';
import { StateCitySelect } from '../../components/state-city-select';
import { zodRule } from '../../lib/zod-rule';
import { activationQuery, availableItemsQuery, useSaveActivation, type ActivationBody } from './api';

const FIELDS = Object.keys(activationFields.shape) as ActivationField[];
/** The contract's rule for the field: the form says what the server would. */
const rules = (field: ActivationField) => [zodRule(activationFields.shape[field])];
const half = { xs: 24, md: 12 };
const third = { xs: 24, md: 8 };

type FormValues = Omit<ActivationBody, 'id'>;

/** The saved row as the form's values. */
function valuesOf(row: ActivationRow): FormValues {
  return {
    name: row.name,
    device: row.device,
    stlt: row.stlt,
    pole: row.pole,
    address1: row.address1,
    address2: row.address2,
    state: row.state,
    city: row.city,
    pin: row.pin,
    panel_id: row.panel_id,
    battery_id: row.battery_id,
    latitude: row.latitude,
    longitude: row.longitude,
    tags: row.tags,
  };
}

/** A searchable pick of the organization's free RMS devices, STLTs or poles (optional, spec 02 §5). */
function ItemSelect({
  kind,
  field,
  activation,
}: {
  kind: ActivationItemKind;
  field: 'device' | 'stlt' | 'pole';
  activation: number | undefined;
}) {
  const items = useQuery(availableItemsQuery(kind, activation));
  return (
    <Form.Item label={L[field]} name={field} rules={rules(field)}>
      <Select
        aria-label={L[field]}
        placeholder={`Select ${L[field]}`}
        showSearch={{ optionFilterProp: 'label' }}
        allowClear
        loading={items.isLoading}
        options={(items.data ?? []).map((i) => ({ value: i.id, label: i.code }))}
        notFoundContent={items.isLoading ? undefined : `No free ${L[field]}`}
      />
    </Form.Item>
  );
}

/**
 * Device Activation (spec 02 §2, §5): activate a device as a project at an address, with its STLT
 * and pole; edit when an activation id arrives in navigation state. Saving returns to the list.
 */
export function ActivationFormPage() {
  const id = (useLocation().state as { id?: number } | null)?.id;
  const editing = id !== undefined;
  const [form] = Form.useForm<FormValues>();
  const navigate = useNavigate();
  const { message } = App.useApp();
  const save = useSaveActivation();
  const saved = useQuery(activationQuery(id));

  useEffect(() => {
    if (saved.data) form.setFieldsValue(valuesOf(saved.data));
  }, [saved.data, form]);

  const submit = (values: FormValues) => {
    save.mutate(
      { ...values, ...(editing && { id }) },
      {
        onSuccess: (res) => {
          void message.success(res.detail);
          void navigate('/view-activation');
        },
        onError: (error) => {
          if (error instanceof ApiError) form.setFields(formFieldErrors(error, FIELDS));
        },
      },
    );
  };

  if (editing && saved.isLoading) return <PageSpinner />;

  return (
    <Card>
      <Flex justify="space-between" align="center" wrap gap={8} style={{ marginBottom: 16 }}>
        <Typography.Title level={4} style={{ margin: 0 }}>
          {editing ? 'Edit Device Activation' : 'Device Activation'}
        </Typography.Title>
        {/* Spec 02 §2: the activation screen has Sample Download and Upload Excel. */}
        {!editing && <BulkUpload area="activation" reloads={[activationApi.list.area]} />}
      </Flex>
      <Form form={form} name="device-activation" layout="vertical" onFinish={submit}>
        <Row gutter={16}>
          <Col {...half}>
            <Form.Item label={L.name} name="name" required rules={rules('name')}>
              <Input count={{ max: 150 }} />
            </Form.Item>
          </Col>
          <Col {...half}>
            <ItemSelect kind="rms" field="device" activation={id} />
          </Col>
          <Col {...half}>
            <ItemSelect kind="stlt" field="stlt" activation={id} />
          </Col>
          <Col {...half}>
            <ItemSelect kind="pole" field="pole" activation={id} />
          </Col>
          <Col {...half}>
            <Form.Item label={L.address1} name="address1" required rules={rules('address1')}>
              <Input count={{ max: 250 }} />
            </Form.Item>
          </Col>
          <Col {...half}>
            <Form.Item label={L.address2} name="address2" required rules={rules('address2')}>
              <Input count={{ max: 250 }} />
            </Form.Item>
          </Col>
          <StateCitySelect stateLabel={L.state} cityLabel={L.city} col={half} />
          <Col {...third}>
            <Form.Item label={L.pin} name="pin" required rules={rules('pin')}>
              <Input inputMode="numeric" count={{ max: 6 }} placeholder="6 digits" />
            </Form.Item>
          </Col>
          <Col {...third}>
            <Form.Item label={L.panelId} name="panel_id" rules={rules('panel_id')}>
              <Input count={{ max: 64 }} />
            </Form.Item>
          </Col>
          <Col {...third}>
            <Form.Item label={L.batteryId} name="battery_id" rules={rules('battery_id')}>
              <Input count={{ max: 64 }} />
            </Form.Item>
          </Col>
          {/* The inputs take any number: antd's min/max would quietly turn 128.5 into 90 on blur; the
              contract's rule names the range and the value stays as typed. */}
          <Col {...half}>
            <Form.Item label={L.latitude} name="latitude" rules={rules('latitude')}>
              <InputNumber style={{ width: '100%' }} controls={false} placeholder="28.6479" />
            </Form.Item>
          </Col>
          <Col {...half}>
            <Form.Item label={L.longitude} name="longitude" rules={rules('longitude')}>
              <InputNumber style={{ width: '100%' }} controls={false} placeholder="77.2031" />
            </Form.Item>
          </Col>
          {/* Free tags: dynamic device groups select the devices by them. */}
          <Col xs={24}>
            <Form.Item
              label={L.tags}
              name="tags"
              rules={rules('tags')}
              extra={`Up to ${MAX_TAGS}; device groups can select devices by tag. Press Enter after each.`}
            >
              <Select aria-label={L.tags} mode="tags" placeholder="Add tags" tokenSeparators={[',']} />
            </Form.Item>
          </Col>
        </Row>
        <Space>
          <Button type="primary" htmlType="submit" loading={save.isPending}>
            {editing ? 'Update' : 'Submit'}
          </Button>
          <Button onClick={() => navigate('/view-activation')}>Cancel</Button>
        </Space>
      </Form>
    </Card>
  );
}
