import { EMPLOYEE_MESSAGES, email, mobile, newPassword, type EmployeeRow } from '@rms/contracts/employees';
import { Button, Col, Flex, Form, Input, Row, Select, Spin } from 'antd';
import { ApiError, formFieldErrors } from '../../api/errors';
import { ImageUpload } from '../../components/image-upload';
import { PermissionCheckboxes, usePermissionKeys } from '../../components/permission-checkboxes';
import { zodRule } from '../../lib/zod-rule';
import { useOrganizationOptions, useSaveEmployee } from './employees-api';

export interface EmployeeFormValues {
  name?: string;
  email: string;
  mobile: string;
  organization?: number;
  password?: string;
  confirm?: string;
  photo?: string | null;
  permissions?: string[];
}

const FIELDS = ['name', 'email', 'mobile', 'organization', 'password', 'photo', 'permissions'] as const;

interface EmployeeFormProps {
  /** The employee being edited; absent when creating. */
  record?: EmployeeRow;
  /** Whether the caller belongs to the provider (who may choose any organization). */
  isProvider: boolean;
  onSaved: (detail: string) => void;
}

/** User Registration (spec 01 §2, §5): create, or edit a record (no password fields then). */
export function EmployeeForm({ record, isProvider, onSaved }: EmployeeFormProps) {
  const [form] = Form.useForm<EmployeeFormValues>();
  const permissionKeys = usePermissionKeys();
  const organizations = useOrganizationOptions(isProvider);
  const save = useSaveEmployee();
  const editing = record !== undefined;

  const onFinish = (values: EmployeeFormValues) => {
    const permissions = (values.permissions ?? []).map((key) => ({ key }));
    const common = {
      name: values.name ?? '',
      email: values.email,
      mobile: values.mobile,
      photo: values.photo ?? null,
      permissions,
      ...(values.organization !== undefined && { organization: values.organization }),
    };
    save.mutate(
      record
        ? { update: { id: record.id, ...common } }
        : {
            create: {
              ...common,
              password: values.password ?? '',
              simple_password: values.confirm ?? '',
              is_primary: true,
            },
          },
      {
        onSuccess: (saved) => onSaved(saved.detail),
        onError: (error) => {
          if (error instanceof ApiError) form.setFields(formFieldErrors(error, FIELDS));
        },
      },
    );
  };

  return (
    <Form<EmployeeFormValues>
      form={form}
      name="employee"
      layout="vertical"
      onFinish={onFinish}
      initialValues={
        record
          ? {
              name: record.name,
              email: record.email,
              mobile: record.mobile ?? '',
              organization: record.organization,
              photo: record.photo,
              permissions: record.permissions.map((p) => p.key),
            }
          : { permissions: [] }
      }
    >
      <Row gutter={16}>
        <Col xs={24} md={12}>
          <Form.Item label="Name" name="name">
            <Input autoComplete="off" placeholder="Full name" count={{ max: 150 }} />
          </Form.Item>
        </Col>
        <Col xs={24} md={12}>
          <Form.Item label="Email" name="email" required rules={[zodRule(email)]}>
            <Input inputMode="email" autoComplete="off" placeholder="name@company.com" />
          </Form.Item>
        </Col>
        <Col xs={24} md={12}>
          <Form.Item label="Mobile" name="mobile" required rules={[zodRule(mobile)]}>
            <Input inputMode="numeric" count={{ max: 10 }} placeholder="10 digits" />
          </Form.Item>
        </Col>
        {organizations.isSuccess && (
          <Col xs={24} md={12}>
            <Form.Item label="Organization" name="organization">
              <Select
                showSearch={{ optionFilterProp: 'label' }}
                allowClear
                placeholder="Your own organization"
                options={organizations.data.map((o) => ({ value: o.id, label: o.company_name }))}
              />
            </Form.Item>
          </Col>
        )}
        {!editing && (
          <>
            <Col xs={24} md={12}>
              <Form.Item label="Password" name="password" required rules={[zodRule(newPassword)]}>
                <Input.Password autoComplete="new-password" />
              </Form.Item>
            </Col>
            <Col xs={24} md={12}>
              <Form.Item
                label="Repeat Password"
                name="confirm"
                dependencies={['password']}
                rules={[
                  { required: true, message: EMPLOYEE_MESSAGES.repeatPassword },
                  ({ getFieldValue }) => ({
                    validator: async (_rule, value: string | undefined) => {
                      if (value && value !== getFieldValue('password'))
                        throw new Error(EMPLOYEE_MESSAGES.passwordsDiffer);
                    },
                  }),
                ]}
              >
                <Input.Password autoComplete="new-password" />
              </Form.Item>
            </Col>
          </>
        )}
        <Col xs={24}>
          <Form.Item label="Photo" name="photo">
            <ImageUpload label="Photo" previewUrl={record?.photo_url} />
          </Form.Item>
        </Col>
        <Col xs={24}>
          <Form.Item label="Permissions" name="permissions">
            {permissionKeys.isPending ? <Spin /> : <PermissionCheckboxes keys={permissionKeys.data ?? []} />}
          </Form.Item>
        </Col>
      </Row>
      <Flex justify="flex-end">
        <Button type="primary" htmlType="submit" loading={save.isPending}>
          {editing ? 'Update' : 'Submit'}
        </Button>
      </Flex>
    </Form>
  );
}
