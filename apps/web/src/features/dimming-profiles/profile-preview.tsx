import { useQuery } from '@tanstack/react-query';
import {
  Alert,
  DatePicker,
  Empty,
  Flex,
  InputNumber,
  Segmented,
  Select,
  Skeleton,
  Statistic,
  Typography,
} from 'antd';
import type { Dayjs } from 'dayjs';
import { useState } from 'react';
import type { ProfileStep } from '@rms/contracts/lighting';
import { MAP_DEFAULT_CENTER } from '@rms/contracts/monitoring';
import {
  PREVIEW_FIRST_DAY,
  PREVIEW_LAST_DAY,
  type ProfilePreview as Preview,
  type ProfilePreviewBody,
} from '@rms/contracts/profiles';
import { ApiError } from '../../api/errors';
import { wallClock } from '../../lib/clock';
import { DATE_FORMAT } from '../../lib/format';
import { useDebounced } from '../../lib/use-debounced';
import { deviceChoicesQuery, previewQuery } from './api';
import { NightChart } from './night-chart';

// The preview beside the form: the steps as they stand (unsaved), made concrete for one night at a
// device's place or a latitude/longitude, with the energy the lamp will use against full brightness all
// night. The server computes it with the same nightPlan/nightUse the delivery and the report use.

const hhmm = (ms: number) => wallClock(ms).format('HH:mm');
const PLACE_SOURCES: Record<Preview['place']['source'], string> = {
  device: "the device's location",
  city: "its city's devices (the device has no location of its own)",
  given: 'the place entered',
};
const WATTS_SOURCES: Record<Preview['watts_source'], string> = {
  given: 'entered',
  device: "the device's Load Watt",
  default: 'the default Load Watt',
};

export function ProfilePreview({ steps }: { steps: ProfileStep[] | null }) {
  const [mode, setMode] = useState<'device' | 'place'>('place');
  const [device, setDevice] = useState<number | undefined>(undefined);
  const [search, setSearch] = useState('');
  const [lat, setLat] = useState<number | null>(MAP_DEFAULT_CENTER.latitude);
  const [lon, setLon] = useState<number | null>(MAP_DEFAULT_CENTER.longitude);
  const [date, setDate] = useState<Dayjs | null>(null);
  const [watts, setWatts] = useState<number | null>(null);

  const devices = useQuery({
    ...deviceChoicesQuery(useDebounced(search), device),
    enabled: mode === 'device',
  });
  const place =
    mode === 'device'
      ? device === undefined
        ? null
        : { device }
      : lat === null || lon === null
        ? null
        : { lat, lon };
  const body: ProfilePreviewBody | null =
    steps && place
      ? {
          steps,
          ...place,
          ...(date && { date: date.format('YYYY-MM-DD') }),
          ...(watts !== null && { watts }),
        }
      : null;
  // Typing in the form asks once it settles, not at every keystroke.
  const settled = useDebounced(body ? JSON.stringify(body) : '', 300);
  const asked = settled ? (JSON.parse(settled) as ProfilePreviewBody) : null;
  const preview = useQuery(previewQuery(asked));
  const p = preview.data;
  const error = preview.error instanceof ApiError ? preview.error.detail : null;

  return (
    <Flex vertical gap={12}>
      <Typography.Title level={5} style={{ margin: 0 }}>
        Preview
      </Typography.Title>
      <Flex wrap gap={8} align="center">
        <Segmented
          aria-label="Preview for"
          value={mode}
          onChange={(v) => setMode(v as 'device' | 'place')}
          options={[
            { value: 'place', label: 'Place' },
            { value: 'device', label: 'Device' },
          ]}
        />
        {mode === 'device' ? (
          <Select
            aria-label="Device"
            showSearch
            filterOption={false}
            onSearch={setSearch}
            allowClear
            placeholder="Search an RMS ID or project"
            style={{ minWidth: 240, flex: 1 }}
            value={device}
            onChange={(v?: number) => setDevice(v)}
            loading={devices.isFetching}
            notFoundContent={devices.isFetching ? 'Searching…' : 'No device found'}
            options={(devices.data ?? []).map((d) => ({
              value: d.id,
              label: d.project ? `${d.device_id} · ${d.project}` : d.device_id,
            }))}
          />
        ) : (
          <>
            <InputNumber
              aria-label="Latitude"
              prefix="Lat"
              min={-90}
              max={90}
              step={0.01}
              value={lat}
              onChange={setLat}
              style={{ width: 140 }}
            />
            <InputNumber
              aria-label="Longitude"
              prefix="Lon"
              min={-180}
              max={180}
              step={0.01}
              value={lon}
              onChange={setLon}
              style={{ width: 150 }}
            />
          </>
        )}
        <DatePicker
          aria-label="Night of"
          format={DATE_FORMAT}
          placeholder="Tonight"
          value={date}
          onChange={setDate}
          disabledDate={(d) => {
            const day = d.format('YYYY-MM-DD');
            return day < PREVIEW_FIRST_DAY || day > PREVIEW_LAST_DAY;
          }}
          style={{ width: 140 }}
        />
        <InputNumber
          aria-label="Lamp power"
          placeholder="Lamp W"
          suffix="W"
          min={1}
          max={150}
          value={watts}
          onChange={setWatts}
          style={{ width: 120 }}
        />
      </Flex>
      {!steps ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="Complete the steps to see the night" />
      ) : !place ? (
        <Empty
          image={Empty.PRESENTED_IMAGE_SIMPLE}
          description={mode === 'device' ? 'Pick a device' : 'Enter a latitude and longitude'}
        />
      ) : error ? (
        <Alert type="warning" showIcon message={error} />
      ) : !p ? (
        <Skeleton active paragraph={{ rows: 6 }} />
      ) : (
        <>
          <NightChart preview={p} />
          <Flex wrap gap={24}>
            <Statistic title="Dusk" value={hhmm(p.dusk)} />
            <Statistic title="Dawn" value={hhmm(p.dawn)} />
            <Statistic title="Lit" value={(p.lit_minutes / 60).toFixed(1)} suffix="h" />
            <Statistic title="Energy" value={p.energy_wh.toFixed(0)} suffix="Wh" />
            <Statistic title="Full night" value={p.full_night_wh.toFixed(0)} suffix="Wh" />
            <Statistic
              title="Saving"
              value={p.saving_percent.toFixed(1)}
              suffix="%"
              valueStyle={{ color: p.saving_percent > 0 ? '#389e0d' : undefined }}
            />
          </Flex>
          <Typography.Text type="secondary" style={{ fontSize: 12 }}>
            Night of {wallClock(p.date).format(DATE_FORMAT)} at {p.place.lat.toFixed(4)},{' '}
            {p.place.lon.toFixed(4)} ({PLACE_SOURCES[p.place.source]}); lamp {p.watts} W (
            {WATTS_SOURCES[p.watts_source]}). Steps:{' '}
            {p.night_plan.map((s) => `${hhmm(s.at)} ${s.level}%`).join(' → ')}
          </Typography.Text>
        </>
      )}
    </Flex>
  );
}
