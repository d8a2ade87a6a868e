import { PlusOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { App, Button, Card, Col, Divider, Flex, Form, Row, Select, Typography } from 'antd';
import type { Dayjs } from 'dayjs';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { ASSIGNMENT_LABELS, ASSIGNMENT_MESSAGES, type AssignmentKind } from '@rms/contracts/assignments';
import { requiredMessage } from '@rms/contracts/fields';
import { ApiError } from '../../api/errors';
import { useCanOpen } from '../../auth/use-allows';
import { DayPicker } from '../../components/day-picker';
import { expiryDisabled } from '../../lib/expiry-date';
import { ASSIGN_BULK_AREA } from '@rms/contracts/bulk-upload';
import { BulkUpload } from '../../components/bulk-upload';
import { ASSIGNMENTS_AREA, assignableItemsQuery, deviceTypesQuery, useAssign } from './api';
import { AssignmentHistory } from './assignment-history';
import { ASSIGN_VIEWS } from './kinds';
import { OrganizationSearch, type FoundOrganization } from './organization-search';

interface FormValues {
  item?: number;
  expiry_date?: Dayjs;
  device_type?: string;
}

const required = (label: string) => [{ required: true, message: requiredMessage(label) }];

/**
 * Assign an RMS, STLT or pole ID to an organization (spec 02 §2, §5): find the buyer by e-mail, pick
 * an item the caller's organization holds and an expiry date (RMS: a device type), submit. Without a
 * found organization the spec's warning; on success its message and everything is reset.
 */
export function AssignPage({ kind }: { kind: AssignmentKind }) {
  const view = ASSIGN_VIEWS[kind];
  const [form] = Form.useForm<FormValues>();
  const { message } = App.useApp();
  const navigate = useNavigate();
  const canRegister = useCanOpen('/company-registration');
  const [found, setFound] = useState<FoundOrganization>(undefined);
  const [resetKey, setResetKey] = useState(0);
  const items = useQuery(assignableItemsQuery(kind));
  const deviceTypes = useQuery({ ...deviceTypesQuery(), enabled: view.withDeviceType });
  const assign = useAssign(kind);

  const submit = (values: FormValues) => {
    const body = {
      buyer: found?.id,
      [view.itemField]: values.item,
      expiry_date: values.expiry_date?.format('YYYY-MM-DD'),
      ...(view.withDeviceType && { device_type: values.device_type }),
    };
    assign.mutate(body, {
      onSuccess: (res) => {
        void message.success(res.detail);
        form.resetFields();
        setFound(undefined);
        setResetKey((k) => k + 1);
      },
      onError: (error) => {
        if (!(error instanceof ApiError)) return;
        const fields = { item: view.itemField, expiry_date: 'expiry_date', device_type: 'device_type' };
        form.setFields(
          Object.entries(fields)
            .filter(([, server]) => error.fieldErrors[server])
            .map(([name, server]) => ({
              name: name as keyof FormValues,
              errors: error.fieldErrors[server] ?? [],
            })),
        );
      },
    });
  };

  const onSubmitClick = () => {
    // Spec 02 §2: submitting is possible only once an organization has been found.
    if (!found) {
      void message.warning(ASSIGNMENT_MESSAGES.searchFirst);
      return;
    }
    form.submit();
  };

  const half = { xs: 24, md: 12 };
  return (
    <Card>
      <Flex justify="space-between" align="center" wrap gap={8} style={{ marginBottom: 16 }}>
        <Typography.Title level={4} style={{ margin: 0 }}>
          {view.title}
        </Typography.Title>
        <Flex gap={8} wrap>
          {canRegister && (
            <Button icon={<PlusOutlined />} onClick={() => navigate('/company-registration')}>
              Add New Organization
            </Button>
          )}
          <BulkUpload area={ASSIGN_BULK_AREA[kind]} reloads={[ASSIGNMENTS_AREA]} />
        </Flex>
      </Flex>
      <OrganizationSearch found={found} onFound={setFound} resetKey={resetKey} />
      <Divider />
      <Form form={form} name={`assign-${kind}`} layout="vertical" onFinish={submit}>
        <Row gutter={16}>
          <Col {...half}>
            <Form.Item label={view.itemLabel} name="item" rules={required(view.itemLabel)}>
              <Select
                showSearch
                allowClear
                placeholder={view.itemPlaceholder}
                loading={items.isFetching}
                optionFilterProp="label"
                options={(items.data ?? []).map((item) => ({ value: item.id, label: item.code }))}
                notFoundContent={items.isFetching ? undefined : `No ${view.itemLabel} to assign`}
              />
            </Form.Item>
          </Col>
          <Col {...half}>
            <Form.Item
              label={ASSIGNMENT_LABELS.expiry_date}
              name="expiry_date"
              rules={[
                ...required(ASSIGNMENT_LABELS.expiry_date),
                {
                  validator: async (_rule, value: Dayjs | undefined) => {
                    if (value && expiryDisabled(value)) throw new Error(ASSIGNMENT_MESSAGES.expiryAfterToday);
                  },
                },
              ]}
            >
              <DayPicker style={{ width: '100%' }} disabledDate={(day) => expiryDisabled(day)} />
            </Form.Item>
          </Col>
          {view.withDeviceType && (
            <Col {...half}>
              <Form.Item
                label={ASSIGNMENT_LABELS.device_type}
                name="device_type"
                rules={required(ASSIGNMENT_LABELS.device_type)}
              >
                <Select
                  showSearch
                  placeholder="Select Device Type"
                  loading={deviceTypes.isFetching}
                  optionFilterProp="label"
                  options={(deviceTypes.data ?? []).map((v) => ({ value: v.value, label: v.value }))}
                />
              </Form.Item>
            </Col>
          )}
        </Row>
        <Button type="primary" onClick={onSubmitClick} loading={assign.isPending}>
          Submit
        </Button>
      </Form>
      <Divider />
      <AssignmentHistory view={view} />
    </Card>
  );
}

export const AssignRmsPage = () => <AssignPage kind="rms" />;
export const AssignStltPage = () => <AssignPage kind="stlt" />;
export const AssignPolePage = () => <AssignPage kind="pole" />;
