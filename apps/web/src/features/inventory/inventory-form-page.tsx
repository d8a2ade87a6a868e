import { App, Button, Card, Col, Flex, Form, Input, Row, Space, Typography } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useLocation, useNavigate } from 'react-router';
import { requiredMessage } from '@rms/contracts/fields';
import {
  INVENTORY,
  INVENTORY_MESSAGES,
  inventoryFields,
  type InventoryKind,
  type InventoryRow,
} from '@rms/contracts/inventory';
import { ApiError, formFieldErrors } from '../../api/errors';
import { BulkUpload } from '../../components/bulk-upload';
import { DayPicker } from '../../components/day-picker';
import { zodRule } from '../../lib/zod-rule';
import { INVENTORY_AREA, useSaveInventory } from './api';
import { DeviceKeyCard, DeviceKeyNotice } from './device-key';
import { codeOf, expiryDisabled, KIND_VIEWS, modelOf } from './kinds';

interface FormValues {
  code: string;
  manufacture: string;
  model: string;
  inventory_date: Dayjs;
  expiry_date?: Dayjs;
  remarks: string;
}

const rule = (schema: Parameters<typeof zodRule>[0]) => [zodRule(schema)];
const requiredDate = (label: string) => [{ required: true, message: requiredMessage(label) }];

/**
 * Create or edit an RMS, STLT or pole ID (spec 02 §2, §5): edit when a record arrives in navigation
 * state; after saving, the list with the message.
 */
export function InventoryFormPage({ kind }: { kind: InventoryKind }) {
  const view = KIND_VIEWS[kind];
  const config = INVENTORY[kind];
  const record = (useLocation().state as { record?: InventoryRow } | null)?.record;
  const editing = record !== undefined;
  const [form] = Form.useForm<FormValues>();
  const navigate = useNavigate();
  const { message, modal } = App.useApp();
  const save = useSaveInventory(kind);

  // Form names are the neutral ones; the server's field names map onto them for its errors.
  const serverNames = { code: config.idField, model: config.modelField } as const;

  const submit = (values: FormValues) => {
    const body = {
      ...(editing && { id: record.id }),
      [config.idField]: values.code,
      manufacture: values.manufacture,
      [config.modelField]: values.model,
      inventory_date: values.inventory_date.format('YYYY-MM-DD'),
      ...(kind === 'rms' && values.expiry_date && { expiry_date: values.expiry_date.format('YYYY-MM-DD') }),
      remarks: values.remarks,
    };
    save.mutate(body, {
      onSuccess: (res) => {
        void message.success(res.detail);
        const deviceKey = 'device_key' in res ? res.device_key : undefined;
        if (!deviceKey) return void navigate(config.viewPath);
        // A new RMS device's key is shown here once; the list follows when it is put away.
        void modal.success({
          title: res.detail,
          width: 560,
          content: <DeviceKeyNotice code={values.code} deviceKey={deviceKey} />,
          onOk: () => void navigate(config.viewPath),
        });
      },
      onError: (error) => {
        if (!(error instanceof ApiError)) return;
        const fields = ['manufacture', 'inventory_date', 'expiry_date', 'remarks'] as const;
        form.setFields([
          ...formFieldErrors(error, fields),
          ...(error.fieldErrors[serverNames.code]
            ? [{ name: 'code' as const, errors: error.fieldErrors[serverNames.code] ?? [] }]
            : []),
          ...(error.fieldErrors[serverNames.model]
            ? [{ name: 'model' as const, errors: error.fieldErrors[serverNames.model] ?? [] }]
            : []),
        ]);
      },
    });
  };

  const initialValues: Partial<FormValues> = record
    ? {
        code: codeOf(kind, record),
        manufacture: record.manufacture,
        model: modelOf(kind, record),
        inventory_date: dayjs(record.inventory_date),
        expiry_date: 'expiry_date' in record ? dayjs(record.expiry_date) : undefined,
        remarks: record.remarks,
      }
    : {};

  const half = { xs: 24, md: 12 };
  return (
    <Card>
      <Flex justify="space-between" align="center" wrap gap={8} style={{ marginBottom: 16 }}>
        <Typography.Title level={4} style={{ margin: 0 }}>
          {editing ? view.formTitle.replace('Create', 'Edit') : view.formTitle}
        </Typography.Title>
        {!editing && (
          <Flex gap={8} wrap>
            <BulkUpload area={kind} reloads={[INVENTORY_AREA]} />
          </Flex>
        )}
      </Flex>
      {editing && kind === 'rms' && <DeviceKeyCard id={record.id} code={codeOf(kind, record)} />}
      <Form
        form={form}
        name={`inventory-${kind}`}
        layout="vertical"
        initialValues={initialValues}
        onFinish={submit}
      >
        <Row gutter={16}>
          <Col {...half}>
            <Form.Item
              label={view.idLabel}
              name="code"
              required
              rules={rule(inventoryFields.code(view.idLabel))}
            >
              <Input count={{ max: 64 }} />
            </Form.Item>
          </Col>
          <Col {...half}>
            <Form.Item
              label="Manufacture"
              name="manufacture"
              required
              rules={rule(inventoryFields.manufacture('Manufacture'))}
            >
              <Input count={{ max: 150 }} />
            </Form.Item>
          </Col>
          <Col {...half}>
            <Form.Item
              label={view.modelLabel}
              name="model"
              required
              rules={rule(inventoryFields.model(view.modelLabel))}
            >
              <Input count={{ max: 150 }} />
            </Form.Item>
          </Col>
          <Col {...half}>
            <Form.Item label="Inventory Date" name="inventory_date" rules={requiredDate('Inventory Date')}>
              <DayPicker style={{ width: '100%' }} />
            </Form.Item>
          </Col>
          {kind === 'rms' && (
            <Col {...half}>
              <Form.Item
                label="Expiry Date"
                name="expiry_date"
                rules={[
                  ...requiredDate('Expiry Date'),
                  {
                    validator: async (_rule, value: Dayjs | undefined) => {
                      if (value && expiryDisabled(value))
                        throw new Error(INVENTORY_MESSAGES.expiryAfterToday);
                    },
                  },
                ]}
              >
                <DayPicker style={{ width: '100%' }} disabledDate={(day) => expiryDisabled(day)} />
              </Form.Item>
            </Col>
          )}
          <Col span={24}>
            <Form.Item
              label="Remarks"
              name="remarks"
              required
              rules={rule(inventoryFields.remarks('Remarks'))}
            >
              <Input.TextArea rows={3} count={{ max: 500 }} />
            </Form.Item>
          </Col>
        </Row>
        <Space>
          <Button type="primary" htmlType="submit" loading={save.isPending}>
            {editing ? 'Update' : 'Submit'}
          </Button>
          <Button onClick={() => navigate(config.viewPath)}>Cancel</Button>
        </Space>
      </Form>
    </Card>
  );
}

export const RmsFormPage = () => <InventoryFormPage kind="rms" />;
export const StltFormPage = () => <InventoryFormPage kind="stlt" />;
export const PoleFormPage = () => <InventoryFormPage kind="pole" />;
