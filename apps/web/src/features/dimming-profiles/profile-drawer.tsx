import { Alert, Button, Col, Drawer, Flex, Form, Input, Row, Select } from 'antd';
import { useEffect, useState } from 'react';
import type { ProfileRow } from '@rms/contracts/profiles';
import { ApiError } from '../../api/errors';
import { useOrganizationChoices } from '../../components/organization-choices';
import { useCreateProfile, useUpdateProfile } from './api';
import { ProfilePreview } from './profile-preview';
import { StepList } from './step-list';
import { fieldPath, toSteps, toValues, validSteps, type StepValues } from './step-values';

// A profile's form and, beside it, the night it makes. A new profile starts as the common plan (full
// light from dusk, 60 % from 23:00, 30 % from 02:00); the server's refusals land on the field they name.

export interface ProfileEditing {
  /** Null: a new profile. */
  profile: ProfileRow | null;
}

interface FormValues {
  name: string;
  organization?: number;
  steps: StepValues[];
}

const STARTER = toValues([
  { anchor: 'dusk', offset_min: 0, level: 100 },
  { anchor: 'clock', offset_min: 0, at: '23:00', level: 60 },
  { anchor: 'clock', offset_min: 0, at: '02:00', level: 30 },
]);

interface ProfileDrawerProps {
  editing: ProfileEditing | null;
  readOnly: boolean;
  onClose: () => void;
  onSaved: (detail: string) => void;
}

export function ProfileDrawer({ editing, readOnly, onClose, onSaved }: ProfileDrawerProps) {
  const [form] = Form.useForm<FormValues>();
  const create = useCreateProfile();
  const update = useUpdateProfile();
  const [failure, setFailure] = useState<string | null>(null);
  const isNew = editing !== null && editing.profile === null;
  const organizations = useOrganizationChoices(isNew);
  const steps = Form.useWatch('steps', form);

  const profile = editing?.profile;
  useEffect(() => {
    if (!editing) return;
    form.resetFields();
    form.setFieldsValue(
      profile ? { name: profile.name, steps: toValues(profile.steps) } : { name: '', steps: STARTER },
    );
  }, [form, editing, profile]);

  // The drawer outlives an opening: what failed last time goes with it.
  const close = () => {
    setFailure(null);
    onClose();
  };

  const onFinish = (values: FormValues) => {
    setFailure(null);
    const handlers = {
      onSuccess: (saved: { detail: string }) => {
        setFailure(null);
        onSaved(saved.detail);
      },
      onError: (error: Error) => {
        if (!(error instanceof ApiError)) return;
        setFailure(error.detail);
        form.setFields(
          Object.entries(error.fieldErrors).map(([name, errors]) => ({
            name: fieldPath(name) as never,
            errors,
          })),
        );
      },
    };
    const body = { name: values.name, steps: toSteps(values.steps) };
    if (profile) update.mutate({ id: profile.id, body }, handlers);
    else
      create.mutate({ ...body, ...(values.organization && { organization: values.organization }) }, handlers);
  };

  return (
    <Drawer
      open={editing !== null}
      title={readOnly ? (profile?.name ?? '') : profile ? `Edit ${profile.name}` : 'Add Dimming Profile'}
      width="min(1320px, 100vw)"
      onClose={close}
      destroyOnHidden
      extra={
        !readOnly && (
          <Flex gap={8}>
            <Button onClick={close}>Cancel</Button>
            <Button
              type="primary"
              loading={create.isPending || update.isPending}
              onClick={() => form.submit()}
            >
              Save
            </Button>
          </Flex>
        )
      }
    >
      <Row gutter={[24, 24]}>
        <Col xs={24} xl={14}>
          {failure && <Alert type="error" showIcon message={failure} style={{ marginBottom: 16 }} />}
          <Form<FormValues>
            form={form}
            name="dimming-profile"
            layout="vertical"
            onFinish={onFinish}
            onValuesChange={(changed: Partial<FormValues>) => {
              // The list's rule (at most 3 lit steps) is judged again as any step changes.
              if (changed.steps) void form.validateFields([['steps']]).catch(() => undefined);
            }}
            disabled={readOnly}
          >
            {isNew && organizations && (
              <Form.Item name="organization" label="Organization">
                <Select
                  allowClear
                  placeholder="Your organization"
                  showSearch={{ optionFilterProp: 'label' }}
                  options={organizations}
                />
              </Form.Item>
            )}
            <Form.Item
              name="name"
              label="Name"
              rules={[
                { required: true, whitespace: true, message: "'Name' is required!" },
                { max: 100, message: "'Name' must be at most 100 characters" },
              ]}
            >
              <Input placeholder="Weeknight saver" maxLength={100} />
            </Form.Item>
            <Form.Item label="Steps" required style={{ marginBottom: 0 }}>
              <StepList disabled={readOnly} />
            </Form.Item>
          </Form>
        </Col>
        <Col xs={24} xl={10}>
          <ProfilePreview steps={validSteps(steps)} />
        </Col>
      </Row>
    </Drawer>
  );
}
