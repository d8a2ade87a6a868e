import { LockOutlined, MailOutlined } from '@ant-design/icons';
import { MESSAGES } from '@rms/contracts/messages';
import type { LoginBody } from '@rms/contracts/session';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Alert, App, Button, Flex, Form, Input } from 'antd';
import { ApiError, formFieldErrors } from '../../api/errors';
import { CURRENT_USER_KEY } from '../../auth/current-user';
import { startSession } from '../../auth/session-store';
import { login } from './session-api';

/**
 * E-mail (sent as username) and password (spec 01 §1, §5). On success the session is stored; the page
 * then follows `next`. A refusal shows the server's own words above the form.
 */
export function LoginForm({ onForgotPassword }: { onForgotPassword: () => void }) {
  const [form] = Form.useForm<LoginBody>();
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const signIn = useMutation({
    mutationFn: login,
    meta: { silent: true },
    onSuccess: (response) => {
      // The user arrives with the answer; no need to ask users/me/ again straight away.
      queryClient.setQueryData(CURRENT_USER_KEY, response.user);
      startSession(response);
      void message.success(MESSAGES.loginSuccess);
    },
    onError: (error) => {
      if (error instanceof ApiError) form.setFields(formFieldErrors(error, ['username', 'password']));
    },
  });
  const error =
    signIn.error instanceof ApiError ? signIn.error.messages : signIn.error ? [MESSAGES.somethingWrong] : [];

  return (
    <Form
      form={form}
      name="login"
      layout="vertical"
      requiredMark={false}
      onFinish={(values) => signIn.mutate(values)}
    >
      {error.length > 0 && (
        <Alert
          type="error"
          showIcon
          title={error.length === 1 ? error[0] : error.map((line) => <div key={line}>{line}</div>)}
          style={{ marginBottom: 16 }}
        />
      )}
      <Form.Item
        label="Email"
        name="username"
        normalize={(value: string) => value.trim()}
        rules={[
          { required: true, message: MESSAGES.usernameRequired },
          { type: 'email', message: MESSAGES.validEmail },
        ]}
      >
        <Input
          prefix={<MailOutlined />}
          inputMode="email"
          autoComplete="username"
          placeholder="name@company.com"
        />
      </Form.Item>
      <Form.Item
        label="Password"
        name="password"
        rules={[{ required: true, message: MESSAGES.passwordRequired }]}
      >
        <Input.Password prefix={<LockOutlined />} autoComplete="current-password" placeholder="Password" />
      </Form.Item>
      <Flex justify="flex-end" style={{ marginTop: -12, marginBottom: 12 }}>
        <Button type="link" size="small" style={{ paddingInline: 0 }} onClick={onForgotPassword}>
          Forgot password
        </Button>
      </Flex>
      <Button type="primary" htmlType="submit" block size="large" loading={signIn.isPending}>
        Log in
      </Button>
    </Form>
  );
}
