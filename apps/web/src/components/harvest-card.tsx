import { useQuery, type QueryKey, type UseQueryOptions } from '@tanstack/react-query';
import { Alert, Card } from 'antd';
import { useState } from 'react';
import {
  defaultMonthRange,
  monthRangeDays,
  monthRangeError,
  type HarvestPoint,
  type MonthRange,
  type MonthRangeDays,
} from '../lib/month-range';
import { HarvestChart } from './harvest-chart';
import { MonthRangePicker } from './month-range-picker';

interface HarvestCardProps<Key extends QueryKey> {
  /** The harvest call for a range of days: the fleet's (dashboard) or one device's (analysis). */
  query: (days: MonthRangeDays) => UseQueryOptions<HarvestPoint[], Error, HarvestPoint[], Key>;
}

/**
 * Energy Harvest (spec 01 §2, 02 §2): the month-range picker and the chart. A range the rule refuses
 * (the end more than 12 months after the start) stays as the user picked it, with the rule's message in
 * place of the chart, and nothing is loaded for it until the range is mended.
 */
export function HarvestCard<Key extends QueryKey>({ query }: HarvestCardProps<Key>) {
  const [range, setRange] = useState<MonthRange>(() => defaultMonthRange());
  const error = monthRangeError(...range);
  const days = monthRangeDays(range);
  const harvest = useQuery({ ...query(days), enabled: error === null });
  return (
    <Card
      title="Energy Harvest"
      extra={<MonthRangePicker value={range} onChange={setRange} error={error} />}
      styles={{ header: { flexWrap: 'wrap', gap: 8 } }}
    >
      {error ? (
        <Alert type="error" showIcon role="alert" title={error} style={{ marginBlock: 24 }} />
      ) : (
        <HarvestChart points={harvest.data} loading={harvest.isLoading} />
      )}
    </Card>
  );
}
