import dayjs from 'dayjs';
import { describe, expect, it } from 'vitest';
import { dash, formatDate, formatDateTimeAmPm, serialNumber, validity } from './format';

describe('formatting', () => {
  it("shows '--' for empty values", () => {
    expect(dash(null)).toBe('--');
    expect(dash('  ')).toBe('--');
    expect(dash(0)).toBe('0');
  });
  it('shows dates as DD/MM/YYYY', () => {
    expect(formatDate('2026-03-09')).toBe('09/03/2026');
    expect(formatDate(null)).toBe('--');
  });
  it('is Expired on or before now, Active after', () => {
    const now = dayjs('2026-05-01T10:00:00');
    expect(validity('2026-04-30', now)).toBe('Expired');
    expect(validity('2026-05-02', now)).toBe('Active');
    expect(validity(null, now)).toBe('Active');
  });
  it('numbers rows across pages', () => {
    expect(serialNumber(1, 20, 0)).toBe(1);
    expect(serialNumber(3, 20, 4)).toBe(45);
  });
  it('shows a date with 12-hour time as DD/MM/YYYY hh:mm a', () => {
    expect(formatDateTimeAmPm('2026-03-05T14:30:00')).toBe('05/03/2026 02:30 pm');
    expect(formatDateTimeAmPm('2026-03-05T09:05:00')).toBe('05/03/2026 09:05 am');
    expect(formatDateTimeAmPm(null)).toBe('--');
  });
});
