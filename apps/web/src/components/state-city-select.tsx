import { masterDataApi as D } from '@rms/contracts/api/master-data';
import { MASTER_DATA_LABELS } from '@rms/contracts/master-data';
import { requiredMessage } from '@rms/contracts/fields';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { Col, Form, Select, type ColProps } from 'antd';
import type { NamePath } from 'antd/es/form/interface';
import type { ReactNode } from 'react';
import { apiRows } from '../api/queries';

// The state and city pickers of every form that asks for a place (organization registration, device
// activation, the city master). Choosing a state clears the city and loads that state's cities;
// clearing the state clears the city and its list (spec 01 §4). Saving master data reloads these
// pickers too: they are queries of the master-data area.

export const stateLookupQuery = () => queryOptions({ ...apiRows(D.states), staleTime: 5 * 60_000 });

export const cityLookupQuery = (stateId: number | undefined) =>
  queryOptions({
    ...apiRows(D.cities, { state: stateId }),
    enabled: stateId !== undefined && stateId !== null,
    staleTime: 5 * 60_000,
  });

interface StateCitySelectProps {
  /** Form field names; default `state` and `city`. */
  stateName?: NamePath;
  cityName?: NamePath;
  stateLabel?: string;
  cityLabel?: string;
  /** Both required (default true), with the spec's "'<label>' is required!". */
  required?: boolean;
  /** Only the state picker, for forms that ask for a state alone. */
  withoutCity?: boolean;
  disabled?: boolean;
  /** When given, each field sits in its own grid column with these props. */
  col?: ColProps;
}

const searchable = { optionFilterProp: 'label' } as const;

export function StateCitySelect({
  stateName = 'state',
  cityName = 'city',
  stateLabel = MASTER_DATA_LABELS.state,
  cityLabel = MASTER_DATA_LABELS.city,
  required = true,
  withoutCity = false,
  disabled = false,
  col,
}: StateCitySelectProps) {
  const form = Form.useFormInstance();
  const stateId = Form.useWatch(stateName, form) as number | undefined | null;
  const states = useQuery(stateLookupQuery());
  const cities = useQuery(cityLookupQuery(stateId ?? undefined));
  const wrap = (node: ReactNode) => (col ? <Col {...col}>{node}</Col> : node);

  const stateField = (
    <Form.Item
      name={stateName}
      label={stateLabel}
      rules={[{ required, message: requiredMessage(stateLabel) }]}
    >
      <Select
        aria-label={stateLabel}
        placeholder="Select state"
        showSearch={searchable}
        allowClear
        disabled={disabled}
        loading={states.isLoading}
        options={(states.data ?? []).map((s) => ({ value: s.id, label: s.name }))}
        // Only a person's choice clears the city; loading a saved record with setFieldsValue does not.
        onChange={() => form.setFieldValue(cityName, undefined)}
      />
    </Form.Item>
  );
  const cityField = (
    <Form.Item name={cityName} label={cityLabel} rules={[{ required, message: requiredMessage(cityLabel) }]}>
      <Select
        aria-label={cityLabel}
        placeholder={stateId ? 'Select city' : 'Select a state first'}
        showSearch={searchable}
        allowClear
        disabled={disabled || !stateId}
        loading={cities.isFetching}
        options={stateId ? (cities.data ?? []).map((c) => ({ value: c.id, label: c.name })) : []}
      />
    </Form.Item>
  );
  return (
    <>
      {wrap(stateField)}
      {!withoutCity && wrap(cityField)}
    </>
  );
}
