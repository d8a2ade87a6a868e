import { useQuery } from '@tanstack/react-query';
import { Alert, Button, Drawer, Flex, Form, Input, Radio, Select, Typography } from 'antd';
import { useDeferredValue, useEffect, useState } from 'react';
import type { GroupRow } from '@rms/contracts/groups';
import { TAG_MESSAGE, TAG_PATTERN, type GroupFilter, type GroupKind } from '@rms/contracts/lighting';
import { ApiError } from '../../api/errors';
import { useSession } from '../../auth/use-session';
import { useOrganizationChoices } from '../../components/organization-choices';
import { StateCitySelect } from '../../components/state-city-select';
import { groupPreviewQuery, useCreateGroup, useUpdateGroup } from './api';
import { DevicePicker } from './device-picker';
import { GroupMembers } from './group-members';

// A group's form. Dynamic: the criteria, with what they select now under them as they change. Static:
// the devices, chosen with a search when the group is made and added or removed afterwards in its
// member list. The kind is fixed once saved. The server's refusals land on the field they name.

export interface GroupEditing {
  /** Null: a new group. */
  group: GroupRow | null;
}

interface FormValues {
  organization?: number;
  name: string;
  kind: GroupKind;
  filter?: {
    organization?: number;
    project?: string;
    state?: number;
    city?: number;
    status?: GroupFilter['status'];
    tag?: string;
  };
  devices?: number[];
}

const STATUSES = ['Online', 'Offline', 'On Error'] as const;

/** The criteria as the contract takes them: empty fields left out. */
function toFilter(values: FormValues['filter']): GroupFilter {
  const f = values ?? {};
  return Object.fromEntries(
    Object.entries(f).filter(([, v]) => v !== undefined && v !== null && v !== ''),
  ) as GroupFilter;
}

interface GroupDrawerProps {
  editing: GroupEditing | null;
  readOnly: boolean;
  onClose: () => void;
  onSaved: (detail: string) => void;
}

export function GroupDrawer({ editing, readOnly, onClose, onSaved }: GroupDrawerProps) {
  const [form] = Form.useForm<FormValues>();
  const create = useCreateGroup();
  const update = useUpdateGroup();
  const [failure, setFailure] = useState<string | null>(null);
  const session = useSession();
  const isProvider = session?.user.organization_data.is_provider ?? false;
  const group = editing?.group ?? null;
  const isNew = editing !== null && group === null;
  const organizationOptions = useOrganizationChoices(editing !== null);
  const kind = Form.useWatch('kind', form) ?? group?.kind;
  const chosenOrganization = Form.useWatch('organization', form);
  const owner = group?.organization ?? chosenOrganization;
  const filterValues = Form.useWatch('filter', form);
  const filter = useDeferredValue(kind === 'dynamic' && editing ? toFilter(filterValues) : null);
  const preview = useQuery(groupPreviewQuery(owner, filter));
  // The group's organization may select other organizations' devices only when it is the provider's.
  const ownerIsProvider = isProvider && (owner === undefined || owner === session?.user.organization_data.id);

  useEffect(() => {
    if (!editing) return;
    form.resetFields();
    form.setFieldsValue(
      group
        ? { name: group.name, kind: group.kind, filter: { ...(group.filter ?? {}) } }
        : { name: '', kind: 'dynamic', filter: {} },
    );
  }, [form, editing, group]);

  const close = () => {
    setFailure(null);
    onClose();
  };

  const onFinish = (values: FormValues) => {
    setFailure(null);
    const handlers = {
      onSuccess: (saved: { detail: string }) => onSaved(saved.detail),
      onError: (error: Error) => {
        if (!(error instanceof ApiError)) return;
        setFailure(error.detail);
        form.setFields(
          Object.entries(error.fieldErrors).map(([name, errors]) => ({
            name: name.split('.') as never,
            errors,
          })),
        );
      },
    };
    if (group) {
      update.mutate(
        {
          id: group.id,
          body: { name: values.name, ...(group.kind === 'dynamic' && { filter: toFilter(values.filter) }) },
        },
        handlers,
      );
      return;
    }
    create.mutate(
      {
        name: values.name,
        kind: values.kind,
        ...(values.organization && { organization: values.organization }),
        ...(values.kind === 'dynamic'
          ? { filter: toFilter(values.filter) }
          : { devices: values.devices ?? [] }),
      },
      handlers,
    );
  };

  return (
    <Drawer
      open={editing !== null}
      title={readOnly ? (group?.name ?? '') : group ? `Edit ${group.name}` : 'Add Device Group'}
      width="min(760px, 100vw)"
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
      {failure && <Alert type="error" showIcon message={failure} style={{ marginBottom: 16 }} />}
      <Form<FormValues>
        form={form}
        name="device-group"
        layout="vertical"
        onFinish={onFinish}
        disabled={readOnly}
      >
        {isNew && organizationOptions && (
          <Form.Item name="organization" label="Organization">
            <Select
              allowClear
              placeholder="Your organization"
              showSearch={{ optionFilterProp: 'label' }}
              options={organizationOptions}
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
          <Input placeholder="Main road lights" maxLength={100} />
        </Form.Item>
        <Form.Item
          name="kind"
          label="Kind"
          extra={group ? 'The kind of a saved group stays as it is.' : undefined}
        >
          <Radio.Group
            disabled={!isNew}
            options={[
              { value: 'dynamic', label: 'Dynamic: devices matching criteria' },
              { value: 'static', label: 'Static: devices I choose' },
            ]}
          />
        </Form.Item>
        {kind === 'dynamic' && (
          <>
            <Typography.Paragraph type="secondary">
              Every active device of the organization that matches all the criteria given; leave a field empty
              to not narrow by it.
            </Typography.Paragraph>
            {ownerIsProvider && organizationOptions && (
              <Form.Item name={['filter', 'organization']} label="Customer organization">
                <Select
                  allowClear
                  placeholder="Any organization"
                  showSearch={{ optionFilterProp: 'label' }}
                  options={organizationOptions}
                />
              </Form.Item>
            )}
            <Form.Item name={['filter', 'project']} label="Project">
              <Input placeholder="Any project" maxLength={200} allowClear />
            </Form.Item>
            <StateCitySelect
              stateName={['filter', 'state']}
              cityName={['filter', 'city']}
              required={false}
              disabled={readOnly}
            />
            <Form.Item name={['filter', 'status']} label="Status">
              <Select
                allowClear
                placeholder="Any status"
                options={STATUSES.map((s) => ({ value: s, label: s }))}
              />
            </Form.Item>
            <Form.Item
              name={['filter', 'tag']}
              label="Tag"
              rules={[{ pattern: TAG_PATTERN, message: TAG_MESSAGE }]}
            >
              <Input placeholder="Any tag, e.g. main-road" maxLength={40} allowClear />
            </Form.Item>
            <Alert
              type={preview.isError ? 'warning' : 'info'}
              showIcon
              message={
                preview.isError
                  ? 'The criteria could not be checked: see the fields above'
                  : preview.data
                    ? `${preview.data.count.toLocaleString('en-IN')} device${preview.data.count === 1 ? '' : 's'} match now`
                    : 'Counting the devices that match…'
              }
              description={
                preview.data && preview.data.devices.length > 0
                  ? preview.data.devices.map((d) => d.device_id).join(', ') +
                    (preview.data.count > preview.data.devices.length ? ', …' : '')
                  : undefined
              }
            />
          </>
        )}
        {kind === 'static' && isNew && (
          <Form.Item name="devices" label="Devices" extra="Search by RMS ID or project; add more later.">
            <DevicePicker organization={owner} />
          </Form.Item>
        )}
      </Form>
      {kind === 'static' && group && <GroupMembers group={group} readOnly={readOnly} />}
    </Drawer>
  );
}
