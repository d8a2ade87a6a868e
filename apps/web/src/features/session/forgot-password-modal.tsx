import { MESSAGES } from '@rms/contracts/messages';
import { useMutation } from '@tanstack/react-query';
import { App, Button, Form, Input, Modal } from 'antd';
import { ApiError, formFieldErrors, showApiError } from '../../api/errors';
import { requestPasswordReset } from './session-api';

interface ForgotPasswordModalProps {
  open: boolean;
  onClose: () => void;
}

/**
 * Asks for a reset link (spec 01 §1). The server answers the same whether or not the address is
 * known, so the success message never reveals who has an account.
 */
export function ForgotPasswordModal({ open, onClose }: ForgotPasswordModalProps) {
  const [form] = Form.useForm<{ username: string }>();
  const { message } = App.useApp();
  const reset = useMutation({
    mutationFn: ({ username }: { username: string }) => requestPasswordReset(username),
    meta: { silent: true },
    onSuccess: (response) => {
      void message.success(response.detail || MESSAGES.resetLinkSent);
      onClose();
    },
    onError: (error) => {
      if (error instanceof ApiError) form.setFields(formFieldErrors(error, ['username']));
      showApiError(error); // spec 01 §7: each error value shown
    },
  });

  return (
    <Modal title="Email to Reset Password" open={open} onCancel={onClose} footer={null} destroyOnHidden>
      <Form
        form={form}
        name="password-reset"
        layout="vertical"
        requiredMark={false}
        onFinish={(values) => reset.mutate(values)}
        style={{ marginTop: 16 }}
      >
        <Form.Item
          label="Email"
          name="username"
          normalize={(value: string) => value.trim()}
          rules={[
            { required: true, message: MESSAGES.resetEmailRequired },
            { type: 'email', message: MESSAGES.validEmail },
          ]}
        >
          <Input inputMode="email" autoComplete="email" placeholder="name@company.com" />
        </Form.Item>
        <Button type="primary" htmlType="submit" block loading={reset.isPending}>
          Reset Password
        </Button>
      </Form>
    </Modal>
  );
}
