import { DatePicker, type DatePickerProps } from 'antd';
import type { Dayjs } from 'dayjs';
import { useRef } from 'react';
import { DATE_FORMAT } from '../lib/format';

type DayPickerProps = Omit<DatePickerProps, 'format' | 'value' | 'onChange'> & {
  /** Given by the enclosing Form.Item. */
  value?: Dayjs | null;
  onChange?: (day: Dayjs | null) => void;
};

/**
 * A date picker shown DD/MM/YYYY. Days that `disabledDate` greys out cannot be clicked in the calendar,
 * but one typed in is kept rather than thrown away without a word when the field is left (antd's way):
 * the form's rule then says why it is refused (e.g. an expiry date that is not after today).
 */
export function DayPicker({ value, onChange, disabledDate, onBlur, onOpenChange, ...rest }: DayPickerProps) {
  // The last day typed that the picker has not taken.
  const typed = useRef<Dayjs | null>(null);
  const keepTyped = () => {
    const day = typed.current;
    typed.current = null;
    if (day && disabledDate?.(day, { type: 'date' }) && !day.isSame(value, 'day')) onChange?.(day);
  };
  return (
    <DatePicker
      {...rest}
      format={DATE_FORMAT}
      value={value}
      disabledDate={disabledDate}
      onChange={(day) => {
        typed.current = null;
        onChange?.(day as Dayjs | null);
      }}
      onCalendarChange={(day) => void (typed.current = Array.isArray(day) ? null : day)}
      onBlur={(event, info) => {
        onBlur?.(event, info);
        keepTyped();
      }}
      onOpenChange={(open) => {
        onOpenChange?.(open);
        if (!open) keepTyped();
      }}
    />
  );
}
