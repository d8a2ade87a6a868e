import { useQuery } from '@tanstack/react-query';
import { DatePicker, Flex, Input, Select } from 'antd';
import dayjs from 'dayjs';
import { useState } from 'react';
import { groupApi as G } from '@rms/contracts/api/groups';
import type { EnergyReportScope } from '@rms/contracts/energy-reports';
import { useAllows } from '../../auth/use-allows';
import { OrganizationFilter } from '../../components/organization-choices';
import { wallClock } from '../../lib/clock';
import { MONTH_FORMAT } from '../../lib/format';
import { groupChoicesQuery } from './api';

// The report's filters: the month (none after the current one: it has not begun), the provider's
// organization, a project (the activation's name, as typed) and a device group for whoever may read
// groups.

interface ReportFiltersProps {
  scope: EnergyReportScope;
  onChange: (changes: Partial<EnergyReportScope>) => void;
  /** Why the month was refused (the server's word), to mark the picker. */
  monthError?: string | null;
}

function GroupFilter({
  value,
  organization,
  onChange,
}: {
  value: number | undefined;
  organization: number | undefined;
  onChange: (group: number | undefined) => void;
}) {
  const [search, setSearch] = useState('');
  const groups = useQuery(groupChoicesQuery(search, organization));
  return (
    <Select
      aria-label="Group"
      allowClear
      placeholder="All groups"
      style={{ minWidth: 200 }}
      showSearch={{ filterOption: false, onSearch: setSearch }}
      loading={groups.isFetching}
      notFoundContent={groups.isLoading ? undefined : 'No groups'}
      value={value}
      onChange={(next?: number) => onChange(next)}
      options={(groups.data?.results ?? []).map((g) => ({
        value: g.id,
        label: `${g.name} (${g.devices} device${g.devices === 1 ? '' : 's'})`,
      }))}
    />
  );
}

/** The project as typed, asked for on Enter or the search button; cleared at once. */
function ProjectFilter({ value, onChange }: { value?: string; onChange: (project?: string) => void }) {
  const [text, setText] = useState(value ?? '');
  // A project set from elsewhere (back, a link) replaces what was typed.
  const [shown, setShown] = useState(value);
  if (value !== shown) {
    setShown(value);
    setText(value ?? '');
  }
  return (
    <Input.Search
      allowClear
      aria-label="Project"
      placeholder="Project"
      style={{ width: 260 }}
      maxLength={100}
      value={text}
      onChange={(e) => {
        setText(e.target.value);
        if (e.target.value === '') onChange(undefined);
      }}
      onSearch={(next) => onChange(next.trim() || undefined)}
    />
  );
}

export function ReportFilters({ scope, onChange, monthError }: ReportFiltersProps) {
  const canPickGroup = useAllows(G.groupList.access);
  const now = wallClock();
  return (
    <Flex wrap gap={12} align="center">
      <DatePicker
        picker="month"
        aria-label="Month"
        format={MONTH_FORMAT}
        allowClear={false}
        value={dayjs(`${scope.month}-01`)}
        disabledDate={(d) => d.isAfter(now, 'month')}
        status={monthError ? 'error' : undefined}
        onChange={(d) => d && onChange({ month: d.format('YYYY-MM') })}
      />
      <OrganizationFilter
        value={scope.organization}
        // Another organization's group is not found: the group goes with the organization.
        onChange={(organization) => onChange({ organization, group: undefined })}
      />
      <ProjectFilter value={scope.project} onChange={(project) => onChange({ project })} />
      {canPickGroup && (
        <GroupFilter
          value={scope.group}
          organization={scope.organization}
          onChange={(group) => onChange({ group })}
        />
      )}
    </Flex>
  );
}
