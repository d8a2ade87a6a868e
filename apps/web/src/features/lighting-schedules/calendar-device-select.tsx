import { SearchSelect } from '../../components/search-select';
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
  return (
    <SearchSelect
      query={(text) => calendarDevicesQuery(organization, text)}
      optionsOf={(choices) => choices.devices.map((d) => ({ value: d.id, label: d.name }))}
      value={value && { value: value.id, label: value.rmsId }}
      onChange={(picked) => onChange(picked && { id: picked.value, rmsId: picked.label })}
      allowClear
      placeholder="Search a device by RMS ID"
      notFound="No device matches"
      style={{ width: 'min(360px, 100%)' }}
    />
  );
}
