import { CheckCircleTwoTone, CloseCircleTwoTone } from '@ant-design/icons';
import { App, Button, Card, Col, Divider, Form, Input, Row, Space, Spin, Typography } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { EMPLOYEE_MESSAGES, email, mobile, newPassword } from '@rms/contracts/employees';
import { requiredText } from '@rms/contracts/fields';
import { gstinFor, pan } from '@rms/contracts/tax-ids';
import {
  ORGANIZATION_MESSAGES,
  subDomain as subDomainRule,
  type OrganizationRow,
} from '@rms/contracts/organizations';
import { ApiError, formFieldErrors } from '../../api/errors';
import { DayPicker } from '../../components/day-picker';
import { ImageUpload } from '../../components/image-upload';
import { PermissionCheckboxes, usePermissionKeys } from '../../components/permission-checkboxes';
import { StateCitySelect } from '../../components/state-city-select';
import { wallClock } from '../../lib/clock';
import { zodRule } from '../../lib/zod-rule';
import { checkSubDomain, useCreateOrganization, useUpdateOrganization } from './api';

interface FormValues {
  company_name: string;
  state: number;
  city: number;
  address: string;
  activation_date: Dayjs;
  expiry_date: Dayjs;
  pan: string;
  gst?: string;
  tagline?: string;
  sub_domain: string;
  company_logo?: string | null;
  name?: string;
  email: string;
  mobile: string;
  photo?: string | null;
  create_password?: string;
  password?: string;
  permissions: string[];
}

const FIELDS = [
  'company_name',
  'state',
  'city',
  'address',
  'activation_date',
  'expiry_date',
  'pan',
  'gst',
  'tagline',
  'sub_domain',
  'company_logo',
  'name',
  'email',
  'mobile',
  'photo',
  'create_password',
  'password',
  'permissions',
] as const;

type Domain = 'unknown' | 'checking' | 'available' | 'taken';

/** The contract's rule for the field: the form says what the server would. */
const rule = (schema: Parameters<typeof zodRule>[0]) => [zodRule(schema)];
const required = (label: string, max?: number) => rule(requiredText(label, max));

/**
 * Organization Registration (spec 01 §2, §4, §5): create, or edit when a record arrives in navigation
 * state. Submitting needs a sub-domain that was checked available (or the one the organization has).
 */
export function OrganizationFormPage() {
  const record = (useLocation().state as { record?: OrganizationRow } | null)?.record;
  const editing = record !== undefined;
  const [form] = Form.useForm<FormValues>();
  const navigate = useNavigate();
  const { message } = App.useApp();
  const create = useCreateOrganization();
  const update = useUpdateOrganization();
  const [domain, setDomain] = useState<Domain>('unknown');
  const subDomain = Form.useWatch('sub_domain', form);
  const keys = usePermissionKeys();

  const keepsOwnDomain = editing && !!record.sub_domain && subDomain === record.sub_domain;

  const check = async () => {
    const value = String(form.getFieldValue('sub_domain') ?? '')
      .trim()
      .toLowerCase();
    if (!value) return void message.warning(ORGANIZATION_MESSAGES.domainRequired);
    setDomain('checking');
    try {
      const answer = await checkSubDomain(value);
      setDomain(answer.available ? 'available' : 'taken');
      if (answer.available) void message.success(answer.detail);
      else void message.error(answer.detail);
    } catch (error) {
      setDomain('unknown');
      if (error instanceof ApiError) form.setFields(formFieldErrors(error, ['sub_domain']));
    }
  };

  const submit = (values: FormValues) => {
    if (!keepsOwnDomain && domain !== 'available')
      return void message.warning(ORGANIZATION_MESSAGES.domainRequired);
    const body = {
      ...values,
      activation_date: values.activation_date.format('YYYY-MM-DD'),
      expiry_date: values.expiry_date.format('YYYY-MM-DD'),
      permissions: values.permissions.map((key) => ({ key, is_active: true })),
    };
    const onError = (error: Error) => {
      if (error instanceof ApiError) form.setFields(formFieldErrors(error, FIELDS));
    };
    const done = (detail: string) => {
      void message.success(detail);
      void navigate('/company-view');
    };
    if (editing) {
      const { create_password: _c, password: _p, ...changes } = body;
      update.mutate({ id: record.id, ...changes }, { onSuccess: (res) => done(res.detail), onError });
    } else {
      create.mutate(
        { ...body, create_password: body.create_password ?? '' },
        { onSuccess: (res) => done(res.detail), onError },
      );
    }
  };

  const initialValues: Partial<FormValues> = record
    ? {
        ...record,
        name: record.name,
        state: record.state ?? undefined,
        city: record.city ?? undefined,
        gst: record.gst ?? undefined,
        tagline: record.tagline ?? undefined,
        sub_domain: record.sub_domain ?? undefined,
        pan: record.pan ?? undefined,
        mobile: record.mobile ?? undefined,
        activation_date: record.activation_date ? dayjs(record.activation_date) : undefined,
        expiry_date: record.expiry_date ? dayjs(record.expiry_date) : undefined,
        permissions: record.permissions.filter((p) => p.is_active).map((p) => p.key),
      }
    : { permissions: [], activation_date: wallClock() };

  const half = { xs: 24, md: 12 };
  return (
    <Card>
      <Typography.Title level={4} style={{ marginTop: 0 }}>
        {editing ? 'Edit Organization' : 'Organization Registration'}
      </Typography.Title>
      <Form form={form} name="organization" layout="vertical" initialValues={initialValues} onFinish={submit}>
        <Row gutter={16}>
          <Col {...half}>
            <Form.Item
              label="Company Name"
              name="company_name"
              required
              rules={required('Company Name', 150)}
            >
              <Input count={{ max: 150 }} />
            </Form.Item>
          </Col>
          <Col {...half}>
            <Form.Item
              label="PAN"
              name="pan"
              required
              normalize={(v: string) => v.toUpperCase().trim()}
              rules={rule(pan)}
            >
              <Input count={{ max: 10 }} placeholder="ABCPE1234F" />
            </Form.Item>
          </Col>
          <StateCitySelect col={half} />
          <Col span={24}>
            <Form.Item label="Address" name="address" required rules={required('Address', 500)}>
              <Input.TextArea rows={2} count={{ max: 500 }} />
            </Form.Item>
          </Col>
          <Col {...half}>
            <Form.Item
              label="Activation Date"
              name="activation_date"
              rules={[{ required: true, message: "'Activation Date' is required!" }]}
            >
              <DayPicker style={{ width: '100%' }} />
            </Form.Item>
          </Col>
          <Col {...half}>
            <Form.Item
              label="Expiry Date"
              name="expiry_date"
              dependencies={['activation_date']}
              rules={[
                { required: true, message: "'Expiry Date' is required!" },
                ({ getFieldValue }) => ({
                  validator: (_rule, value: Dayjs | undefined) => {
                    const start = getFieldValue('activation_date') as Dayjs | undefined;
                    return !value || !start || value.isAfter(start, 'day')
                      ? Promise.resolve()
                      : Promise.reject(new Error(ORGANIZATION_MESSAGES.expiryBeforeActivation));
                  },
                }),
              ]}
            >
              <DayPicker style={{ width: '100%' }} />
            </Form.Item>
          </Col>
          <Col {...half}>
            <Form.Item
              label="GST"
              name="gst"
              dependencies={['pan']}
              normalize={(v: string) => v.toUpperCase().trim()}
              rules={[({ getFieldValue }) => zodRule(gstinFor(getFieldValue('pan') as string | undefined))]}
            >
              <Input count={{ max: 20 }} placeholder="07ABCPE1234F1ZD" />
            </Form.Item>
          </Col>
          <Col {...half}>
            <Form.Item label="Tag Line" name="tagline">
              <Input count={{ max: 200 }} />
            </Form.Item>
          </Col>
          <Col {...half}>
            <Form.Item
              label="Sub-domain"
              required
              extra={
                keepsOwnDomain ? null : domain === 'available' ? (
                  <span>
                    <CheckCircleTwoTone twoToneColor="#52c41a" /> {ORGANIZATION_MESSAGES.domainAvailable}
                  </span>
                ) : domain === 'taken' ? (
                  <span>
                    <CloseCircleTwoTone twoToneColor="#ff4d4f" /> {ORGANIZATION_MESSAGES.domainTaken}
                  </span>
                ) : null
              }
            >
              <Space.Compact style={{ width: '100%' }}>
                <Form.Item
                  name="sub_domain"
                  noStyle
                  normalize={(v: string) => v.toLowerCase().trim()}
                  rules={rule(subDomainRule)}
                >
                  <Input aria-label="Sub-domain" count={{ max: 63 }} onChange={() => setDomain('unknown')} />
                </Form.Item>
                <Button onClick={check} loading={domain === 'checking'} disabled={keepsOwnDomain}>
                  Check
                </Button>
              </Space.Compact>
            </Form.Item>
          </Col>
          <Col {...half}>
            <Form.Item label="Company Logo" name="company_logo">
              <ImageUpload label="Company Logo" previewUrl={record?.company_logo_url} />
            </Form.Item>
          </Col>
        </Row>
        <Divider titlePlacement="start">Owner</Divider>
        <Row gutter={16}>
          <Col {...half}>
            <Form.Item label="Name" name="name">
              <Input count={{ max: 150 }} />
            </Form.Item>
          </Col>
          <Col {...half}>
            <Form.Item
              label="Email"
              name="email"
              required
              normalize={(v: string) => v.trim()}
              rules={rule(email)}
            >
              <Input inputMode="email" />
            </Form.Item>
          </Col>
          <Col {...half}>
            <Form.Item label="Mobile" name="mobile" required rules={rule(mobile)}>
              <Input inputMode="numeric" count={{ max: 10 }} />
            </Form.Item>
          </Col>
          <Col {...half}>
            <Form.Item label="Photo" name="photo">
              <ImageUpload label="Photo" />
            </Form.Item>
          </Col>
          {!editing && (
            <>
              <Col {...half}>
                <Form.Item label="Create Password" name="create_password" required rules={rule(newPassword)}>
                  <Input.Password autoComplete="new-password" />
                </Form.Item>
              </Col>
              <Col {...half}>
                <Form.Item
                  label="Repeat Password"
                  name="password"
                  dependencies={['create_password']}
                  rules={[
                    { required: true, message: EMPLOYEE_MESSAGES.repeatPassword },
                    ({ getFieldValue }) => ({
                      validator: (_rule, value: string | undefined) =>
                        !value || value === getFieldValue('create_password')
                          ? Promise.resolve()
                          : Promise.reject(new Error(EMPLOYEE_MESSAGES.passwordsDiffer)),
                    }),
                  ]}
                >
                  <Input.Password autoComplete="new-password" />
                </Form.Item>
              </Col>
            </>
          )}
        </Row>
        <Divider titlePlacement="start">Permissions</Divider>
        <Form.Item name="permissions">
          {keys.isPending ? <Spin /> : <PermissionCheckboxes keys={keys.data ?? []} />}
        </Form.Item>
        <Space>
          <Button type="primary" htmlType="submit" loading={create.isPending || update.isPending}>
            {editing ? 'Update' : 'Submit'}
          </Button>
          <Button onClick={() => navigate('/company-view')}>Cancel</Button>
        </Space>
      </Form>
    </Card>
  );
}
