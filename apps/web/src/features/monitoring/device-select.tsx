import { SearchSelect } from '../../components/search-select';
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
  return (
    <SearchSelect
      query={deviceSearchQuery}
      optionsOf={(page) =>
        page.results.map((d) => ({ value: d.device_data.id, label: d.device_data.device_id }))
      }
      value={value && { value: value.id, label: value.device_id }}
      onChange={(picked) => onChange(picked && { id: picked.value, device_id: picked.label })}
      allowClear={allowClear}
      placeholder={placeholder ?? 'Search device'}
      notFound="No device found"
      style={{ minWidth: 200, ...style }}
    />
  );
}
