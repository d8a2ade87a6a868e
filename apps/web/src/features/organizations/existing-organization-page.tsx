import { App, Button, Card, Form, Input, Typography } from 'antd';
import { useNavigate } from 'react-router';
import { MESSAGES } from '@rms/contracts/messages';
import { pan } from '@rms/contracts/tax-ids';
import { ApiError, formFieldErrors } from '../../api/errors';
import { zodRule } from '../../lib/zod-rule';
import { useAddExistingOrganization } from './api';

interface ExistingValues {
  email: string;
  pan: string;
}

/** Existing Organization Registration (spec 01 §2): e-mail and PAN of an organization, 'Add Account'. */
export function ExistingOrganizationPage() {
  const [form] = Form.useForm<ExistingValues>();
  const navigate = useNavigate();
  const { message } = App.useApp();
  const add = useAddExistingOrganization();

  const submit = (values: ExistingValues) =>
    add.mutate(values, {
      onSuccess: (res) => {
        void message.success(res.detail);
        void navigate('/company-view');
      },
      onError: (error) => {
        if (error instanceof ApiError) form.setFields(formFieldErrors(error, ['email', 'pan']));
      },
    });

  return (
    <Card style={{ maxWidth: 560 }}>
      <Typography.Title level={4} style={{ marginTop: 0 }}>
        Existing Organization Registration
      </Typography.Title>
      <Typography.Paragraph type="secondary">
        Add an organization that already has an account: give its e-mail and PAN exactly as registered.
      </Typography.Paragraph>
      <Form form={form} name="existing-organization" layout="vertical" onFinish={submit}>
        <Form.Item
          label="Email"
          name="email"
          normalize={(value: string) => value.trim()}
          rules={[
            { required: true, message: "'Email' is required!" },
            { type: 'email', message: MESSAGES.validEmail },
          ]}
        >
          <Input inputMode="email" placeholder="name@company.com" />
        </Form.Item>
        <Form.Item
          label="PAN"
          name="pan"
          normalize={(value: string) => value.toUpperCase().trim()}
          required
          rules={[zodRule(pan)]}
        >
          <Input placeholder="ABCPE1234F" count={{ max: 10 }} />
        </Form.Item>
        <Button type="primary" htmlType="submit" loading={add.isPending}>
          Add Account
        </Button>
      </Form>
    </Card>
  );
}
