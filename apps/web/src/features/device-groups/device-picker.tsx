import { useQuery } from '@tanstack/react-query';
import { Select } from 'antd';
import { useDeferredValue, useState } from 'react';
import { candidatesQuery } from './api';

// A static group's device picker: the organization's active devices, searched by RMS ID or project.

interface DevicePickerProps {
  organization: number | undefined;
  value?: number[];
  onChange?: (value: number[]) => void;
}

export function DevicePicker({ organization, value, onChange }: DevicePickerProps) {
  const [search, setSearch] = useState('');
  const query = useDeferredValue(search);
  const candidates = useQuery(candidatesQuery(organization, query));
  return (
    <Select
      mode="multiple"
      style={{ width: '100%' }}
      aria-label="Devices"
      placeholder="Search devices"
      showSearch={{ filterOption: false, onSearch: setSearch }}
      loading={candidates.isFetching}
      value={value}
      onChange={onChange}
      notFoundContent={candidates.isFetching ? 'Searching…' : 'No device matches'}
      options={(candidates.data ?? []).map((d) => ({
        value: d.id,
        label: d.project ? `${d.device_id} · ${d.project}` : d.device_id,
      }))}
    />
  );
}
