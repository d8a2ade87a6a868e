import { useQuery } from '@tanstack/react-query';
import { Alert, Button, Drawer, Flex, Form, Tabs } from 'antd';
import { useEffect, useState } from 'react';
import { scheduleCreateBody, scheduleUpdateBody, type ScheduleRow } from '@rms/contracts/schedules';
import { ApiError } from '../../api/errors';
import { useSession } from '../../auth/use-session';
import { useOrganizationChoices } from '../../components/organization-choices';
import { scheduleChoicesQuery, scheduleQuery, useCreateSchedule, useUpdateSchedule } from './api';
import type { CalendarDevice } from './calendar-device-select';
import { ExceptionList } from './exception-list';
import { ScheduleCalendar } from './schedule-calendar';
import { ScheduleFields } from './schedule-fields';
import {
  fieldErrors,
  NEW_SCHEDULE,
  scheduleInput,
  scheduleValues,
  serverIssues,
  type ScheduleValues,
} from './schedule-values';

// A schedule's drawer: its form and, once saved, its exceptions and a month calendar of its group or
// of one device picked there. The form is checked with the contract's schema before it is sent; the
// server's refusals land on the field they name.

export interface ScheduleEditing {
  /** Null: a new schedule. */
  schedule: ScheduleRow | null;
  /** The tab to open on (a saved schedule). */
  tab?: ScheduleTab;
}

export type ScheduleTab = 'schedule' | 'exceptions' | 'calendar';

interface ScheduleDrawerProps {
  editing: ScheduleEditing | null;
  readOnly: boolean;
  onClose: () => void;
  onSaved: (detail: string) => void;
}

export function ScheduleDrawer({ editing, readOnly, onClose, onSaved }: ScheduleDrawerProps) {
  const [form] = Form.useForm<ScheduleValues>();
  const create = useCreateSchedule();
  const update = useUpdateSchedule();
  const [failure, setFailure] = useState<string | null>(null);
  // The tab picked in this opening; each opening starts on the tab it asks for.
  const [picked, setPicked] = useState<{ opening: ScheduleEditing | null; tab: ScheduleTab }>({
    opening: null,
    tab: 'schedule',
  });
  const tab = picked.opening === editing ? picked.tab : (editing?.tab ?? 'schedule');
  const setTab = (next: ScheduleTab) => setPicked({ opening: editing, tab: next });
  // The calendar's device, kept while the opening lasts (across its tabs); each opening starts on the
  // schedule's group.
  const [shown, setShown] = useState<{ opening: ScheduleEditing | null; device?: CalendarDevice }>({
    opening: null,
  });
  const calendarDevice = shown.opening === editing ? shown.device : undefined;
  const isProvider = useSession()?.user.organization_data.is_provider ?? false;
  const schedule = editing?.schedule ?? null;
  const isNew = editing !== null && schedule === null;
  const organizations = useOrganizationChoices(isNew);
  const chosenOrganization = Form.useWatch('organization', form);
  const owner = schedule ? (isProvider ? schedule.organization : undefined) : chosenOrganization;
  const choices = useQuery(scheduleChoicesQuery(owner, editing !== null));
  // The schedule as saved now, with its exceptions (the list's row is as it was when opened).
  const detail = useQuery(scheduleQuery(schedule?.id));

  useEffect(() => {
    if (!editing) return;
    form.resetFields();
    form.setFieldsValue(editing.schedule ? scheduleValues(editing.schedule) : NEW_SCHEDULE);
  }, [form, editing]);

  const close = () => {
    setFailure(null);
    onClose();
  };

  const showErrors = (issues: Parameters<typeof fieldErrors>[0]) =>
    form.setFields(fieldErrors(issues) as never);

  const onFinish = (values: ScheduleValues) => {
    setFailure(null);
    const handlers = {
      onSuccess: (saved: { detail: string }) => {
        // The drawer outlives an opening: what failed before goes with it.
        setFailure(null);
        onSaved(saved.detail);
      },
      onError: (error: Error) => {
        if (!(error instanceof ApiError)) return;
        setFailure(error.detail);
        showErrors(serverIssues(error.fieldErrors));
      },
    };
    const input = scheduleInput(values);
    if (schedule) {
      const { organization: _owner, ...changes } = input;
      const parsed = scheduleUpdateBody.safeParse(changes);
      if (!parsed.success) return showErrors(parsed.error.issues);
      update.mutate({ id: schedule.id, body: parsed.data }, handlers);
    } else {
      const parsed = scheduleCreateBody.safeParse(input);
      if (!parsed.success) return showErrors(parsed.error.issues);
      create.mutate(parsed.data, handlers);
    }
  };

  const formPane = (
    <>
      {failure && <Alert type="error" showIcon message={failure} style={{ marginBottom: 16 }} />}
      <Form<ScheduleValues>
        form={form}
        name="lighting-schedule"
        layout="vertical"
        onFinish={onFinish}
        onValuesChange={(changed: Partial<ScheduleValues>) => {
          // Another organization's groups and profiles are not this one's.
          if ('organization' in changed) form.setFieldsValue({ group: undefined, profile: undefined });
        }}
        disabled={readOnly}
      >
        <ScheduleFields
          organizations={isNew ? organizations : null}
          groups={choices.data?.groups ?? []}
          profiles={choices.data?.profiles ?? []}
          loadingChoices={choices.isFetching}
        />
      </Form>
    </>
  );

  return (
    <Drawer
      open={editing !== null}
      title={readOnly ? (schedule?.name ?? '') : schedule ? `Edit ${schedule.name}` : 'Add Lighting Schedule'}
      width="min(960px, 100vw)"
      onClose={close}
      destroyOnHidden
      extra={
        !readOnly &&
        tab === 'schedule' && (
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
      {schedule ? (
        <Tabs
          activeKey={tab}
          onChange={(key) => setTab(key as ScheduleTab)}
          items={[
            { key: 'schedule', label: 'Schedule', children: formPane, forceRender: true },
            {
              key: 'exceptions',
              label: `Exceptions (${detail.data?.exceptions.length ?? schedule.exception_count})`,
              children: (
                <ExceptionList
                  schedule={schedule.id}
                  exceptions={detail.data?.exceptions}
                  loading={detail.isFetching}
                  profiles={choices.data?.profiles ?? []}
                  readOnly={readOnly}
                />
              ),
            },
            {
              key: 'calendar',
              label: 'Calendar',
              children: (
                <ScheduleCalendar
                  group={schedule.group}
                  groupName={schedule.group_name}
                  organization={owner}
                  device={calendarDevice}
                  onDeviceChange={(device) => setShown({ opening: editing, device })}
                />
              ),
            },
          ]}
        />
      ) : (
        formPane
      )}
    </Drawer>
  );
}
