import { useQuery } from '@tanstack/react-query';
import { Select } from 'antd';
import { useState } from 'react';
import { useDebounced } from '../../lib/use-debounced';
import { deviceSearchQuery } from './api';

export interface PickedDevice {
  id: number;
  device_id: string;
}

interface DeviceSelectProps {
  value: PickedDevice | undefined;
  onChange: (device: PickedDevice | undefined) => void;
  allowClear?: boolean;
  placeholder?: string;
  style?: React.CSSProperties;
}

/** A searchable picker of activated devices (devices/device_list/ with query, debounced 500 ms). */
export function DeviceSelect({ value, onChange, allowClear, placeholder, style }: DeviceSelectProps) {
  const [text, setText] = useState('');
  const query = useDebounced(text);
  const devices = useQuery(deviceSearchQuery(query));
  const options = (devices.data?.results ?? []).map((d) => ({
    value: d.device_data.id,
    label: d.device_data.device_id,
  }));
  if (value && !options.some((o) => o.value === value.id))
    options.unshift({ value: value.id, label: value.device_id });
  return (
    <Select
      aria-label="Device"
      showSearch={{ filterOption: false, onSearch: setText }}
      allowClear={allowClear}
      placeholder={placeholder ?? 'Search device'}
      loading={devices.isFetching}
      style={{ minWidth: 200, ...style }}
      value={value?.id}
      options={options}
      notFoundContent={devices.isFetching ? 'Searching…' : 'No device found'}
      onChange={(id?: number) => {
        const option = options.find((o) => o.value === id);
        onChange(option ? { id: option.value, device_id: option.label } : undefined);
        setText('');
      }}
    />
  );
}
