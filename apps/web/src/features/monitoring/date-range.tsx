import { DatePicker } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useState } from 'react';
import { wallClock } from '../../lib/clock';
import { DATE_FORMAT } from '../../lib/format';

// The date range of Device Report and Graph View (spec 02 §9: the last 7 days to today by default),
// as days YYYY-MM-DD of the deployment's time zone, the days the server counts by.

export const DEFAULT_RANGE_DAYS = 7;
const DAY = 'YYYY-MM-DD';

export interface DayRange {
  start: string;
  end: string;
}

/** The last 7 days to today: today and the 6 days before it. */
export function defaultRange(today = wallClock()): DayRange {
  return {
    start: today.subtract(DEFAULT_RANGE_DAYS - 1, 'day').format(DAY),
    end: today.format(DAY),
  };
}

export function useDayRange() {
  const [range, setRange] = useState<DayRange>(() => defaultRange());
  return { range, setRange };
}

/** A RangePicker shown DD/MM/YYYY; clearing it goes back to the default range (a range is required). */
export function DayRangePicker({
  value,
  onChange,
}: {
  value: DayRange;
  onChange: (range: DayRange) => void;
}) {
  const shown: [Dayjs, Dayjs] = [dayjs(value.start), dayjs(value.end)];
  return (
    <DatePicker.RangePicker
      aria-label="Date range"
      style={{ width: '100%' }}
      format={DATE_FORMAT}
      value={shown}
      allowClear={false}
      // No day is greyed out: antd would throw a typed one away without a word. A range reaching past
      // today simply has no data for those days.
      onChange={(days) => {
        if (days?.[0] && days[1]) onChange({ start: days[0].format(DAY), end: days[1].format(DAY) });
        else onChange(defaultRange());
      }}
    />
  );
}
