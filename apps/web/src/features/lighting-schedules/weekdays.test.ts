import { describe, expect, it } from 'vitest';
import { weekdaysSummary } from './weekdays';

describe('weekdaysSummary', () => {
  it('names every night, runs of three or more days and single days', () => {
    expect(weekdaysSummary([1, 2, 3, 4, 5, 6, 7])).toBe('Every night');
    expect(weekdaysSummary([5, 1, 2, 3, 4])).toBe('Mon–Fri');
    expect(weekdaysSummary([5, 6, 7])).toBe('Fri–Sun');
    expect(weekdaysSummary([1, 3, 5])).toBe('Mon, Wed, Fri');
    expect(weekdaysSummary([6, 7])).toBe('Sat, Sun');
  });
});
