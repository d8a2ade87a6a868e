import { queryOptions, useQuery } from '@tanstack/react-query';
import { Button, Col, Input, Row, Select } from 'antd';
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { ACTIVATION_LABELS as L } from '@rms/contracts/activations';
import { activationApi as A } from '@rms/contracts/api/activations';
import { useSearchParams } from 'react-router';
import { apiQuery, apiRows } from '../api/queries';
import { useDebounced } from '../lib/use-debounced';
import { cityLookupQuery, stateLookupQuery } from './state-city-select';

// The activation list's filter bar (spec 02 §2: address, project, online, state, city, PIN, device,
// pole), shared by Activated Devices, Device Report, Graph View and Map View. The filters live in the
// URL next to page and search (reload and back keep them); a changed filter goes back to page 1.

/** The list's filters as the server takes them (spec 02 §7); empty ones are left out. */
export interface ActivationFilters {
  address?: string | undefined;
  project?: string | undefined;
  online?: 'true' | 'false' | undefined;
  state?: number | undefined;
  city?: number | undefined;
  pin?: string | undefined;
  device?: number | undefined;
  pole?: number | undefined;
}

export const projectNamesQuery = () => queryOptions(apiRows(A.projects));
export const activatedPolesQuery = () => queryOptions(apiQuery(A.poles, {}));
export const activatedDevicesQuery = () => queryOptions(apiRows(A.devices));

const cell = { xs: 24, sm: 12, lg: 6 };
const searchable = { optionFilterProp: 'label' } as const;

/** A text filter applied 500 ms after typing stops, or at once on Enter or when cleared. */
function TextFilter({
  label,
  value,
  onApply,
  maxLength,
}: {
  label: string;
  value: string | undefined;
  onApply: (text: string) => void;
  maxLength: number;
}) {
  const [text, setText] = useState(value ?? '');
  // A filter changed elsewhere (Clear filters, back button) shows in the box.
  const [shown, setShown] = useState(value);
  if (shown !== value) {
    setShown(value);
    setText(value ?? '');
  }
  // The latest callback, so re-renders of the page do not restart the debounce.
  const apply = useRef(onApply);
  useEffect(() => {
    apply.current = onApply;
  });
  const settled = useDebounced(text);
  useEffect(() => {
    // Only once the box has settled on what it shows (a filter changed elsewhere resets the box).
    if (settled !== text.trim() || settled === (value ?? '')) return;
    apply.current(settled);
  }, [settled, text, value]);
  return (
    <Input
      allowClear
      aria-label={label}
      placeholder={label}
      value={text}
      maxLength={maxLength}
      onChange={(event) => setText(event.target.value)}
      onPressEnter={() => onApply(text)}
    />
  );
}

export type FilterName = keyof ActivationFilters;

interface ActivationFilterBarProps {
  state: ReturnType<typeof useActivationFilters>;
  /** Filters a screen does without (Graph View picks its device in a select of its own). */
  hide?: readonly FilterName[];
  /** More controls in the same grid (a date range, a query box), each in a cell like the filters. */
  extra?: ReactNode[];
}

/** The filter bar (spec 02 §2): address, project, online, state, city, PIN, device, pole. */
export function ActivationFilterBar({ state, hide = [], extra = [] }: ActivationFilterBarProps) {
  const { filters, setFilters, clear, active } = state;
  const shows = (name: FilterName) => !hide.includes(name);
  const projects = useQuery({ ...projectNamesQuery(), enabled: shows('project') });
  const states = useQuery(stateLookupQuery());
  const cities = useQuery(cityLookupQuery(filters.state));
  const devices = useQuery({ ...activatedDevicesQuery(), enabled: shows('device') });
  const poles = useQuery({ ...activatedPolesQuery(), enabled: shows('pole') });
  const select = (label: string) => ({
    'aria-label': label,
    placeholder: label,
    allowClear: true,
    showSearch: searchable,
    style: { width: '100%' },
  });

  return (
    <Row gutter={[12, 12]} style={{ marginBottom: 16 }}>
      {shows('address') && (
        <Col {...cell}>
          <TextFilter
            label="Address"
            value={filters.address}
            maxLength={250}
            onApply={(address) => setFilters({ address })}
          />
        </Col>
      )}
      {shows('project') && (
        <Col {...cell}>
          <Select
            {...select('Project')}
            loading={projects.isLoading}
            value={filters.project}
            onChange={(project?: string) => setFilters({ project })}
            options={(projects.data ?? []).map((p) => ({ value: p.name, label: p.name }))}
          />
        </Col>
      )}
      {shows('online') && (
        <Col {...cell}>
          <Select
            {...select('Online / Offline')}
            showSearch={false}
            value={filters.online}
            onChange={(online?: string) => setFilters({ online })}
            options={[
              { value: 'true', label: 'Online' },
              { value: 'false', label: 'Offline' },
            ]}
          />
        </Col>
      )}
      <Col {...cell}>
        <Select
          {...select(L.state)}
          loading={states.isLoading}
          value={filters.state}
          onChange={(value?: number) => setFilters({ state: value })}
          options={(states.data ?? []).map((s) => ({ value: s.id, label: s.name }))}
        />
      </Col>
      <Col {...cell}>
        <Select
          {...select(L.city)}
          placeholder={filters.state ? L.city : 'City (select a state first)'}
          disabled={!filters.state}
          loading={cities.isFetching}
          value={filters.city}
          onChange={(city?: number) => setFilters({ city })}
          options={filters.state ? (cities.data ?? []).map((c) => ({ value: c.id, label: c.name })) : []}
        />
      </Col>
      {shows('pin') && (
        <Col {...cell}>
          <TextFilter
            label={L.pin}
            value={filters.pin}
            maxLength={6}
            onApply={(pin) => setFilters({ pin })}
          />
        </Col>
      )}
      {shows('device') && (
        <Col {...cell}>
          <Select
            {...select(L.device)}
            loading={devices.isLoading}
            value={filters.device}
            onChange={(device?: number) => setFilters({ device })}
            options={(devices.data ?? []).map((d) => ({ value: d.device, label: d.device_data.device_id }))}
          />
        </Col>
      )}
      {shows('pole') && (
        <Col {...cell}>
          <Select
            {...select(L.pole)}
            loading={poles.isLoading}
            value={filters.pole}
            onChange={(pole?: number) => setFilters({ pole })}
            options={(poles.data ?? []).map((p) => ({ value: p.id, label: p.code }))}
          />
        </Col>
      )}
      {extra.map((node, index) => (
        <Col key={index} {...cell}>
          {node}
        </Col>
      ))}
      {active && (
        <Col span={24}>
          <Button onClick={clear}>Clear filters</Button>
        </Col>
      )}
    </Row>
  );
}

// The Activated Devices filters, kept in the URL next to page and search (reload and back keep them).
// A changed filter goes back to page 1; a changed state drops the city (spec 02 §4).

const TEXT = ['address', 'project', 'pin'] as const;
const NUMBER = ['state', 'city', 'device', 'pole'] as const;

export function useActivationFilters() {
  const [params, setParams] = useSearchParams();
  const filters: ActivationFilters = {};
  for (const name of TEXT) filters[name] = params.get(name) || undefined;
  for (const name of NUMBER) {
    const value = Number(params.get(name));
    filters[name] = Number.isInteger(value) && value > 0 ? value : undefined;
  }
  const online = params.get('online');
  filters.online = online === 'true' || online === 'false' ? online : undefined;

  const setFilters = (changes: Partial<Record<FilterName, string | number | null | undefined>>) =>
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        for (const [name, value] of Object.entries(changes)) {
          const text = value === null || value === undefined ? '' : String(value).trim();
          if (text) next.set(name, text);
          else next.delete(name);
        }
        if ('state' in changes) next.delete('city');
        next.delete('page');
        return next;
      },
      { replace: true },
    );

  const clear = () =>
    setParams((current) => {
      const next = new URLSearchParams(current);
      for (const name of [...TEXT, ...NUMBER, 'online']) next.delete(name);
      next.delete('page');
      return next;
    });

  const active = Object.values(filters).some((v) => v !== undefined);
  return { filters, setFilters, clear, active };
}
