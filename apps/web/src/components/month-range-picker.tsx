import { DatePicker } from 'antd';
import { MONTH_FORMAT } from '../lib/format';
import type { MonthRange } from '../lib/month-range';

interface MonthRangePickerProps {
  value: MonthRange;
  onChange: (range: MonthRange) => void;
  /** Why the range cannot be used (the caller shows the message); the picker is marked. */
  error?: string | null;
}

/**
 * The harvest chart's month-range picker (MM/YYYY). Every month can be picked or typed: greying months
 * out would make the picker throw a typed month away without a word, so a range the rule refuses is kept
 * as picked and the caller says why.
 */
export function MonthRangePicker({ value, onChange, error }: MonthRangePickerProps) {
  return (
    <DatePicker.RangePicker
      picker="month"
      format={MONTH_FORMAT}
      value={value}
      allowClear={false}
      aria-label="Month range"
      aria-invalid={error ? true : undefined}
      status={error ? 'error' : undefined}
      style={{ maxWidth: 240 }}
      onChange={(range) => {
        const [start, end] = range ?? [];
        if (start && end) onChange([start, end]);
      }}
    />
  );
}
