import dayjs from 'dayjs';
import { describe, expect, it } from 'vitest';
import { HARVEST_MESSAGES } from '@rms/contracts/monitoring';
import { defaultMonthRange, monthRangeDays, monthRangeError } from './month-range';

const month = (text: string) => dayjs(`${text}-01`);

describe('harvest month range', () => {
  it('defaults to the last 3 months up to the current month', () => {
    const [start, end] = defaultMonthRange(dayjs('2026-11-22T10:00:00'));
    expect(start.format('MM/YYYY')).toBe('08/2026');
    expect(end.format('MM/YYYY')).toBe('11/2026');
  });

  it('asks for the first day of the start month up to today, or the end month’s last day', () => {
    const now = dayjs('2026-11-22T10:00:00');
    expect(monthRangeDays(defaultMonthRange(now), now)).toEqual({
      start_date: '2026-08-01',
      end_date: '2026-11-22',
    });
    expect(monthRangeDays([month('2025-02'), month('2025-06')], now)).toEqual({
      start_date: '2025-02-01',
      end_date: '2025-06-30',
    });
  });

  it('allows an end up to 12 months after the start month and refuses one further or before it', () => {
    expect(monthRangeError(month('2026-01'), month('2027-01'))).toBeNull();
    expect(monthRangeError(month('2026-01'), month('2026-01'))).toBeNull();
    expect(monthRangeError(month('2026-01'), month('2027-02'))).toBe(HARVEST_MESSAGES.tooLong);
    expect(monthRangeError(month('2026-03'), month('2026-02'))).toBe(HARVEST_MESSAGES.endBeforeStart);
  });

  it('refuses a start after the current month (no harvest yet), not an end after it', () => {
    const now = dayjs('2027-06-10T10:00:00');
    expect(monthRangeError(month('2027-07'), month('2027-08'), now)).toBe(HARVEST_MESSAGES.startInFuture);
    expect(monthRangeError(month('2027-05'), month('2027-09'), now)).toBeNull();
  });
});
