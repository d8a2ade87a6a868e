import dayjs from 'dayjs';
import { describe, expect, it } from 'vitest';
import { makeUser, signIn } from '../test-utils/fixtures';
import {
  dash,
  formatDate,
  formatDateTime,
  formatDateTimeAmPm,
  formatLastData,
  serialNumber,
  timeAxisLabels,
  validity,
} from './format';

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

  it('shows an instant in the deployment’s zone, given as text or as epoch milliseconds', () => {
    signIn(makeUser({ time_zone: 'Asia/Kolkata' }));
    const instant = '2026-11-22T19:00:00Z'; // 00:30 on the 23rd in India
    expect(formatDate(instant)).toBe('23/11/2026');
    expect(formatDate(Date.parse(instant))).toBe('23/11/2026');
    expect(formatDateTime(instant)).toBe('23/11/2026 00:30:00');
    expect(formatDateTimeAmPm(Date.parse(instant))).toBe('23/11/2026 12:30 am');
    expect(formatLastData(instant)).toBe('23-11-2026 12:30 AM');
    expect(formatDate(0)).toBe('01/01/1970');
    expect(formatLastData('')).toBe('--');
  });
});

describe('time axis labels', () => {
  const DAY = 86_400;
  // Midnights of 22, 23 and 24 November 2026 in India (18:30 UTC the day before).
  const midnights = [0, 1, 2].map((n) => Date.parse('2026-11-21T18:30:00Z') / 1000 + n * DAY);

  it('labels day ticks DD/MM/YYYY in the deployment’s zone, not M/D', () => {
    signIn(makeUser({ time_zone: 'Asia/Kolkata' }));
    expect(timeAxisLabels(midnights, DAY)).toEqual(['22/11/2026', '23/11/2026', '24/11/2026']);
  });

  it('labels hour ticks hh:mm a, with the day under the first and wherever the day changes', () => {
    signIn(makeUser({ time_zone: 'Asia/Kolkata' }));
    const start = midnights[1]! - 12 * 3600; // noon of the 22nd
    const ticks = [0, 6, 12, 18].map((h) => start + h * 3600);
    expect(timeAxisLabels(ticks, 6 * 3600)).toEqual([
      '12:00 pm\n22/11/2026',
      '06:00 pm',
      '12:00 am\n23/11/2026',
      '06:00 am',
    ]);
  });

  it('labels month ticks MM/YYYY and year ticks YYYY', () => {
    signIn(makeUser({ time_zone: 'Asia/Kolkata' }));
    expect(timeAxisLabels([midnights[0]!], 30 * DAY)).toEqual(['11/2026']);
    expect(timeAxisLabels([midnights[0]!], 365 * DAY)).toEqual(['2026']);
  });
});
