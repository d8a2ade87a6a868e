import { useQuery } from '@tanstack/react-query';
import { Select } from 'antd';
import { useState } from 'react';
import { useDebounced } from '../../lib/use-debounced';
import { calendarDevicesQuery } from './api';

// The calendar's device picker: the organization's devices by RMS ID, searched on the server (the
// choices call offers 50 at a time), so an operator can see what one pole will do each night.

export interface CalendarDevice {
  id: number;
  rmsId: string;
}

interface CalendarDeviceSelectProps {
  /** The schedule's organization (the provider's people); undefined: the caller's own. */
  organization: number | undefined;
  value: CalendarDevice | undefined;
  onChange: (device: CalendarDevice | undefined) => void;
}

export function CalendarDeviceSelect({ organization, value, onChange }: CalendarDeviceSelectProps) {
  const [text, setText] = useState('');
  const search = useDebounced(text);
  const devices = useQuery(calendarDevicesQuery(organization, search));
  const options = (devices.data?.devices ?? []).map((d) => ({ value: d.id, label: d.name }));
  // The device picked stays shown while a search lists others.
  if (value && !options.some((o) => o.value === value.id))
    options.unshift({ value: value.id, label: value.rmsId });
  return (
    <Select
      aria-label="Device"
      showSearch={{ filterOption: false, onSearch: setText }}
      allowClear
      placeholder="Search a device by RMS ID"
      loading={devices.isFetching}
      style={{ width: 'min(360px, 100%)' }}
      value={value?.id}
      options={options}
      notFoundContent={devices.isFetching ? 'Searching…' : 'No device matches'}
      onChange={(id?: number) => {
        const option = options.find((o) => o.value === id);
        onChange(option ? { id: option.value, rmsId: option.label } : undefined);
        setText('');
      }}
    />
  );
}
