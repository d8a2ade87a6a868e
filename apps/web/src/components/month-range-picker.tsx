import { App, DatePicker } from 'antd';
import { MONTH_FORMAT, monthDisabled, monthRangeError, type MonthRange } from '../lib/month-range';

interface MonthRangePickerProps {
  value: MonthRange;
  onChange: (range: MonthRange) => void;
}

/**
 * The harvest chart's month-range picker (MM/YYYY). Months more than 12 months from the picked start
 * are greyed out; a range that breaks the rule anyway is refused with the rule's message.
 */
export function MonthRangePicker({ value, onChange }: MonthRangePickerProps) {
  const { message } = App.useApp();
  return (
    <DatePicker.RangePicker
      picker="month"
      format={MONTH_FORMAT}
      value={value}
      allowClear={false}
      aria-label="Month range"
      style={{ maxWidth: 240 }}
      disabledDate={(month, info) => monthDisabled(month, info?.from)}
      onChange={(range) => {
        const [start, end] = range ?? [];
        if (!start || !end) return;
        const error = monthRangeError(start, end);
        if (error) {
          void message.error(error);
          return;
        }
        onChange([start, end]);
      }}
    />
  );
}
