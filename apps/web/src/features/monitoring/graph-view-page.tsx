import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { Card, Empty, Select, Spin, Tabs, Typography } from 'antd';
import { useMemo, useState } from 'react';
import { useSearchParams } from 'react-router';
import { activationApi as A } from '@rms/contracts/api/activations';
import {
  GRAPH_KINDS,
  GRAPH_MAX_POINTS,
  GRAPH_SERIES,
  type GraphField,
  type GraphKind,
  type GraphPoint,
} from '@rms/contracts/monitoring';
import { apiPage } from '../../api/queries';
import { ActivationFilterBar, useActivationFilters } from '../../components/activation-filters';
import type { ActivationFilters } from '../../components/activation-filters';
import { useDebounced } from '../../lib/use-debounced';
import { DayRangePicker, useDayRange } from './date-range';
import { graphQuery } from './fleet-api';
import { LineChart, type LineSeries } from './line-chart';

// Graph View (spec 02 §2): tabs Power Graph, Battery, Solar and Load, each with the activation
// filters, a device (the first of the filtered list unless one is chosen) and a date range (the last
// 7 days to today), and a line chart of the tab's series. The server reduces a long range to about
// 2 points per pixel of the chart, keeping each bucket's min and max (peaks stay visible).

const TAB_LABELS: Record<GraphKind, string> = {
  power: 'Power Graph',
  battery: 'Battery',
  solar: 'Solar',
  load: 'Load',
};

/** How each field of a graph point is drawn; the tab's fields come from the contract (GRAPH_SERIES). */
const FIELD_LINES: Record<GraphField, Omit<LineSeries, 'field'>> = {
  pv_power: { label: 'PV power', unit: 'W', color: '#fa8c16' },
  load_power: { label: 'Load power', unit: 'W', color: '#1677ff' },
  bt_power: { label: 'Battery power', unit: 'W', color: '#52c41a' },
  bt_v: { label: 'Battery voltage', unit: 'V', color: '#389e0d' },
  bt_ch_i: { label: 'Charging current', unit: 'A', color: '#722ed1' },
  pv_v: { label: 'PV voltage', unit: 'V', color: '#d46b08' },
  pv_i: { label: 'PV current', unit: 'A', color: '#eb2f96' },
  lo_i: { label: 'Load current', unit: 'A', color: '#13c2c2' },
};

const TAB_SERIES = Object.fromEntries(
  GRAPH_KINDS.map((kind) => [
    kind,
    GRAPH_SERIES[kind].fields.map((field) => ({ field, ...FIELD_LINES[field] })),
  ]),
) as Record<GraphKind, LineSeries[]>;

const MIN_POINTS = 200;
/** Widths are rounded to this many pixels, so resizing the window does not reload at every step. */
const WIDTH_STEP = 100;
const DEVICE_OPTIONS = 50;

/** The devices of the filtered activation list, searchable (the first one is the default). */
function filteredDevicesQuery(filters: ActivationFilters, query: string) {
  return queryOptions({
    ...apiPage(A.list, { ...filters, query: query || undefined, page: 1, page_size: DEVICE_OPTIONS }),
    placeholderData: keepPreviousData,
  });
}

function GraphPanel({ tab, dayRange }: { tab: GraphKind; dayRange: ReturnType<typeof useDayRange> }) {
  const base = useActivationFilters();
  // Another filter starts over from the first device of the new list.
  const filterState = {
    ...base,
    setFilters: (changes: Parameters<typeof base.setFilters>[0]) =>
      base.setFilters('device' in changes ? changes : { ...changes, device: undefined }),
  };
  const { filters } = base;
  const { range, setRange } = dayRange;
  const [search, setSearch] = useState('');
  const query = useDebounced(search);
  const devices = useQuery(filteredDevicesQuery({ ...filters, device: undefined }, query));
  const options = (devices.data?.results ?? []).flatMap((row) =>
    row.device_data ? [{ value: row.device_data.id, label: row.device_data.device_id }] : [],
  );
  const device = filters.device ?? (query ? undefined : options[0]?.value);
  const [width, setWidth] = useState(0);
  const points = Math.min(GRAPH_MAX_POINTS, Math.max(MIN_POINTS, 2 * width));
  const series = TAB_SERIES[tab];

  const graph = useQuery({
    ...graphQuery(tab, {
      ...filters,
      device: device ?? 0,
      start_date: range.start,
      end_date: range.end,
      points,
    }),
    enabled: device !== undefined && width > 0,
  });
  const { times, values } = useMemo(() => columnsOf(graph.data ?? [], series), [graph.data, series]);
  const noDevice = !devices.isFetching && options.length === 0 && filters.device === undefined;
  const empty = graph.isSuccess && times.length === 0;
  // A device chosen earlier that the first page of the list does not hold: its own label.
  const chosenMissing = filters.device !== undefined && !options.some((o) => o.value === filters.device);
  const chosen = useQuery({
    ...filteredDevicesQuery({ device: filters.device }, ''),
    enabled: chosenMissing,
  });
  const chosenOption = chosenMissing
    ? (chosen.data?.results ?? []).flatMap((row) =>
        row.device_data ? [{ value: row.device_data.id, label: row.device_data.device_id }] : [],
      )
    : [];

  return (
    <>
      <ActivationFilterBar
        state={filterState}
        hide={['device']}
        extra={[
          <Select
            key="device"
            aria-label="Device"
            placeholder="Device"
            showSearch={{ filterOption: false, onSearch: setSearch }}
            style={{ width: '100%' }}
            loading={devices.isFetching}
            value={device}
            onChange={(value: number) => {
              setSearch('');
              base.setFilters({ device: value });
            }}
            options={[...chosenOption, ...options]}
            notFoundContent={devices.isFetching ? <Spin size="small" /> : 'No device matches'}
          />,
          <DayRangePicker key="range" value={range} onChange={setRange} />,
        ]}
      />
      <div style={{ position: 'relative', minHeight: 360 }}>
        <Spin spinning={graph.isFetching}>
          <LineChart
            ariaLabel={`${TAB_LABELS[tab]} chart`}
            times={times}
            values={values}
            series={series}
            // A narrower chart keeps the points it has; a wider one asks for more.
            onWidth={(w) => setWidth((was) => Math.max(was, Math.ceil(w / WIDTH_STEP) * WIDTH_STEP))}
          />
        </Spin>
        {(empty || noDevice || graph.isError) && (
          <div style={overlay}>
            <Empty
              description={
                noDevice
                  ? 'No activated device matches these filters'
                  : graph.isError
                    ? 'The graph could not be loaded'
                    : 'No data in this range'
              }
            />
          </div>
        )}
      </div>
    </>
  );
}

const overlay = {
  position: 'absolute',
  inset: 0,
  display: 'flex',
  alignItems: 'center',
  justifyContent: 'center',
  background: 'rgba(255,255,255,0.85)',
} as const;

/** The points as uPlot's columns: epoch seconds and one array per series. */
function columnsOf(points: GraphPoint[], series: LineSeries[]) {
  const times = points.map((p) => Date.parse(p.created_at) / 1000);
  const values = series.map((s) =>
    points.map((p) => {
      const v = p[s.field as keyof GraphPoint];
      return typeof v === 'number' ? v : null;
    }),
  );
  return { times, values };
}

export function GraphViewPage() {
  const [params, setParams] = useSearchParams();
  const asked = params.get('tab');
  const tab: GraphKind = GRAPH_KINDS.includes(asked as GraphKind) ? (asked as GraphKind) : 'power';
  // One range for the four tabs, like the filters (which live in the URL).
  const dayRange = useDayRange();
  return (
    <Card>
      <Typography.Title level={4} style={{ marginTop: 0 }}>
        Graph View
      </Typography.Title>
      <Tabs
        activeKey={tab}
        destroyOnHidden
        onChange={(key) =>
          setParams(
            (current) => {
              const next = new URLSearchParams(current);
              next.set('tab', key);
              return next;
            },
            { replace: true },
          )
        }
        items={GRAPH_KINDS.map((key) => ({
          key,
          label: TAB_LABELS[key],
          children: <GraphPanel tab={key} dayRange={dayRange} />,
        }))}
      />
    </Card>
  );
}
