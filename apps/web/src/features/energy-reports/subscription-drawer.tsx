import { Alert, Button, Drawer, Flex, Form, Input, Select } from 'antd';
import { useEffect, useState } from 'react';
import {
  energySubscriptionBody,
  MAX_REPORT_RECIPIENTS,
  type EnergySubscriptionRow,
} from '@rms/contracts/energy-reports';
import { ApiError, formFieldErrors } from '../../api/errors';
import { useOrganizationChoices } from '../../components/organization-choices';
import { zodRule } from '../../lib/zod-rule';
import { useCreateSubscription, useUpdateSubscription } from './api';

// A monthly e-mail, added or changed: the organization (the provider's people, when adding; it stays
// once saved), a project or all of them, and the recipients as tags, checked by the contract's rule.

/** null: a new one; a row: that one. */
export type SubscriptionEditing = { subscription: EnergySubscriptionRow | null };

interface FormValues {
  organization?: number;
  project?: string;
  recipients: string[];
}

const FIELDS = ['organization', 'project', 'recipients'] as const;
const recipientsSchema = energySubscriptionBody.shape.recipients;
/** The project's rule; left blank means every project. */
const projectRule = zodRule({
  safeParse: (value: unknown) =>
    energySubscriptionBody.shape.project.safeParse(
      typeof value === 'string' && value.trim() === '' ? undefined : value,
    ),
});

interface SubscriptionDrawerProps {
  editing: SubscriptionEditing | null;
  /** The organization the report shows, offered first when adding. */
  organization: number | undefined;
  onClose: () => void;
  onSaved: (detail: string) => void;
}

export function SubscriptionDrawer({ editing, organization, onClose, onSaved }: SubscriptionDrawerProps) {
  const [form] = Form.useForm<FormValues>();
  const create = useCreateSubscription();
  const update = useUpdateSubscription();
  const organizations = useOrganizationChoices(editing !== null);
  const [failure, setFailure] = useState<string | null>(null);
  const subscription = editing?.subscription ?? null;

  useEffect(() => {
    if (!editing) return;
    form.resetFields();
    form.setFieldsValue(
      editing.subscription
        ? { project: editing.subscription.project ?? '', recipients: editing.subscription.recipients }
        : { organization, project: '', recipients: [] },
    );
  }, [editing, organization, form]);

  // The drawer outlives an opening: what failed last time goes with it.
  const close = () => {
    setFailure(null);
    onClose();
  };

  const onFinish = (values: FormValues) => {
    setFailure(null);
    const recipients = recipientsSchema.parse(values.recipients);
    const project = values.project?.trim() || null;
    const handlers = {
      onSuccess: (saved: { detail: string }) => {
        setFailure(null);
        onSaved(saved.detail);
      },
      onError: (error: unknown) => {
        if (!(error instanceof ApiError)) return;
        const fields = formFieldErrors(error, FIELDS);
        if (fields.length > 0) form.setFields(fields);
        else setFailure(error.detail);
      },
    };
    if (subscription) update.mutate({ id: subscription.id, body: { project, recipients } }, handlers);
    else
      create.mutate(
        { ...(values.organization && { organization: values.organization }), project, recipients },
        handlers,
      );
  };

  return (
    <Drawer
      open={editing !== null}
      title={subscription ? `Edit monthly e-mail of ${subscription.organization.name}` : 'Add monthly e-mail'}
      size="min(520px, 100vw)"
      onClose={close}
      destroyOnHidden
      extra={
        <Flex gap={8}>
          <Button onClick={close}>Cancel</Button>
          <Button type="primary" loading={create.isPending || update.isPending} onClick={() => form.submit()}>
            Save
          </Button>
        </Flex>
      }
    >
      {failure && <Alert type="error" showIcon message={failure} style={{ marginBottom: 16 }} />}
      <Form<FormValues> form={form} name="energy-subscription" layout="vertical" onFinish={onFinish}>
        {!subscription && organizations && (
          <Form.Item name="organization" label="Organization" extra="Left empty: your own organization">
            <Select
              allowClear
              placeholder="Your organization"
              showSearch={{ optionFilterProp: 'label' }}
              options={organizations}
            />
          </Form.Item>
        )}
        <Form.Item
          name="project"
          label="Project"
          extra="Left empty: every project of the organization"
          rules={[projectRule]}
        >
          <Input placeholder="All projects" maxLength={100} />
        </Form.Item>
        <Form.Item
          name="recipients"
          label="Recipients"
          required
          extra={`E-mail addresses, Enter after each; at most ${MAX_REPORT_RECIPIENTS}`}
          rules={[zodRule(recipientsSchema)]}
        >
          <Select
            mode="tags"
            aria-label="Recipients"
            placeholder="name@example.com"
            tokenSeparators={[',', ' ', ';']}
            open={false}
            suffixIcon={null}
          />
        </Form.Item>
      </Form>
    </Drawer>
  );
}
