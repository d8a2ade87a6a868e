import { Form, Input, Modal, Spin } from 'antd';
import type { Dayjs } from 'dayjs';
import {
  API_KEY_LABELS as L,
  API_KEY_MESSAGES as M,
  apiKeyCreateBody,
  CODES_KEYS_NEVER_HOLD,
  type ApiKeyCreated,
} from '@rms/contracts/api-keys';
import { ApiError, formFieldErrors } from '../../api/errors';
import { DayPicker } from '../../components/day-picker';
import { PermissionCheckboxes, usePermissionKeys } from '../../components/permission-checkboxes';
import { expiryDisabled } from '../../lib/expiry-date';
import { zodRule } from '../../lib/zod-rule';
import { useCreateApiKey } from './api';

interface CreateKeyValues {
  name: string;
  permissions: string[];
  expires_on?: Dayjs | null;
}

const FIELDS = ['name', 'permissions', 'expires_on'] as const;
const never: readonly string[] = CODES_KEYS_NEVER_HOLD;

interface CreateKeyModalProps {
  open: boolean;
  onClose: () => void;
  /** The key was made: its answer carries the secret, to be shown once. */
  onCreated: (made: ApiKeyCreated) => void;
}

/**
 * Create API Key: a name, the permissions (picked from the creator's own, less those no key may
 * hold) and an optional last day. The server checks the same rules and names the field it refuses.
 */
export function CreateKeyModal({ open, onClose, onCreated }: CreateKeyModalProps) {
  const [form] = Form.useForm<CreateKeyValues>();
  const permissionKeys = usePermissionKeys();
  const create = useCreateApiKey();
  const grantable = (permissionKeys.data ?? []).filter((code) => !never.includes(code));

  const onFinish = (values: CreateKeyValues) =>
    create.mutate(
      {
        name: values.name,
        permissions: values.permissions.map((key) => ({ key })),
        expires_on: values.expires_on ? values.expires_on.format('YYYY-MM-DD') : null,
      },
      {
        onSuccess: (made) => {
          form.resetFields();
          onCreated(made);
        },
        onError: (error) => {
          if (error instanceof ApiError) form.setFields(formFieldErrors(error, FIELDS));
        },
      },
    );

  return (
    <Modal
      open={open}
      title="Create API Key"
      okText="Create"
      onOk={() => form.submit()}
      confirmLoading={create.isPending}
      onCancel={onClose}
      destroyOnHidden
      width={760}
    >
      <Form<CreateKeyValues>
        form={form}
        name="api-key"
        layout="vertical"
        onFinish={onFinish}
        initialValues={{ permissions: [] }}
        preserve={false}
      >
        <Form.Item label={L.name} name="name" required rules={[zodRule(apiKeyCreateBody.shape.name)]}>
          <Input
            autoComplete="off"
            placeholder="What the key is for, e.g. Billing export"
            count={{ max: 100 }}
          />
        </Form.Item>
        <Form.Item
          label={L.permissions}
          name="permissions"
          required
          extra="Only permissions you hold yourself. The key acts with those of them you still hold."
          rules={[
            {
              validator: async (_rule, value: string[] | undefined) => {
                if (!value?.length) throw new Error(M.choosePermissions);
              },
            },
          ]}
        >
          {permissionKeys.isPending ? <Spin /> : <PermissionCheckboxes keys={grantable} />}
        </Form.Item>
        <Form.Item
          label={L.expiresOn}
          name="expires_on"
          extra="The last day the key works. Leave empty for a key that works until revoked."
          rules={[
            {
              validator: async (_rule, value: Dayjs | null | undefined) => {
                if (value && expiryDisabled(value)) throw new Error(M.expiryAfterToday);
              },
            },
          ]}
        >
          <DayPicker style={{ width: 240 }} disabledDate={(day) => expiryDisabled(day)} />
        </Form.Item>
      </Form>
    </Modal>
  );
}
