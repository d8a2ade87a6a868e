import { Checkbox, Form, Input, Modal } from 'antd';
import {
  WEBHOOK_EVENT_LABELS,
  WEBHOOK_EVENT_TYPES,
  WEBHOOK_LABELS as L,
  WEBHOOK_LIMITS,
  WEBHOOK_MESSAGES as M,
  webhookCreateBody,
  type WebhookEventType,
  type WebhookRow,
  type WebhookSaved,
} from '@rms/contracts/notifications';
import { ApiError, formFieldErrors } from '../../api/errors';
import { zodRule } from '../../lib/zod-rule';
import { useCreateWebhook, useUpdateWebhook } from './api';

interface WebhookValues {
  url: string;
  secret?: string;
  events: WebhookEventType[];
}

const FIELDS = ['url', 'secret', 'events'] as const;
const EVENT_OPTIONS = WEBHOOK_EVENT_TYPES.map((type) => ({ value: type, label: WEBHOOK_EVENT_LABELS[type] }));
const { shape } = webhookCreateBody;

interface WebhookFormModalProps {
  /** Open for a new webhook (`'new'`) or to edit one; closed when null. */
  editing: WebhookRow | 'new' | null;
  onClose: () => void;
  onSaved: (saved: WebhookSaved) => void;
}

/**
 * Add or edit a webhook: its URL, the events it receives and its signing secret. The secret is
 * write-only: it is never shown again, and left empty on edit it stays as it is. The server checks
 * the same rules (and where the URL may point) and names the field it refuses.
 */
export function WebhookFormModal({ editing, onClose, onSaved }: WebhookFormModalProps) {
  const [form] = Form.useForm<WebhookValues>();
  const create = useCreateWebhook();
  const update = useUpdateWebhook();
  const existing = editing !== 'new' ? editing : null;
  const saving = create.isPending || update.isPending;

  const onFinish = (values: WebhookValues) => {
    const handlers = {
      onSuccess: (saved: WebhookSaved) => {
        form.resetFields();
        onSaved(saved);
      },
      onError: (error: Error) => {
        if (error instanceof ApiError) form.setFields(formFieldErrors(error, FIELDS));
      },
    };
    if (existing) {
      const body = {
        url: values.url,
        events: values.events,
        ...(values.secret ? { secret: values.secret } : {}),
      };
      update.mutate({ id: existing.id, body }, handlers);
    } else create.mutate({ url: values.url, secret: values.secret ?? '', events: values.events }, handlers);
  };

  return (
    <Modal
      open={editing !== null}
      title={existing ? 'Edit Webhook' : 'Add Webhook'}
      okText={existing ? 'Save' : 'Add'}
      onOk={() => form.submit()}
      confirmLoading={saving}
      onCancel={onClose}
      destroyOnHidden
      width={640}
    >
      <Form<WebhookValues>
        form={form}
        name="webhook"
        layout="vertical"
        onFinish={onFinish}
        initialValues={existing ? { url: existing.url, events: existing.events } : { events: [] }}
        preserve={false}
      >
        <Form.Item
          label={L.url}
          name="url"
          required
          extra="An https address on the internet; each delivery is a signed JSON POST."
          rules={[zodRule(shape.url)]}
        >
          <Input autoComplete="off" placeholder="https://example.com/hooks/rms" inputMode="url" />
        </Form.Item>
        <Form.Item
          label={L.secret}
          name="secret"
          required={!existing}
          extra={
            existing
              ? `Set: ends in …${existing.secret_hint}. Leave empty to keep it; a new one replaces it.`
              : `At least ${WEBHOOK_LIMITS.secretMin} characters. It signs every delivery (X-RMS-Signature) and is never shown again.`
          }
          rules={[
            {
              validator: async (_rule, value: string | undefined) => {
                if (existing && !value) return;
                const result = shape.secret.safeParse(value ?? undefined);
                if (!result.success) throw new Error(result.error.issues[0]?.message ?? M.secretShort);
              },
            },
          ]}
        >
          <Input.Password
            autoComplete="new-password"
            placeholder={existing ? 'Leave empty to keep the current secret' : undefined}
          />
        </Form.Item>
        <Form.Item label={L.events} name="events" required rules={[zodRule(shape.events)]}>
          <Checkbox.Group options={EVENT_OPTIONS} style={{ display: 'grid', gap: 8 }} />
        </Form.Item>
      </Form>
    </Modal>
  );
}
