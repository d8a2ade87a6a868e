import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { Card, Flex, Input, Select, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useState, type ReactNode } from 'react';
import { Link } from 'react-router';
import type { ActivationRow } from '@rms/contracts/activations';
import { activationApi as A } from '@rms/contracts/api/activations';
import { apiPage } from '../api/queries';
import { dash } from '../lib/format';
import { useDebounced } from '../lib/use-debounced';
import { cityLookupQuery, stateLookupQuery } from './state-city-select';
import { PagedTable } from './paged-table';

// The table of activated devices that bulk parameter and inspections pick from (spec 02 §2): search,
// a "Rows" page size, State and City column filters (choosing a state loads its cities and clears the
// city; clearing the state clears both) and row selection by device.

export const ROWS_OPTIONS = [10, 20, 50, 100] as const;
export const ACTIVATION_SEARCH_PLACEHOLDER = 'Enter User Name or CID or Email Id or Mobile No.';

interface Filters {
  page: number;
  pageSize: number;
  query: string;
  state?: number;
  city?: number;
}

const activationPickQuery = (f: Filters) =>
  queryOptions({
    ...apiPage(A.list, {
      is_parameter_data: 'true',
      page: f.page,
      page_size: f.pageSize,
      query: f.query || undefined,
      state: f.state,
      city: f.city,
    }),
    placeholderData: keepPreviousData,
  });

interface ActivationPickTableProps {
  title: string;
  /** Selected RMS devices (inventory ids). */
  selected: number[];
  onSelect: (devices: number[]) => void;
  /** The action button(s) beside the search box. */
  actions?: ReactNode;
}

export function ActivationPickTable({ title, selected, onSelect, actions }: ActivationPickTableProps) {
  const [text, setText] = useState('');
  const [filters, setFilters] = useState<Filters>({ page: 1, pageSize: 20, query: '' });
  const { data, isFetching } = useQuery(activationPickQuery(filters));
  const states = useQuery(stateLookupQuery());
  const cities = useQuery(cityLookupQuery(filters.state));

  // A new search (once typing settles) starts at page 1.
  const query = useDebounced(text);
  if (query !== filters.query) setFilters((f) => ({ ...f, query, page: 1 }));

  const columns: ColumnsType<ActivationRow> = [
    {
      title: 'Device / RMS ID',
      key: 'device',
      // The device (with the selection box and serial number) stays in view while the rest scrolls.
      fixed: 'left',
      render: (_v, row) =>
        row.device_data ? (
          <Link to="/analysis" state={{ device: row.device_data.id }}>
            {row.device_data.device_id}
          </Link>
        ) : (
          '--'
        ),
    },
    { title: 'Load Watt', key: 'load', render: (_v, row) => dash(row.parameter_data?.load_regulation) },
    { title: 'Full Bright (Hrs.)', key: 'dim_1', render: (_v, row) => dash(row.parameter_data?.dim_1) },
    { title: 'Half Bright (Hrs.)', key: 'dim_2', render: (_v, row) => dash(row.parameter_data?.dim_2) },
    {
      title: 'Organization Name',
      key: 'organization',
      render: (_v, row) => dash(row.organization_data?.company_name),
    },
    {
      title: 'State',
      key: 'state',
      render: (_v, row) => dash(row.state_data?.name),
      filters: (states.data ?? []).map((s) => ({ text: s.name, value: s.id })),
      filterMultiple: false,
      filterSearch: true,
      filteredValue: filters.state ? [filters.state] : null,
    },
    {
      title: 'City',
      key: 'city',
      render: (_v, row) => dash(row.city_data?.name),
      filters: filters.state ? (cities.data ?? []).map((c) => ({ text: c.name, value: c.id })) : [],
      filterMultiple: false,
      filterSearch: true,
      filteredValue: filters.city ? [filters.city] : null,
    },
    { title: 'PIN Code', dataIndex: 'pin', render: dash },
  ];

  return (
    <Card>
      <Flex justify="space-between" align="center" wrap gap={12} style={{ marginBottom: 16 }}>
        <Typography.Title level={4} style={{ margin: 0 }}>
          {title}
        </Typography.Title>
        <Flex gap={8} wrap align="center">
          <Input.Search
            allowClear
            aria-label="Search devices"
            placeholder={ACTIVATION_SEARCH_PLACEHOLDER}
            value={text}
            onChange={(event) => setText(event.target.value)}
            onSearch={(value) => setFilters((f) => ({ ...f, query: value.trim(), page: 1 }))}
            style={{ width: 380, maxWidth: '100%' }}
          />
          <Flex gap={6} align="center">
            <Typography.Text>Rows</Typography.Text>
            <Select
              aria-label="Rows"
              value={filters.pageSize}
              style={{ width: 80 }}
              options={ROWS_OPTIONS.map((n) => ({ value: n, label: n }))}
              onChange={(pageSize: number) => setFilters((f) => ({ ...f, pageSize, page: 1 }))}
            />
          </Flex>
          {actions}
        </Flex>
      </Flex>
      <PagedTable<ActivationRow>
        rowKey="id"
        data={data}
        loading={isFetching}
        page={filters.page}
        pageSize={filters.pageSize}
        onPageChange={(page) => setFilters((f) => ({ ...f, page }))}
        columns={columns}
        onChange={(_pagination, tableFilters) => {
          const state = (tableFilters.state?.[0] as number | undefined) ?? undefined;
          const city = (tableFilters.city?.[0] as number | undefined) ?? undefined;
          setFilters((f) => {
            if (state === f.state && city === f.city) return f;
            // A new or cleared state drops the city chosen under the old one.
            return { ...f, state, city: state === f.state ? city : undefined, page: 1 };
          });
        }}
        rowSelection={{
          selectedRowKeys: (data?.results ?? [])
            .filter((r) => r.device && selected.includes(r.device))
            .map((r) => r.id),
          getCheckboxProps: (row) => ({ disabled: !row.device, name: row.device_data?.device_id }),
          onChange: (_keys, rows) => {
            // Selection is by device; rows of other pages stay selected.
            const onPage = new Set((data?.results ?? []).map((r) => r.device));
            const kept = selected.filter((d) => !onPage.has(d));
            const picked = rows.flatMap((r) => (r?.device ? [r.device] : []));
            onSelect([...new Set([...kept, ...picked])]);
          },
        }}
        locale={{ emptyText: filters.query ? 'No device matches this search' : 'No activated devices' }}
      />
    </Card>
  );
}
