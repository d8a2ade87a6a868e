import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Card, Flex, Input, Spin, Typography } from 'antd';
import { useNavigate } from 'react-router';
import { ActivationFilterBar, useActivationFilters } from '../../components/activation-filters';
import { AlarmCounts } from '../../components/alarm-severity';
import { DEVICE_STATUS_COLOURS, STATUS_ORDER } from '../../lib/device-status-colours';
import { useListParams } from '../../lib/use-list-params';
import { mapMarkerQuery, mapQuery } from './fleet-api';
import { FleetMap, MAP_DEFAULT, type FleetPoints } from './fleet-map';

const NO_POINTS: FleetPoints = { device: [], lat: [], lon: [], status: [] };

// Map View (spec 02 §2): every activated device with a location that the user may see, on tiles the
// server names (OpenStreetMap by default), with the activation filters and a query. Hovering a device
// shows its card; clicking it opens /analysis with the device in navigation state.

const OSM_TILES = 'https://tile.openstreetmap.org/{z}/{x}/{y}.png';
const OSM_ATTRIBUTION =
  '&copy; <a href="https://www.openstreetmap.org/copyright">OpenStreetMap</a> contributors';

export function MapViewPage() {
  const filterState = useActivationFilters();
  const list = useListParams();
  const navigate = useNavigate();
  const params = { ...filterState.filters, query: list.query || undefined };
  const { data, isFetching, isError, isPlaceholderData } = useQuery(mapQuery(params));
  const queryClient = useQueryClient();
  const extra = data?.extra_data;
  const points = data ?? NO_POINTS;
  const count = points.device.length;

  return (
    <Card>
      <Flex wrap gap={12} align="center" justify="space-between" style={{ marginBottom: 12 }}>
        <Typography.Title level={4} style={{ margin: 0 }}>
          Map View
        </Typography.Title>
        <AlarmCounts />
      </Flex>
      <ActivationFilterBar
        state={filterState}
        extra={[
          <Input.Search
            key="query"
            aria-label="Search devices on the map"
            placeholder="Project, address, device, STLT, pole, PIN"
            allowClear
            value={list.text}
            onChange={(event) => list.setText(event.target.value)}
            onSearch={list.searchNow}
          />,
        ]}
      />
      <Flex justify="space-between" align="center" wrap gap={8} style={{ marginBottom: 8 }}>
        <Typography.Text type="secondary" aria-live="polite">
          {isError
            ? 'The map could not be loaded'
            : data
              ? count === 0
                ? 'No device with a location matches'
                : `${count.toLocaleString('en-IN')} ${count === 1 ? 'device' : 'devices'} on the map`
              : 'Loading devices…'}
        </Typography.Text>
        <Flex gap={12} wrap role="list" aria-label="Status colours">
          {STATUS_ORDER.map((status) => (
            <Flex key={status} gap={4} align="center" role="listitem">
              <span
                data-status={status}
                style={{
                  width: 10,
                  height: 10,
                  borderRadius: '50%',
                  background: DEVICE_STATUS_COLOURS[status].fill,
                  display: 'inline-block',
                }}
              />
              <Typography.Text type="secondary">{status}</Typography.Text>
            </Flex>
          ))}
          <Typography.Text type="secondary">
            · a cluster&apos;s ring shows its devices&apos; mix
          </Typography.Text>
        </Flex>
      </Flex>
      <Spin spinning={isFetching && !data}>
        <FleetMap
          points={points}
          center={{
            lat: extra?.center_latitude ?? MAP_DEFAULT.lat,
            lon: extra?.center_longitude ?? MAP_DEFAULT.lon,
          }}
          tileUrl={data ? extra?.tile_url || OSM_TILES : ''}
          tileAttribution={extra?.tile_attribution || OSM_ATTRIBUTION}
          // The previous filters' devices stay shown while new ones load; fit the view once they are in.
          selection={isPlaceholderData ? null : JSON.stringify(params)}
          loadMarker={(device) => queryClient.fetchQuery(mapMarkerQuery(device))}
          onOpen={(device) => void navigate('/analysis', { state: { device } })}
        />
      </Spin>
    </Card>
  );
}
