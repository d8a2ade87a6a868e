import { describe, expect, it } from 'vitest';
import { dayResolver } from './day-of';
import { harvestOf } from './harvest';

describe('harvestOf', () => {
  it('sums the counter increases', () => {
    expect(harvestOf([100, 110, 130])).toBe(30);
  });
  it('counts the value after a reset as harvested since', () => {
    expect(harvestOf([100, 120, 5, 15])).toBe(20 + 5 + 10);
  });
  it('is zero for one reading', () => {
    expect(harvestOf([42])).toBe(0);
  });
});

describe('dayResolver', () => {
  it('puts an instant on its local calendar day', () => {
    const kolkata = dayResolver('Asia/Kolkata');
    // 20:00 UTC is 01:30 the next day in India (UTC+05:30).
    expect(kolkata(Date.parse('2026-03-01T20:00:00Z'))).toBe('2026-03-02');
    expect(kolkata(Date.parse('2026-03-01T18:29:59Z'))).toBe('2026-03-01');
    // Local 00:00:01 (18:30:01 UTC) is the new day: the half hour of the offset counts.
    expect(kolkata(Date.parse('2026-03-01T18:30:01Z'))).toBe('2026-03-02');
  });
  it('follows daylight saving time', () => {
    const berlin = dayResolver('Europe/Berlin');
    // Summer: UTC+2, so 22:30 UTC is already the next day.
    expect(berlin(Date.parse('2026-07-01T22:30:00Z'))).toBe('2026-07-02');
    // Winter: UTC+1, 22:30 UTC is still 23:30 the same day.
    expect(berlin(Date.parse('2026-01-01T22:30:00Z'))).toBe('2026-01-01');
  });
});
