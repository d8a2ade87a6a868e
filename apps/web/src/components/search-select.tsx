import { useQuery, type QueryKey, type UseQueryOptions } from '@tanstack/react-query';
import { Select } from 'antd';
import { useState, type CSSProperties } from 'react';
import { useDebounced } from '../lib/use-debounced';

// A picker searched on the server: what is typed goes to a query (debounced 500 ms), its answer becomes
// the options, and the item picked stays shown while a search lists others. The device pickers of the
// monitoring screens and the schedules calendar are this with their own query.

export interface SearchOption {
  value: number;
  label: string;
}

interface SearchSelectProps<T, K extends QueryKey> {
  /** The server's search for the text typed ('' before anything is typed). */
  query: (text: string) => UseQueryOptions<T, Error, T, K>;
  /** The options an answer offers. */
  optionsOf: (data: T) => SearchOption[];
  value: SearchOption | undefined;
  onChange: (picked: SearchOption | undefined) => void;
  placeholder: string;
  /** Shown when a search finds nothing. */
  notFound: string;
  allowClear?: boolean;
  style?: CSSProperties;
}

export function SearchSelect<T, K extends QueryKey>(props: SearchSelectProps<T, K>) {
  const { query, optionsOf, value, onChange } = props;
  const [text, setText] = useState('');
  const search = useDebounced(text);
  const answer = useQuery(query(search));
  const options = answer.data === undefined ? [] : optionsOf(answer.data);
  if (value && !options.some((o) => o.value === value.value)) options.unshift(value);
  return (
    <Select
      aria-label="Device"
      showSearch={{ filterOption: false, onSearch: setText }}
      allowClear={props.allowClear}
      placeholder={props.placeholder}
      loading={answer.isFetching}
      style={props.style}
      value={value?.value}
      options={options}
      notFoundContent={answer.isFetching ? 'Searching…' : props.notFound}
      onChange={(id?: number) => {
        onChange(options.find((o) => o.value === id));
        setText('');
      }}
    />
  );
}
