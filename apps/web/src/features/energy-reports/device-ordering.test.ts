import { describe, expect, it } from 'vitest';
import { orderingOf, sortDirections, sortOrderOf } from './device-ordering';

describe("the devices' ordering", () => {
  it('sorts a column only in the directions the contract offers', () => {
    expect(sortDirections('lamp_kwh')).toEqual(['descend', 'ascend']);
    expect(sortDirections('saved_kwh')).toEqual(['descend']);
    expect(sortDirections('autonomy_days')).toEqual(['ascend']);
    expect(sortDirections('project')).toEqual([]);
  });

  it("maps a header click to the contract's ordering, and a cleared sort back to the RMS ID", () => {
    expect(orderingOf('burning_hours', 'descend')).toBe('-burning_hours');
    expect(orderingOf('availability_percent', 'ascend')).toBe('availability_percent');
    expect(orderingOf('lamp_kwh', undefined)).toBe('device');
    expect(orderingOf('saved_kwh', 'ascend')).toBe('device');
  });

  it('shows the ordering in force on its column only', () => {
    expect(sortOrderOf('lamp_kwh', '-lamp_kwh')).toBe('descend');
    expect(sortOrderOf('device', '-lamp_kwh')).toBeNull();
  });
});
