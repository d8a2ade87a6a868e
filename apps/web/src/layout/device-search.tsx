import { SearchOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { anyOf } from '@rms/contracts/permissions';
import { Select } from 'antd';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { useAllows } from '../auth/use-allows';
import { useDebounced } from '../lib/use-debounced';
import { deviceSearchQuery } from '../features/monitoring/api';

const DEVICE_SEARCH_DEBOUNCE_MS = 600; // spec 01 §9
const LIST_DEVICES = anyOf('VIEW_DEVICE_ACTIVATION', 'DEVICE_ACTIVATION');

/**
 * The header's device search (spec 01 §2 "Header"): matches by device ID and model, 600 ms after
 * typing stops; choosing one opens /analysis for that device. Shown only to users who may list devices.
 */
export function DeviceSearch({ width = 280 }: { width?: number }) {
  const canList = useAllows(LIST_DEVICES);
  const navigate = useNavigate();
  const [text, setText] = useState('');
  const query = useDebounced(text, DEVICE_SEARCH_DEBOUNCE_MS);
  const devices = useQuery({ ...deviceSearchQuery(query), enabled: canList && query !== '' });
  if (!canList) return null;
  const options =
    query === ''
      ? []
      : (devices.data?.results ?? []).map((d) => ({
          value: d.device_data.id,
          label: `${d.device_data.device_id} — ${d.device_data.model}`,
          code: d.device_data.device_id,
        }));
  return (
    <Select
      aria-label="Find RMS ID or model"
      placeholder="Search device ID or model"
      suffixIcon={<SearchOutlined />}
      style={{ width }}
      value={null}
      showSearch={{ filterOption: false, onSearch: setText, searchValue: text }}
      options={options}
      loading={devices.isFetching}
      notFoundContent={query === '' ? null : devices.isFetching ? 'Searching…' : 'No device found'}
      onChange={(id: number) => {
        const option = options.find((o) => o.value === id);
        if (!option) return;
        setText('');
        void navigate('/analysis', { state: { device: { id, device_id: option.code } } });
      }}
    />
  );
}
