import {
  PASSWORD_CHANGE_MESSAGES,
  passwordChangeBody,
  type PasswordChangeBody,
} from '@rms/contracts/session';
import { useMutation } from '@tanstack/react-query';
import { App, Button, Form, Input } from 'antd';
import { useEffect, useRef } from 'react';
import { ApiError, formFieldErrors } from '../../api/errors';
import { clearSession } from '../../auth/session-store';
import { goTo } from '../../lib/browser';
import { zodRule } from '../../lib/zod-rule';
import { changePassword } from './session-api';

const SIGN_OUT_DELAY_MS = 1000; // spec 01 §4: logged out and sent to /login after 1 second

const fields = passwordChangeBody.shape;

/** Change Password (spec 01 §2, §5). Success ends every session, this one too: back to sign in. */
export function ChangePasswordForm() {
  const [form] = Form.useForm<PasswordChangeBody>();
  const { message } = App.useApp();
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);
  const change = useMutation({
    mutationFn: changePassword,
    onSuccess: (response) => {
      void message.success(response.detail || PASSWORD_CHANGE_MESSAGES.changed);
      timer.current = setTimeout(() => {
        // The server has already revoked the tokens; a full load drops everything of the old session.
        clearSession();
        goTo('/login');
      }, SIGN_OUT_DELAY_MS);
    },
    onError: (error) => {
      if (error instanceof ApiError)
        form.setFields(formFieldErrors(error, ['old_password', 'new_password', 'confirm']));
    },
  });

  return (
    <Form<PasswordChangeBody>
      form={form}
      name="change-password"
      layout="vertical"
      onFinish={(values) => change.mutate(values)}
      style={{ maxWidth: 420 }}
    >
      <Form.Item label="Old Password" name="old_password" required rules={[zodRule(fields.old_password)]}>
        <Input.Password autoComplete="current-password" />
      </Form.Item>
      <Form.Item label="New Password" name="new_password" required rules={[zodRule(fields.new_password)]}>
        <Input.Password autoComplete="new-password" />
      </Form.Item>
      <Form.Item
        label="Confirm Password"
        name="confirm"
        required
        dependencies={['new_password']}
        rules={[
          zodRule(fields.confirm),
          ({ getFieldValue }) => ({
            validator: async (_rule, value: string | undefined) => {
              if (value && value !== getFieldValue('new_password'))
                throw new Error(PASSWORD_CHANGE_MESSAGES.passwordsDiffer);
            },
          }),
        ]}
      >
        <Input.Password autoComplete="new-password" />
      </Form.Item>
      <Button type="primary" htmlType="submit" loading={change.isPending || change.isSuccess}>
        Change Password
      </Button>
    </Form>
  );
}
