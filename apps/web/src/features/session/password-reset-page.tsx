import { PASSWORD_RESET_MESSAGES, passwordResetConfirmBody } from '@rms/contracts/session';
import { useMutation } from '@tanstack/react-query';
import { Alert, App, Button, Card, Flex, Form, Input, Typography } from 'antd';
import { Link, useNavigate, useParams } from 'react-router';
import { ApiError, formFieldErrors } from '../../api/errors';
import { BrandLogo } from '../../components/brand-logo';
import { zodRule } from '../../lib/zod-rule';
import { AuthLayout } from './auth-layout';
import { confirmPasswordReset } from './session-api';
import { useBranding } from './use-branding';

interface ResetValues {
  password: string;
  confirm: string;
}

/** /password-reset/:token (spec 01 §2): a new password with the code from the mailed link. */
export function PasswordResetPage() {
  const { token = '' } = useParams();
  const navigate = useNavigate();
  const { message } = App.useApp();
  const [form] = Form.useForm<ResetValues>();
  const branding = useBranding();
  const reset = useMutation({
    // The repeat password is checked here and not sent (spec 01 §7).
    mutationFn: ({ password }: ResetValues) => confirmPasswordReset(token, password),
    meta: { silent: true },
    onSuccess: (response) => {
      void message.success(response.detail || PASSWORD_RESET_MESSAGES.changed);
      void navigate('/');
    },
    onError: (error) => {
      if (error instanceof ApiError) form.setFields(formFieldErrors(error, ['password']));
    },
  });
  const failure = reset.error instanceof ApiError ? reset.error.detail : null;

  return (
    <AuthLayout>
      <Card style={{ width: '100%', maxWidth: 420 }} styles={{ body: { padding: '32px 32px 24px' } }}>
        <Flex justify="center" style={{ marginBottom: 24 }}>
          <BrandLogo src={branding.logoUrl} alt={branding.name} style={{ height: 56, maxWidth: 240 }} />
        </Flex>
        <Typography.Title level={4} style={{ marginTop: 0 }}>
          Reset Password
        </Typography.Title>
        <Typography.Paragraph type="secondary">Choose a new password for your account.</Typography.Paragraph>
        {failure && <Alert type="error" showIcon title={failure} style={{ marginBottom: 16 }} />}
        <Form<ResetValues>
          form={form}
          name="password-reset-confirm"
          layout="vertical"
          requiredMark={false}
          onFinish={(values) => reset.mutate(values)}
        >
          <Form.Item
            label="Password"
            name="password"
            rules={[zodRule(passwordResetConfirmBody.shape.password)]}
          >
            <Input.Password autoComplete="new-password" />
          </Form.Item>
          <Form.Item
            label="Repeat Password"
            name="confirm"
            dependencies={['password']}
            rules={[
              { required: true, message: PASSWORD_RESET_MESSAGES.confirmRequired },
              ({ getFieldValue }) => ({
                validator: async (_rule, value: string | undefined) => {
                  if (value && value !== getFieldValue('password'))
                    throw new Error(PASSWORD_RESET_MESSAGES.passwordsDiffer);
                },
              }),
            ]}
          >
            <Input.Password autoComplete="new-password" />
          </Form.Item>
          <Button type="primary" htmlType="submit" block size="large" loading={reset.isPending}>
            Reset Password
          </Button>
        </Form>
        <Typography.Paragraph style={{ marginTop: 16, marginBottom: 0, textAlign: 'center' }}>
          <Link to="/login">Back to sign in</Link>
        </Typography.Paragraph>
      </Card>
    </AuthLayout>
  );
}
