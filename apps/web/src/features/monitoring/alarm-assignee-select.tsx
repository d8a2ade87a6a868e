import { useQuery } from '@tanstack/react-query';
import { Select } from 'antd';
import { alarmAssigneesQuery } from './alarm-api';

/** "Nobody": the option that unassigns (antd's Select keeps no null value). */
export const UNASSIGNED = 0;

interface AssigneeSelectProps {
  /** The alarms to assign: the people offered may see every one of them. */
  ids: readonly number[];
  value?: number;
  onChange?: (value: number) => void;
  disabled?: boolean;
  style?: React.CSSProperties;
}

/** The people the alarms may be assigned to (their organization's and the provider's), and Nobody. */
export function AssigneeSelect({ ids, value, onChange, disabled, style }: AssigneeSelectProps) {
  const { data, isLoading } = useQuery({ ...alarmAssigneesQuery(ids), enabled: ids.length > 0 });
  const options = [
    { value: UNASSIGNED, label: 'Nobody (unassigned)' },
    ...(data ?? []).map((p) => ({ value: p.id, label: p.name })),
  ];
  return (
    <Select
      aria-label="Assignee"
      showSearch
      optionFilterProp="label"
      placeholder="Choose a person"
      loading={isLoading}
      options={options}
      value={value}
      onChange={onChange}
      disabled={disabled}
      style={{ minWidth: 220, ...style }}
    />
  );
}
