import { describe, expect, it } from 'vitest';
import { addDays } from '../../calendar';
import { daysBetween } from './days';

describe('local days', () => {
  it('lists every day of a range across month, year and leap-day boundaries, both ends included', () => {
    expect(daysBetween('2027-12-30', '2028-01-02')).toEqual([
      '2027-12-30',
      '2027-12-31',
      '2028-01-01',
      '2028-01-02',
    ]);
    expect(daysBetween('2028-02-28', '2028-03-01')).toEqual(['2028-02-28', '2028-02-29', '2028-03-01']);
    expect(daysBetween('2026-11-22', '2026-11-22')).toEqual(['2026-11-22']);
    expect(daysBetween('2026-11-23', '2026-11-22')).toEqual([]);
    expect(daysBetween('2025-11-01', '2026-10-31')).toHaveLength(365);
  });

  it('adds and subtracts days', () => {
    expect(addDays('2026-03-01', -1)).toBe('2026-02-28');
    expect(addDays('2026-12-31', 1)).toBe('2027-01-01');
  });
});
